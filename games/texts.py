"""Engine messages rendered in the reader's language (DESIGN.md, "Texts").

The English text of each id comes from its game's data file; the translation catalogs hold
the other languages with the message id as context, so one stored message reads in each
viewer's language.
"""

from __future__ import annotations

from django.utils.translation import get_language, npgettext, pgettext, pgettext_lazy

import engine
from engine import grammar, messages


def text_of(message_id: str, args: dict):
    source = messages.english(message_id)
    if source is None:
        return None
    if isinstance(source, dict):
        return npgettext(message_id, source["one"], source["other"], args.get("n", 1))
    return pgettext(message_id, source)


def render(message, names=None, strict: bool = False) -> str:
    """A message (or a line stored as plain text before messages) in the active language, its
    nouns in that language's grammar (engine/grammar.py)."""
    return messages.render(message, names, text_of, get_language(), strict)


def noun(message, strict: bool = False) -> grammar.Phrase:
    """A message as a noun in the active language, for a site string that puts it in a sentence:
    `say(_("Build {card:a}"), card=noun(name))`."""
    return messages.render_arg(message, None, text_of, get_language(), strict)


def person(name: str) -> grammar.Phrase:
    """A player's name as a noun: a proper name, which takes no article ("d'Alix", "à Bertrand")."""
    return grammar.Phrase(name, grammar.language_of(get_language()), grammar.Features("proper"))


def say(template: str, **args) -> str:
    """A site string with `{name:form}` placeholders (docs/i18n.md, "Grammar"), filled in."""
    return messages.fill(template, args)


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
