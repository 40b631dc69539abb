"""Units on the island: their printed stats, banding, shields and destruction.

A unit is a chicken token, a machine (with its pilots) or a leader. Rules section 6: pilots are
not units (they ride inside their machine's `pilots` list) and share their machine's fate.
"""

from __future__ import annotations

from ..messages import msg
from . import cards
from .state import colour, units_at, who

CHICKEN = {"speed": 1, "strength": 1, "armor": 2, "range": 1}  # D-8

# A machine's "when destroyed" ability is a card effect: scrolls.py, which builds on this
# module, registers its interpreter here.
EFFECTS: dict = {}


def stats(unit: dict) -> dict:
    """Printed speed, strength, armor and range."""
    if unit["kind"] == "chicken":
        return CHICKEN
    return cards.card(unit["card"])


def machine_class(unit: dict) -> str | None:
    return cards.card(unit["card"])["class"] if unit["kind"] == "machine" else None


def bands(unit: dict) -> bool:
    """Leaders, chickens and soldiers band; other machines only if their card says so."""
    if unit["kind"] != "machine":
        return True
    return bool(cards.card(unit["card"])["band"])


def is_kind(unit: dict, what: str) -> bool:
    """The kinds card conditions name: chicken, leader, machine, unit (not a leader) or a class."""
    if what == "unit":
        return unit["kind"] != "leader"
    if what in ("chicken", "leader", "machine"):
        return unit["kind"] == what
    return unit["kind"] == "machine" and cards.card(unit["card"])["class"] == what


def abilities(unit: dict) -> list:
    return cards.card(unit["card"])["abilities"] if unit["kind"] == "machine" else []


def unit_range(state: dict, unit: dict) -> int:
    """Printed range plus this turn's boosts (Stoned)."""
    base = stats(unit)["range"] if unit["kind"] != "leader" else 1
    if unit["kind"] in ("machine", "chicken"):  # chickens: Stoned read in a cockfight
        boost = state["stack"][0].get("boost", {}) if state["stack"] else {}
        if state["stack"] and state["stack"][0].get("seat") == unit["owner"]:
            base += boost.get(machine_class(unit) if unit["kind"] == "machine" else "chicken", 0)
    return base


def speed(unit: dict) -> int:
    return stats(unit)["speed"]


def lava_walk(unit: dict) -> bool:
    return any(ab.get("lava_walk") for ab in abilities(unit))


def label(state: dict, unit: dict) -> str:
    """"Red's Rock Soldier", "Blue's chicken", "Red's leader Keekmee" for prompts and the log."""
    who = colour(unit["owner"])
    if unit["kind"] == "chicken":
        return f"{who}'s chicken"
    if unit["kind"] == "leader":
        return f"{who}'s leader {cards.card(unit['card'])['name']}"
    return f"{who}'s {cards.card(unit['card'])['name']}"


def name(state: dict, unit: dict) -> dict:
    """A unit as a message: "Red's Rock Soldier", "Blue's chicken", "Red's leader Keekmee"."""
    owner = who(unit["owner"])
    if unit["kind"] == "chicken":
        return msg("wfci.unit.chicken", who=owner)
    if unit["kind"] == "leader":
        return msg("wfci.unit.leader", who=owner, card=cards.name(unit["card"]))
    return msg("wfci.unit.machine", who=owner, card=cards.name(unit["card"]))


# -- shields -------------------------------------------------------------------------------

def give_shield(state: dict, unit: dict) -> bool:
    """Put a shield from the supply on a unit or leader (8 in all: none left, nothing happens)."""
    if state["supply"]["shields"] <= 0:
        return False
    state["supply"]["shields"] -= 1
    unit["shields"] += 1
    return True


def strip_shields(state: dict, unit: dict):
    state["supply"]["shields"] += unit["shields"]
    unit["shields"] = 0


# -- destruction ---------------------------------------------------------------------------

def hit(state: dict, unit: dict) -> str:
    """A successful hit: a shield absorbs it; else a leader is untouched here and others die.

    Returns "shield", "destroyed" or "leader" (the caller gives the humiliation tag).
    """
    if unit["shields"]:
        unit["shields"] -= 1
        state["supply"]["shields"] += 1
        return "shield"
    if unit["kind"] == "leader":
        return "leader"
    destroy(state, unit)
    return "destroyed"


def destroy(state: dict, unit: dict):
    """Remove a non-leader unit: the machine card to its discard, the miniature to the supply,
    pilots and chickens to their owner's destroyed chickens, dice to the owner's spent dice."""
    owner = state["seats"][unit["owner"]]
    if "flags" in state:  # capture the flag: the carrier's flags stay on its hex (flag.py)
        EFFECTS["drop_flags"](state, unit)
    strip_shields(state, unit)
    owner["spent"].extend(unit["dice"])
    unit["dice"] = []
    del state["units"][unit["id"]]
    if unit["kind"] == "chicken":
        owner["destroyed"].append(unit["id"])
        return
    owner["destroyed"].extend(unit["pilots"])
    unit["pilots"] = []
    c = cards.card(unit["card"])
    state["decks"]["machine_discard"].append(unit["card"])
    state["supply"]["minis"][c["class"]] += 1
    for ab in c["abilities"]:
        if "on_destroyed" in ab:
            EFFECTS["on_destroyed"](state, unit, ab["on_destroyed"])


# -- the lava rule -------------------------------------------------------------------------

def can_stop_with(state: dict, key: str, seat: int, movers_band: bool) -> bool:
    """A hex a unit of `seat` may end on: no enemy, and all there band if it is shared."""
    here = units_at(state, key)
    if not here:
        return True
    return movers_band and all(u["owner"] == seat and bands(u) for u in here)
