"""Chicken Die!'s board: the cards played this round with their answers, your hand, the flocks,
the die, the piles and the graveyard."""

from .labels import label
from .page import page

TEMPLATE = "games/chickendie/board.html"

__all__ = ["TEMPLATE", "label", "page"]
