"""Engine messages rendered in the reader's language (DESIGN.md, "Texts").

The English text of each id comes from its game's data file; the translation catalogs hold
the other languages with the message id as context, so one stored message reads in each
viewer's language.
"""

from __future__ import annotations

from django.utils.translation import npgettext, pgettext, pgettext_lazy

import engine
from engine import messages


def text_of(message_id: str, args: dict):
    source = messages.english(message_id)
    if source is None:
        return None
    if isinstance(source, dict):
        return npgettext(message_id, source["one"], source["other"], args.get("n", 1))
    return pgettext(message_id, source)


def render(message, names=None) -> str:
    """A message (or a line stored as plain text before messages) in the active language."""
    return messages.render(message, names, text_of)


def is_message(line) -> bool:
    return messages.is_message(line)


def log_text(line) -> str:
    """What the turn log stores as its text column: the English line, for old readers."""
    return messages.render(line)[:500]


# The games' titles as the catalogs give them (context "game title"): mails and notices name
# the game in the reader's language. The French catalog keeps the titles as printed on the
# French editions' boxes (docs/glossary.md).
GAME_TITLES = {
    "wfci": pgettext_lazy("game title", "War for Chicken Island"),
    "chickenrun": pgettext_lazy("game title", "Chicken Run"),
    "chickendie": pgettext_lazy("game title", "Chicken Die!"),
    "barnyard": pgettext_lazy("game title", "Barnyard Generals"),
}


def game_title(slug: str) -> str:
    if slug in GAME_TITLES:
        return str(GAME_TITLES[slug])
    try:
        return engine.get_game(slug).name
    except engine.IllegalAction:  # a game no longer installed: its slug still names it
        return slug
