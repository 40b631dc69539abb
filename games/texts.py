"""Engine messages rendered in the reader's language (DESIGN.md, "Texts").

The English text of each id comes from its game's data file; the translation catalogs hold
the other languages with the message id as context, so one stored message reads in each
viewer's language.
"""

from __future__ import annotations

from django.utils import formats, timezone, translation
from django.utils.translation import get_language, gettext, npgettext, pgettext, pgettext_lazy

import engine
from engine import grammar, messages

from .bot_names import bot_name


# The site's own lines in a match log (a resignation, a time-out, a gift of a day...), stored as
# messages like the engines' lines so each reader reads them in their language; "site.bot.<bot>"
# names a bot.
SITE_TEXTS = {
    "site.resigned": pgettext_lazy("site.resigned", "{who} resigned."),
    "site.lost_on_time": pgettext_lazy("site.lost_on_time", "{who} lost on time."),
    "site.timeout_bot": pgettext_lazy(
        "site.timeout_bot", "{who} ran out of time: the {bot} bot plays the seat until they return."),
    "site.abandoned": pgettext_lazy("site.abandoned", "Nobody moved for three weeks: the match is abandoned."),
    "site.undo": pgettext_lazy("site.undo", "{who} takes back a step ({what})."),
    "site.extra_day": pgettext_lazy("site.extra_day", "{giver} gives {who} an extra day."),
    "site.back": pgettext_lazy("site.back", "{who} is back and takes over the seat from the bot."),
}


def site_message(id: str, **args) -> dict:
    """A site line of the log as a message (an id of SITE_TEXTS and its arguments)."""
    return {"id": id, "args": args}


def text_of(message_id: str, args: dict):
    if message_id.startswith("site."):
        return _site_text(message_id)
    source = messages.english(message_id)
    if source is None:
        return None
    if isinstance(source, dict):
        return npgettext(message_id, source["one"], source["other"], args.get("n", 1))
    return pgettext(message_id, source)


def _site_text(message_id: str):
    if message_id.startswith("site.bot."):
        return bot_name(message_id[len("site.bot."):])
    text = SITE_TEXTS.get(message_id)
    return str(text) if text is not None else None


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


def labelled(label, value) -> str:
    """"label: value" punctuated for the reader: French puts a narrow no-break space before the
    colon, so no page glues a colon to a word in code."""
    return gettext("%(label)s: %(value)s") % {"label": label, "value": value}


def colon(label) -> str:
    """"label:" punctuated for the reader (a heading before a list or a value in its own element)."""
    return gettext("%(label)s:") % {"label": label}


def semicolons(items) -> str:
    """Items joined by semicolons, spaced as the reader's language spaces them."""
    return pgettext("list separator", "; ").join(str(i) for i in items)


def seat_noun(seat) -> grammar.Phrase:
    """A seat as a sentence names it: a person's or a bot's name (a proper name), or the
    Challenger, a common noun ("the Challenger", "le Prétendant")."""
    language = grammar.language_of(get_language())
    if seat.bot == "challenger" and not seat.user_id:
        return grammar.Phrase(seat.bot_title, language, grammar.Features("m"))
    return grammar.Phrase(seat.display_name, language, grammar.Features("proper"))


def and_list(items) -> grammar.Phrase:
    """Nouns joined by "and" in the reader's language ("Alix and the Challenger"); a form asked of
    the list is asked of each ("d'Alix et du Prétendant")."""
    items = list(items)
    last = text_of("engine.list.and", {}) if len(items) > 1 else "{last}"
    return grammar.ListPhrase(items, messages.LIST_SEPARATORS["engine.list.and"], last,
                              grammar.language_of(get_language()))


def say(template: str, **args) -> str:
    """A site string with `{name:form}` placeholders (docs/i18n.md, "Grammar"), filled in."""
    return messages.fill(template, args)


def is_message(line) -> bool:
    return messages.is_message(line)


def log_text(line) -> str:
    """What the turn log stores as its text column: the English line, for old readers."""
    if messages.is_message(line) and line["id"].startswith("site."):
        with translation.override("en"):
            return render(line)[:500]
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


def match_label(match, seat: int | None = None, seats=None) -> str:
    """A match as people know it, never by its id: the game and the others at the table ("Chicken
    Run with bob", or "Chicken Run: alice and bob" for a reader who does not play), else the game
    and the day it started or was opened ("Chicken Run, opened 3 March 2026")."""
    title = game_title(match.game)
    seats = list(match.seats.all()) if seats is None else list(seats)
    others = [seat_noun(s) for s in seats if s.index != seat and (s.user_id or s.bot)]
    if others:
        players = and_list(others)
        if seat is None:
            return say(gettext("{game}: {players:the}"), game=title, players=players)
        return say(gettext("{game} with {players:the}"), game=title, players=players)
    day = formats.date_format(timezone.localtime(match.started_at or match.created_at), "DATE_FORMAT")
    if match.started_at:
        return gettext("%(game)s, started %(day)s") % {"game": title, "day": day}
    return gettext("%(game)s, opened %(day)s") % {"game": title, "day": day}
