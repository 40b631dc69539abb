"""The last stand, part of the skirmisher's solo plan: late in a game, it stops waiting.

Why: the solo game has no round limit in print, and the plan's patience (the screen, strikes
only on good odds, the siege only with three walkers) can freeze a game for good. Traced on
the Long bay: from round 60 or so the Challenger's leader holds 7 or 8 shields behind a ring of
its machines next to its base, our walkers stand 3 to 10 steps away, and often nothing moves
for the rest of the game (once the scroll deck is in the hands, not even its hand changes).
A person would not wait for ever, so from round START on every unit of ours but the leader
marches on its leader and fights whatever of its stands in reach, its leader above all, the
best odds first; the screen is given up, so its machines come for our leader too. From ALL_IN
on, our leader goes as well. Either side then wins within a few rounds. Every fight we start
in the last stand gets our +2/+3 dice and helpful scrolls (solo.fight): in classic solo its
machines and chickens fill the neck of its territory, and fights on them held back for a
strike on its leader that never comes froze Long bay games until the turn limit (with them,
7 of 90 classic games reach it instead of 14, seeds 0-89). The 7 left had a guard of its on
the gate of its territory that its Command dice never reach and our fights never get through:
from ALL_IN on, when nothing of its has a way to our leader and no fight of ours has a fair
chance, a stack of ours steps aside so that its units come out (the gate, below).
"""

from __future__ import annotations

from .. import combat, priority, solo, units
from ..movement import _predicates, destinations
from ..state import island, pt
from . import judge

START = 60  # the round from which the plan stops waiting
ALL_IN = 75  # the round from which our leader goes too
PAY = {"car": 0, "extra": 1, "claw": 2, "free": 3}
GATE_ODDS = 0.2  # below this chance in every fight we could start, we open the way instead


def on(state: dict) -> bool:
    return state["round"] >= START


def all_in(state: dict) -> bool:
    """Some games stay frozen even so (its machines fight our chickens as they come, or our
    walker next to its leader never gets through): then our leader marches and fights too."""
    return state["round"] >= ALL_IN


def _its_leader(state: dict):
    return state["units"].get(f"lead-{solo.SEAT}")


def fight(state: dict, seat: int, legal: list[dict], odds) -> dict | None:
    """The attack on its leader with the best odds; else the best odds on any of its units in
    reach. `odds(attacker, defender)` is the plan's chance of success."""
    leader = _its_leader(state)
    best, pick = None, None
    for a in judge.by_type(legal, "attack"):
        u = state["units"][a["unit"]]
        for t in combat.reach(state, u):
            if t["owner"] != solo.SEAT:
                continue
            s, arm = judge.strength(state, u, t)
            rank = (t is leader, odds(u, t), s - arm, a["pay"] == "claw")
            if best is None or rank > best:
                best, pick = rank, a
    if pick is None:
        return None
    claw = {**pick, "pay": "claw"}
    return claw if claw in legal else pick


def _walkers(state: dict, seat: int, key: str) -> list[dict]:
    """What of ours sets off from a hex: everything but our leader, which stays home until
    ALL_IN."""
    return [u for u in state["units"].values() if u["owner"] == seat and u["hex"] == key
            and (u["kind"] != "leader" or all_in(state))]


def advance(state: dict, seat: int, legal: list[dict]) -> dict | None:
    """The move that brings a stack of ours nearest its leader (the cheapest payment first)."""
    leader = _its_leader(state)
    if leader is None:
        return None
    walk = judge.walk_to(state, leader["hex"])
    best, pick = None, None
    for a in judge.by_type(legal, "move"):
        group = _walkers(state, seat, a["hex"])
        if not group:
            continue
        here = walk.get(a["hex"], 99)
        dests = destinations(state, seat, group, a["hex"], max(units.speed(u) for u in group))
        gain = here - min((walk.get(k, 99) for k in dests), default=here)
        if gain <= 0:
            continue
        rank = (gain, -PAY[a["pay"]])
        if best is None or rank > best:
            best, pick = rank, a
    return pick


