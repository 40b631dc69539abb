"""Each game's achievements with their words in the reader's language (engine messages)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from engine import achievements as rules

from .. import texts


# The site's own achievements, earned outside a match's moves: "<game>.<key>".
TROPHY = "tournament_winner"  # first in a tournament's final standings (games.tournaments.progress)


def trophy(game: str) -> str:
    return f"{game}.{TROPHY}"


def _site(code: str) -> bool:
    return code.endswith("." + TROPHY)


def name(code: str) -> str:
    if _site(code):
        return _("Tournament winner")
    return texts.render(rules.name(code))


def text(code: str) -> str:
    if _site(code):
        return _("Won a %(game)s tournament.") % {"game": texts.game_title(game_of(code))}
    return texts.render(rules.text(code))


def game_of(code: str) -> str:
    return code.split(".", 1)[0]


def for_game(slug: str) -> list[dict]:
    """[{"id", "name", "text", "career"}] in the active language, in the game's order."""
    return [{**entry, "name": name(entry["id"]), "text": text(entry["id"])} for entry in rules.catalog(slug)]


def known(code: str) -> bool:
    return _site(code) or any(entry["id"] == code for entry in rules.catalog(game_of(code)))
