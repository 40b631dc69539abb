"""Every legal action placed exactly once: on the island (a hex, a stack or a unit), on a card,
on a die, or in the decision bar. Whatever is not placed elsewhere lands in the bar, so an
action type the page does not know yet is still offered.

Actions on the island that would share one spot (a stack that may move with the free action or
with the Claw die; a unit that may attack or take a +1 die) are sorted into modes: the decision
bar shows one button per mode and the island only the chosen mode's choices, so a tap on a
piece always means one thing.
"""

from __future__ import annotations

from collections import Counter

from ..choices import distinct_names
from .labels import action_label, action_name, mode_words

HEX_TYPES = ("claim_base", "challenger_base", "build_at", "move_to", "flip", "erupt", "lava_trap", "refuge", "flood",
             "nudge")
ISLAND_TYPES = ("territory_from", "territory_to", "place_base", "place_tile")  # on Sea hexes: the island grows
UNIT_TYPES = ("target", "new_defender", "hit", "destroy", "shield", "pick_pilot", "drop", "pick_up",
              "attack", "plus_one", "activate", "to_top")
CARD_TYPES = ("choose_leader", "challenger_leader", "build", "play_scroll", "discard_scroll", "activate", "side")
# The kinds a mode separates, in the order the bar offers them; and the order of the payments:
# what pays only a move or an attack first (a car's free move, an extra move, a Claw die), the
# free action after them, since it also pays a build or a retrieve (the first mode is shown first).
MODE_TYPES = ("move", "attack", "plus_one", "activate", "drop", "to_top", "pick_up", "nudge")
PAY_ORDER = ("car", "extra", "claw", "free", "chicken")


def entry(action: dict, view: dict, where: str) -> dict:
    """A choice: its short label where it is shown, and a name that says what it is about."""
    label = action_label(action, view, where)
    if where != "bar" and action.get("type") in ("target", "attack", "choose_leader", "challenger_leader"):
        label = action_name(action, view)  # the words matter more than the room they take
    return {"action": action, "label": label, "name": label if where == "bar" else action_name(action, view),
            "mode": ""}


def mode_key(action: dict) -> str:
    kind = action.get("type")
    if kind in ("move", "attack") and isinstance(action.get("pay"), str):
        return f"{kind}-{action['pay']}"
    if kind == "nudge":
        return f"nudge-{action.get('unit')}"
    return kind


def _mode_order(key: str) -> tuple:
    kind, _sep, rest = key.partition("-")
    pay = PAY_ORDER.index(rest) if rest in PAY_ORDER else len(PAY_ORDER)
    return MODE_TYPES.index(kind) if kind in MODE_TYPES else len(MODE_TYPES), pay, rest


