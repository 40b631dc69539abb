"""Chicken Die!: the card game of chicken survival for 2–6 players.

Importing the package registers the game with slug "chickendie".
"""

from ..registry import register
from .game import ChickenDieGame

GAME = register(ChickenDieGame())

__all__ = ["ChickenDieGame", "GAME"]
