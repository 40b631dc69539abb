"""The game's data (D-4): troops, factions and their boards, command cards, battle plans, tiles."""

from __future__ import annotations

import json
from pathlib import Path

_DIR = Path(__file__).resolve().parent / "data"


def _load(name: str) -> dict:
    with (_DIR / name).open(encoding="utf-8") as fh:
        return json.load(fh)


_TROOPS = _load("troops.json")
_FACTIONS = _load("factions.json")
_COMMANDS = _load("commands.json")
_PLANS = _load("plans.json")
TILES = _load("tiles.json")

RESOURCES: list[str] = _TROOPS["resources"]
SUPPLY: int = _TROOPS["supply"]
# D-10: grass each place in the turn order starts with, by player count
HEAD_START: dict[int, list[int]] = {int(n): grass for n, grass in _TROOPS["head_start"].items()}
TROOPS: dict[str, dict] = {t["id"]: t for t in _TROOPS["troops"]}
FACTIONS: list[dict] = _FACTIONS["factions"]
FACTION_IDS: list[str] = [f["id"] for f in FACTIONS]
SPECIALS: dict[str, dict] = {s["id"]: dict(s, faction=f["id"]) for f in FACTIONS for s in f["specials"]}
UNITS: dict[str, dict] = {**TROOPS, **SPECIALS}
COMMANDS: dict[str, dict] = {c["id"]: c for c in _COMMANDS["cards"]}
PLANS: dict[str, dict] = {p["id"]: p for p in _PLANS["plans"]}

# Every card instance has an id; its kind follows from the id (command cards come in copies).
COMMAND_IDS: list[str] = [f"cmd-{i:02d}" for i in range(len(COMMANDS) * _COMMANDS["copies"])]
PLAN_IDS: list[str] = [f"plan-{i}" for i in range(len(PLANS))]
_COMMAND_KINDS = list(COMMANDS)
_PLAN_KINDS = list(PLANS)


def card_kind(card_id: str) -> str:
    kind, n = card_id.split("-")
    if kind == "cmd":
        return _COMMAND_KINDS[int(n) % len(_COMMAND_KINDS)]
    return _PLAN_KINDS[int(n)]


def card_info(card_id: str) -> dict:
    return COMMANDS.get(card_kind(card_id)) if card_id.startswith("cmd-") else PLANS[card_kind(card_id)]


def is_plan(card_id: str) -> bool:
    return card_id.startswith("plan-")


def faction_of_special(unit: str) -> str | None:
    return SPECIALS[unit]["faction"] if unit in SPECIALS else None


def strength(units: list[str], key: str) -> int:
    return sum(UNITS[u][key] for u in units)
