"""How a sampled world is played on and judged. The world is dealt from the seat's view
(expert.determinize); every seat then plays the skirmisher's policy (the Challenger's own bot
for its seat) for HORIZON steps, about two rounds at two players, and the position is judged:
a finished game is a win or a loss, an unfinished one is the expert's score (tags, machines,
flags) refined by material, cards in hand and how near each side's machines stand to the
other's leader, so that two plans which tag nobody within the horizon still differ."""

from __future__ import annotations

from .. import expert, solo, teams, turn
from ..challenger.bot import bot_action as challenger_action
from ...errors import IllegalAction
from ..skirmisher import choose as skirmish
from ..skirmisher.judge import value
from ..state import distance

HORIZON = 40  # steps played on before the position is judged


def _side(state: dict, seat: int) -> tuple:
    return teams.team_of(seat) if teams.playing(state) else (seat,)


def _nearest(state: dict, units: list[dict], leaders: list[dict]) -> int:
    hexes = [u["hex"] for u in units if u.get("hex")]
    goals = [u["hex"] for u in leaders if u.get("hex")]
    if not hexes or not goals:
        return 12
    return min(12, min(distance(a, b) for a in hexes for b in goals))


def judge(state: dict, seat: int) -> float:
    """In [0, 1]: the expert's score plus small refinements, each clamped so that they never
    outweigh a single tag (0.2)."""
    base = expert.score(state, seat)
    if state["result"] is not None:
        return base
    side = _side(state, seat)
    foes = max(state["players"] - len(side), 1)
    ours = [u for u in state["units"].values() if u["owner"] in side]
    theirs = [u for u in state["units"].values() if u["owner"] not in side]
    material = sum(value(u) for u in ours if u["kind"] != "leader") \
        - sum(value(u) for u in theirs if u["kind"] != "leader") / foes
    hand = sum(len(state["seats"][m]["hand"]) for m in side) \
        - sum(len(s["hand"]) for s in state["seats"] if s["seat"] not in side) / foes
    threat = _nearest(state, [u for u in theirs if u["kind"] == "machine"],
                      [u for u in ours if u["kind"] == "leader"]) \
        - _nearest(state, [u for u in ours if u["kind"] == "machine"],
                   [u for u in theirs if u["kind"] == "leader"])
    extra = 0.004 * max(-15, min(15, material)) + 0.006 * max(-5, min(5, hand)) + 0.004 * max(-8, min(8, threat))
    return max(0.0, min(1.0, base + extra))


def policy(state: dict, seat: int) -> dict:
    """The default policy of a playout: the Challenger's forced choice for its seat, else the
    skirmisher's."""
    if solo.is_challenger(state, seat):
        return challenger_action(state, seat)
    return skirmish(state, seat)


def play_on(world: dict, seat: int, horizon: int = HORIZON) -> float:
    """Play the world on with everybody's default policy and judge it from `seat`'s side."""
    for _ in range(horizon):
        if world["result"] is not None:
            break
        who = world["stack"][-1]["seat"]
        world = turn.apply_action(world, who, policy(world, who))
    return judge(world, seat)


def try_option(world: dict, seat: int, option: dict, horizon: int = HORIZON) -> float | None:
    """The option's value in this world, or None when this world refuses it (a card the
    sampled deal made impossible): such a world says nothing about the option."""
    try:
        after = turn.apply_action(world, seat, option)  # apply never mutates `world`
    except IllegalAction:
        return None
    return play_on(after, seat, horizon)
