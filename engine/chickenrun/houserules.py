"""The seven optional fixes ("problems") printed with Chicken Run, as house rules.

Each is switched on by putting its id in `options["house_rules"]`. The letter is the problem it
attacks in the printed list (S stall, R roll-off, B blockade) and the digit its number there.
"""

from __future__ import annotations

from ..errors import IllegalAction

LOOSE_CHICKENS = "S1"
TACKLING = "S2"
USE_EVERY_POINT = "S3"
BOTH_MOVE = "R4"
LOW_ROLLER_HERDS = "R5"
SHARED_TIES = "B6"
STAMPEDE = "B7"

HOUSE_RULES = [
    {
        "id": LOOSE_CHICKENS,
        "name": "Loose chickens",
        "description": "A tied roll may move a chicken even while it is captured; it slips out from under its captor.",
    },
    {
        "id": TACKLING,
        "name": "Tackling",
        "description": "A family member may spend a step to push a smaller opposing family member next to it one square straight away.",
    },
    {
        "id": USE_EVERY_POINT,
        "name": "Use every point",
        "description": "The high roller (or tie roller) must keep moving while any move is possible; if the family cannot move, spectators move instead.",
    },
    {
        "id": BOTH_MOVE,
        "name": "Both families move",
        "description": "Both players use their rolls each round, high roller first; on a tie both move spectators or chickens, previous low roller first.",
    },
    {
        "id": LOW_ROLLER_HERDS,
        "name": "Low roller herds first",
        "description": "The low roller first moves spectators or chickens with their die, then the high roller moves their family.",
    },
    {
        "id": SHARED_TIES,
        "name": "Shared ties",
        "description": "On a tie both players move spectators or chickens, the previous low roller first.",
    },
    {
        "id": STAMPEDE,
        "name": "Stampede",
        "description": "Family members and spectators may trample pyramids of their own size, not only smaller ones.",
    },
]

RULE_IDS = tuple(rule["id"] for rule in HOUSE_RULES)

# Pairs that cannot both hold: they give different answers to who moves after a roll.
CONFLICTS = {
    frozenset((BOTH_MOVE, LOW_ROLLER_HERDS)): (
        "'Both families move' (R4) and 'Low roller herds first' (R5) cannot be combined: "
        "one has both players move their families, the other has the low roller move only "
        "spectators or chickens."
    ),
    frozenset((LOW_ROLLER_HERDS, SHARED_TIES)): (
        "'Low roller herds first' (R5) and 'Shared ties' (B6) cannot be combined: on a tie R5 "
        "lets only the previous low roller move, B6 lets both players move."
    ),
}


def parse_options(options) -> list[str]:
    """Validate setup options; returns the chosen house rule ids in canonical order."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise IllegalAction("Options must be a dictionary.")
    unknown = sorted(str(key) for key in options if key not in ("house_rules", "preset"))
    if unknown:
        raise IllegalAction(f"Unknown Chicken Run option: {', '.join(unknown)}.")
    preset = options.get("preset", "standard")
    if preset != "standard":
        raise IllegalAction(f"Unknown Chicken Run preset {preset!r}; the only preset is 'standard'.")
    rules = options.get("house_rules", [])
    if rules is None:
        rules = []
    if isinstance(rules, dict):  # also accepted: {"S1": true, "B7": false}
        for rule, on in rules.items():
            if not isinstance(on, bool):
                raise IllegalAction(f"House rule {rule!r} must be switched on or off with true or false.")
        rules = [rule for rule, on in rules.items() if on or rule not in RULE_IDS]
    if not isinstance(rules, (list, tuple)):
        raise IllegalAction("house_rules must be a list of house rule ids such as ['S1', 'B7'].")
    chosen = set()
    for rule in rules:
        if not isinstance(rule, str) or rule not in RULE_IDS:
            raise IllegalAction(f"Unknown house rule {rule!r}; choose from {', '.join(RULE_IDS)}.")
        if rule in chosen:
            raise IllegalAction(f"House rule {rule} is listed twice.")
        chosen.add(rule)
    for pair, message in CONFLICTS.items():
        if pair <= chosen:
            raise IllegalAction(message)
    return [rule for rule in RULE_IDS if rule in chosen]
