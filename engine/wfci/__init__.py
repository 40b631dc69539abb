"""War for Chicken Island: the rules engine (pure Python, no Django)."""

from .. import register
from .game import WfciGame

game = register(WfciGame())

__all__ = ["WfciGame", "game"]
