"""Attacks: joint attackers join, the defender may answer with a card, dice, casualties chosen by
their owners, the retreat, and what a Super Army destroys. Also who is out of the game.

The battle lives in `state["battle"]` while someone other than the attacker must decide
(joining, answering, a casualty, a retreat); `state["casualties"]` queues the casualties.
"""

from __future__ import annotations

from ..placement import ranked
from ..rng import Rng
from . import board as B
from .data import strength
from .economy import lose_unit
from .movement import enterable, retreats
from .state import ARMY, alive, occupants, piece, pieces, score

BATTLE_EFFECTS = ("attack", "defence", "lucky", "fewer", "none", "ties")


def declare(state: dict, seat: int, p, target: int) -> None:
    where = occupants(state)
    defender = where[target][0][0]
    battle = {
        "attacker": seat, "piece": p, "from": piece(state, seat, p)["sq"], "target": target,
        "defender": defender, "dpieces": [q for _, q in where[target]], "joiners": [], "ask": [],
        "stage": "join",
    }
    if p == ARMY:
        size = state["size"]
        for other in alive(state):
            army = state["sides"][other]["army"]
            if other not in (seat, defender) and army is not None and army["units"] \
                    and B.distance(army["sq"], target, size) == 1:
                battle["ask"].append(other)
    state["battle"] = battle
    advance(state)


def waiting(state: dict) -> int | None:
    """Who must decide something in the battle now (None: nobody)."""
    if state["casualties"]:
        return state["casualties"][0]["seat"]
    battle = state["battle"]
    if battle is None:
        return None
    if battle["stage"] == "join":
        return battle["ask"][0]
    if battle["stage"] in ("respond", "retreat"):
        return battle["defender"]
    return None


def advance(state: dict) -> None:
    """Move the battle on until someone must decide or it is over."""
    battle = state["battle"]
    if battle["stage"] == "join" and not battle["ask"]:
        battle["stage"] = "respond"  # cards.open_window rolls at once if the defender has no card
    settle(state)


def join(state: dict, seat: int, joins: bool) -> None:
    battle = state["battle"]
    battle["ask"].pop(0)
    if joins:
        battle["joiners"].append(seat)
        state["sides"][seat]["skip"] = True
    advance(state)


def defending_units(state: dict, battle: dict) -> list[str]:
    units = []
    for q in battle["dpieces"]:
        units.extend(piece(state, battle["defender"], q)["units"])
    return units


def _roll(rng: Rng, n: int, lucky: bool) -> list[int]:
    dice = [rng.randint(1, 6) for _ in range(n)]
    if lucky:
        again = [rng.randint(1, 6) for _ in range(n)]
        if sum(again) > sum(dice):
            dice = again
    return dice


