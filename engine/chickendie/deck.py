"""The draw pile, the discard pile and the die: everything that uses the state's RNG."""

from __future__ import annotations

from ..rng import Rng
from .events import log


def shuffle(state: dict, cards: list) -> list:
    rng = Rng(state["rng"])
    rng.shuffle(cards)
    state["rng"] = rng.state
    return cards


def roll(state: dict) -> int:
    rng = Rng(state["rng"])
    face = rng.randint(1, 6)
    state["rng"] = rng.state
    return face


def pick_first(state: dict, seats: list[int]) -> int:
    rng = Rng(state["rng"])
    first = rng.choice(seats)
    state["rng"] = rng.state
    return first


def take_top(state: dict) -> str | None:
    """The top card of the draw pile; the discard pile is shuffled in when it runs out."""
    if not state["draw"] and state["discard"]:
        state["draw"] = shuffle(state, state["discard"])
        state["discard"] = []
        log(state, "reshuffle", n=len(state["draw"]))
    if not state["draw"]:
        return None
    return state["draw"].pop()
