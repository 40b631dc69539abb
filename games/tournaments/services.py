"""Creating, joining, leaving and starting tournaments: what pages and the API call.

Every change locks the tournament row, so two players taking a cup's last place, or a join
racing the start, leave one consistent result. Refusals are ServiceErrors with a translated
message (the API answers with their status)."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext as _

from ..clocks import controls as C
from ..lobby import tables
from ..models import Entrant, Match, Tournament
from ..models.matches import Pace
from ..play import services as play, site_actions
from ..refusals import Forbidden, NotAuthenticated, NotFound, ServiceError, StaleVersion
from . import designs, progress, rules, swiss

MAX_OPEN_BY_PLAYER = 5  # open tournaments a player (not the staff) may have created at once
MAX_SWISS = 64
MAX_ROUND_DAYS = 30


def create(user, *, game, format, seats, entrants, rounds=0, options=None, clock=C.DEFAULT_CLOCK, pace=Pace.SLOW,
           starts_at=None, round_days=7, name="", official=None) -> Tournament:
    """A new tournament, open to join. The creator does not enter by creating it."""
    _signed_in(user)
    if official is None:
        official = bool(user.is_staff)
    if official and not user.is_staff:
        raise Forbidden(_("Only the staff create official tournaments."))
    if format not in Tournament.Format.values:
        raise ServiceError(_("A tournament is a cup or a Swiss."))
    if not isinstance(options or {}, dict):
        raise ServiceError(_("Options and bots are given as objects."))
    options = dict(options or {})
    seats, entrants, rounds, round_days = (_whole(v) for v in (seats, entrants, rounds, round_days))
    game_obj, seats, required = tables.check_table(game, seats, options)
    if required:
        raise ServiceError(_("This game mode needs a bot at the table: it cannot be played between people only."))
    if clock not in C.CLOCKS or C.CLOCKS[clock]["kind"] == "none":
        raise ServiceError(_("A tournament needs a clock: choose a time control."))
    if pace not in Pace.values:
        raise ServiceError(_("Unknown pace %(p)r.") % {"p": pace})
    if len(str(name or "")) > 80:
        raise ServiceError(_("A tournament's name has at most 80 characters."))
    if format == Tournament.Format.CUP:
        sizes = designs.CUP_SIZES.get(seats, ())
        if entrants not in sizes:
            raise ServiceError(_("A cup at tables of %(s)s is for %(sizes)s players.")
                               % {"s": seats, "sizes": ", ".join(str(n) for n in sizes) or "–"})
        rounds, starts_at = len(designs.cup_design(entrants, seats)), None
    else:
        if seats != 2:
            raise ServiceError(_("A Swiss is for two-player tables."))
        if not 2 <= entrants <= MAX_SWISS:
            raise ServiceError(_("A Swiss takes 2 to %(n)s players.") % {"n": MAX_SWISS})
        if not 1 <= rounds <= swiss.rounds_possible(entrants):
            raise ServiceError(_("A Swiss of %(n)s players has 1 to %(r)s rounds.")
                               % {"n": entrants, "r": swiss.rounds_possible(entrants)})
        if not 1 <= round_days <= MAX_ROUND_DAYS:
            raise ServiceError(_("A round lasts 1 to %(n)s days.") % {"n": MAX_ROUND_DAYS})
        if starts_at is not None and timezone.is_naive(starts_at):
            starts_at = timezone.make_aware(starts_at)  # the site's zone, as a form reads it
        if starts_at is not None and starts_at < timezone.now() - timedelta(minutes=5):
            raise ServiceError(_("The start time is in the past."))
    try:
        game_obj.setup(1, seats, options)
    except Exception as exc:  # the engine's refusal of these options
        raise ServiceError(str(exc)) from None
    if not user.is_staff and Tournament.objects.filter(created_by=user, status=Tournament.Status.OPEN).count() \
            >= MAX_OPEN_BY_PLAYER:
        raise ServiceError(_("You already have %(n)s tournaments open to join.") % {"n": MAX_OPEN_BY_PLAYER})
    return Tournament.objects.create(
        name=str(name or "").strip(), game=game_obj.slug, format=format, seats=seats, entrants=entrants,
        rounds=rounds, options=options, time_control=clock, clock=C.CLOCKS[clock], pace=pace, rated=True,
        starts_at=starts_at, round_days=round_days, official=official, created_by=user,
        seed=secrets.randbits(62),
    )


def join(user, t) -> Entrant:
    """Enter a tournament. The last entrant of a cup starts it, in the same transaction; a
    Swiss takes late entrants until half its rounds started (½ point for each round missed)."""
    _signed_in(user)
    with transaction.atomic():
        t = _lock(t)
        late = t.status == Tournament.Status.RUNNING and rules.late_entry_open(t)
        if t.status != Tournament.Status.OPEN and not late:
            if t.format == Tournament.Format.SWISS and t.status == Tournament.Status.RUNNING:
                raise StaleVersion(_("Late entry closed when half the rounds had started."))
            raise StaleVersion(_("This tournament is no longer open."))
        if t.entries.filter(user=user).exists():
            raise ServiceError(_("You have already entered this tournament."))
        why = rules.refusal(user)
        if why:
            raise Forbidden(why)
        if t.entries.count() >= t.entrants:
            raise StaleVersion(_("This tournament is full."))
        entry = Entrant.objects.create(tournament=t, user=user, first_round=t.current_round + 1 if late else 1)
        if late:
            entry.number = t.entries.exclude(number=None).count()
            entry.save(update_fields=["number"])
        if t.format == Tournament.Format.CUP and t.entries.count() == t.entrants:
            progress.start_cup(t, by=user)
    return entry


def leave(user, t) -> None:
    """Before the start: leave the tournament. After: withdraw (no more pairings, running
    matches resigned); a withdrawn player stays in the standings as absent."""
    _signed_in(user)
    with transaction.atomic():
        t = _lock(t)
        entry = t.entries.filter(user=user).first()
        if entry is None:
            raise Forbidden(_("You have not entered this tournament."))
        if t.status == Tournament.Status.OPEN:
            entry.delete()
            return
        if t.status != Tournament.Status.RUNNING:
            raise ServiceError(_("This tournament is over."))
        if entry.withdrawn_at is not None:
            raise ServiceError(_("You have already withdrawn from this tournament."))
        entry.withdrawn_at = timezone.now()
        entry.save(update_fields=["withdrawn_at"])
        for match in t.matches.filter(status=Match.Status.ACTIVE, seats__user=user, seats__forfeited=False):
            try:
                play.submit_action(match.pk, user, {"type": site_actions.RESIGN}, match.version)
            except ServiceError:
                continue  # it ended meanwhile


def start(user, t) -> Tournament:
    """The creator (or the staff) starts a Swiss before its start time. A cup starts only
    full, by itself: its design needs its size."""
    _signed_in(user)
    with transaction.atomic():
        t = _lock(t)
        if t.created_by_id != user.pk and not user.is_staff:
            raise Forbidden(_("Only the tournament's creator can start it."))
        if t.status != Tournament.Status.OPEN:
            raise StaleVersion(_("This tournament has already started or ended."))
        if t.format == Tournament.Format.CUP:
            raise StaleVersion(_("A cup starts by itself once all its %(n)s places are taken.") % {"n": t.entrants})
        if t.entries.count() < 2:
            raise StaleVersion(_("A Swiss needs at least 2 players to start."))
        progress.start_swiss(t, by=user)
    return t


def listing():
    """Tournaments open to join, running and finished (the Tournaments page); each carries
    `entered`, its number of entrants."""
    base = Tournament.objects.select_related("created_by").annotate(entered=Count("entries"))
    return {
        "open": base.filter(status=Tournament.Status.OPEN).order_by("-official", "starts_at", "-created_at"),
        "running": base.filter(status=Tournament.Status.RUNNING).order_by("-started_at"),
        "finished": base.filter(status__in=[Tournament.Status.FINISHED, Tournament.Status.CANCELLED])
        .order_by("-finished_at")[:50],
    }


def open_cups(game=None, seats=None):
    """Cups waiting for players, fullest first: where a player queueing for a game joins."""
    cups = Tournament.objects.filter(status=Tournament.Status.OPEN, format=Tournament.Format.CUP)
    if game:
        cups = cups.filter(game=game)
    if seats:
        cups = cups.filter(seats=seats)
    return cups.order_by("-official", "created_at")


def _lock(t) -> Tournament:
    pk = t.pk if isinstance(t, Tournament) else t
    try:
        return Tournament.objects.select_for_update().get(pk=pk)
    except (Tournament.DoesNotExist, ValueError, TypeError):
        raise NotFound(_("No such tournament.")) from None


def _signed_in(user) -> None:
    if user is None or not getattr(user, "is_authenticated", False):
        raise NotAuthenticated(_("Sign in first."))


def _whole(value) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ServiceError(_("Sizes and counts are whole numbers.")) from None
