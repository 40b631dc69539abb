"""Every legal action placed exactly once: on a hex of the island, on a stack or a unit's row
(its SVG token forwards taps there), on a card, on a die, or in the actions bar. Whatever is
not placed elsewhere lands in the bar, so an action type the page does not know yet is still
offered."""

from __future__ import annotations

from ..choices import distinct_names
from .labels import action_label, action_name

HEX_TYPES = ("claim_base", "challenger_base", "build_at", "move_to", "flip", "erupt", "lava_trap", "refuge")
ISLAND_TYPES = ("territory_from", "territory_to", "place_base", "place_tile")  # on Sea hexes: the island grows
UNIT_TYPES = ("target", "new_defender", "hit", "destroy", "shield", "pick_pilot", "drop", "pick_up",
              "attack", "plus_one", "activate", "to_top")
CARD_TYPES = ("choose_leader", "challenger_leader", "build", "play_scroll", "discard_scroll", "activate", "side")


def entry(action: dict, view: dict, where: str) -> dict:
    """A choice: its short label where it is shown, and a name that says what it is about."""
    label = action_label(action, view, where)
    if where != "bar" and action.get("type") in ("target", "attack", "choose_leader", "challenger_leader"):
        label = action_name(action, view)  # the words matter more than the room they take
    return {"action": action, "label": label, "name": label if where == "bar" else action_name(action, view)}


def place(view: dict, legal: list[dict], me: int | None) -> dict:
    """Where each action goes: {"hex": {key: entry}, "unit"/"stack"/"card": {id: [entries]},
    "die": {id: entry}, "bar": [entries]}."""
    seats = view.get("seats") or []
    units = list(view.get("units") or [])
    units_by_id = {u["id"]: u for u in units}
    tile_keys = {t["hex"] for t in (view.get("island") or {}).get("hexes") or []}
    you = view.get("you") or {}
    combat = view.get("combat")
    hex_action: dict[str, dict] = {}
    unit_actions: dict[str, list] = {}
    stack_actions: dict[str, list] = {}
    card_actions: dict[str, list] = {}
    die_actions: dict[str, dict] = {}
    hand_ids = {c["id"] for c in you.get("hand") or []}
    option_ids = {c["id"] for c in you.get("leader_options") or []}
    stock_ids = {c["id"] for c in view.get("stock") or []}
    my_strategy_ids = {c["id"] for c in (seats[me].get("strategies") or [])} if me is not None else set()
    revealed_ids = {e["card"]["id"] for e in (combat or {}).get("revealed") or []}
    banner_ids = {d["id"] for d in (seats[me].get("banner") or [])} if me is not None else set()
    occupied = {u["hex"] for u in units}
    bar = []
    for a in legal:
        kind = a.get("type")
        on_island = kind in HEX_TYPES and a.get("hex") in tile_keys
        if (on_island or kind in ISLAND_TYPES) and a.get("hex") not in hex_action and len(a) == 2:
            hex_action[a["hex"]] = entry(a, view, "hex")
        elif kind == "move" and a.get("hex") in occupied:
            stack_actions.setdefault(a["hex"], []).append(entry(a, view, "stack"))
        elif kind in UNIT_TYPES and a.get("unit") in units_by_id:
            unit_actions.setdefault(a["unit"], []).append(entry(a, view, "unit"))
        elif kind in CARD_TYPES and "card" in a and (
            (kind in ("choose_leader", "challenger_leader") and a["card"] in option_ids)
            or (kind == "build" and a["card"] in stock_ids)
            or (kind in ("play_scroll", "discard_scroll") and a["card"] in hand_ids)
            or (kind == "activate" and a["card"] in my_strategy_ids)
            or (kind == "side" and a["card"] in revealed_ids)
        ):
            card_actions.setdefault(a["card"], []).append(entry(a, view, "card"))
        elif kind == "toggle_die" and a.get("die") in banner_ids and a["die"] not in die_actions:
            die_actions[a["die"]] = entry(a, view, "die")
        else:
            bar.append(entry(a, view, "bar"))
    placed = [e for group in (unit_actions, stack_actions, card_actions) for es in group.values() for e in es]
    distinct_names(placed + list(die_actions.values()) + bar)  # two chickens in one stack: "(2 of 2)"
    return {"hex": hex_action, "unit": unit_actions, "stack": stack_actions, "card": card_actions,
            "die": die_actions, "bar": bar}
