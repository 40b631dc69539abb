"""Capture the flag (2nd ed. "Mode capture de drapeau", 1st ed. "Flag mode"): no leaders; each
player's flag, one of their own humiliation tags, starts on a chicken in their base; the first
player to bring an opponent's flag into their own base wins.

`state["flags"]` (only in flag games) holds one record per seat, in seat order:
`{"seat": whose flag, "unit": the carrier's id or None, "hex": where it lies loose or None}`.
The print: "Lorsqu'une Unité entre sur un hexagone où se trouve un Drapeau seul, cette Unité
prend le Drapeau" (1st ed.: "When a unit enters in a Hex with an unclaimed Flag, that unit
carries the Flag"): a unit that enters the hex, to stop or on its way, takes it
(`pass_through`, called by the move). Bases keep each preset's entry rule with or without a
flag ("Vos Machines ainsi que les Unités adverses ne peuvent pas entrer dans votre Base").
The decisions the print leaves open (D-11 … D-16, docs/wfci-variants.md):
- D-12: a flag never lies loose under units: a flag that falls where units still stand is
  taken at once by one of them (`carrier`). A move that can go several equally short ways
  goes the way that crosses the most loose flags.
- D-13: a fight takes the flags of the destroyed defender's stack only when the attacker is
  next to it when the fight resolves; a ranged fight, a Flying Rock, a catastrophe or lava
  only drop the flag of the carrier they destroy.
- D-14: a carrier that becomes a pilot leaves its flag on its hex.
"""

from __future__ import annotations

from ..messages import msg
from . import units
from .state import distance, note, ruleset, who

FIRST_CHICKEN = 1  # D-11: the flag goes on the colour's first chicken token (they are all alike)


def playing(state: dict) -> bool:
    return "flags" in state


def plant(state: dict, seat: int):
    """Set-up: one of the seat's humiliation tags becomes its flag, on a chicken of its base."""
    s = state["seats"][seat]
    s["tags_left"] -= 1
    flags = state["flags"]
    flags.append({"seat": seat, "unit": f"hen-{seat}-{FIRST_CHICKEN}", "hex": None})
    flags.sort(key=lambda f: f["seat"])


def carried_by(state: dict, unit_id: str) -> list[int]:
    """The seats whose flags this unit carries."""
    return [f["seat"] for f in state.get("flags", ()) if f["unit"] == unit_id]


def owner_flag(state: dict, seat: int) -> dict:
    return next(f for f in state["flags"] if f["seat"] == seat)


def where(state: dict, f: dict) -> str | None:
    """The hex a flag is on, carried or loose."""
    if f["unit"] is None:
        return f["hex"]
    u = state["units"].get(f["unit"])
    return u["hex"] if u else None


def loose_at(state: dict, key: str) -> list[dict]:
    return [f for f in state.get("flags", ()) if f["unit"] is None and f["hex"] == key]


def homeward(state: dict, unit: dict) -> bool:
    """Whether the unit may enter its owner's base, so it can bring a flag home: chickens (and
    leaders) always; machines only where bases are open to anyone (classic)."""
    return unit["kind"] in ("chicken", "leader") or ruleset(state).base_entry == "unblocked"


def carrier(state: dict, members: list[dict]) -> dict:
    """D-12: who takes a flag when several units could: one that may enter its own base (so
    the flag can be brought home), then the toughest (armor, then speed), then the first by id."""
    return min(members, key=lambda u: (not homeward(state, u), -units.stats(u)["armor"], -units.speed(u), u["id"]))


def pass_through(state: dict, members: list[dict], hexes: list[str]):
    """A moving stack entered these hexes on its way: it takes every flag lying loose there."""
    for key in hexes:
        for f in loose_at(state, key):
            taker = carrier(state, members)
            f["unit"], f["hex"] = taker["id"], None
            note(state, msg("wfci.event.flag_picked", unit=units.name(state, taker), flag=who(f["seat"])))


def drop(state: dict, unit: dict):
    """A carrier leaves the island (destroyed, or a pilot now): its flags stay on its hex."""
    fight = state.get("combat")
    taken = fight and fight["defender"] == unit["id"] and _next_to(state, fight["attacker"], unit)
    for f in state.get("flags", ()):
        if f["unit"] == unit["id"]:
            f["unit"], f["hex"] = None, unit["hex"]
            if not taken:  # else the attacker takes it at once (`fought` says so)
                note(state, msg("wfci.event.flag_falls", flag=who(f["seat"]), hex=unit["hex"]))


def _next_to(state: dict, attacker_id: str, defender: dict) -> bool:
    attacker = state["units"].get(attacker_id)
    return attacker is not None and distance(attacker["hex"], defender["hex"]) <= 1


