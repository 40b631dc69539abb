"""Command cards and Battle Plans: one use each, in your turn or, where the card says, when one
of your pieces is attacked. `when` in the data: "turn" (any phase of your turn, forming a Super
Army included), "action" (your Action phase), "attacked" (before the dice, when you defend).
"""

from __future__ import annotations

from . import board as B
from .battle import finish, fight, settle
from .data import RESOURCES, TROOPS, UNITS, card_kind, is_plan, card_info
from .economy import take_unit
from .state import ARMY, ARMY_CAP, GENERAL_CAP, asked_when_attacked, piece, pieces

TURN_PHASES = ("action", "marshal", "transfer")


def _params(state: dict, seat: int, kind: str) -> list[dict]:
    """Every way to play a card of this kind now ([] if it would do nothing)."""
    side = state["sides"][seat]
    res = side["resources"]
    size = state["size"]
    mine = [p for p in pieces(state, seat)]
    gens = [p for p in mine if p != ARMY]
    army = side["army"]
    if kind == "bumper_crop":
        return [{"resource": r} for r in RESOURCES if state["supply"][r] > 0]
    if kind == "barter":
        return [{"give": g, "take": t} for g in RESOURCES if res[g] > 0
                for t in RESOURCES if t != g and state["supply"][t] >= 2]
    if kind == "raid":
        out = []
        squares = [piece(state, seat, p)["sq"] for p in mine]
        for other in range(state["players"]):
            if other == seat or state["sides"][other]["out"]:
                continue
            near = any(B.distance(piece(state, other, q)["sq"], sq, size) <= 1
                       for q in pieces(state, other) for sq in squares)
            if near:
                out.extend({"seat": other, "resource": r} for r in RESOURCES
                           if state["sides"][other]["resources"][r] > 0)
        return out
    if kind == "double_harvest":
        return [{}] if gens and not side["effects"].get("double") else []
    if kind == "conscripts":
        return [{"unit": t, "piece": p} for p in gens if len(piece(state, seat, p)["units"]) < GENERAL_CAP
                for t in TROOPS if state["pool"][t] > 0]
    if kind in ("war_drums", "siege_engines"):
        return [{}] if "attack" not in side["effects"] else []
    if kind == "second_wind":
        return [{"piece": p} for p in gens if p in state["acted"]]
    if kind == "deep_mud":
        return [{"seat": o, "piece": q} for o in range(state["players"]) if o != seat
                for q in pieces(state, o) if q != ARMY and [o, q] not in state["mud"]]
    if kind in ("dig_in", "shield_wall"):  # Dig In: any of your pieces; Shield Wall: your Super Army
        battle = state["battle"]
        ok = battle is not None and (kind == "dig_in" or battle["dpieces"] == [ARMY])
        return [{}] if ok and "defence" not in side["effects"] else []
    if kind == "decoy":
        battle = state["battle"]
        return [{}] if battle is not None and ARMY not in battle["dpieces"] else []
    if kind == "lucky_horseshoe":
        return [{}] if "lucky" not in side["effects"] else []
    if kind == "last_stand":
        return [{}] if "fewer" not in side["effects"] else []
    if kind == "war_cry":
        return [{}] if "ties" not in side["effects"] else []
    if kind == "iron_discipline":
        return [{}] if army is not None and "none" not in side["effects"] else []
    if kind == "flanking_march":
        return [{}] if army is not None and ARMY not in state["acted"] and not side["effects"].get("march") else []
    if kind == "call_to_arms":
        return [{}] if army is not None and len(army["units"]) < ARMY_CAP and any(state["pool"].values()) else []
    if kind == "bombardment":
        if army is None:
            return []
        return [{"seat": o, "piece": q} for o in range(state["players"]) if o != seat
                for q in pieces(state, o) if q != ARMY and piece(state, o, q)["units"]
                and B.distance(piece(state, o, q)["sq"], army["sq"], size) == 1]
    if kind == "rapid_redeploy":  # not on the turn it formed: "A Super Army cannot move on the same turn"
        return [{}] if army is not None and ARMY in state["acted"] and not side["effects"].get("formed") else []
    return []


def plays(state: dict, seat: int, moment: str) -> list[dict]:
    """moment: "action", "turn" (marshal or transfer phase) or "attacked"."""
    side = state["sides"][seat]
    out = []
    for card in side["hand"] + side["plans"]:
        when = card_info(card)["when"]
        fits = (moment in when) or (moment == "action" and "turn" in when)
        if fits:
            out.extend(dict({"type": "play", "card": card}, **params) for params in _params(state, seat, card_kind(card)))
    return out


def defender_cards(state: dict, seat: int) -> list[dict]:
    return plays(state, seat, "attacked")


def open_window(state: dict) -> None:
    """The battle waits for the defender while they hold any card and have not asked to let the
    dice roll at once (D-9); what the cards are never decides it, so waiting reveals nothing."""
    battle = state["battle"]
    if battle is not None and battle["stage"] == "respond" and not asked_when_attacked(state, battle["defender"]):
        fight(state)
        settle(state)


def play(state: dict, seat: int, action: dict) -> None:
    side = state["sides"][seat]
    card = action["card"]
    (side["plans"] if is_plan(card) else side["hand"]).remove(card)
    state["played"].append(card)
    kind = card_kind(card)
    effects = side["effects"]
    res = side["resources"]
    if kind == "bumper_crop":
        _gain(state, res, action["resource"], 1)
    elif kind == "barter":
        res[action["give"]] -= 1
        state["supply"][action["give"]] += 1
        _gain(state, res, action["take"], 2)
    elif kind == "raid":
        state["sides"][action["seat"]]["resources"][action["resource"]] -= 1
        res[action["resource"]] += 1
    elif kind == "double_harvest":
        effects["double"] = True
    elif kind == "conscripts":
        take_unit(state, seat, action["unit"])
        piece(state, seat, action["piece"])["units"].append(action["unit"])
    elif kind in ("war_drums", "siege_engines"):
        effects["attack"] = 2 if kind == "war_drums" else 4
    elif kind == "second_wind":
        state["acted"].remove(action["piece"])
    elif kind == "deep_mud":
        state["mud"].append([action["seat"], action["piece"]])
    elif kind in ("dig_in", "shield_wall"):
        effects["defence"] = 2 if kind == "dig_in" else 4
    elif kind == "decoy":
        state["battle"]["outcome"] = "called_off"
        finish(state, None)
    elif kind == "lucky_horseshoe":
        effects["lucky"] = True
    elif kind == "last_stand":
        effects["fewer"] = 1
    elif kind == "war_cry":
        effects["ties"] = True
    elif kind == "iron_discipline":
        effects["none"] = True
    elif kind == "flanking_march":
        effects["march"] = True
    elif kind == "call_to_arms":
        army = side["army"]
        best = sorted(TROOPS, key=lambda t: (-(UNITS[t]["attack"] + UNITS[t]["defence"]), t))
        for _ in range(3):
            left = [t for t in best if state["pool"][t] > 0]
            if not left or len(army["units"]) >= ARMY_CAP:
                break
            take_unit(state, seat, left[0])
            army["units"].append(left[0])
    elif kind == "bombardment":
        state["casualties"].append({"seat": action["seat"], "pieces": [action["piece"]], "n": 2})
        settle(state)
    elif kind == "rapid_redeploy":
        state["acted"].remove(ARMY)
    open_window(state)


def _gain(state: dict, res: dict, r: str, n: int) -> None:
    n = min(n, state["supply"][r])
    state["supply"][r] -= n
    res[r] += n




