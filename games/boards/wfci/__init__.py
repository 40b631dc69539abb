"""War for Chicken Island's board: geometry, labels, action placement and the page model."""

from .page import page

TEMPLATE = "games/wfci/board.html"

__all__ = ["TEMPLATE", "page"]
