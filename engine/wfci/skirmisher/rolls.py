"""Which dice the skirmisher rolls again in a solo game, and how it pays a paid reroll."""

from __future__ import annotations

from .. import cards
from ..state import distance
from . import cut, judge, siege, solo, stand


def rerolls(state: dict, seat: int) -> set:
    """+2/+3 faces only help a fight we start: far from its leader and with no intruder, they
    are rolled again (with the dice the skirmisher rolls again anyway) for Claws (actions),
    Chickens (the screen) and +1s. In the last stand, every 1, Chicken and Star instead, and
    the +1 dice on our units come back: with four of five on units, one fight a turn held
    random-island classic seeds 1 and 34 at the turn limit."""
    if not solo.joined(state, seat) and cut.idle(state, seat):
        return cut.idle_dice(state, seat)  # nothing to fight across the lava: a Star, or Claws
    if stand.on(state):  # the last stand fights: every die not a Claw or a +2/+3 is rolled again
        return _showing(state, seat, PAID) | {d for u in state["units"].values() if u["owner"] == seat for d in u["dice"]}
    leader = solo.its_leader(state)
    near = leader is not None and any(u["owner"] == seat and u["kind"] != "chicken" and distance(u["hex"], leader["hex"]) <= 3
                                      for u in state["units"].values())
    if near or solo.intruders(state, seat):
        return set()
    return _showing(state, seat, ("2", "3"))


PAID = ("1", "chicken", "star")  # faces bought again whenever the reroll can be paid


def paid_rerolls(state: dict, seat: int) -> set:
    """Claws (one more action each) and +2/+3 (stronger strikes) win solo games; a 1, a Chicken
    or a Star rarely does, so they are rolled again whenever the reroll is offered (only when
    we can pay) and a machine of ours can walk; before that, resources build walkers. Seeds
    0-359, standard, Long bay: 121 wins of 360, against 69 with no reroll (seeds 0-179: 56 wins
    with the walker condition, 41 without it)."""
    return _showing(state, seat, PAID) if siege.walkers(state, seat) else set()


def pay_reroll(state: dict, seat: int, legal: list[dict]) -> dict:
    """The payment that leaves the most of our scarcest resource."""
    pays = judge.by_type(legal, "reroll")
    if not pays:
        return {"type": "keep"}
    res = state["seats"][seat]["res"]
    return max(pays, key=lambda a: min(res[r] - a["pay"].count(r) for r in cards.RESOURCES))


def _showing(state: dict, seat: int, faces: tuple) -> set:
    """Our banner dice showing one of these faces."""
    return {d["id"] for d in state["seats"][seat]["banner"] if d["face"] in faces}

