"""The star table (rules section 5): stars spent together, outside a fight, in your own
Take-actions step. Each ability may be bought again while stars last.

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
from . import actions, cards, dice, scrolls, units, victory
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
    if stars >= 1 and (state["decks"]["machine"] or state["decks"]["machine_discard"]):
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
