"""The protocol seen from its seat: one forced action wherever it must act.

It has no choices, so `legal` is that one action and `apply` runs it; any other decision that
falls to its seat (none does: D-S9) takes the first option of the ordinary frame.
"""

from __future__ import annotations

from ..state import top
from ..turn import FRAMES
from . import fight, turn


def choose(state: dict) -> dict:
    """The one action its rules give now (its seat must be the one to act)."""
    frame = top(state)
    if frame["kind"] == "turn":
        return turn.plan(state, frame)
    if frame["kind"] == "combat" and state["combat"] and state["combat"].get("solo"):
        return fight.plan(state)
    return FRAMES[frame["kind"]][0](state, frame)[0]


def legal(state: dict, frame: dict) -> list[dict]:
    return [choose(state)]


def apply(state: dict, frame: dict, action: dict) -> None:
    if action.get("type") != "challenger":
        FRAMES[frame["kind"]][1](state, frame, action)
    elif frame["kind"] == "turn":
        turn.apply(state, frame, action)
    else:
        fight.apply(state, action)
