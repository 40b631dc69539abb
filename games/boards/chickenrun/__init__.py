"""Chicken Run's board: square geometry turned for the viewer, labels and the page model."""

from .page import page

TEMPLATE = "games/chickenrun/board.html"

__all__ = ["TEMPLATE", "page"]
