"""Each game's achievements with their words in the reader's language (engine messages)."""

from __future__ import annotations

from engine import achievements as rules

from .. import texts


def name(code: str) -> str:
    return texts.render(rules.name(code))


def text(code: str) -> str:
    return texts.render(rules.text(code))


def game_of(code: str) -> str:
    return code.split(".", 1)[0]


def for_game(slug: str) -> list[dict]:
    """[{"id", "name", "text", "career"}] in the active language, in the game's order."""
    return [{**entry, "name": name(entry["id"]), "text": text(entry["id"])} for entry in rules.catalog(slug)]


def known(code: str) -> bool:
    return any(entry["id"] == code for entry in rules.catalog(game_of(code)))
