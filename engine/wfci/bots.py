"""Bots that can fill any seat: `random` (a uniform legal choice) and `skirmisher`."""

from __future__ import annotations

from ..errors import IllegalAction
from ..rng import Rng, seed_state
from . import turn

BOTS = ("skirmisher", "random")


def _rng(state: dict, seat: int) -> Rng:
    """Bots draw from a stream derived from the public state, never the game's own RNG, so
    asking a bot for advice changes nothing."""
    return Rng(seed_state(state["seed"] * 1_000_003 + state["steps"] * 7919 + seat))


def random_action(state: dict, seat: int) -> dict:
    legal = turn.legal(state, seat)
    return legal[_rng(state, seat).below(len(legal))]


def bot_action(state: dict, seat: int, bot: str) -> dict:
    if bot not in BOTS:
        raise IllegalAction(f"Unknown bot {bot!r}: choose one of {', '.join(BOTS)}.")
    if not turn.legal(state, seat):
        raise IllegalAction("This seat has nothing to decide now.")
    if bot == "random":
        return random_action(state, seat)
    from .skirmisher import choose

    return choose(state, seat)
