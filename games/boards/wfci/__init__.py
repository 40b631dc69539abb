"""War for Chicken Island's board: geometry, labels, action placement and the page model."""

from .page import page

TEMPLATE = "games/wfci/board.html"
DOCK_TEMPLATE = "games/wfci/_dock.html"  # the decision bar's own pieces: modes, dice, card choices
SCREEN = True  # a game screen: the island, the decision bar, tabs (the frame lays them out)
TELLS_RECENT = True  # the page tells what happened since the reader's last move
# Tabs whose heavy contents are fetched when opened (?pane=), not sent with every page and refresh
PANES = {"island": "games/wfci/_island_units.html", "log": "games/wfci/_pane_log.html",
         "players": "games/wfci/_pane_players.html", "legend": "games/wfci/_legend.html"}

__all__ = ["TEMPLATE", "DOCK_TEMPLATE", "SCREEN", "TELLS_RECENT", "PANES", "page"]
