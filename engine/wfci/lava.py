"""The lava rule (rules section 8): what lava does to the units on it."""

from __future__ import annotations

from ..messages import msg
from . import epic, movement, solo, units
from .state import kind, neighbours


def leader_refuges(state: dict, unit: dict) -> list[str]:
    """Adjacent non-lava land a leader thrown off lava may go to (own stacks count as free)."""
    out = []
    for n in neighbours(unit["hex"]):
        k = kind(state, n)
        if k in ("territory", "base", "neutral") and movement.may_enter_base(state, unit["owner"], n) \
                and units.can_stop_with(state, n, unit["owner"], True):
            out.append(n)
    return out


def apply_lava(state: dict) -> list[dict]:
    """Lava rule (section 8): units on lava lose their shields; non-leaders are destroyed, a
    leader moves to an adjacent free hex (its owner chooses if several) or else to its base.
    No humiliation tag is ever given for lava. Returns log notes."""
    notes = []
    for unit in sorted(list(state["units"].values()), key=lambda u: u["id"]):
        if unit["id"] not in state["units"] or kind(state, unit["hex"]) != "lava":
            continue
        units.strip_shields(state, unit)
        if unit["kind"] != "leader":
            notes.append(msg("wfci.event.burns", unit=units.name(state, unit)))
            units.destroy(state, unit)
            continue
        refuges = leader_refuges(state, unit)
        if len(refuges) > 1 and solo.is_challenger(state, unit["owner"]):
            refuges = [solo.pick_hex(state, unit["hex"], refuges)]  # it has no choices: the priority hex
        if len(refuges) == 1:
            unit["hex"] = refuges[0]
        elif refuges:
            state["stack"].append({"kind": "leader_refuge", "seat": unit["owner"], "unit": unit["id"],
                                   "options": refuges})
        else:
            if epic.applies(state, unit["owner"]):  # classic: no legal hex is an epic death
                epic.die(state, unit["owner"], msg("wfci.event.why.lava"))
                continue
            unit["hex"] = state["seats"][unit["owner"]]["base"]
        notes.append(msg("wfci.event.escapes", unit=units.name(state, unit)))
    return notes