def place(view: dict, legal: list[dict], me: int | None) -> dict:
    """Where each action goes: {"hex": {key: [entries]}, "unit"/"stack"/"card": {id: [entries]},
    "die": {id: entry}, "bar": [entries], "modes": [{"key", "label"}]}."""
    seats = view.get("seats") or []
    units = list(view.get("units") or [])
    units_by_id = {u["id"]: u for u in units}
    tile_keys = {t["hex"] for t in (view.get("island") or {}).get("hexes") or []}
    you = view.get("you") or {}
    combat = view.get("combat")
    hex_action: dict[str, list] = {}
    unit_actions: dict[str, list] = {}
    stack_actions: dict[str, list] = {}
    card_actions: dict[str, list] = {}
    die_actions: dict[str, dict] = {}
    hand_ids = {c["id"] for c in you.get("hand") or []}
    option_ids = {c["id"] for c in you.get("leader_options") or []}
    stock_ids = {c["id"] for c in view.get("stock") or []}
    my_strategy_ids = {c["id"] for c in (seats[me].get("strategies") or [])} if me is not None else set()
    revealed_ids = {e["card"]["id"] for e in (combat or {}).get("revealed") or []}
    occupied = {u["hex"] for u in units}
    bar = []
    for a in legal:
        kind = a.get("type")
        on_island = kind in HEX_TYPES and a.get("hex") in tile_keys
        if kind == "move" and "to" in a and a["to"] in tile_keys:  # a composite: on the hex it goes to
            hex_action.setdefault(a["to"], []).append(entry(a, view, "hex"))
        elif kind == "attack" and "target" in a and a["target"] in units_by_id:  # on the unit it attacks
            unit_actions.setdefault(a["target"], []).append(entry(a, view, "unit"))
        elif kind == "build" and "pilots" in a:  # a composite: in the bar, always in view
            bar.append(entry(a, view, "bar"))
        elif on_island or (kind in ISLAND_TYPES and "hex" in a):
            hex_action.setdefault(a["hex"], []).append(entry(a, view, "hex"))
        elif kind == "move" and a.get("hex") in occupied:
            stack_actions.setdefault(a["hex"], []).append(entry(a, view, "stack"))
        elif kind in UNIT_TYPES and a.get("unit") in units_by_id and not (kind == "activate" and "card" in a):
            unit_actions.setdefault(a["unit"], []).append(entry(a, view, "unit"))
        elif kind in CARD_TYPES and "card" in a and (
            (kind in ("choose_leader", "challenger_leader") and a["card"] in option_ids)
            or (kind == "build" and a["card"] in stock_ids)
            or (kind in ("play_scroll", "discard_scroll") and a["card"] in hand_ids)
            or (kind == "activate" and a["card"] in my_strategy_ids)
            or (kind == "side" and a["card"] in revealed_ids)
        ):
            card_actions.setdefault(a["card"], []).append(entry(a, view, "card"))
        elif kind == "toggle_die" and isinstance(a.get("die"), str) and a["die"] not in die_actions:
            die_actions[a["die"]] = entry(a, view, "die")
        else:
            bar.append(entry(a, view, "bar"))
    modes = sort_into_modes(hex_action, stack_actions, unit_actions, units_by_id, view)
    placed = [e for group in (hex_action, unit_actions, stack_actions, card_actions) for es in group.values() for e in es]
    distinct_names(placed + list(die_actions.values()) + bar)  # two chickens in one stack: "(2 of 2)"
    return {"hex": hex_action, "unit": unit_actions, "stack": stack_actions, "card": card_actions,
            "die": die_actions, "bar": bar, "modes": modes}


def sort_into_modes(hex_action: dict, stack_actions: dict, unit_actions: dict, units_by_id: dict, view: dict) -> list:
    """When two island choices share a spot, every choice of a mode kind gets its mode; the
    modes in the order the bar shows them (the first is shown first). None otherwise."""
    spots: Counter = Counter()
    for key, es in list(hex_action.items()) + list(stack_actions.items()):
        spots[("hex", key)] += len(es)
    for uid, es in unit_actions.items():
        spots[("unit", uid)] += len(es)
        if units_by_id[uid]["hex"] in stack_actions:
            spots[("hex", units_by_id[uid]["hex"])] += len(es)  # a tap on the stack or on one of its units
    if not any(n > 1 for n in spots.values()):
        return []
    keys = set()
    for es in list(hex_action.values()) + list(stack_actions.values()) + list(unit_actions.values()):
        for e in es:
            if e["action"].get("type") in MODE_TYPES:
                e["mode"] = mode_key(e["action"])
                keys.add(e["mode"])
    if len(keys) < 2:
        for es in list(hex_action.values()) + list(stack_actions.values()) + list(unit_actions.values()):
            for e in es:
                e["mode"] = ""
        return []
    out = []
    for key in sorted(keys, key=_mode_order):
        sample = next(e["action"] for es in list(hex_action.values()) + list(stack_actions.values())
                      + list(unit_actions.values()) for e in es if e["mode"] == key)
        out.append({"key": key, **mode_words(sample, view)})
    return out