def fight(state: dict) -> None:
    battle = state["battle"]
    a, d = battle["attacker"], battle["defender"]
    fa, fd = state["sides"][a]["effects"], state["sides"][d]["effects"]
    a_army, d_army = battle["piece"] == ARMY, battle["dpieces"] == [ARMY]
    units_a = list(piece(state, a, battle["piece"])["units"])
    attack = strength(units_a, "attack") + fa.get("attack", 0)
    attack += sum(strength(state["sides"][j]["army"]["units"], "attack") for j in battle["joiners"])
    base_defence = strength(defending_units(state, battle), "defence")
    defence = base_defence + fd.get("defence", 0)
    before = {"base_a": attack, "base_d": defence}
    rng = Rng(state["rng"])
    dice_a = _roll(rng, 2 if a_army else 1, fa.get("lucky", False))
    dice_d = [] if defence == 0 else _roll(rng, 2 if d_army else 1, fd.get("lucky", False))
    state["rng"] = rng.state
    attack += sum(dice_a)
    defence += sum(dice_d)
    if not dice_d:
        outcome = "attacker"
    else:
        auto = _auto(dice_a, a_army) - _auto(dice_d, d_army)
        if auto:
            outcome = "attacker" if auto > 0 else "defender"
        elif attack != defence:
            outcome = "attacker" if attack > defence else "defender"
        elif fa.get("ties") != fd.get("ties"):
            outcome = "attacker" if fa.get("ties") else "defender"
        else:
            outcome = "tie"
    number = (state["last_battle"] or {}).get("n", 0) + 1
    # Who fought with what, the strengths before the dice and (as casualties are taken) the units
    # lost: what the page and the log tell everyone about the battle.
    state["last_battle"] = {"n": number, "attacker": a, "defender": d, "target": battle["target"], "attack": attack,
                            "defence": defence, "dice_a": dice_a, "dice_d": dice_d, "outcome": outcome,
                            "joiners": list(battle["joiners"]), "army": a_army, "piece": battle["piece"],
                            "dpieces": list(battle["dpieces"]), "units_a": units_a,
                            "units_d": [list((piece(state, d, q) or {}).get("units", [])) for q in battle["dpieces"]],
                            **before, "lost": []}
    battle["outcome"] = outcome
    queue = []
    if outcome == "attacker":
        queue.append(_casualties(d, battle["dpieces"], 2 if a_army else 1, fd))
    elif outcome == "defender":
        queue.append(_casualties(a, [battle["piece"]], 2 if d_army else 1, fa))
        queue.extend({"seat": j, "pieces": [ARMY], "n": 2} for j in battle["joiners"])
    for effects in (fa, fd):
        for key in BATTLE_EFFECTS:
            effects.pop(key, None)
    state["casualties"] = [c for c in queue if c["n"] > 0]
    battle["stage"] = "casualties"


def _auto(dice: list[int], army: bool) -> int:
    """A Super Army's 12 wins outright and its 2 loses outright."""
    if not army:
        return 0
    return 1 if sum(dice) == 12 else -1 if sum(dice) == 2 else 0


def _casualties(seat: int, group: list, n: int, effects: dict) -> dict:
    if effects.get("none") and group == [ARMY]:
        n = 0
    return {"seat": seat, "pieces": list(group), "n": max(0, n - effects.get("fewer", 0))}


def casualty_options(state: dict) -> list[dict]:
    entry = state["casualties"][0]
    out = []
    for q in entry["pieces"]:
        unit = piece(state, entry["seat"], q)
        if unit is not None:
            out.extend({"type": "casualty", "piece": q, "unit": u} for u in sorted(set(unit["units"])))
    return out


def take_casualty(state: dict, q, unit: str) -> None:
    entry = state["casualties"][0]
    piece(state, entry["seat"], q)["units"].remove(unit)
    lose_unit(state, entry["seat"], unit)
    entry["n"] -= 1
    if state["last_battle"] is not None:  # casualties come only from the battle just fought
        state["last_battle"].setdefault("lost", []).append({"seat": entry["seat"], "piece": q, "unit": unit})


def settle(state: dict) -> None:
    """Resolve what needs no choice: single-option casualties, the battle's end, who is out."""
    while True:
        if state["casualties"]:
            options = casualty_options(state)
            if state["casualties"][0]["n"] <= 0 or not options:
                state["casualties"].pop(0)
                continue
            if len(options) == 1:
                take_casualty(state, options[0]["piece"], options[0]["unit"])
                continue
            return
        battle = state["battle"]
        if battle is None or battle["stage"] in ("join", "respond"):
            break
        if battle["stage"] == "casualties":
            _after_casualties(state)
            continue
        if battle["stage"] == "retreat":
            options = retreats(state, battle["defender"], battle["dpieces"][0])
            if len(options) > 1:
                return
            if options:
                finish(state, options[0])
            elif _may_take_attackers_tile(state, battle):
                finish(state, battle["from"])
            else:
                finish(state, None, False)  # D-13: nowhere to go, so both stay
            continue
        break
    eliminate(state)


