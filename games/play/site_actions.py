"""Actions of the site rather than the game, logged in the same turn sequence:
a time-out, a gift of an extra day, resigning, and taking a seat back from a bot."""

from __future__ import annotations

from django.utils.translation import gettext as _

from engine import placement

from ..clocks import seat_clocks
from ..refusals import Forbidden, IllegalMove, ServiceError
from ..texts import site_message
from ..models import Match, Seat
from .outcomes import finish
from .actors import Bot, Timekeeper
from .visibility import state_at, undoable_turn

TIMEOUT = "site.timeout"
EXTRA_DAY = "site.extra_day"
RESIGN = "site.resign"
RETURN = "site.return"
ABANDON = "site.abandon"
UNDO = "site.undo"
ALL = (TIMEOUT, EXTRA_DAY, RESIGN, RETURN, ABANDON, UNDO)
BY_TIMEKEEPER = (TIMEOUT, ABANDON)


def is_site_action(action: dict) -> bool:
    return str(action.get("type", "")).startswith("site.")


def take(match: Match, seats: list[Seat], seat: int, action: dict, game, now, actor) -> tuple[str, object]:
    """The write path's one call for a site action: check that this actor may take it, apply it,
    and return its log line (a message and its English text) and, for an undo, the game state
    to go back to (else None)."""
    if isinstance(actor, Bot) or (isinstance(actor, Timekeeper) != (action["type"] in BY_TIMEKEEPER)):
        raise Forbidden(_("You may not do that."))
    line = apply(match, seats, seat, action, game, now)
    return line, (state_at(match, match.version) if action["type"] == UNDO else None)


def apply(match: Match, seats: list[Seat], seat: int, action: dict, game, now) -> dict:
    """Change the match for a site action and return its log line, a message rendered in each
    reader's language (ServiceError if refused)."""
    kind = action.get("type")
    me = seats[seat]
    if kind == TIMEOUT:
        return _timeout(match, seats, me, game, now)
    if kind == EXTRA_DAY:
        return _extra_day(match, seats, me, action)
    if kind == RESIGN:
        return _forfeit(match, seats, me, game, "resigned")
    if kind == RETURN:
        return _take_back(match, seats, me, now)
    if kind == UNDO:
        return _undo(match, me)
    if kind == ABANDON:
        match.status = Match.Status.ABANDONED
        match.to_act = []
        match.finished_at = now
        return site_message("site.abandoned")
    raise IllegalMove(_("Unknown site action %(a)r.") % {"a": kind})


def _who(me: Seat):
    """A seat in a stored line: a person by their name (the same in every language), a bot by
    its seat, so each reader's page names it."""
    return me.user.username if me.user_id else {"seat": me.index}


def _timeout(match, seats, me: Seat, game, now) -> dict:
    if me.index not in match.to_act or me.deadline is None or me.deadline > now or me.bot:
        raise ServiceError(_("This player has not run out of time."))
    me.timed_out += 1
    if match.timeout_policy == "lose":
        return _forfeit(match, seats, me, game, "lost on time")
    me.away = True
    me.bot = game.default_bot() or ""
    me.deadline = None
    me.save()
    return site_message("site.timeout_bot", who=_who(me), bot={"id": f"site.bot.{me.bot}", "args": {}})


def _forfeit(match, seats, me: Seat, game, how: str) -> dict:
    """2 players (or teams, once one team is left): the others win now. Otherwise this player
    lost; a bot keeps the seat going. `how` ("resigned", "lost on time") is the outcome's reason,
    in English like the engines' reasons; the log line is a message."""
    if me.forfeited:
        raise ServiceError(_("You have already left this game."))
    me.forfeited = True
    others = [s.index for s in seats if s.index != me.index and not s.forfeited]
    teams = game.teams(match.players, match.options or {}) or []
    if len(others) <= 1 or any(set(others) <= set(t) for t in teams):
        me.save()
        losers = [s.index for s in seats if s.forfeited]
        outcome = {"winners": others, "losers": losers, "reason": how,
                   "placement": placement.from_winners(others, losers, [s.index for s in seats])}
        finish(match, {**outcome, "teams": teams} if teams else outcome)
    else:
        me.away = True
        me.bot = game.default_bot() or ""
        me.deadline = None
        me.save()
    who = _who(me)
    return site_message("site.resigned" if how == "resigned" else "site.lost_on_time", who=who)


def _undo(match, me: Seat) -> dict:
    """Mark the player's last reversible step undone; the caller rebuilds the state by replay."""
    if me.bot:
        raise Forbidden(_("A bot is playing your seat."))
    last = undoable_turn(match, me.index)
    if last is None:
        raise IllegalMove(_("Nothing to take back: your last step was a roll, a draw, a reveal or the end of a turn."))
    last.undone = True
    last.save(update_fields=["undone"])
    return site_message("site.undo", who=me.user.username, what=last.message or last.text)


def _extra_day(match, seats, me: Seat, action) -> dict:
    try:
        target = seats[int(action.get("seat"))]
    except (TypeError, ValueError, IndexError):
        raise IllegalMove(_("Give the day to a seat of this match.")) from None
    if target.index == me.index:
        raise Forbidden(_("Only an opponent can give you time."))
    if target.index not in match.to_act or not target.user_id or target.bot:
        raise IllegalMove(_("That player is not on the clock."))
    if me.index in target.extra_day_from:
        raise IllegalMove(_("You already gave them a day this turn."))
    target.extra_day_from = [*target.extra_day_from, me.index]
    target.save()
    seat_clocks.refresh_deadlines(match, [target])
    return site_message("site.extra_day", giver=me.user.username, who=target.user.username)


def _take_back(match, seats, me: Seat, now) -> dict:
    if not me.away or me.forfeited:
        raise IllegalMove(_("Your seat is already yours."))
    me.away = False
    me.bot = ""
    if me.index in match.to_act:
        me.turn_started_at = now
        me.turn_moves = 0
        me.reminders_sent = []
    me.save()
    seat_clocks.refresh_deadlines(match, [me])
    return site_message("site.back", who=me.user.username)
