"""Each game's page model, found by slug like `engine.get_game`.

A board package (`games/boards/<slug>/`) turns the engine's view and the viewer's legal actions
into the plain dicts its templates loop over. It exposes:

- `TEMPLATE`: the board template (`"games/<slug>/board.html"`);
- `page(view, legal, seat, players) -> dict`: the page model, put in the template context as
  `board` (seat is None for spectators and the replay; players are the seats' display names);
- optionally `PANES`: {name: template} of the parts of the board sent only when asked for
  (`/matches/<id>/board/?pane=<name>`, and drawn in place with `?tab=<name>`), so that every
  match page and refresh stays light.

A game without a package of its own gets the generic board.
"""

from __future__ import annotations

import importlib
from types import ModuleType

_cache: dict[str, ModuleType] = {}


def get_board(slug: str) -> ModuleType:
    if slug not in _cache:
        try:
            _cache[slug] = importlib.import_module(f"{__name__}.{slug}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{slug}":
                raise
            _cache[slug] = importlib.import_module(f"{__name__}.generic")
    return _cache[slug]


def drawn(slug: str, view, legal, seat, players, **extra) -> dict:
    """What every page that draws a board puts in its context (the match page, the replay, the
    rules): the view, the legal actions, the seat, the players, the board's template and page
    model. `extra` goes to the page model (e.g. the recent turns a board tells)."""
    board = get_board(slug)
    return {
        "view": view,
        "legal": legal,
        "seat": seat,
        "players": players,
        "board_template": board.TEMPLATE,
        "board": board.page(view, legal, seat, players, **extra) if view else None,
    }
