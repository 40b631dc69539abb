"""Constructed positions and the conservation check, for tests and for trying a rule by hand.

`position()` deals named cards where a test wants them and leaves the rest in the draw pile,
ordinary cards above the instant ones, so a test draws only what it put on top.
"""

from __future__ import annotations

from ..rng import Rng, seed_state
from . import cards as C
from . import flow
from .effects import push


def position(players=2, *, hands=None, flocks=None, eggs=None, draw=(), graveyard=(), seat=0, step="play",
             auto_pass=(), direction=1) -> dict:
    """`flocks` lists kinds per seat ("hen!" is an infertile Hen); `draw` lists kinds, the next
    card drawn first; `eggs` is a list or one count for everybody. `step` "collect" or "draw"
    runs up to the stop before the draw."""
    state = flow.setup(1, players, {"auto_pass": list(auto_pass)})
    pool: dict[str, list[str]] = {}
    for card in C.all_ids():
        pool.setdefault(C.kind(card), []).append(card)

    def take(kind):
        return pool[kind].pop(0)

    hands = hands or {}
    flocks = flocks if flocks is not None else {}
    state["hands"] = [[take(k) for k in hands.get(s, [])] for s in range(players)]
    state["flocks"] = [[] for _ in range(players)]
    state["next"] = 0
    for s in range(players):
        for kind in flocks.get(s, ["chick", "chick", "hen"]):
            infertile = kind.endswith("!")
            kind = kind.rstrip("!")
            if kind in (C.CHICK, C.HEN):
                state["next"] += 1
                entry = {"id": f"f{state['next']}", "kind": kind, "infertile": None}
            else:
                card = take(kind)
                entry = {"id": card, "kind": kind, "infertile": None}
            if infertile:
                entry["infertile"] = take("infertility")
            state["flocks"][s].append(entry)
    state["graveyard"] = [take(k) for k in graveyard]
    top = [take(k) for k in draw]
    rest = [c for cards in pool.values() for c in cards]
    rest.sort(key=lambda c: not C.is_instant(c))
    state["draw"] = rest + list(reversed(top))
    state["discard"], state["table"], state["out"] = [], [], []
    state["eggs"] = list(eggs) if isinstance(eggs, list) else [eggs if eggs is not None else 0] * players
    state["direction"] = direction
    state["turn"] = {"seat": seat, "step": step, "no_roll": False, "may_skip": False, "take_or_leave": False,
                     "number": 1}
    state["turns"] = 1
    state["stack"] = [{"op": "turn", "ask": None}]
    state["result"] = None
    flow.run(state)
    return state


def load_die(state: dict, *faces: int) -> dict:
    """The state with its RNG set so that the next rolls of the die come up `faces`, in order
    (a seed is found by trying: about 6**len(faces) tries). Only the die may use the RNG then."""
    for n in range(1, 100 * 6 ** len(faces)):
        rng = Rng(seed_state(n))
        if all(rng.randint(1, 6) == face for face in faces):
            state["rng"] = seed_state(n)
            return state
    raise ValueError(f"no seed rolls {faces}")


def with_roll(state: dict, seat: int, face: int, *, negative=False, optional=False) -> dict:
    """The state with a die already rolled to `face` for `seat`, resolving now."""
    state = flow.copy_state(state)
    state["stack"][-1]["ask"] = None
    push(state, {"op": "roll", "seat": seat, "cause": "die", "negative": negative, "optional": optional,
                 "face": face})
    flow.run(state)
    return state


def card_places(state: dict) -> list[str]:
    """Every action card instance wherever it lies."""
    found = list(state["draw"]) + state["discard"] + state["graveyard"] + state["table"]
    for hand in state["hands"]:
        found += hand
    for flock in state["flocks"]:
        for entry in flock:
            if entry["id"].startswith("cd-"):
                found.append(entry["id"])
            if entry["infertile"]:
                found.append(entry["infertile"])
    return found


def check_conservation(game, state: dict) -> None:
    """Each of the 60 action cards is in exactly one place; counts are never negative."""
    found = card_places(state)
    assert sorted(found) == sorted(C.all_ids()), "an action card was created or lost"
    assert all(n >= 0 for n in state["eggs"]), "negative eggs"
    ids = [e["id"] for flock in state["flocks"] for e in flock]
    assert len(ids) == len(set(ids)), "a chicken is in two places"
    for entry in state["out"]:
        assert not state["flocks"][entry["seat"]] and not state["hands"][entry["seat"]], "an out player holds cards"
