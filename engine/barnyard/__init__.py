"""Barnyard Generals: 2-4 farm factions harvest, marshal and fight until one is left standing.

Importing the package registers the game with slug "barnyard".
"""

from ..registry import register
from .game import BarnyardGame

GAME = register(BarnyardGame())

__all__ = ["BarnyardGame", "GAME"]
