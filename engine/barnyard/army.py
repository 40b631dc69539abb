"""The Super Army: all remaining generals gather in their barn and become one army.

"At any point in the game a player may choose to consolidate their Generals": in any phase of
your own turn, also after your generals have acted (the last one may just have walked in).
"""

from __future__ import annotations

from .state import ARMY, barn_of, pieces, piece

FORM_PHASES = ("action", "marshal", "transfer")


def may_form(state: dict, seat: int) -> bool:
    """Every remaining general stands in the barn and they have troops."""
    side = state["sides"][seat]
    if side["army"] is not None or state["phase"] not in FORM_PHASES:
        return False
    barn = barn_of(state, seat)
    gens = pieces(state, seat)
    return bool(gens) and all(piece(state, seat, p)["sq"] == barn for p in gens) \
        and any(piece(state, seat, p)["units"] for p in gens)


def form(state: dict, seat: int) -> None:
    """The generals' units group into the army; it cannot move this turn (it marshals next).
    `effects["formed"]` keeps the phase to come back to: the Action phase if formed there (its
    cards may still be played), else the end of the turn."""
    side = state["sides"][seat]
    units = []
    for p in pieces(state, seat):
        units.extend(piece(state, seat, p)["units"])
    side["army"] = {"sq": barn_of(state, seat), "units": units}
    side["generals"] = [None] * len(side["generals"])
    side["effects"]["formed"] = "action" if state["phase"] == "action" else "transfer"
    state["acted"] = [ARMY]
    state["selected"] = None
    state["phase"] = "forming"


def complete(state: dict, seat: int) -> None:
    """Discard the resources left, draw a Battle Plan and go on with the turn, so the plan may be
    played in it."""
    side = state["sides"][seat]
    for r, n in side["resources"].items():
        state["supply"][r] += n
        side["resources"][r] = 0
    if state["plan_deck"]:
        side["plans"].append(state["plan_deck"].pop())
    state["phase"] = side["effects"].get("formed", "transfer")  # a match saved mid-forming by an older engine
