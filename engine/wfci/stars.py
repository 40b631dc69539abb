"""The star table (rules section 5): stars spent together, outside a fight, in your own
Take-actions step. Each ability may be bought again while stars last. Classic also offers the
star abilities printed on cards at any decision (`any_time`, D-W25).

| stars | ability (action)                                                              |
|   1   | `stock`: the stock goes back into the machine deck, 4 new cards come out      |
|   2   | `swap`: draw a scroll, then discard a scroll                                  |
|   3   | `draw`: draw a scroll                                                         |
|   4   | `shield`: a shield on one of your units or your leader                        |
|   4   | `supply` (D-5): draw a scroll, all destroyed chickens come home, resources to 9 |
|   5   | `untag`: one opponent's humiliation tag leaves your banner                    |
"""

from __future__ import annotations

from ..messages import msg
from . import actions, cards, cockfight, dice, hand, scrolls, solo, units, victory
from .state import note, ruleset, who

COST = {"stock": 1, "swap": 2, "draw": 3, "shield": 4, "supply": 4, "untag": 5}


def _can_draw(state: dict) -> bool:
    return bool(state["decks"]["scroll"] or (state["decks"]["scroll_discard"]
                                             and ruleset(state).catastrophe_aftermath != "none"))


def star_actions(state: dict, seat: int) -> list[dict]:
    stars = dice.count(state, seat, "star")
    if not stars:
        return []
    s = state["seats"][seat]
    out = []
    if stars >= 1 and (state["decks"]["machine"] or state["decks"]["machine_discard"]) and not ruleset(state).no_machines:
        out.append({"type": "star", "ability": "stock"})
    if stars >= 2 and _can_draw(state):
        out.append({"type": "star", "ability": "swap"})
    if stars >= 3 and _can_draw(state):
        out.append({"type": "star", "ability": "draw"})
    if stars >= 4:
        if state["supply"]["shields"] > 0:
            out.append({"type": "star", "ability": "shield"})
        out.append({"type": "star", "ability": "supply"})
    if stars >= 5:
        for opp in sorted(set(s["tags"])):
            out.append({"type": "star", "ability": "untag", "seat": opp})
    return out


def use(state: dict, seat: int, action: dict):
    ability = action["ability"]
    dice.spend(state, seat, "star", COST[ability])
    note(state, msg("wfci.event.spends_stars", who=who(seat), n=COST[ability], ability=msg(f"wfci.star_ability.{ability}")))
    if ability == "stock":
        actions.new_stock(state)
    elif ability == "swap":
        scrolls.draw(state, seat, 1)
        if state["seats"][seat]["hand"]:
            state["stack"].append({"kind": "discard_scroll", "seat": seat, "count": 1})
    elif ability == "draw":
        scrolls.draw(state, seat, 1)
    elif ability == "shield":
        state["stack"].append({"kind": "shield_target", "seat": seat})
    elif ability == "supply":
        resupply(state, seat)
    elif ability == "untag":
        victory.remove_tag(state, seat, action["seat"])


def resupply(state: dict, seat: int):
    """D-5's 4-star row: a scroll, every destroyed chicken home, and resources up to 9 taken
    in turn wood, stone, metal while the supply lasts (no choice, to keep it one click)."""
    scrolls.draw(state, seat, 1)
    scrolls.hatch(state, seat, len(state["seats"][seat]["destroyed"]))
    res = state["seats"][seat]["res"]
    cap = 9 if ruleset(state).resource_cap is None else min(9, ruleset(state).resource_cap)
    while sum(res.values()) < cap and any(state["supply"][r] for r in cards.RESOURCES):
        for r in cards.RESOURCES:
            if sum(res.values()) < cap and state["supply"][r]:
                state["supply"][r] -= 1
                res[r] += 1


def shield_legal(state: dict, frame: dict) -> list[dict]:
    return [{"type": "shield", "unit": u["id"]}
            for u in sorted(state["units"].values(), key=lambda u: u["id"]) if u["owner"] == frame["seat"]]


def shield_apply(state: dict, frame: dict, action: dict):
    state["stack"].pop()
    unit = state["units"][action["unit"]]
    units.give_shield(state, unit)
    note(state, msg("wfci.event.gains_shield", unit=units.name(state, unit)))


# -- classic: star abilities on cards at any time (1st ed. 4.3, D-W25) -----------------------

ANY_TIME_FRAMES = ("turn", "combat")  # the steps of a turn and the stages of a fight


def any_time(state: dict, frame: dict) -> list[dict]:
    """Classic lets a card's star ability be used "at any time during any player's turn": it
    is offered at every decision of a turn step or a fight stage, whoever's turn it is (the
    Take-actions step offers it already). A range boost lasts "this turn", so only your own."""
    seat = frame["seat"]
    if (not ruleset(state).star_abilities_any_time or frame["kind"] not in ANY_TIME_FRAMES
            or (frame["kind"] == "turn" and frame["step"] == "actions") or solo.is_challenger(state, seat)):
        return []
    own_turn = state["stack"][0]["seat"] == seat
    return [a for a in hand.activations(state, seat) if own_turn or "range_boost" not in _ability(state, a)["do"]]


def _ability(state: dict, action: dict) -> dict:
    if "card" in action:
        return cockfight.effect(state, action["card"])[action["ability"]]
    return units.abilities(state["units"][action["unit"]])[action["ability"]]


def use_any_time(state: dict, seat: int, action: dict):
    """The ability, then the decision that was waiting is asked again; a star die spent in
    the roll or reroll step is no longer there to be picked."""
    hand.activate(state, seat, action)
    frame = state["stack"][0]
    if frame["seat"] == seat and frame["kind"] == "turn":
        spent = set(state["seats"][seat]["spent"])
        frame["selected"] = [d for d in frame["selected"] if d not in spent]
