"""Chicken Die!'s easy bot, the "farmhand": the farmer's judgement with plausible slips.

At some of its decisions it takes the farmer's second thought instead of its first (what the
farmer would do were its first choice not there): a card played a turn early, an attack
left unanswered, a roll taken. The slips are seeded from the seat's view, so the same view gets
the same answer whatever the hidden cards are. The strong level is the rooster (search.py).
"""

from __future__ import annotations

from ..levels import second_thought, slip, view_rng
from .view import build_view

SLIP_RATE = 0.7  # share of the farmhand's decisions that take the farmer's second thought


def farmhand(state: dict, seat: int, legal: list[dict], farmer) -> dict:
    first = farmer(state, seat, legal)
    if len(legal) < 2 or not slip(view_rng(build_view(state, seat), 3), SLIP_RATE):
        return first
    return second_thought(legal, first, lambda rest: farmer(state, seat, rest))
