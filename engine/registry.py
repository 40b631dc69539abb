"""Which games exist. Each game package registers itself on import."""

from __future__ import annotations

import importlib

from .errors import IllegalAction

_GAMES: dict = {}
_PACKAGES = ("engine.chickenrun", "engine.wfci", "engine.chickendie", "engine.barnyard")
_loaded = False


def register(game):
    _GAMES[game.slug] = game
    return game


def _load():
    global _loaded
    if not _loaded:
        for name in _PACKAGES:
            try:
                importlib.import_module(name)
            except ModuleNotFoundError as exc:  # a game package not written yet
                if exc.name != name:
                    raise
        _loaded = True


def get_game(slug: str):
    _load()
    try:
        return _GAMES[slug]
    except KeyError:
        raise IllegalAction("engine.unknown_game", slug=repr(slug)) from None


def all_games() -> list:
    _load()
    return list(_GAMES.values())
