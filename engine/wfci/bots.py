"""Bots: `skirmisher` (the default fill-in and the normal level), `random`, `expert` (the
skirmisher with a search over the engine at the fights, expert.py), `warlord` (the strong level:
a search over the turn's main choices too, the search package) and `cadet` (the easy level,
levels.py: the skirmisher with slips) can fill any seat;
`challenger` is the solo game's opponent and plays only seat 2 of a solo game (the challenger
package)."""

from __future__ import annotations

from ..errors import IllegalAction
from ..rng import Rng, seed_state
from . import expert, levels, search, turn
from .challenger.bot import bot_action as challenger_action
from .skirmisher import choose

BOTS = ("skirmisher", "random", "expert", "warlord", "challenger", "cadet")
LEVELS = {"easy": "cadet", "normal": "skirmisher", "strong": "warlord"}


def _rng(state: dict, seat: int) -> Rng:
    """Bots draw from a stream derived from the public state, never the game's own RNG, so
    asking a bot for advice changes nothing."""
    return Rng(seed_state(state["seed"] * 1_000_003 + state["steps"] * 7919 + seat))


def random_action(state: dict, seat: int) -> dict:
    """Among the atomic choices: a composite is only a shortcut through them."""
    legal = turn.atomic_legal(state, seat)
    return legal[_rng(state, seat).below(len(legal))]


def bot_action(state: dict, seat: int, bot: str) -> dict:
    if bot not in BOTS:
        raise IllegalAction("wfci.refuse.unknown_bot", bot=repr(bot), choices=list(BOTS))
    if bot == "challenger":
        return challenger_action(state, seat)
    if not turn.legal(state, seat):
        raise IllegalAction("wfci.refuse.nothing_to_decide")
    if bot == "random":
        return random_action(state, seat)
    if bot == "expert":
        return expert.choose(state, seat)
    if bot == "cadet":
        return levels.cadet(state, seat)
    if bot == "warlord":
        return search.choose(state, seat)
    return choose(state, seat)