def move(state: dict, seat: int, frame: dict, legal: list[dict]) -> dict:
    """Our leader is left at home until ALL_IN (the plan drops it first); the rest go as near
    its leader as they can."""
    leader = _its_leader(state)
    walk = judge.walk_to(state, leader["hex"]) if leader else {}
    now = walk.get(frame["hex"], 99)
    target = min(judge.by_type(legal, "move_to"), key=lambda a: (walk.get(a["hex"], 99), a["hex"]), default=None)
    if target is not None and walk.get(target["hex"], 99) < now:
        return target
    return {"type": "end_move"} if {"type": "end_move"} in legal else {"type": "cancel"}


# -- the gate: its guard there never moves, so we let its units out -----------------------

def its_way(state: dict) -> bool:
    """Whether a unit of its can get any closer to our leader (the Challenger's move toward
    your leader, rules section 10, with our units in the way)."""
    ours = state["units"].get(f"lead-{solo.HUMAN}")
    if ours is None:
        return True
    isl, goal = island(state), pt(ours["hex"])
    for u in state["units"].values():
        if u["owner"] != solo.SEAT or units.speed(u) <= 0:
            continue
        can_enter, can_stop = _predicates(state, solo.SEAT, [u])
        start = pt(u["hex"])
        if priority.step_toward(isl, start, goal, units.speed(u), can_enter, can_stop) != start:
            return True
    return False


def _opens(state: dict, group: list[dict], key: str) -> bool:
    """Whether our group standing on `key` would leave its units a way to our leader."""
    was = [u["hex"] for u in group]
    for u in group:
        u["hex"] = key
    try:
        return its_way(state)
    finally:
        for u, k in zip(group, was):
            u["hex"] = k


def hopeless(state: dict, seat: int, odds) -> bool:
    """No unit of ours has a unit of its in reach with a fair chance."""
    for u in state["units"].values():
        if u["owner"] != seat:
            continue
        for t in combat.reach(state, u):
            if t["owner"] == solo.SEAT and odds(u, t) >= GATE_ODDS:
                return False
    return True


def barred(state: dict, seat: int, odds) -> bool:
    """Late in the game, its units have no way to our leader and ours have no fair fight: in
    classic solo on the Long bay its guard stands on the gate of its territory, late in its
    activation order (its Command dice never reach it), and our one fight a turn on it never
    gets through its hand."""
    return all_in(state) and not its_way(state) and hopeless(state, seat, odds)


def open_gate(state: dict, seat: int, legal: list[dict], odds) -> dict | None:
    """The move of a stack of ours in front of its units that gives them a way out (the
    cheapest payment). Only a stack in reach of its units: stacks further back stay put (moving
    them back and forth froze a standard game)."""
    if not barred(state, seat, odds):
        return None
    best, pick = None, None
    for a in judge.by_type(legal, "move"):
        group = _walkers(state, seat, a["hex"])
        if not group or not _in_front(group, state):
            continue
        dests = destinations(state, seat, group, a["hex"], max(units.speed(u) for u in group))
        if any(_opens(state, group, k) for k in dests):
            rank = -PAY[a["pay"]]
            if best is None or rank > best:
                best, pick = rank, a
    return pick


def _in_front(group: list[dict], state: dict) -> bool:
    """Whether a unit of its is in reach of our group."""
    return any(t["owner"] == solo.SEAT for u in group for t in combat.reach(state, u))


def gate_move(state: dict, seat: int, frame: dict, legal: list[dict]) -> dict | None:
    """In a move that opens the gate: the step that opens it, nearest its leader."""
    group = [state["units"][u] for u in frame["group"]]
    if its_way(state) or not _in_front(group, state):
        return None
    leader = _its_leader(state)
    walk = judge.walk_to(state, leader["hex"]) if leader else {}
    opening = [a for a in judge.by_type(legal, "move_to") if _opens(state, group, a["hex"])]
    return min(opening, key=lambda a: (walk.get(a["hex"], 99), a["hex"]), default=None)
