"""Ready phrases: stored by key, shown in each reader's language, so people without a common
language can still be polite. A message typed as one of them, in any of the site's languages,
is stored as the phrase."""

from __future__ import annotations

from django.conf import settings
from django.utils import translation
from django.utils.translation import pgettext_lazy

PHRASES = {
    "good_luck": pgettext_lazy("chat phrase", "Good luck"),
    "good_game": pgettext_lazy("chat phrase", "Good game"),
    "busy": pgettext_lazy("chat phrase", "Sorry, busy today — I'll play tonight"),
}


def text(key: str) -> str:
    """The phrase in the active language."""
    return str(PHRASES[key])


def _plain(words: str) -> str:
    return " ".join(words.replace("’", "'").split()).strip(" .!?…").casefold()


def recognise(words: str) -> str | None:
    """The key of the phrase these words are, in any language of the site, else None."""
    wanted = _plain(words)
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            for key, phrase in PHRASES.items():
                if _plain(str(phrase)) == wanted:
                    return key
    return None


def choices() -> list[dict]:
    """[{"key", "text"}] in the active language, for the buttons beside the chat box."""
    return [{"key": key, "text": str(phrase)} for key, phrase in PHRASES.items()]
