"""Harvest, Marshal and Transfer: resources in, units out, one unit passed along."""

from __future__ import annotations

from . import board as B
from .data import RESOURCES, SPECIALS, TROOPS, UNITS
from .state import ARMY, cap, piece, pieces


def harvest_yield(state: dict, seat: int, p) -> tuple[str, int] | None:
    """What this piece harvests now: at most 1 token (2 with Double Harvest) of its tile's
    resource, if one of its troops shows that icon; grass needs no troop. Armies never harvest."""
    if p == ARMY:
        return None
    g = piece(state, seat, p)
    kind = state["tiles"][g["sq"]]
    if kind not in RESOURCES:
        return None
    if kind != "grass" and not any(kind in UNITS[u]["harvest"] for u in g["units"]):
        return None
    n = 2 if state["sides"][seat]["effects"].get("double") else 1
    n = min(n, state["supply"][kind])
    return (kind, n) if n else None


def harvest(state: dict, seat: int) -> list:
    """Every general harvests; returns [[piece, resource, n]] for the log."""
    gains = []
    side = state["sides"][seat]
    for p in pieces(state, seat):
        got = harvest_yield(state, seat, p)
        if got:
            kind, n = got
            state["supply"][kind] -= n
            side["resources"][kind] += n
            gains.append([p, kind, n])
    return gains


def cost(unit: str) -> dict:
    return UNITS[unit]["cost"]


def affordable(resources: dict, unit: str) -> bool:
    return all(resources.get(r, 0) >= n for r, n in cost(unit).items())


def buyable(state: dict, seat: int) -> list[str]:
    """Troops left in the shared pool and this faction's Special Forces not yet marshalled or lost."""
    side = state["sides"][seat]
    units = [t for t in TROOPS if state["pool"][t] > 0] + list(side["reserve"])
    return [u for u in units if affordable(side["resources"], u)]


def marshal_actions(state: dict, seat: int) -> list[dict]:
    units = buyable(state, seat)
    out = []
    for p in pieces(state, seat):
        if len(piece(state, seat, p)["units"]) < cap(p):
            out.extend({"type": "marshal", "unit": u, "piece": p} for u in units)
    return out


def marshal(state: dict, seat: int, unit: str, p) -> None:
    side = state["sides"][seat]
    for r, n in cost(unit).items():
        side["resources"][r] -= n
        state["supply"][r] += n
    take_unit(state, seat, unit)
    piece(state, seat, p)["units"].append(unit)


def take_unit(state: dict, seat: int, unit: str) -> None:
    if unit in SPECIALS:
        state["sides"][seat]["reserve"].remove(unit)
    else:
        state["pool"][unit] -= 1


def lose_unit(state: dict, seat: int, unit: str) -> None:
    """A casualty: a troop goes back to the pool, a Special Force is gone for good."""
    if unit in SPECIALS:
        state["sides"][seat]["lost"].append(unit)
    else:
        state["pool"][unit] += 1


def transfer_actions(state: dict, seat: int) -> list[dict]:
    out = []
    gens = [p for p in pieces(state, seat) if p != ARMY]
    size = state["size"]
    for a in gens:
        ga = piece(state, seat, a)
        for b in gens:
            gb = piece(state, seat, b)
            if a == b or len(gb["units"]) >= cap(b) or B.distance(ga["sq"], gb["sq"], size) > 1:
                continue
            for u in sorted(set(ga["units"])):
                out.append({"type": "transfer", "from": a, "to": b, "unit": u})
    return out


def transfer(state: dict, seat: int, a, b, unit: str) -> None:
    piece(state, seat, a)["units"].remove(unit)
    piece(state, seat, b)["units"].append(unit)
