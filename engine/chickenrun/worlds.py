"""A sampled world for a searching bot: Chicken Run hides nothing but its dice, so a world is the
same board with a fresh dice stream (the seat cannot know the rolls to come)."""

from __future__ import annotations

from ..rng import Rng, seed_state
from .turns import copy_state


def determinize(state: dict, seat: int, rng: Rng) -> dict:
    world = copy_state(state)
    world["rng"] = seed_state(rng.next64())
    return world