def _after_casualties(state: dict) -> None:
    battle = state["battle"]
    if battle["outcome"] != "attacker":
        finish(state, None)
        return
    d = battle["defender"]
    if battle["piece"] == ARMY:  # a Super Army destroys generals left with no troops
        for q in battle["dpieces"]:
            if q != ARMY and not state["sides"][d]["generals"][q]["units"]:
                state["sides"][d]["generals"][q] = None
        battle["dpieces"] = [q for q in battle["dpieces"] if q == ARMY or state["sides"][d]["generals"][q]]
    gone = not battle["dpieces"] or battle["dpieces"] == [ARMY] and not state["sides"][d]["army"]["units"]
    if B.barn_owner(state["tiles"][battle["target"]]) == d:
        finish(state, None, False)  # D-6: generals beaten in their own barn stay; so does the attacker
    elif gone:
        finish(state, None, True)
    else:
        battle["stage"] = "retreat"


def _may_take_attackers_tile(state: dict, battle: dict) -> bool:
    """"If the defending General is unable to retreat to an empty tile they move to the attacking
    General's original tile": only where it may stand, and the attacker leaves it empty (not an
    attacker's barn with other generals still in it, nor another faction's barn for a general)."""
    sq = battle["from"]
    left = [o for o in occupants(state).get(sq, []) if o != (battle["attacker"], battle["piece"])]
    return not left and enterable(state, battle["defender"], battle["dpieces"][0], sq)


def finish(state: dict, retreat_to: int | None, moves_in: bool | None = None) -> None:
    battle = state["battle"]
    a, d = battle["attacker"], battle["defender"]
    if battle.get("outcome") == "attacker" and retreat_to is not None:
        piece(state, d, battle["dpieces"][0])["sq"] = retreat_to
        moves_in = True
    if moves_in:
        piece(state, a, battle["piece"])["sq"] = battle["target"]
    state["acted"].append(battle["piece"])
    state["battle"] = None


def retreat(state: dict, sq: int) -> None:
    finish(state, sq)
    settle(state)


def eliminate(state: dict) -> None:
    """A faction whose Super Army has no troops, or with no pieces left, is out."""
    for seat in alive(state):
        side = state["sides"][seat]
        army = side["army"]
        if (army is not None and not army["units"]) or (army is None and not pieces(state, seat)):
            side["out"] = True
            side["out_at"] = state["ply"]  # the placement's elimination order
            side["army"] = None
            for card in side["hand"] + side["plans"]:
                state["discarded"].append(card)
            side["hand"], side["plans"] = [], []
            for r, n in side["resources"].items():
                state["supply"][r] += n
                side["resources"][r] = 0
            for g in side["generals"]:
                if g is not None:
                    for u in g["units"]:
                        lose_unit(state, seat, u)
                    g["units"] = []
            side["generals"] = [None] * len(side["generals"])
    left = alive(state)
    if len(left) == 1 and state["result"] is None:
        state["result"] = {"winners": left, "losers": [s for s in range(state["players"]) if s not in left],
                           "reason": "last_standing"}


def placement(state: dict) -> list[list[int]]:
    """The winners first; then factions still standing (only at the round limit, D-5) by their
    score; then the factions that are out, the later out the better, those put out by the same
    action sharing a place (docs/barnyard.md, "Placement"). A state saved before the order was
    kept: its factions that are out share a place."""
    winners = state["result"]["winners"]

    def key(s: int) -> tuple[int, int]:
        side = state["sides"][s]
        return (0, side.get("out_at", -1)) if side["out"] else (1, score(state, s))

    return [sorted(winners), *ranked((s for s in range(state["players"]) if s not in winners), key)]


def round_limit_result(state: dict) -> dict:
    """D-5, our safety net: after the last round the strongest remaining faction wins (ties share)."""
    scores = {s: score(state, s) for s in alive(state)}
    best = max(scores.values())
    winners = sorted(s for s, v in scores.items() if v == best)
    return {"winners": winners, "losers": [s for s in range(state["players"]) if s not in winners],
            "reason": "round_limit"}

