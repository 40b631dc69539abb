"""A sampled world for a searching bot: the rooster's sampling (search.sample_world: the unseen
cards dealt afresh into the other hands and the draw pile) plus a fresh die stream, so nothing
of the real future is left in the world."""

from __future__ import annotations

from ..rng import Rng, seed_state
from .search import sample_world


def determinize(state: dict, seat: int, rng: Rng) -> dict:
    world = sample_world(state, seat, rng)
    world["rng"] = seed_state(rng.next64())
    return world
