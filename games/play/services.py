"""The one write path. Views, the API, the lobby and tasks all call it.

Every change to a match happens inside one transaction holding the match row lock, so any
number of web nodes and workers can run: the row lock is the only coordination a move needs.
"""

from __future__ import annotations

import logging
import threading
import time

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import engine
from engine import placement

from . import match_rows, ratings, site_actions
from .actors import Bot, Timekeeper, TokenHolder
from .. import signals
from ..clocks import seat_clocks
from ..live import publish as live
from ..notifications import events, outbox
from ..refusals import Forbidden, IllegalMove, NotAuthenticated, NotFound, ServiceError, StaleVersion
from ..models import Match, Seat, Turn
from .outcomes import finish
from .match_rows import match_id as _match_id
from .match_rows import match_with_seats
from ..texts import is_message, log_text

__all__ = ["ServiceError", "IllegalMove", "Forbidden", "StaleVersion", "NotFound", "NotAuthenticated", "Bot",
           "Timekeeper", "TokenHolder"]


_local = threading.local()
log = logging.getLogger(__name__)

# What a move changes on a seat (the clocks, and when the mover moved): a move saves these for
# every seat it touched, in one query.
SEAT_FIELDS = ["time_left", "turn_started_at", "turn_moves", "deadline", "extra_day_from", "reminders_sent", "last_moved_at"]
# What a move or a site action changes on the match (the game's state and who acts, the end,
# the version and times): the rest (its options, clock, players...) is not written again, each of
# its JSON columns encoded for nothing. tests/play/test_writes.py holds every other column
# unchanged through moves and site actions.
MATCH_FIELDS = ["state", "to_act", "status", "outcome", "finished_at", "version", "last_move_at", "updated_at"]


# ---------------------------------------------------------------- the one write path


def submit_action(match, user, action, expected_version) -> Match:
    """Apply one action for `user` (a User, or a `Bot`) if it is theirs to make, now.

    Refusals change nothing: 403 for a seat that is not theirs or not to act, 409 when
    `expected_version` is not the current one (someone moved first), 400 for an illegal action.
    The match returned carries its seats and, as `engine_state`, the new game state, so the
    answer is built from what the write has: nothing is read again after the commit.
    """
    if not isinstance(action, dict):
        raise IllegalMove(_("An action must be a JSON object."))
    try:
        expected_version = int(expected_version)
    except (TypeError, ValueError):
        raise IllegalMove(_("The version must be a whole number.")) from None
    now = timezone.now()
    with transaction.atomic():
        token = user.key if isinstance(user, TokenHolder) else None
        locked = match_with_seats(_match_id(match), lock=True, now=now, token=token)
        seats = list(locked.seats.all())
        if token is not None:
            if locked.token_user_id is None:
                raise NotAuthenticated(_("Invalid token."))
            user = match_rows.token_player(locked)  # None for a token without a seat: refused below
        seat = _seat_for(seats, user)
        if seat is None:
            raise Forbidden(_("You have no seat in this match."))
        if locked.status != Match.Status.ACTIVE:
            raise StaleVersion(_("This match is not in progress."))
        if expected_version != locked.version:
            raise StaleVersion(
                _("Someone moved first: the match is at version %(v)s. Reload and try again.")
                % {"v": locked.version}
            )
        previous_to_act = list(locked.to_act)
        game = engine.get_game(locked.game)
        state = new_state = game.deserialize(locked.state)
        if site_actions.is_site_action(action):
            line, undone = site_actions.take(locked, seats, seat, action, game, now, user)
            if undone is not None:
                new_state = undone
                _store(locked, game, new_state, seats)
            turn = Turn(kind="site", action=action, public_action=action, text=log_text(line), message=line)
        else:
            if isinstance(user, Timekeeper):
                raise Forbidden(_("You may not do that."))
            if not isinstance(user, Bot) and seats[seat].bot:
                raise Forbidden(_("A bot is playing your seat: take your seat back first."))
            if seat not in game.to_act(state):
                raise Forbidden(_("It is not your turn."))
            try:
                new_state = game.apply(state, seat, action)
            except engine.IllegalAction as exc:
                raise IllegalMove(str(exc) or _("That move is not allowed.")) from None
            line = game.describe_action(state, seat, action)
            turn = Turn(
                kind="game",
                action=action,
                public_action=game.public_action(state, seat, action),
                text=log_text(line),
                message=line if is_message(line) else None,
                notes=game.public_notes(state, seat, action, new_state),
                think_seconds=_think_time(seats[seat], now),
                irreversible=game.irreversible(state, seat, action, new_state),
            )
            seats[seat].turn_moves += 1
            _store(locked, game, new_state, seats)
            locked.last_move_at = now
        turn.match, turn.version, turn.seat = locked, locked.version + 1, seat
        locked.version += 1
        seats[seat].last_moved_at = now
        changed = seat_clocks.sync(locked, seats, previous_to_act, now, save=False)
        if seats[seat] not in changed:
            changed.append(seats[seat])  # its count of moves this turn, when it last moved
        # The notices this change causes, as rows of the same statement (no query of their own:
        # the recipients' preferences came with the seats).
        notes, deliveries, due = outbox.rows(
            events.for_move(locked, seats, previous_to_act, seat, action.get("type", ""), now), now)
        writes = match_rows.Writes()
        writes.insert(turn)
        writes.update(changed, SEAT_FIELDS)
        writes.update([locked], MATCH_FIELDS)
        writes.insert_many(notes)
        writes.insert_many(deliveries)
        writes.send()
        if locked.status == Match.Status.FINISHED:
            ratings.record(locked, seats)
        _after_commit_of(locked, seats, due)
    locked.engine_state = new_state
    return locked


