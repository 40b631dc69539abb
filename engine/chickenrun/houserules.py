"""The seven optional fixes ("problems") printed with Chicken Run, as house rules.

Each is switched on by putting its id in `options["house_rules"]`. The letter is the problem it
attacks in the printed list (S stall, R roll-off, B blockade) and the digit its number there.
"""

from __future__ import annotations

from ..errors import IllegalAction
from ..messages import msg, render

LOOSE_CHICKENS = "S1"
TACKLING = "S2"
USE_EVERY_POINT = "S3"
BOTH_MOVE = "R4"
LOW_ROLLER_HERDS = "R5"
SHARED_TIES = "B6"
STAMPEDE = "B7"

RULE_IDS = (LOOSE_CHICKENS, TACKLING, USE_EVERY_POINT, BOTH_MOVE, LOW_ROLLER_HERDS, SHARED_TIES, STAMPEDE)


def rule_name(rule: str) -> dict:
    return msg(f"chickenrun.rule.{rule}.name")


def rule_description(rule: str) -> dict:
    return msg(f"chickenrun.rule.{rule}.description")


# What a lobby offers: the English name and description, from the messages data file.
HOUSE_RULES = [
    {"id": rule, "name": render(rule_name(rule)), "description": render(rule_description(rule))}
    for rule in RULE_IDS
]

# Pairs that cannot both hold: they give different answers to who moves after a roll.
CONFLICTS = {
    frozenset((BOTH_MOVE, LOW_ROLLER_HERDS)): "chickenrun.refuse.conflict_R4_R5",
    frozenset((LOW_ROLLER_HERDS, SHARED_TIES)): "chickenrun.refuse.conflict_R5_B6",
}


def parse_options(options) -> list[str]:
    """Validate setup options; returns the chosen house rule ids in canonical order."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise IllegalAction("chickenrun.refuse.options")
    unknown = sorted(str(key) for key in options if key not in ("house_rules", "preset"))
    if unknown:
        raise IllegalAction("chickenrun.refuse.unknown_option", options=unknown)
    preset = options.get("preset", "standard")
    if preset != "standard":
        raise IllegalAction("chickenrun.refuse.unknown_preset", preset=str(preset))
    rules = options.get("house_rules", [])
    if rules is None:
        rules = []
    if isinstance(rules, dict):  # also accepted: {"S1": true, "B7": false}
        for rule, on in rules.items():
            if not isinstance(on, bool):
                raise IllegalAction("chickenrun.refuse.rule_switch", rule=str(rule))
        rules = [rule for rule, on in rules.items() if on or rule not in RULE_IDS]
    if not isinstance(rules, (list, tuple)):
        raise IllegalAction("chickenrun.refuse.rules_list")
    chosen = set()
    for rule in rules:
        if not isinstance(rule, str) or rule not in RULE_IDS:
            raise IllegalAction("chickenrun.refuse.unknown_rule", rule=str(rule), choices=list(RULE_IDS))
        if rule in chosen:
            raise IllegalAction("chickenrun.refuse.rule_twice", rule=rule)
        chosen.add(rule)
    for pair, message_id in CONFLICTS.items():
        if pair <= chosen:
            raise IllegalAction(message_id)
    return [rule for rule in RULE_IDS if rule in chosen]
