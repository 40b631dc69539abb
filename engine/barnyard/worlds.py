"""A sampled world for a searching bot: what a seat cannot see dealt again at random.

Hidden from a seat (view.py): the face-down tiles' order, the others' command cards and battle
plans, both decks, the cards discarded by a faction that left, and the dice. The unseen commands
(every command but the seat's own hand and those played face up) are shuffled and dealt back
into the same places in the same numbers, and so are the unseen plans; how many of the discarded
are commands follows from the counts the seat sees. Pools are sorted before shuffling, so the
hidden order never leaks into the world.
"""

from __future__ import annotations

from collections import Counter

from ..rng import Rng, seed_state
from .data import COMMAND_IDS, PLAN_IDS
from .state import copy


def _deal(rng: Rng, pool: list[str], sizes: list[int]) -> list[list[str]]:
    pool = rng.shuffle(sorted(pool))
    out, at = [], 0
    for n in sizes:
        out.append(pool[at:at + n])
        at += n
    out.append(pool[at:])
    return out


def determinize(state: dict, seat: int, rng: Rng) -> dict:
    world = copy(state)
    sides = world["sides"]
    others = [s for s in range(world["players"]) if s != seat]
    played = Counter(world["played"])
    own = Counter(sides[seat]["hand"] + sides[seat]["plans"]) if 0 <= seat < world["players"] else Counter()
    commands = list((Counter(COMMAND_IDS) - own - played).elements())
    plans = list((Counter(PLAN_IDS) - own - played).elements())
    dealt = _deal(rng, commands, [len(sides[s]["hand"]) for s in others] + [len(world["deck"])])
    for s, hand in zip(others, dealt):
        sides[s]["hand"] = hand
    world["deck"], discarded = dealt[len(others)], dealt[len(others) + 1]
    dealt = _deal(rng, plans, [len(sides[s]["plans"]) for s in others] + [len(world["plan_deck"])])
    for s, held in zip(others, dealt):
        sides[s]["plans"] = held
    world["plan_deck"] = dealt[len(others)]
    world["discarded"] = rng.shuffle(sorted(discarded + dealt[len(others) + 1]))
    world["pile"] = rng.shuffle(sorted(world["pile"]))
    world["rng"] = seed_state(rng.next64())
    return world
