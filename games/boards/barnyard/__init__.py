"""Barnyard Generals' board: the farm (squares, tiles, pieces and the choices on them), the units
panel, the battle report, the legend and the factions' boards."""

from .page import page

TEMPLATE = "games/barnyard/board.html"

__all__ = ["TEMPLATE", "page"]
