"""The Super Army: all remaining generals gather in their barn and become one army."""

from __future__ import annotations

from .state import ARMY, barn_of, pieces, piece


def may_form(state: dict, seat: int) -> bool:
    """Every remaining general stands in the barn, none has acted, and they have troops."""
    side = state["sides"][seat]
    if side["army"] is not None or state["acted"]:
        return False
    barn = barn_of(state, seat)
    gens = pieces(state, seat)
    return bool(gens) and all(piece(state, seat, p)["sq"] == barn for p in gens) \
        and any(piece(state, seat, p)["units"] for p in gens)


def form(state: dict, seat: int) -> None:
    """The generals' units group into the army; it cannot move this turn (it marshals next)."""
    side = state["sides"][seat]
    units = []
    for p in pieces(state, seat):
        units.extend(piece(state, seat, p)["units"])
    side["army"] = {"sq": barn_of(state, seat), "units": units}
    side["generals"] = [None] * len(side["generals"])
    state["acted"] = [ARMY]
    state["selected"] = None
    state["phase"] = "forming"


def complete(state: dict, seat: int) -> None:
    """Discard the resources left and draw a Battle Plan."""
    side = state["sides"][seat]
    for r, n in side["resources"].items():
        state["supply"][r] += n
        side["resources"][r] = 0
    if state["plan_deck"]:
        side["plans"].append(state["plan_deck"].pop())
