"""Bots: "general" (plays to win), "random" (uniform over the legal actions), and the levels
around the general: "recruit" (easy) and "marshal" (strong), in levels.py."""

from __future__ import annotations

import zlib

from ..errors import IllegalAction
from ..rng import Rng
from .turns import legal_actions

BOTS = ("general", "random", "recruit", "marshal")
LEVELS = {"easy": "recruit", "normal": "general", "strong": "marshal"}


def choose(state: dict, seat: int, bot: str) -> dict:
    if bot not in BOTS:
        raise IllegalAction("barnyard.refuse.bot", bot=str(bot))
    legal = [a for a in legal_actions(state, seat) if a["type"] != "set_auto_fight"]  # a person's setting
    if not legal:
        raise IllegalAction("engine.not_your_turn")
    if bot == "random":
        return legal[_rng(state, seat).below(len(legal))]
    if bot in ("recruit", "marshal"):
        from . import levels
        return getattr(levels, bot)(state, seat, legal)
    from .general import decide
    return decide(state, seat, legal)


def _rng(state: dict, seat: int) -> Rng:
    """A bot's own dice, derived from the state so the game's RNG is left alone."""
    return Rng(zlib.crc32(f"{state['rng']}:{seat}:{state['ply']}".encode()) * 2654435761)
