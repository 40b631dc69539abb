"""The bots' names in the reader's language: below the models and the texts, so a seat, a log
line and a board page all name a bot the same way."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _, pgettext_lazy

BOT_NAMES = {
    "challenger": _("Challenger"),  # named after the rulebook's own word
    "random": pgettext_lazy("bot", "Random"),
    "sensible": pgettext_lazy("bot", "Sensible"),
    "farmer": pgettext_lazy("bot", "Farmer"),
    "rooster": pgettext_lazy("bot", "Rooster"),
    "general": pgettext_lazy("bot", "General"),
    "skirmisher": pgettext_lazy("bot", "Skirmisher"),
    "expert": pgettext_lazy("bot", "Expert"),
    "warlord": pgettext_lazy("bot", "Warlord"),
}


def bot_name(bot: str) -> str:
    return str(BOT_NAMES[bot]) if bot in BOT_NAMES else bot.title()
