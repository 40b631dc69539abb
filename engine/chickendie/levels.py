"""Chicken Die!'s easy and normal bots, both built on the farmer's rules (bots.py).

The die decides so many two-player games that the rooster (strong, search.py), the farmer's
rules with a lookahead, beats the farmer itself in only 60% of them, and no fair search found
more (docs/bots.md). So the levels sit below the farmer, each well clear of the next:

- "smallholder" (normal) judges as the farmer does, but at half its choices it takes the
  farmer's second thought (what the farmer would pick were its first choice not there);
- "farmhand" (easy) tends its own flock: it plays every card the farmer would except the
  attacks, which it keeps, and it answers an attack on it, or saves a dying chicken, only half
  the time.

Both choose only from what the seat sees: their slips are seeded from the seat's view.
"""

from __future__ import annotations

from ..levels import second_thought, slip, view_rng
from . import cards as C
from .view import build_view

NORMAL_SLIPS = 0.5  # share of the smallholder's choices that take the farmer's second thought
EASY_LETS = 0.5     # share of the attacks (and deaths) on it that the farmhand lets happen
LET = {"type": "let"}


def smallholder(state: dict, seat: int, legal: list[dict], farmer) -> dict:
    first = farmer(state, seat, legal)
    if len(legal) < 2 or not slip(view_rng(build_view(state, seat), 3), NORMAL_SLIPS):
        return first
    return second_thought(legal, first, lambda rest: farmer(state, seat, rest))


def farmhand(state: dict, seat: int, legal: list[dict], farmer) -> dict:
    peaceful = [a for a in legal if not (a["type"] == "play" and C.has_tag(a["card"], "attack"))] or legal
    if LET in peaceful and slip(view_rng(build_view(state, seat), 5), EASY_LETS):
        return LET
    return farmer(state, seat, peaceful)
