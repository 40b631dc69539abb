"""The one immutable options record (rules section 1): every rule that differs between presets,
modes and variants is a named field, so the rules code asks `ruleset.reroll_cost` instead of
"which edition is this?".

The values live in data/rulesets.json: a preset gives every field, a mode and each variant
override a few fields, and the constraints (players, presets, modes, exclusions) are data too.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path

from engine.errors import IllegalAction

_DATA = json.loads((Path(__file__).parent / "data" / "rulesets.json").read_text(encoding="utf-8"))
OPTION_KEYS = ("preset", "mode", "variants", "island")
DEFAULTS = {"preset": "standard", "mode": "multi", "variants": [], "island": "starter"}


@dataclass(frozen=True)
class Ruleset:
    """Read-only; build it with make_ruleset. Field meanings: docs/wfci-board.md."""

    preset: str
    mode: str
    variants: frozenset
    island: str
    players: int
    starting_resources: int
    starting_resources_random: bool  # False: solo's fixed 3 of each type
    resource_pool_per_type_per_player: int
    resource_cap: int | None
    reroll_cost: int | None
    retrieve_free: int
    retrieve_chicken_die: int
    draw_per_turn: int
    strategy_limit: int
    leader_shields_at_setup: int
    leader_elimination: str  # "never" | "epic_death"
    base_armor_bonus: int
    base_bonus_applies_to: str  # "own_leader_and_chickens" | "any_defender" | "none"
    base_entry: str  # "owner_chickens_and_leader" | "unblocked" | "enemies_too"
    catastrophe_aftermath: str  # "discard_to_9_and_reshuffle" | "reshuffle_catastrophe" | "none"
    catastrophe_texts: str  # "standard" | "classic"
    spare_leader: str  # "box" | "face_down"
    quickplay_build_step: bool
    tags_to_win_two_player: int
    solo: bool
    solo_tags_to_win: int
    no_resources: bool
    no_machines: bool
    hidden_chicken_ranks: bool
    flag: bool
    leaders: bool
    teams: bool
    victory: str  # "tags" | "teams" | "flag" | "solo"
    challenger_target: str  # "highest_strength" | "lowest_armor"
    challenger_uses_chickens: bool
    draw_compulsory: bool  # classic: "must be performed in order" (1st ed. section 2)
    star_abilities_any_time: bool  # classic: card star abilities at any decision (1st ed. 4.3, D-W25)
    setup_order: str  # "leaders_first" | "bases_first" (classic: bases claimed in 3e, leaders dealt in 4)
    island_procedure: str  # "by_seat" (2nd ed.) | "by_kind" (classic, 1st ed. set-up 3a-3f)

    @property
    def options(self) -> dict:
        """The canonical options dict that rebuilds this ruleset with make_ruleset."""
        return {"preset": self.preset, "mode": self.mode, "variants": _ordered(self.variants),
                "island": self.island}

    def to_json(self) -> dict:
        data = dataclasses.asdict(self)
        data["variants"] = _ordered(self.variants)
        return data

    @classmethod
    def from_json(cls, data: dict) -> "Ruleset":
        data = dict(data)
        data["variants"] = frozenset(data["variants"])
        return cls(**data)


_FIXED = ("preset", "mode", "variants", "island", "players")
_RULE_FIELDS = tuple(f.name for f in dataclasses.fields(Ruleset) if f.name not in _FIXED)


def _check_data() -> None:
    """Fail at import, not mid-game, if the data file and the record disagree."""
    for pid, preset in _DATA["presets"].items():
        if set(preset["fields"]) != set(_RULE_FIELDS):
            diff = set(preset["fields"]) ^ set(_RULE_FIELDS)
            raise ValueError(f"rulesets.json preset {pid} fields differ from Ruleset: {sorted(diff)}")
    overrides = [m["set"] for m in _DATA["modes"].values()] + [v["set"] for v in _DATA["variants"].values()]
    for over in overrides:
        unknown = set(over) - set(_RULE_FIELDS)
        if unknown:
            raise ValueError(f"rulesets.json overrides unknown fields {sorted(unknown)}")


_check_data()

# Modes played against the Challenger; rules code asks this on hot paths (cheaper than a ruleset).
SOLO_MODES = frozenset(m for m, d in _DATA["modes"].items() if d["set"].get("solo"))


def _ordered(variants) -> list[str]:
    return [v for v in _DATA["variants"] if v in variants]


def _names(ids) -> list[str]:
    return [repr(i) for i in ids]


def _choice(options: dict, key: str, allowed) -> str:
    value = options.get(key, DEFAULTS[key])
    if not isinstance(value, str) or value not in allowed:
        raise IllegalAction("wfci.refuse.unknown_choice", key=key, value=repr(value), choices=_names(allowed))
    return value


def make_ruleset(players: int, options: dict | None) -> Ruleset:
    """Validate a lobby's options and build the record; IllegalAction says what is wrong."""
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise IllegalAction("wfci.refuse.options")
    unknown = sorted(set(options) - set(OPTION_KEYS), key=str)
    if unknown:
        raise IllegalAction("wfci.refuse.unknown_option", options=_names(unknown), choices=_names(OPTION_KEYS))
    preset = _choice(options, "preset", _DATA["presets"])
    mode = _choice(options, "mode", _DATA["modes"])
    island = _choice(options, "island", _DATA["islands"])
    chosen = options.get("variants", [])
    if not isinstance(chosen, (list, tuple)) or not all(isinstance(v, str) for v in chosen):
        raise IllegalAction("wfci.refuse.variants_list")
    for v in chosen:
        if v not in _DATA["variants"]:
            raise IllegalAction("wfci.refuse.unknown_variant", variant=repr(v), choices=_names(_DATA["variants"]))
    if len(set(chosen)) != len(chosen):
        raise IllegalAction("wfci.refuse.variant_twice")
    if isinstance(players, bool) or not isinstance(players, int):
        raise IllegalAction("wfci.refuse.players_number")

    mode_data = _DATA["modes"][mode]
    if players not in mode_data["players"]:
        why = _DATA["mode_why"]["players" if mode != "multi" else "multi_players"]
        raise IllegalAction(why)
    island_data = _DATA["islands"][island]
    if mode not in island_data.get("modes", _DATA["modes"]):
        raise IllegalAction(island_data["why"])
    for v in _ordered(chosen):
        spec = _DATA["variants"][v]
        for key, value in (("players", players), ("modes", mode), ("presets", preset)):
            if value not in spec[key]:
                raise IllegalAction(spec["why"].get(key) or "wfci.refuse.variant_unavailable", variant=v)
        for other, why in spec["excludes"].items():
            if other in chosen:
                raise IllegalAction(why)

    fields = dict(_DATA["presets"][preset]["fields"])
    fields.update(mode_data["set"])
    for v in _ordered(chosen):
        fields.update(_DATA["variants"][v]["set"])
    return Ruleset(preset=preset, mode=mode, variants=frozenset(chosen), island=island,
                   players=players, **fields)


def presets() -> list[dict]:
    """What a lobby offers as rule sets."""
    return [{"id": pid, "name": p["name"], "description": p["description"], "options": {"preset": pid}}
            for pid, p in _DATA["presets"].items()]


def variants() -> list[dict]:
    """The optional rule switches a lobby offers."""
    return [{"id": vid, "name": v["name"], "description": v["description"]}
            for vid, v in _DATA["variants"].items()]


def modes() -> list[dict]:
    return [{"id": mid, "name": m["name"], "description": m["description"], "players": list(m["players"])}
            for mid, m in _DATA["modes"].items()]


def islands() -> list[dict]:
    return [{"id": iid, "name": i["name"], "description": i["description"]} for iid, i in _DATA["islands"].items()]
