"""More composite choices (composite.py holds the rest): each starts a pending choice and
finishes it in the same tap, so what costs two taps on the page costs one.

- `{"type": "move", "hex", "pay", "to"}`: move the stack at `hex` straight to `to` and stop
  there. Offered for an empty hex only one of your stacks can reach with that payment: the page
  puts it on that hex, so a tap on an empty hex means "the one stack that can go there comes".
- `{"type": "attack", "unit", "pay", "target"}`: the attack and its target at once, offered when
  `unit` is the only one of your units that can attack `target` with that payment (the page puts
  it on the target: the attacker is implied).
- `{"type": "retrieve", "pay", "what": [...]}`: the retrieve and the whole allowance it takes.
- `{"type": "reroll", "pay", "faces": [...]}`: pick the banner dice showing these faces and pay
  the reroll (composite.run picks them as it picks them for `pick_dice`).

Only the steps are listed here; composite.run applies them one by one through `apply_action`.
"""

from __future__ import annotations

from . import combat, movement
from .state import occupancy


def is_shortcut(action: dict) -> bool:
    kind = action.get("type")
    return ((kind == "move" and "to" in action) or (kind == "attack" and "target" in action)
            or (kind == "retrieve" and "what" in action) or (kind == "reroll" and "faces" in action))


def moves(state: dict, seat: int, legal: list[dict]) -> list[dict]:
    """Each empty hex exactly one stack of yours reaches with a payment: that stack goes there."""
    occ = occupancy(state)
    reach: dict[tuple, list[str]] = {}
    for a in legal:
        if a["type"] != "move" or "to" in a:
            continue
        members = [u for u in occ.get(a["hex"], ()) if u["owner"] == seat]
        for to in movement.destinations(state, seat, members, a["hex"], movement.group_speed(members)):
            reach.setdefault((a["pay"], to), []).append(a["hex"])
    return [{"type": "move", "hex": starts[0], "pay": pay, "to": to}
            for (pay, to), starts in sorted(reach.items()) if len(starts) == 1 and not occ.get(to)]


def attacks(state: dict, seat: int, legal: list[dict]) -> list[dict]:
    """Each enemy only one unit of yours can attack with a payment: that unit attacks it."""
    by: dict[tuple, list[str]] = {}
    for a in legal:
        if a["type"] != "attack" or "target" in a:
            continue
        for t in combat.reach(state, state["units"][a["unit"]]):
            by.setdefault((a["pay"], t["id"]), []).append(a["unit"])
    return [{"type": "attack", "unit": who[0], "pay": pay, "target": t}
            for (pay, t), who in sorted(by.items()) if len(who) == 1]


def steps(state: dict, action: dict) -> list[dict]:
    """The atomic steps a shortcut begins with (the rest depends on what they lead to)."""
    kind = action["type"]
    if kind == "move":
        return [{"type": "move", "hex": action.get("hex"), "pay": action.get("pay")},
                {"type": "move_to", "hex": action.get("to")}]
    if kind == "attack":
        return [{"type": "attack", "unit": action.get("unit"), "pay": action.get("pay")},
                {"type": "target", "unit": action.get("target")}]
    return [{"type": "retrieve", "pay": action.get("pay")}]


def still_moving(state: dict, seat: int) -> bool:
    frame = state["stack"][-1] if state["stack"] else None
    return bool(frame) and frame["kind"] == "move" and frame["seat"] == seat

