"""The card catalog: loads leaders, machines and scrolls from the data files and checks them.

Every physical card gets an instance id (`leader-3`, `machine-17`, `scroll-42`) in file order,
so ids are the same in every game and a state only ever stores ids. Effects are data in a
small vocabulary (docs/wfci-cards.md); `validate()` refuses a data file that uses a word the
engine does not interpret, so a typo cannot silently become a card that does nothing.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from ..messages import english, msg

DATA = Path(__file__).parent / "data"

RESOURCES = ("wood", "stone", "metal")
MACHINE_CLASSES = ("soldier", "golem", "battle_car", "cannon", "tower")
KINDS = ("chicken", "leader", "machine", "unit") + MACHINE_CLASSES
CATASTROPHES = ("hurricane", "tsunami", "earthquake", "eruption")

# The vocabulary (docs/wfci-cards.md). Anything else in a data file is an error.
BONUS_STATS = {"strength", "armor", "power"}
WHENS = {"attacking", "defending", "always"}
CONDITIONS = {"ours", "theirs", "on"}
ABILITY_WORDS = {"bonus", "when", "if", "per_soldier", "on_destroyed", "aura", "reach", "star", "do",
                 "lava_walk", "strategy_limit", "setup_shields", "retrieve_extra", "draw_extra", "reroll_cost"}
DESTROYED_WORDS = {"draw", "gain", "shield_leader", "blast"}
DO_WORDS = {"draw", "draw_discard", "take_resources", "range_boost", "hatch"}
MAGIC_WORDS = {"power", "strength", "armor", "if", "draw", "negate", "shield", "swap_defender", "per_pilot",
               "per_chicken", "hit", "transmute", "lava_trap", "take_resources", "hatch", "extra_move"}
PLAY_WHEN = {"combat", "actions"}


class CatalogError(ValueError):
    """A data file breaks the catalog's rules (counts, names, vocabulary)."""


def _load(name: str) -> dict:
    with open(DATA / name, encoding="utf-8") as fh:
        return json.load(fh)


def _instances(prefix: str, cards: list) -> dict:
    out, n = {}, 0
    for card in cards:
        for _ in range(card.get("count", 1)):
            n += 1
            out[f"{prefix}-{n:02d}"] = card
    return out


@lru_cache(maxsize=1)
def catalog() -> dict:
    """All three decks, validated: {"leader": {id: def}, "machine": ..., "scroll": ..., "all": ...}."""
    leaders = _load("leaders.json")
    machines = _load("machines.json")
    scrolls = _load("scrolls.json")
    cat = {
        "leader": _instances("leader", leaders["cards"]),
        "machine": _instances("machine", machines["cards"]),
        "scroll": _instances("scroll", scrolls["cards"]),
        "classes": machines["classes"],
        "miniatures": machines["miniatures"],
    }
    for cls, spec in machines["classes"].items():
        spec["name"] = english(f"wfci.class.{cls}")
    for card in leaders["cards"] + machines["cards"] + scrolls["cards"]:
        card["name"] = english(name_id(card["key"]))  # English for logs and reports; pages use the ids
        card["text"] = english(text_id(card["key"]))
    for card in machines["cards"]:
        card.setdefault("band", machines["classes"][card["class"]]["band"])
        card["pilots"] = machines["classes"][card["class"]]["pilots"]
        card["free_move"] = machines["classes"][card["class"]]["free_move"]
    cat["all"] = {**cat["leader"], **cat["machine"], **cat["scroll"]}
    validate(cat)
    return cat


def name_id(key: str) -> str:
    return f"wfci.card.{key}.name"


def text_id(key: str) -> str:
    return f"wfci.card.{key}.text"


def name(card_id: str) -> dict:
    """A card's name as a message, for log lines and prompts."""
    return msg(name_id(card(card_id)["key"]))


def card(card_id: str) -> dict:
    return catalog()["all"][card_id]


def deck_ids(deck: str) -> list[str]:
    return list(catalog()[deck])


def by_key(deck: str, key: str) -> list[str]:
    """Instance ids of one card definition (tests build positions with them)."""
    return [cid for cid, c in catalog()[deck].items() if c["key"] == key]


