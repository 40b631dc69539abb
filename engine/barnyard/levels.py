"""Barnyard Generals' easy and strong bots around the general.

"recruit" (easy) has the general's judgement but at some decisions takes its second thought
(which piece to lead, which card, which unit to lose): plausible slips, never random moves.
"marshal" (strong) tries the general's first few thoughts in sampled worlds: the cards and tiles
it cannot see dealt afresh (the decks, the face-down tiles, the others' hands and plans) and new
dice, each played on by the general to the end of the next turns; it keeps the general's
choice unless another does clearly better. Both draw from a stream seeded by the seat's view.
"""

from __future__ import annotations

import json

from ..levels import flat_search, second_thought, slip, view_rng
from ..rng import Rng
from . import turns as T
from .general import decide, value
from .state import alive, piece, pieces
from .view import build_view

SLIP_RATE = 0.6      # share of the recruit's decisions that take a second thought
IDEAS = 3            # the general's thoughts the marshal tries, its first among them
WORLDS = 6           # sampled worlds per decision
PLIES = 40           # decisions played on in each world before the position is judged
MARGIN = 1.0         # mean score another thought must gain over the general's first
WIN = 1000.0


def _legal(state: dict, seat: int) -> list[dict]:
    return [a for a in T.legal_actions(state, seat) if a["type"] != "set_auto_fight"]


def recruit(state: dict, seat: int, legal: list[dict]) -> dict:
    first = decide(state, seat, legal)
    if len(legal) < 2 or not slip(view_rng(build_view(state, seat), 5), SLIP_RATE):
        return first
    return second_thought(legal, first, lambda rest: decide(state, seat, rest))


def thoughts(state: dict, seat: int, legal: list[dict], n: int) -> list[dict]:
    """The general's first n distinct choices: its pick, then what it picks without it, ..."""
    out: list[dict] = []
    rest = list(legal)
    while rest and len(out) < n:
        pick = decide(state, seat, rest)
        if pick not in rest or pick in out:
            break
        out.append(pick)
        rest = [a for a in rest if a != pick]
    return out or [decide(state, seat, legal)]


def marshal(state: dict, seat: int, legal: list[dict]) -> dict:
    ideas = thoughts(state, seat, legal, IDEAS)
    if len(ideas) < 2:
        return ideas[0]
    rng = view_rng(build_view(state, seat), 6)
    worlds = [sample_world(state, seat, rng) for _ in range(WORLDS)]
    return flat_search(state, seat, ideas, worlds, _play_out, MARGIN)


def sample_world(state: dict, seat: int, rng: Rng) -> dict:
    """A state equal to this one in all `seat` sees: what it cannot see dealt afresh."""
    world = json.loads(json.dumps(state))
    others = [s for s in range(state["players"]) if s != seat]
    for deck, part in (("deck", "hand"), ("plan_deck", "plans")):
        pool = list(world[deck])
        for s in others:
            pool += world["sides"][s][part]
        pool.sort()  # the hidden order must not leak into the deal
        rng.shuffle(pool)
        for s in others:
            n = len(world["sides"][s][part])
            world["sides"][s][part], pool = pool[:n], pool[n:]
        world[deck] = pool
    world["pile"] = rng.shuffle(sorted(world["pile"]))
    world["rng"] = rng.next64()
    return world


def _play_out(world: dict, seat: int, action: dict) -> float:
    state = T.apply_action(world, seat, action)
    for _ in range(PLIES):
        actor = T.acting_seat(state)
        if actor is None:
            break
        state = T.apply_action(state, actor, decide(state, actor, _legal(state, actor)))
    result = state["result"]
    if result is not None:
        return WIN if seat in result["winners"] else -WIN
    mine = strength(state, seat)
    return mine - max((strength(state, s) for s in alive(state) if s != seat), default=0.0)


def strength(state: dict, seat: int) -> float:
    """Units by value, generals still standing, resources and cards in hand."""
    side = state["sides"][seat]
    if side["out"]:
        return 0.0
    units = sum(value(u) for p in pieces(state, seat) for u in piece(state, seat, p)["units"])
    return units + 3.0 * len(pieces(state, seat)) + 0.5 * sum(side["resources"].values()) + len(side["hand"])