def _after_commit_of(match: Match, seats, due) -> None:
    """Queue the follow-ups from what the write knows now: the hook reads nothing again, so a
    committed move is answered as committed whatever the database or the broker does next."""
    news = {
        "match_id": match.pk,
        "version": match.version,
        "to_act": list(match.to_act),
        "bots": [s.index for s in seats if s.bot],
        "due": list(due),
        "finished": match.status == Match.Status.FINISHED,
        "status": match.status,
        "users": {s.index: s.user_id for s in seats if s.user_id and not s.bot},
    }
    transaction.on_commit(lambda: after_commit(**news), robust=True)


def _think_time(seat: Seat, now) -> float | None:
    """How long a person took over the first move of their turn (profile statistics)."""
    if seat.bot or seat.turn_started_at is None or seat.turn_moves:
        return None
    return (now - seat.turn_started_at).total_seconds()


def _seat_for(seats, user):
    if isinstance(user, Bot):
        return user.seat if any(s.index == user.seat and s.bot for s in seats) else None
    if isinstance(user, Timekeeper):
        return user.seat if any(s.index == user.seat for s in seats) else None
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    for s in seats:
        if s.user_id == user.pk:
            return s.index
    return None


def _store(match: Match, game, state, seats) -> None:
    match.state = game.serialize(state)
    match.to_act = list(game.to_act(state))
    outcome = game.outcome(state)
    if outcome is not None:
        forfeited = [s.index for s in seats if s.forfeited]
        if forfeited:  # a player who lost on time stays a loser whatever the bot in their seat did
            outcome = dict(outcome)
            outcome["winners"] = [w for w in outcome.get("winners", []) if w not in forfeited]
            outcome["losers"] = sorted(set(outcome.get("losers", [])) | set(forfeited))
            outcome["placement"] = placement.last(placement.of(outcome, len(seats)), forfeited)
        finish(match, outcome)


def after_commit(match_id, version, to_act, bots, due, finished=False, status=None, users=None) -> None:
    """Announce what follows a committed change: the new version to the live streams, bot
    turns (games.tasks queues them), the deliveries of its notices due now (the outbox's) and,
    once the match is over, its achievements. What cannot be queued now is caught up by the
    periodic jobs (stalled bots, the outbox sweep, the achievements of matches just finished)."""
    if status is not None:
        live.board(match_id, version, status, to_act, users)
    if any(i in bots for i in to_act) and not getattr(_local, "bot_loop", False):
        _announce(signals.bot_turn_due, match_id=match_id, version=version)
    if due:
        outbox.enqueue(due)
    if finished:
        _announce(signals.match_finished, match_id=match_id)


def _announce(signal, **news) -> None:
    try:
        signal.send(Match, **news)
    except Exception:  # the move is committed: a lost follow-up is the periodic jobs' to redo
        log.exception("could not queue the follow-up of match %s", news.get("match_id"))


def play_bot_turns(match_id: int, max_moves: int = 5000, budget: float | None = None) -> int:
    """Let bots move while one is to act; returns how many moves were made.

    Each move is computed from the version it read and submitted with that version, so a
    retried or duplicated task only meets a 409 and does nothing twice. `budget`: the seconds
    this call may spend (a worker's task): once a decision has used it up, the next one is
    queued as a task of its own, so a strong bot (whose one decision takes the whole budget)
    plays one decision per task and never holds a worker for a game, while normal bots (well
    under a millisecond a decision) still play many moves in a row.
    """
    moves = 0
    handover = False
    started = time.monotonic()
    _local.bot_loop = True
    try:
        while moves < max_moves:
            match = Match.objects.filter(pk=match_id).first()
            if match is None or match.status != Match.Status.ACTIVE:
                break
            bots = {s.index: s.bot for s in match.seats.all() if s.bot}
            seat = next((i for i in match.to_act if i in bots), None)
            if seat is None:
                break
            if budget is not None and moves and time.monotonic() - started >= budget:
                handover = True
                break
            game = engine.get_game(match.game)
            action = game.bot_action(game.deserialize(match.state), seat, bots[seat])
            try:
                submit_action(match.pk, Bot(seat), action, match.version)
            except StaleVersion:
                break
            moves += 1
    finally:
        _local.bot_loop = False
    if handover or moves >= max_moves:
        match = Match.objects.get(pk=match_id)
        transaction.on_commit(
            lambda: signals.bot_turn_due.send(Match, match_id=match_id, version=match.version), robust=True
        )
    return moves


def start(match: Match, by=None) -> None:
    """Set up the game once every seat is filled (called by the lobby under the row lock).
    `by` is the person whose step started it: they are here, so no "your turn" for them."""
    game = engine.get_game(match.game)
    state = game.setup(match.seed, match.players, match.options)
    seats = list(match.seats.select_related("user"))
    match.status = Match.Status.ACTIVE
    _store(match, game, state, seats)
    now = timezone.now()
    match.started_at = match.last_move_at = now
    match.version = 0
    seat_clocks.start_clocks(match, seats, now)
    match.save()
    here = [s for s in seats if by is not None and s.user_id == getattr(by, "pk", None)]
    for s in here:
        s.last_seen_at = now  # for the notice rules only; not saved
    outbox.record(events.for_move(match, seats, [], None, "", now), now)
    _after_commit_of(match, seats, [])

