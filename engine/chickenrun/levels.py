"""Chicken Run's levels around the sensible bot.

"chick" (easy) and "hen" (normal) weigh the board like the sensible bot but now and then take
its second or third idea instead of its best (the chick at 70% of its choices of a pyramid, the
hen at 40%): a plausible slip, never a random move. "fox" (strong) plans its
whole phase at once (foxplan.py): every way to spend the points rolled, the best few boards
weighed over every roll of the next round. The chick and the hen draw only from a stream seeded
by the seat's view; the fox samples nothing (the dice to come are the one thing a view hides, and it
averages over all of them).
"""

from __future__ import annotations

from ..levels import slip, view_rng
from . import bots as S
from . import foxplan
from . import turns as T
from .view import build_view

# Shares of the decisions that take a lesser idea: the chick (easy) and the hen (normal). The dice
# weigh so much in Chicken Run that no bot beats the sensible one in 65% of games (a fox that
# knew the dice to come won 59%), so the levels sit below it, each 65% or more above the next.
CHICK_RATE = 0.7
HEN_RATE = 0.4
SLIP_DEPTH = 3       # ... among the sensible bot's best this many


def choose(state: dict, seat: int, bot: str) -> dict:
    legal = T.legal_actions(state, seat)
    if not legal:
        return S.choose(state, seat, bot)  # its refusal: nothing to decide
    if bot == "chick":
        return chick(state, seat, legal)
    if bot == "hen":
        return chick(state, seat, legal, HEN_RATE, 4)
    return fox(state, seat, legal)


def chick(state: dict, seat: int, legal: list[dict], rate: float = CHICK_RATE, salt: int = 1) -> dict:
    """A slip is only a choice of which pyramid to move (or to stop): once one is picked up,
    the chick moves it as well as it can, so it never dithers between pyramids."""
    ideas = S.ranked(state, seat, legal)
    if T.selection(state) is not None:
        return _follow_through(ideas)
    rng = view_rng(build_view(state, seat), salt)
    if len(ideas) > 1 and slip(rng, rate):
        return ideas[1 + rng.below(min(SLIP_DEPTH, len(ideas)) - 1)]
    return ideas[0]


def _follow_through(ideas: list[dict]) -> dict:
    """With a pyramid picked up: its best step or tackle, unless stopping beats every one."""
    moving = [a for a in ideas if a["type"] != "select"]
    return moving[0] if moving and moving[0]["type"] in ("step", "tackle") else ideas[0]


def fox(state: dict, seat: int, legal: list[dict]) -> dict:
    """The first action of the best whole-phase plan; the sensible pick should a house rule
    forbid it (under "Use every point" ending early is not allowed)."""
    action = foxplan.plan_action(state, seat)
    return action if action in legal else S.ranked(state, seat, legal)[0]
