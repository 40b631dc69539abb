"""The bots' names in the reader's language: below the models and the texts, so a seat, a log
line and a board page all name a bot the same way. A bot that plays one of its game's levels
(easy, normal, strong: `game.levels()`) is named with the level where people choose a bot or
see who sits at the table, so they know how hard the game will be."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _, pgettext_lazy

import engine

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
    "chick": pgettext_lazy("bot", "Chick"),
    "hen": pgettext_lazy("bot", "Hen"),
    "fox": pgettext_lazy("bot", "Fox"),
    "farmhand": pgettext_lazy("bot", "Farmhand"),
    "smallholder": pgettext_lazy("bot", "Smallholder"),
    "recruit": pgettext_lazy("bot", "Recruit"),
    "marshal": pgettext_lazy("bot", "Marshal"),
    "cadet": pgettext_lazy("bot", "Cadet"),
}

LEVEL_WORDS = {
    "easy": pgettext_lazy("bot level", "easy"),
    "normal": pgettext_lazy("bot level", "normal"),
    "strong": pgettext_lazy("bot level", "strong"),
}


def bot_name(bot: str) -> str:
    return str(BOT_NAMES[bot]) if bot in BOT_NAMES else bot.title()


def bot_level(game_slug: str, bot: str) -> str | None:
    """The level ("easy", "normal", "strong") this bot plays in that game, or None."""
    try:
        levels = engine.get_game(game_slug).levels()
    except engine.IllegalAction:
        return None
    return next((level for level, name in levels.items() if name == bot), None)


def level_word(level: str) -> str:
    return str(LEVEL_WORDS[level])


def bot_with_level(game_slug: str, bot: str, number: int | None = None) -> str:
    """"Fox (bot, strong)", "Fox 2 (bot, strong)"; a bot without a level as "Random (bot)"."""
    level = bot_level(game_slug, bot)
    name = bot_name(bot) if number is None else f"{bot_name(bot)} {number}"
    if level is None:
        return str(_("%(bot)s (bot)")) % {"bot": name}
    return str(_("%(bot)s (bot, %(level)s)")) % {"bot": name, "level": level_word(level)}


def bot_choice_label(game_slug: str, bot: str) -> str:
    """A bot as the create form offers it: "Bot: Fox (strong)"."""
    level = bot_level(game_slug, bot)
    if level is None:
        return str(_("Bot: %(b)s")) % {"b": bot_name(bot)}
    return str(_("Bot: %(b)s (%(level)s)")) % {"b": bot_name(bot), "level": level_word(level)}
