"""What a lobby offers of each game: its presets, variants, solo modes and islands, worded in the reader's language."""

from __future__ import annotations

from engine import messages

from .. import texts

# The id word of each catalog list; Chicken Run names its variants house rules.
OPTION_KINDS = {"presets": ("preset",), "variants": ("variant", "rule"), "solo_modes": ("mode",), "islands": ("island",)}


def game_options(game, kind: str) -> list[dict]:
    """A game's presets, variants or solo modes with their name and description in the reader's
    language: from the engine's `name_message` / `description_message`, else from the message
    ids `<slug>.<kind>.<id>.name` (or the platform's `engine.<kind>.<id>.name`) when they exist."""
    return [option_words(game.slug, OPTION_KINDS[kind], item) for item in getattr(game, kind)()]


def option_words(slug: str, kinds: tuple, item: dict) -> dict:
    out = dict(item)
    for field in ("name", "description"):
        message = item.get(f"{field}_message")
        if message is None:
            ids = [f"{prefix}.{kind}.{item.get('id')}.{field}" for prefix in (slug, "engine") for kind in kinds]
            found = next((i for i in ids if messages.english(i) is not None), None)
            message = {"id": found} if found else None
        if message is not None and field in item:
            out[field] = texts.render(message)
    return out
