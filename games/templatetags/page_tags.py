"""The match page's own sentences: how a finished match ended, said to the one reading it."""

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import engine
from games import texts
from games.bot_names import bot_with_level, level_word
from games.lobby.catalog import game_options

register = template.Library()


def _names(seats, indexes) -> str:
    names = [s.display_name for s in seats if s.index in indexes]
    if len(names) <= 1:
        return "".join(names)
    return _("%(some)s and %(last)s") % {"some": ", ".join(names[:-1]), "last": names[-1]}


def result_text(match, seats, seat) -> str:
    """One sentence for every ending: win, loss, resignation, time-out, shared win, draw, solo."""
    if match.status == "abandoned":
        return _("Game over: this match was abandoned.")
    outcome = match.outcome or {}
    winners, losers = list(outcome.get("winners") or []), list(outcome.get("losers") or [])
    you_won, you_lost = seat is not None and seat in winners, seat is not None and seat in losers
    quitter = next((s for s in seats if s.forfeited and s.index in losers), None)
    if quitter is not None:
        timed_out = bool(quitter.timed_out)
        if seat == quitter.index:
            return _("Game over: you ran out of time, so %(who)s won.") % {"who": _names(seats, winners)} if timed_out \
                else _("Game over: you resigned, so %(who)s won.") % {"who": _names(seats, winners)}
        args = {"who": quitter.display_name, "winners": _names(seats, winners)}
        if you_won:
            return (_("Game over: %(who)s ran out of time, so you won!") if timed_out
                    else _("Game over: %(who)s resigned, so you won!")) % args
        return (_("Game over: %(who)s ran out of time, so %(winners)s won.") if timed_out
                else _("Game over: %(who)s resigned, so %(winners)s won.")) % args
    if (match.options or {}).get("mode") in ("solo", "solo_hard"):
        if seat == 0:
            return _("Game over: you beat the Challenger!") if you_won else _("Game over: the Challenger won this time.")
        human = seats[0].display_name if seats else ""
        return (_("Game over: %(who)s beat the Challenger.") if 0 in winners
                else _("Game over: the Challenger beat %(who)s.")) % {"who": human}
    if not winners:
        return _("Game over: a draw, nobody won.")
    if "teams" in ((match.options or {}).get("variants") or []):
        return _team_result(seats, seat, winners, you_won, you_lost)
    if you_won:
        others = [w for w in winners if w != seat]
        if others:
            return _("Game over: you won, together with %(who)s!") % {"who": _names(seats, others)}
        return _("Game over: you won!")
    args = {"who": _names(seats, winners)}
    if len(winners) > 1:
        return (_("Game over: %(who)s won together; you lost.") if you_lost else _("Game over: %(who)s won together.")) % args
    return (_("Game over: %(who)s won; you lost.") if you_lost else _("Game over: %(who)s won.")) % args


def _team_result(seats, seat, winners, you_won, you_lost) -> str:
    """Teams win and lose together: the sentence names the team, not a list of winners."""
    if you_won:
        return _("Game over: your team won, with %(who)s!") % {"who": _names(seats, [w for w in winners if w != seat])}
    who = texts.and_list(texts.seat_noun(s) for s in seats if s.index in winners)
    return texts.say(_("Game over: the team of {who:the} won; your team lost.") if you_lost
                     else _("Game over: the team of {who:the} won."), who=who)


@register.simple_tag
def result_sentence(match, seats, seat):
    return format_html("{}", result_text(match, seats, seat))


@register.filter
def players_text(game) -> str:
    """"2 players" when the count is fixed, "2–4 players" when it is not."""
    lo, hi = game.min_players, game.max_players
    if lo == hi:
        return ngettext("%(n)s player", "%(n)s players", hi) % {"n": hi}
    return _("%(lo)s–%(hi)s players") % {"lo": lo, "hi": hi}


@register.filter
def solo_modes(game) -> list[dict]:
    """`{% for mode in g|solo_modes %}`: the game's solo modes named in the reader's language."""
    return game_options(game, "solo_modes")


@register.filter
def bot_levels(game) -> list[dict]:
    """`{% for lv in g|bot_levels %}`: the lobby's bot buttons, easy to strong, each the bot that
    plays that level and the level in the reader's language."""
    return [{"level": level, "bot": bot, "word": level_word(level).capitalize(), "title": bot_with_level(game.slug, bot)}
            for level, bot in game.levels().items()]


@register.filter
def match_name(match) -> str:
    """A name people read: "War for Chicken Island · standard · 3 players", not "wfci #10"."""
    game = engine.get_game(match.game)
    options = match.options or {}
    parts = [game.name]
    solo = next((m["name"] for m in game_options(game, "solo_modes") if m["options"].get("mode") == options.get("mode")),
                None)
    presets = game_options(game, "presets")
    preset = next((p["name"] for p in presets if p["id"] == options.get("preset")), None)
    if preset is None and len(presets) > 1:
        preset = presets[0]["name"]
    parts += [x for x in (solo, preset) if x]
    names = {v["id"]: v["name"] for v in game_options(game, "variants")}
    parts += [names.get(v, v) for v in options.get("variants") or []]
    if hasattr(game, "islands"):  # the island, when it is not the default one
        parts += [i["name"] for i in game_options(game, "islands")[1:] if i["id"] == options.get("island")]
    if not solo:
        parts.append(ngettext("%(n)s player", "%(n)s players", match.players) % {"n": match.players})
    return " · ".join(parts)


@register.simple_tag(takes_context=True)
def row_result(context, match) -> str:
    """The result of a finished match as its viewer reads it, for lists of matches."""
    user = context.get("user")
    seats = list(match.seats.all())
    seat = next((s.index for s in seats if user is not None and s.user_id == getattr(user, "pk", None)), None)
    return result_text(match, seats, seat)


@register.simple_tag(takes_context=True)
def turn_shown(context) -> bool:
    """`{% turn_shown as live %}`: whose turn it is and what they are doing belong on a live match
    and on a replay's steps, never on a finished match's page or a rules picture."""
    match = context.get("match")
    return bool(context.get("steps")) or getattr(match, "status", None) == "active"


@register.simple_tag
def match_title(match, seats=None, seat=None) -> str:
    """The match as its reader recognises it: the game and the others at the table ("War for
    Chicken Island with bob and the Challenger"), never an id (games.texts.match_label)."""
    return texts.match_label(match, seat, seats)


@register.simple_tag
def waiting_for(nouns, sentence=True) -> str:
    """"Waiting for Alix and the Challenger." — "En attente d'Alix et du Prétendant." """
    who = texts.and_list(nouns)
    return texts.say(_("Waiting for {who:the}.") if sentence else _("Waiting for {who:the}"), who=who)
