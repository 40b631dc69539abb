"""How a sampled world is played on and judged. The world is dealt from the seat's view
(expert.determinize); every seat then plays the skirmisher's policy (the Challenger's own bot
for its seat) for HORIZON steps, about two rounds at two players, and the position is judged:
a finished game is a win or a loss, an unfinished one is the expert's score (tags, machines,
flags) refined by material, cards in hand and how near each side's machines stand to the
other's leader, so that two plans which tag nobody within the horizon still differ; in
capture the flag, by how many steps each flag held has left to walk home."""

from __future__ import annotations

from .. import expert, flag, solo, teams, turn
from ..challenger.bot import bot_action as challenger_action
from ...errors import IllegalAction
from ..skirmisher import choose as skirmish
from ..skirmisher.judge import value, walk_to
from ..state import distance

HORIZON = 40  # steps played on before the position is judged
FLAG_WEIGHT = 0.4  # a flag held far from home is worth 0.2 (a tag's worth), each step home 0.017


def _side(state: dict, seat: int) -> tuple:
    return teams.team_of(seat) if teams.playing(state) else (seat,)


def _nearest(state: dict, units: list[dict], leaders: list[dict]) -> int:
    hexes = [u["hex"] for u in units if u.get("hex")]
    goals = [u["hex"] for u in leaders if u.get("hex")]
    if not hexes or not goals:
        return 12
    return min(12, min(distance(a, b) for a in hexes for b in goals))


def _homecoming(state: dict, owner: int) -> float:
    """Capture the flag: each flag `owner` holds, 0.5 for holding it and up to 0.5 more as it
    nears home, by the steps left to walk (the expert counts hexes as the crow flies, so a
    march round a lake looks no better than standing still)."""
    walk = walk_to(state, state["seats"][owner]["base"])
    return sum(0.5 + 0.5 * (1 - min(walk.get(u["hex"], 12), 12) / 12) for u in flag.trophies(state, owner))


def _flags(state: dict, side: tuple) -> float:
    """Our flags on their way home against the opponent's nearest to winning, in [-1, 1]. A
    term for how near our units stand to their flag was tried and left out: with the marches
    searched too, it drew all of 4 games against the expert (docs/bots.md)."""
    others = [s for s in range(state["players"]) if s not in side]
    mine = sum(_homecoming(state, s) for s in side)
    theirs = max((_homecoming(state, s) for s in others), default=0.0)
    return max(-1.0, min(1.0, mine - theirs))


def judge(state: dict, seat: int) -> float:
    """In [0, 1]: the expert's score plus small refinements, each clamped so that they never
    outweigh a single tag (0.2); in capture the flag the flags' way home, the game's goal,
    weighs up to 0.4."""
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
    if flag.playing(state):
        extra += FLAG_WEIGHT * _flags(state, side)
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
        world = turn.apply_action(world, who, policy(world, who), known_legal=True)
    return judge(world, seat)


def try_option(world: dict, seat: int, option: dict, horizon: int = HORIZON) -> float | None:
    """The option's value in this world, or None when this world refuses it (a card the
    sampled deal made impossible): such a world says nothing about the option."""
    try:
        after = turn.apply_action(world, seat, option)  # apply never mutates `world`
    except IllegalAction:
        return None
    return play_on(after, seat, horizon)