def card_dict(card_id: str) -> dict:
    """A card as views show it: instance id plus its public face."""
    c = card(card_id)
    out = {"id": card_id, "key": c["key"], "name": c["name"], "text": c.get("text", ""),
           "name_id": name_id(c["key"]), "text_id": text_id(c["key"])}
    deck = card_id.split("-", 1)[0]
    out["deck"] = deck
    if deck == "scroll":
        out["type"] = c["type"]
    elif deck == "machine":
        out.update({k: c[k] for k in ("class", "speed", "strength", "armor", "range", "cost", "pilots", "band")})
    else:
        out.update({k: c[k] for k in ("speed", "strength", "armor")})
    return out


def _check_ability(ab: dict, where: str):
    unknown = set(ab) - ABILITY_WORDS
    if unknown:
        raise CatalogError(f"{where}: unknown words {sorted(unknown)}")
    if "bonus" in ab:
        if set(ab["bonus"]) - BONUS_STATS or ab.get("when", "always") not in WHENS:
            raise CatalogError(f"{where}: bad bonus {ab}")
    if "if" in ab:
        _check_condition(ab["if"], where)
    if "on_destroyed" in ab and set(ab["on_destroyed"]) - DESTROYED_WORDS:
        raise CatalogError(f"{where}: bad on_destroyed {ab}")
    if "star" in ab and (set(ab.get("do", {})) - DO_WORDS or not ab.get("do")):
        raise CatalogError(f"{where}: bad star ability {ab}")


def _check_condition(cond: dict, where: str):
    if set(cond) - CONDITIONS:
        raise CatalogError(f"{where}: bad condition {cond}")
    for key in ("ours", "theirs"):
        if key in cond and cond[key] not in KINDS:
            raise CatalogError(f"{where}: unknown kind {cond[key]!r}")
    if "on" in cond and cond["on"] not in ("home", "base"):
        raise CatalogError(f"{where}: unknown place {cond['on']!r}")


def validate(cat: dict):
    """Counts and names from rules section 11, and the effect vocabulary."""
    if len(cat["leader"]) != 9:
        raise CatalogError("there must be 9 leaders")
    if len(cat["machine"]) != 41:
        raise CatalogError("there must be 41 machines")
    if len(cat["scroll"]) != 62:
        raise CatalogError("there must be 62 scrolls")
    kinds = [c.get("catastrophe") for c in cat["scroll"].values() if c["type"] == "catastrophe"]
    if sorted(kinds) != sorted(CATASTROPHES):
        raise CatalogError("exactly the 4 catastrophes, once each")
    names = {c["name"] for c in cat["all"].values()}
    for must in ("Rock Soldier", "Rock Golem", "Hammer Battle Car", "Spiked Cannon", "Extra Strength",
                 "Change Now!", "Flying Rock", "Trenches", "Stoned", "Transmutation", "Lava Trap",
                 "Keekmee", "Abigail", "Pollazzo"):
        if must not in names:
            raise CatalogError(f"the catalog must have {must}")
    for cid, c in cat["leader"].items():
        for ab in c["abilities"]:
            _check_ability(ab, cid)
    for cid, c in cat["machine"].items():
        if c["class"] not in MACHINE_CLASSES or set(c["cost"]) - set(RESOURCES):
            raise CatalogError(f"{cid}: bad class or cost")
        for ab in c["abilities"]:
            _check_ability(ab, cid)
    for cls in MACHINE_CLASSES:
        if cat["miniatures"].get(cls, 0) <= 0:
            raise CatalogError(f"no miniatures for {cls}")
    for cid, c in cat["scroll"].items():
        check_effect(c, cid)
        if not isinstance(c.get("tags"), list):
            raise CatalogError(f"{cid}: tags must be a list")


def check_effect(c: dict, where: str):
    """A scroll's effect uses only the vocabulary of its type."""
    if c["type"] == "magic":
        if set(c["effect"]) - MAGIC_WORDS or not c["play"] or set(c["play"]) - PLAY_WHEN:
            raise CatalogError(f"{where}: bad magic effect")
        if "if" in c["effect"]:
            _check_condition(c["effect"]["if"], where)
    elif c["type"] == "strategy":
        for ab in c["effect"]:
            _check_ability(ab, where)
    elif c["type"] != "catastrophe":
        raise CatalogError(f"{where}: unknown scroll type")
