"""Chicken Run (David Artman, 2007): two families chase three chickens on a 5x9 board.

Importing the package registers the game with slug "chickenrun".
"""

from ..registry import register
from .game import ChickenRunGame

GAME = register(ChickenRunGame())

__all__ = ["ChickenRunGame", "GAME"]
