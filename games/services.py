"""The one write path and the lobby operations. Views, the API and tasks all call these.

Every change to a match happens inside one transaction holding the match row lock, so any
number of web nodes and workers can run: the row lock is the only coordination a move needs.
"""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import engine

from .models import Match, Seat, Turn

MAX_WAITING_MATCHES = 10


class ServiceError(Exception):
    """A refused request; `status` is the HTTP status the API and pages answer with."""

    status = 400

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class IllegalMove(ServiceError):
    status = 400


class Forbidden(ServiceError):
    status = 403


class StaleVersion(ServiceError):
    status = 409


class NotFound(ServiceError):
    status = 404


@dataclass(frozen=True)
class Bot:
    """Acts for a bot seat through the same write path as a person."""

    seat: int


_local = threading.local()


def _lock(match_id) -> Match:
    try:
        return Match.objects.select_for_update().get(pk=match_id)
    except Match.DoesNotExist:
        raise NotFound(_("No such match.")) from None


def _match_id(match) -> int:
    return match.pk if isinstance(match, Match) else int(match)


# ---------------------------------------------------------------- the one write path


def submit_action(match, user, action, expected_version) -> Match:
    """Apply one action for `user` (a User, or a `Bot`) if it is theirs to make, now.

    Refusals change nothing: 403 for a seat that is not theirs or not to act, 409 when
    `expected_version` is not the current one (someone moved first), 400 for an illegal action.
    """
    if not isinstance(action, dict):
        raise IllegalMove(_("An action must be a JSON object."))
    try:
        expected_version = int(expected_version)
    except (TypeError, ValueError):
        raise IllegalMove(_("The version must be a whole number.")) from None
    with transaction.atomic():
        locked = _lock(_match_id(match))
        seats = list(locked.seats.all())
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
        game = engine.get_game(locked.game)
        state = game.deserialize(locked.state)
        if seat not in game.to_act(state):
            raise Forbidden(_("It is not your turn."))
        try:
            new_state = game.apply(state, seat, action)
        except engine.IllegalAction as exc:
            raise IllegalMove(str(exc) or _("That move is not allowed.")) from None
        previous_to_act = list(locked.to_act)
        Turn.objects.create(
            match=locked,
            version=locked.version + 1,
            seat=seat,
            action=action,
            public_action=game.public_action(state, seat, action),
            text=game.describe_action(state, seat, action)[:500],
        )
        _store(locked, game, new_state)
        locked.version += 1
        locked.save()
        match_id, version = locked.pk, locked.version
        transaction.on_commit(lambda: after_commit(match_id, version, previous_to_act))
    return locked


def _seat_for(seats, user):
    if isinstance(user, Bot):
        return user.seat if any(s.index == user.seat and s.bot for s in seats) else None
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    for s in seats:
        if s.user_id == user.pk:
            return s.index
    return None


def _store(match: Match, game, state) -> None:
    match.state = game.serialize(state)
    match.to_act = list(game.to_act(state))
    match.outcome = game.outcome(state)
    if match.outcome is not None:
        match.status = Match.Status.FINISHED
        match.finished_at = timezone.now()


def after_commit(match_id: int, version: int, previous_to_act=()) -> None:
    """Queue what follows a committed change: bot turns and "your turn" e-mails."""
    from . import tasks

    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.version != version:
        return
    seats = {s.index: s for s in match.seats.all()}
    if any(seats[i].bot for i in match.to_act if i in seats) and not getattr(_local, "bot_loop", False):
        tasks.play_bot_turns.delay(match_id, version)
    newly = [i for i in match.to_act if i not in previous_to_act and i in seats and seats[i].user_id]
    if newly:
        tasks.notify_turn.delay(match_id, version, newly)
    if match.status == Match.Status.FINISHED:
        tasks.notify_finished.delay(match_id)


def play_bot_turns(match_id: int, max_moves: int = 5000) -> int:
    """Let bots move while one is to act; returns how many moves were made.

    Each move is computed from the version it read and submitted with that version, so a
    retried or duplicated task only meets a 409 and does nothing twice.
    """
    moves = 0
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
            game = engine.get_game(match.game)
            action = game.bot_action(game.deserialize(match.state), seat, bots[seat])
            try:
                submit_action(match.pk, Bot(seat), action, match.version)
            except StaleVersion:
                break
            moves += 1
    finally:
        _local.bot_loop = False
    if moves >= max_moves:
        from . import tasks

        match = Match.objects.get(pk=match_id)
        transaction.on_commit(lambda: tasks.play_bot_turns.delay(match_id, match.version))
    return moves


