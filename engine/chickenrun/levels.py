"""Chicken Run's easy and strong bots around the sensible one.

"chick" (easy) weighs the board like the sensible bot but now and then takes its second or
third idea instead of its best: a plausible slip, never a random move. "fox" (strong) checks
the sensible bot's few best ideas by playing each out with the sensible bot (a pyramid picked
up is moved before another is), to the end of the next round, over the same few dice futures; it keeps the sensible pick unless another does
clearly better. Both draw only from a stream seeded by the seat's view (the dice to come are
the one thing a view hides, and each future gets dice of its own).
"""

from __future__ import annotations

from ..levels import flat_search, slip, view_rng
from . import bots as S
from . import turns as T
from .view import build_view

SLIP_RATE = 0.55      # share of the chick's decisions that take a lesser idea
SLIP_DEPTH = 3       # ... among the sensible bot's best this many
FOX_WORLDS = 6       # dice futures each idea is played out in
FOX_IDEAS = 4        # ideas tried, the sensible pick first
FOX_ROUNDS = 1       # rounds played out after the current one
FOX_MARGIN = 2.0     # mean evaluation points another idea must gain
MAX_STEPS = 400      # safety cap on one play-out


def choose(state: dict, seat: int, bot: str) -> dict:
    legal = T.legal_actions(state, seat)
    if not legal:
        return S.choose(state, seat, bot)  # its refusal: nothing to decide
    return chick(state, seat, legal) if bot == "chick" else fox(state, seat, legal)


def chick(state: dict, seat: int, legal: list[dict]) -> dict:
    """A slip is only a choice of which pyramid to move (or to stop): once one is picked up,
    the chick moves it as well as it can, so it never dithers between pyramids."""
    ideas = S.ranked(state, seat, legal)
    if T.selection(state) is not None:
        return _follow_through(ideas)
    rng = view_rng(build_view(state, seat), 1)
    if len(ideas) > 1 and slip(rng, SLIP_RATE):
        return ideas[1 + rng.below(min(SLIP_DEPTH, len(ideas)) - 1)]
    return ideas[0]


def _follow_through(ideas: list[dict]) -> dict:
    """With a pyramid picked up: its best step or tackle, unless stopping beats every one."""
    moving = [a for a in ideas if a["type"] != "select"]
    return moving[0] if moving and moving[0]["type"] in ("step", "tackle") else ideas[0]


def fox(state: dict, seat: int, legal: list[dict]) -> dict:
    """Once a pyramid is picked up, only its steps, tackles and stopping are weighed: the fox
    never swaps pyramids half-way (nor could it dither between two)."""
    ideas = S.ranked(state, seat, legal)
    if T.selection(state) is not None:
        first = _follow_through(ideas)
        ideas = [first] + [a for a in ideas if a["type"] != "select" and a != first]
    ideas = ideas[:FOX_IDEAS]
    if len(ideas) < 2:
        return ideas[0]
    rng = view_rng(build_view(state, seat), 2)
    worlds = []
    for _ in range(FOX_WORLDS):
        world = dict(state)
        world["rng"] = rng.next64()
        worlds.append(world)
    return flat_search(state, seat, ideas, worlds, _play_out, FOX_MARGIN)


def _play_out(world: dict, seat: int, action: dict) -> float:
    state = T.apply_action(world, seat, action)
    last = world["round"] + FOX_ROUNDS
    for _ in range(MAX_STEPS):
        actor = T.acting_seat(state)
        if actor is None or state["round"] > last:
            break
        ideas = S.ranked(state, actor, T.legal_actions(state, actor))
        # An idea is followed through: a pyramid picked up in the play-out is moved, so picking
        # up another one is judged by where it goes, not undone by the next re-plan.
        state = T.apply_action(state, actor, _follow_through(ideas) if T.selection(state) else ideas[0])
    result = state["result"]
    if result is not None:
        if seat in result["winners"]:
            return S.WIN
        return -S.WIN if result["winners"] else 0.0
    return S.evaluate(state["board"], seat, S.STAMPEDE in state["rules"])
