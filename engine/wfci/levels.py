"""War for Chicken Island's easy bot, the "cadet": the skirmisher with plausible slips.

At some of its decisions (which action to take in a turn, where to march, whom to fight, what
to play or give up) it takes the skirmisher's second thought: what the skirmisher would do were
its first choice not there. Never a random move, never a dice toggle or a cancel, and never a
move or build the skirmisher would only cancel again. The slips are seeded from the seat's view
and the public step count, so the same view gets the same answer whatever is hidden.
"""

from __future__ import annotations

from ..levels import slip, view_rng
from . import turn
from .skirmisher import choose as skirmish
from .skirmisher import plan
from .state import top
from .view import view

SLIP_RATE = 0.5  # share of the cadet's eligible decisions that take a second thought
STEADY = {"roll", "reroll"}  # turn steps where it never slips


def cadet(state: dict, seat: int) -> dict:
    first = skirmish(state, seat)
    frame = top(state)
    if frame["kind"] == "turn" and frame.get("step") in STEADY:
        return first
    legal = turn.atomic_legal(state, seat)
    if len(legal) < 2 or not slip(view_rng(view(state, seat), state["steps"] * 8 + seat), SLIP_RATE):
        return first
    rest = [a for a in legal if a != first and a["type"] != "cancel"]
    if not rest:
        return first
    pick = plan.decide(state, seat, frame, rest)
    if pick not in rest:
        return first
    if frame["kind"] == "turn" and pick["type"] in ("move", "build") and plan.cancels(state, seat, pick):
        return first
    return pick
