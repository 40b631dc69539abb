"""Plain-English words for the page and the log: what must be decided now (`prompt`), and one
line per action (`describe_action`), written from the state before the action and revealing
nothing hidden (a scroll put face down in a fight is "a scroll"; a drawn scroll is not named).
"""

from __future__ import annotations

from . import cards, solo, units
from .state import colour, ruleset, top

PROMPTS = {
    "choose_leader": "choose a leader (the other goes back to the box)",
    "solo_leader": "choose a leader",
    "solo_base": "claim a base",
    "claim_base": "claim a base and the territory next to it",
    "build": "choose the pilots, then the hex for the new machine",
    "move": "move the stack, drop or pick up units, or stop",
    "retrieve": "take a resource or a destroyed chicken, or stop",
    "discard_resources": "return resources down to the cap",
    "target": "choose the defender",
    "swap": "Change Now!: choose the new defender",
    "hit": "choose the unit to hit",
    "transmute": "choose the resource type to turn into another",
    "lava_trap": "choose the neutral tile that turns to lava",
    "discard_scroll": "choose a scroll to discard",
    "shield_target": "choose who gets the shield",
    "hurricane": "Hurricane: return resources to the supply",
    "tsunami": "Tsunami: choose the tile to flood, then what it destroys",
    "eruption": "Eruption: choose where the volcano erupts",
    "hurricane_rob": "Hurricane: choose an opponent, then return 2 of their resources",
    "nudge": "move any chicken 1 hex, or leave them be",
    "leader_refuge": "choose where the leader escapes the lava to",
}
STEPS = {
    "roll": "pick the banner dice to roll along with the spent dice, then roll",
    "reroll": "pick dice and pay to reroll them once, or keep the results",
    "build": "build one machine (the quickplay Build step), or skip it",
    "actions": "take the free action, spend dice, play scrolls, or end the actions",
    "draw": "draw scrolls, or end the turn",
}


def prompt(state: dict, seat: int | None) -> str:
    if state["result"] is not None:
        return "The game is over: " + state["result"]["reason"] + "."
    frame = top(state)
    who = colour(frame["seat"])
    if frame["kind"] in ("solo_leader", "solo_base"):
        whose = "your" if frame["for"] == frame["seat"] else "the Challenger's"
        what = {"solo_leader": f"choose {whose} leader", "solo_base": f"choose {whose} base"}[frame["kind"]]
        return ("You must " if seat == frame["seat"] else f"Waiting for {who} to ") + what + "."
    if solo.is_challenger(state, frame["seat"]):
        return "The Challenger plays: " + solo.STEPS["next_words"](state) + "."
    if frame["kind"] == "turn":
        what = STEPS[frame["step"]]
    elif frame["kind"] == "combat":
        c = state["combat"]
        what = {"dice": "spend +2/+3 dice on the attacker, or go on",
                "cards": "play a scroll face down, or pass",
                "sides": "say which side the revealed scroll helps"}.get(c["stage"], "resolve the fight")
    elif frame["kind"] == "choose_leader" and ruleset(state).spare_leader == "face_down":
        what = "choose a leader (the other stays face down as your spare)"
    else:
        what = PROMPTS.get(frame["kind"], frame["kind"])
    if seat == frame["seat"]:
        return "You must " + what + "."
    return f"Waiting for {who} to {what}."


def public_action(state: dict, seat: int, action: dict) -> dict:
    """A scroll put face down in a fight is logged without its id."""
    frame = top(state)
    if action.get("type") == "play_scroll" and frame and frame["kind"] == "combat":
        return {"type": "play_scroll"}
    return action


def _unit(state: dict, uid) -> str:
    u = state["units"].get(uid)
    return units.label(state, u) if u else "a unit"


def describe_action(state: dict, seat: int, action: dict) -> str:
    who = colour(seat)
    kind = action.get("type")
    frame = top(state)
    if kind == "challenger":
        return solo.STEPS["describe"](state, action)
    if kind == "challenger_leader":
        return f"{who} chooses {cards.card(action['card'])['name']} to lead the Challenger"
    if kind == "challenger_base":
        return f"{who} gives the Challenger the base at {action['hex']}"
    if kind == "choose_leader" and frame and frame["kind"] == "solo_leader":
        return f"{who} chooses {cards.card(action['card'])['name']} as their leader"
    if kind == "play_scroll":
        if frame and frame["kind"] == "combat":
            return f"{who} plays a scroll face down"
        return f"{who} plays {cards.card(action['card'])['name']}"
    simple = {
        "roll": f"{who} rolls the dice", "keep": f"{who} keeps the dice", "toggle_die": f"{who} picks a die",
        "reroll": f"{who} pays to reroll", "end_actions": f"{who} ends their actions", "skip_build": f"{who} builds nothing",
        "skip_roll": f"{who} does not roll",
        "draw": f"{who} draws a scroll", "end_turn": f"{who} ends the turn", "pass": f"{who} passes",
        "done": f"{who} is done", "cancel": f"{who} changes their mind", "end_move": f"{who} stops moving",
        "choose_leader": f"{who} chooses a leader",
    }
    if kind in simple:
        return simple[kind]
    if kind == "claim_base":
        return f"{who} claims the base at {action['hex']}"
    if kind == "build":
        return f"{who} starts building a {cards.card(action['card'])['name']}"
    if kind in ("pick_pilot",):
        return f"{who} takes {_unit(state, action['unit'])} as a pilot"
    if kind == "build_at":
        return f"{who} builds at {action['hex']}"
    if kind == "move":
        return f"{who} moves the stack at {action['hex']} (paid with {action['pay']})"
    if kind in ("move_to", "refuge"):
        return f"{who} moves to {action['hex']}"
    if kind in ("drop", "pick_up"):
        return f"{who} {'drops' if kind == 'drop' else 'picks up'} {_unit(state, action['unit'])}"
    if kind == "attack":
        return f"{_unit(state, action['unit'])} prepares to attack"
    if kind in ("target", "new_defender", "hit", "shield", "destroy"):
        return f"{who} chooses {_unit(state, action['unit'])}"
    if kind == "boost":
        return f"{who} adds a +{action['face']} die to the attack"
    if kind == "side":
        return f"{who} says {cards.card(action['card'])['name']} helps the {action['side']}"
    if kind == "retrieve":
        return f"{who} retrieves"
    if kind == "take":
        return f"{who} takes {'a destroyed chicken back' if action['what'] == 'chicken' else 'one ' + action['what']}"
    if kind == "return_resource":
        return f"{who} returns one {action['resource']}"
    if kind == "plus_one":
        return f"{who} puts a +1 die on {_unit(state, action['unit'])}"
    if kind == "star":
        return f"{who} spends stars ({action['ability']})"
    if kind == "activate":
        name = cards.card(action["card"])["name"] if "card" in action else _unit(state, action["unit"])
        return f"{who} activates {name}"
    if kind == "discard_scroll":
        return f"{who} discards {cards.card(action['card'])['name']}"
    if kind == "rob":
        return f"{who} makes {colour(action['seat'])} return 2 resources"
    if kind == "nudge":
        return f"{who} moves {_unit(state, action['unit'])} to {action['hex']}"
    if kind == "no_nudge":
        return f"{who} moves no chicken"
    if kind in ("flip", "erupt", "lava_trap", "flood"):
        return f"{who} chooses {action['hex']}"
    if kind == "transmute":
        return f"{who} turns {action['from']} into {action['to']}"
    return f"{who}: {kind}"