# ---------------------------------------------------------------- the lobby


def create_match(user, game_slug: str, players: int, options: dict | None = None, bots=None) -> Match:
    """Open a match with the creator in seat 0; it starts at once if every seat is filled.

    `user=None` makes an all-bot exhibition match (benchmarks, tests, the admin): then seat 0
    comes from `bots` too.
    """
    options = dict(options or {})
    bots = {int(k): v for k, v in (bots or {}).items()}
    try:
        game = engine.get_game(game_slug)
    except engine.IllegalAction as exc:
        raise ServiceError(str(exc)) from None
    try:
        players = int(players)
    except (TypeError, ValueError):
        raise ServiceError(_("The number of players must be a whole number.")) from None
    if not game.min_players <= players <= game.max_players:
        raise ServiceError(
            _("%(game)s is played by %(lo)s to %(hi)s players.")
            % {"game": game.name, "lo": game.min_players, "hi": game.max_players}
        )
    try:
        required = game.required_bots(players, options)
    except engine.IllegalAction as exc:
        raise ServiceError(str(exc)) from None
    bots.update(required)
    first = 0 if user is None else 1
    for index, bot in bots.items():
        if not first <= index < players:
            raise ServiceError(_("Seat %(i)s does not exist or is the creator's.") % {"i": index})
        if bot not in game.bots():
            raise ServiceError(_("There is no bot called %(bot)r.") % {"bot": bot})
        if bot in required.values() and required.get(index) != bot:
            raise ServiceError(_("The %(bot)s bot only plays the seat its mode reserves.") % {"bot": bot})
    seed = secrets.randbits(62)
    try:
        game.setup(seed, players, options)  # validates the options before anything is stored
    except engine.IllegalAction as exc:
        raise ServiceError(str(exc)) from None
    waiting = Match.objects.filter(status=Match.Status.LOBBY, seats__user=user).count() if user else 0
    if waiting >= MAX_WAITING_MATCHES:
        raise ServiceError(_("You already have %(n)s matches waiting for players.") % {"n": waiting})
    with transaction.atomic():
        match = Match.objects.create(
            game=game.slug, players=players, options=options, seed=seed, created_by=user
        )
        if user is not None:
            Seat.objects.create(match=match, index=0, user=user)
        for index in range(first, players):
            Seat.objects.create(match=match, index=index, bot=bots.get(index, ""))
        if not Seat.objects.filter(match=match, user__isnull=True, bot="").exists():
            _start(match)
    return match


def join_match(user, match) -> Match:
    with transaction.atomic():
        locked = _lock(_match_id(match))
        if locked.status != Match.Status.LOBBY:
            raise StaleVersion(_("This match is no longer open."))
        if locked.seats.filter(user=user).exists():
            raise ServiceError(_("You already sit at this match."))
        free = locked.seats.filter(user__isnull=True, bot="").order_by("index").first()
        if free is None:
            raise StaleVersion(_("This match is full."))
        free.user = user
        free.joined_at = timezone.now()
        free.save()
        if not locked.seats.filter(user__isnull=True, bot="").exists():
            _start(locked)
    return locked


def leave_match(user, match) -> Match:
    """Leave before the start. When no person is left, the match is abandoned."""
    with transaction.atomic():
        locked = _lock(_match_id(match))
        if locked.status != Match.Status.LOBBY:
            raise ServiceError(_("You can only leave a match before it starts."))
        seat = locked.seats.filter(user=user).first()
        if seat is None:
            raise Forbidden(_("You have no seat in this match."))
        seat.user = None
        seat.save()
        if not locked.seats.filter(user__isnull=False).exists():
            locked.status = Match.Status.ABANDONED
            locked.save()
    return locked


def _start(match: Match) -> None:
    game = engine.get_game(match.game)
    state = game.setup(match.seed, match.players, match.options)
    _store(match, game, state)
    match.status = Match.Status.ACTIVE if match.outcome is None else Match.Status.FINISHED
    match.started_at = timezone.now()
    match.version = 0
    match.save()
    match_id = match.pk
    transaction.on_commit(lambda: after_commit(match_id, 0, []))


def site_url(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path
