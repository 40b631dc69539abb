"""The siege, part of the skirmisher's solo plan: a group of our machines marches on the
Challenger's leader and strikes it with every unit that can, each turn.

Why: waiting behind the screen loses by the turn limit. Its leader takes at most one shield a
turn (the Reinforcement ladder), and its hand grows by 2 a turn while nothing fights. But
every fight in which our strength reaches its armor before any card makes it play half its
hand (at most 8): several strikes a turn wear its hand down, so the later strikes of the turn
meet few cards, and each success takes a shield (or, with none left, tags it). Everything it
reads is public or our own.
"""

from __future__ import annotations

from .. import cards, combat, solo, units
from ..hand import hit_options
from ..state import distance
from . import judge

GROUP = 3  # our machines that can walk before the siege sets off
NEAR = 4  # once one of them is this close to its leader, the siege goes on whatever is left


def walkers(state: dict, seat: int) -> list[dict]:
    return [u for u in state["units"].values() if u["owner"] == seat and u["kind"] == "machine"
            and units.speed(u) > 0]


def on(state: dict, seat: int) -> bool:
    """Enough machines can walk, or some already stand near its leader."""
    leader = state["units"].get(f"lead-{solo.SEAT}")
    if leader is None:
        return False
    ours = walkers(state, seat)
    return len(ours) >= GROUP or any(distance(u["hex"], leader["hex"]) <= NEAR for u in ours)


def reaches_armor(state: dict, seat: int, attacker: dict, defender: dict) -> bool:
    """Our strength before any card (printed, +1 dice, our +2/+3 dice) reaches its armor, so it
    must answer with half its hand ("no scrolls in vain" does not spare it)."""
    s, a = judge.strength(state, attacker, defender)
    return s + judge.boosts(state, seat) >= a


def strike(state: dict, seat: int, legal: list[dict]) -> dict | None:
    """An attack on its leader that it must answer with half its hand: even when it fails it
    wears the hand down for the next strike, and a success takes a shield or tags it."""
    leader = state["units"].get(f"lead-{solo.SEAT}")
    best, pick = None, None
    for a in judge.by_type(legal, "attack"):
        u = state["units"][a["unit"]]
        if leader is None or leader not in combat.reach(state, u) or not reaches_armor(state, seat, u, leader):
            continue
        s, arm = judge.strength(state, u, leader)
        rank = (s - arm, a["pay"] == "claw")
        if best is None or rank > best:
            best, pick = rank, a
    if pick is None:
        return None
    claw = {**pick, "pay": "claw"}
    return claw if claw in legal else pick


def rock(state: dict, seat: int, legal: list[dict]) -> dict | None:
    """A scroll that strips a shield from its leader (Flying Rock) with no fight and no cards:
    played whenever its leader holds one within reach."""
    leader = state["units"].get(f"lead-{solo.SEAT}")
    if leader is None or not leader["shields"]:
        return None
    for a in judge.by_type(legal, "play_scroll"):
        c = cards.card(a["card"])
        hit = c["effect"].get("hit") if c["type"] == "magic" else None
        if hit and leader["id"] in hit_options(state, seat, hit):
            return a
    return None


def advance(state: dict, seat: int, legal: list[dict], march, keep: set) -> dict | None:
    """Our walking machines march on its leader, from anywhere but the hexes in `keep` (the
    screen while its units threaten, and our base)."""
    leader = state["units"].get(f"lead-{solo.SEAT}")
    if leader is None:
        return None
    moves = [a for a in judge.by_type(legal, "move") if a["hex"] not in keep
             and any(u["kind"] == "machine" and units.speed(u) > 0 for u in state["units"].values()
                     if u["owner"] == seat and u["hex"] == a["hex"])]
    return march(state, seat, moves, leader["hex"]) if moves else None


def leaving(state: dict, seat: int, group: list[dict], legal: list[dict]) -> dict | None:
    """A stack of the screen setting off on the siege: its chickens stay (dropped one at a
    time); with only walking machines left, None lets the march take them."""
    if not any(u["kind"] == "machine" and units.speed(u) > 0 for u in group):
        return None
    for u in sorted(group, key=lambda u: u["id"]):
        if (u["kind"] != "machine" or units.speed(u) == 0) and {"type": "drop", "unit": u["id"]} in legal:
            return {"type": "drop", "unit": u["id"]}
    return None