def fought(state: dict, attacker_id: str, defender: dict):
    """A fight destroyed `defender`: next to it, the attacker's unit takes every flag of the
    defender's stack, the dropped ones and those its stack-mates carry (D-13)."""
    if not playing(state):
        return
    attacker = state["units"].get(attacker_id)
    if attacker is None:  # a golem's blast took the attacker along: the flags stay where they fell
        for f in state["flags"]:
            if f["unit"] is None and f["hex"] == defender["hex"]:
                note(state, msg("wfci.event.flag_falls", flag=who(f["seat"]), hex=f["hex"]))
        return
    if distance(attacker["hex"], defender["hex"]) > 1:
        return
    taker = carrier(state, _stack(state, attacker))
    for f in state["flags"]:
        mate = state["units"].get(f["unit"]) if f["unit"] else None
        loose_here = f["unit"] is None and f["hex"] == defender["hex"]
        banded = mate is not None and mate["hex"] == defender["hex"] and mate["owner"] == defender["owner"]
        if loose_here or banded:
            f["unit"], f["hex"] = taker["id"], None
            note(state, msg("wfci.event.flag_taken", unit=units.name(state, taker), flag=who(f["seat"])))


def _stack(state: dict, unit: dict) -> list[dict]:
    return [u for u in state["units"].values() if u["hex"] == unit["hex"] and u["owner"] == unit["owner"]]


def settle(state: dict):
    """After every action: loose flags under units are picked up, a flag whose carrier may not
    enter its own base passes to a stack-mate that may (D-12), then a flag brought home wins."""
    if not playing(state) or state["result"] is not None:
        return
    for f in state["flags"]:
        u = state["units"].get(f["unit"]) if f["unit"] else None
        if u is not None and not homeward(state, u):
            mate = carrier(state, _stack(state, u))
            if homeward(state, mate):
                f["unit"] = mate["id"]
                note(state, msg("wfci.event.flag_picked", unit=units.name(state, mate), flag=who(f["seat"])))
        if f["unit"] is not None:
            continue
        here = [u for u in state["units"].values() if u["hex"] == f["hex"]]
        if here:
            taker = carrier(state, here)
            f["unit"], f["hex"] = taker["id"], None
            note(state, msg("wfci.event.flag_picked", unit=units.name(state, taker), flag=who(f["seat"])))
    for f in state["flags"]:
        u = state["units"].get(f["unit"]) if f["unit"] else None
        if u is not None and u["owner"] != f["seat"] and u["hex"] == state["seats"][u["owner"]]["base"]:
            win(state, u["owner"], f["seat"])
            return


def win(state: dict, seat: int, taken: int):
    state["result"] = {"winners": [seat], "losers": [s for s in range(state["players"]) if s != seat],
                       "reason": f"{state['seats'][seat]['colour']} brought {state['seats'][taken]['colour']}'s flag home"}
    note(state, msg("wfci.event.flag_home", who=who(seat), flag=who(taken)))


# -- what the bots and the views read -------------------------------------------------------

def enemy_flags(state: dict, seat: int) -> list[dict]:
    """Opponents' flags not yet in this seat's hands."""
    out = []
    for f in state.get("flags", ()):
        u = state["units"].get(f["unit"]) if f["unit"] else None
        if f["seat"] != seat and (u is None or u["owner"] != seat):
            out.append(f)
    return out


def trophies(state: dict, seat: int) -> list[dict]:
    """This seat's units that carry an opponent's flag."""
    ids = {f["unit"] for f in state.get("flags", ()) if f["unit"] and f["seat"] != seat}
    return sorted((u for u in state["units"].values() if u["id"] in ids and u["owner"] == seat), key=lambda u: u["id"])


def progress(state: dict, seat: int) -> float:
    """A rough score in [-1, 1] for the expert bot: our trophies near home, our flag safe."""
    if not playing(state):
        return 0.0
    base = state["seats"][seat]["base"]
    score = sum(1.0 - min(distance(u["hex"], base), 10) / 20 for u in trophies(state, seat))
    mine = owner_flag(state, seat)
    u = state["units"].get(mine["unit"]) if mine["unit"] else None
    if u is None or u["owner"] != seat:
        score -= 0.5
    return max(-1.0, min(1.0, score / 2))


def view_block(state: dict) -> list[dict]:
    """Every flag, where it is and who carries it: all public."""
    out = []
    for f in state.get("flags", ()):
        u = state["units"].get(f["unit"]) if f["unit"] else None
        out.append({"seat": f["seat"], "unit": f["unit"], "hex": where(state, f),
                    "carrier": units.label(state, u) if u else None, "carrier_owner": u["owner"] if u else None})
    return out


def problems(state: dict) -> list[str]:
    """Conservation of flags, for the audit: each is on a unit on the island or loose on land
    where no unit stands, and each seat's flag is one of its three tags."""
    out = []
    flags = state.get("flags")
    if flags is None:
        return out
    if sorted(f["seat"] for f in flags) != [s["seat"] for s in state["seats"] if s["base"] is not None]:
        out.append(f"flags {[f['seat'] for f in flags]} for seats with bases")
    for f in flags:
        if f["unit"] is not None and f["unit"] not in state["units"]:
            out.append(f"flag {f['seat']} is on {f['unit']}, which is not on the island")
        if f["unit"] is None:
            if f["hex"] not in state["island"]["tiles"]:
                out.append(f"flag {f['seat']} is off the island at {f['hex']}")
            elif state["result"] is None and any(u["hex"] == f["hex"] for u in state["units"].values()):
                out.append(f"flag {f['seat']} lies loose under units at {f['hex']}")
    return out


units.EFFECTS["drop_flags"] = drop
