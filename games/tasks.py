"""Celery tasks. Each is safe to run twice: the write path's version check makes repeats no-ops.

The write path announces its follow-ups through games.signals; the receivers here queue them.
"""

from datetime import timedelta

from celery import shared_task
from django.dispatch import receiver
from django.utils import timezone

from .clocks import controls
from .lobby import quick
from .play import services, site_actions
from . import signals
from .players import vacations
from .tournaments import progress as tournaments
from .achievements import award
from .spectators import presence
from .notifications import outbox, reminders
from .replays import checkpoints as replay_checkpoints
from .notifications import tasks as notification_tasks  # noqa: F401  the delivery tasks, registered
from .refusals import ServiceError
from .models import Match, Seat

# Seconds of a worker one bot task may take: a strong bot's decision (its own budget, at most
# about 1.5 s of CPU) is one task; then the next decision is queued behind whatever else waits.
BOT_TASK_SECONDS = 0.5


@shared_task(bind=True, acks_late=True)
def play_bot_turns(self, match_id: int, version: int | None = None) -> int:
    """Play bot moves while a bot is to act, for one decision's budget (version is
    informational: stale tasks do nothing). A task run in-process (no worker: `make run`,
    tests) plays on to the end: a handover there would run the next task inside this one,
    one stack frame deeper each time. Celery's request says how this run was called."""
    eager = bool(self.request.is_eager)
    return services.play_bot_turns(match_id, budget=None if eager else BOT_TASK_SECONDS)


@shared_task
def advance_stalled_bots(older_than_seconds: int = 30) -> int:
    """A bot turn whose task was lost (worker restart) is played again."""
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    count = 0
    active = Match.objects.filter(status=Match.Status.ACTIVE, updated_at__lt=cutoff, seats__bot__gt="")
    for match in active.distinct().prefetch_related("seats"):
        bots = {s.index for s in match.seats.all() if s.bot}
        if bots.intersection(match.to_act):
            play_bot_turns.delay(match.pk, match.version)
            count += 1
    return count


@shared_task
def handle_timeouts() -> int:
    """Seats past their deadline: a vacation starts by itself while the balance lasts (if the
    player wants that), else the match's time-out rule applies through the write path."""
    now = timezone.now()
    count = 0
    for seat in Seat.objects.filter(deadline__lte=now, match__status=Match.Status.ACTIVE, bot="").select_related(
        "match", "user"
    ):
        match = seat.match
        if seat.index not in match.to_act or seat.user is None:
            continue
        if seat.user.auto_vacation and vacations.current(seat.user) is None and vacations.balance(seat.user, now) >= 1:
            vacations.start(seat.user, automatic=True, now=now, since=seat.deadline - vacations.RETURN_GRACE)
            count += 1
            continue
        try:
            services.submit_action(match.pk, services.Timekeeper(seat.index), {"type": site_actions.TIMEOUT}, match.version)
            count += 1
        except ServiceError:
            continue  # someone moved in the meantime
    return count


@shared_task
def abandon_idle() -> int:
    """Matches without a clock are abandoned after 21 days without a move."""
    cutoff = timezone.now() - timedelta(seconds=controls.ABANDON_AFTER)
    count = 0
    for match in Match.objects.filter(status=Match.Status.ACTIVE, last_move_at__lt=cutoff, time_control="none"):
        humans = match.seats.filter(user__isnull=False).count()
        if humans < 2:
            continue  # a game against bots waits for its player forever
        seat = match.to_act[0] if match.to_act else 0
        try:
            services.submit_action(match.pk, services.Timekeeper(seat), {"type": site_actions.ABANDON}, match.version)
            count += 1
        except ServiceError:
            continue
    return count


@shared_task
def send_reminders() -> int:
    """Reminders, and the "your turn" notices a move did not record."""
    return reminders.send_missed_turn_notices() + reminders.send_reminders()


@shared_task
def sweep_outbox() -> int:
    """Deliveries left behind (broker down, worker killed, quiet hours over, a retry due) and
    the daily digests that are due: queued again (games.notifications.outbox)."""
    return outbox.sweep()


@shared_task
def end_exhausted_vacations() -> int:
    return vacations.end_exhausted()


@shared_task
def pair_quick_matches() -> int:
    return len(quick.pair_queue())


@shared_task(acks_late=True)
def award_achievements(match_id: int) -> int:
    """What a finished match earned its people (safe twice: each award is recorded once)."""
    return len(award.award_match(match_id))


@shared_task
def award_missed_achievements(older_than_minutes: int = 15, window_minutes: int = 30) -> int:
    """The achievements of matches that ended a little while ago, awarded again: a task lost
    with a broker that was down is made good (awarding twice records nothing new)."""
    now = timezone.now()
    recent = Match.objects.filter(status=Match.Status.FINISHED,
                                  finished_at__lte=now - timedelta(minutes=older_than_minutes),
                                  finished_at__gt=now - timedelta(minutes=older_than_minutes + window_minutes))
    return award.backfill(recent)


@shared_task
def prepare_replay(match_id: int) -> None:
    """The replay's checkpoints of a match that just ended (games.replays.checkpoints)."""
    match = Match.objects.filter(pk=match_id, status=Match.Status.FINISHED).first()
    if match is not None:
        replay_checkpoints.prepare(match)


@shared_task
def forget_spectators() -> int:
    return presence.forget_old()


@shared_task(acks_late=True)
def tournament_match_finished(match_id: int) -> None:
    """A tournament's match ended: its round closes, the next Swiss round is paired or the
    tournament ends (safe twice: each step happens under the tournament's lock, once)."""
    tournaments.match_finished(match_id)


@shared_task
def advance_tournaments() -> int:
    """Swisses due to start (or cancelled), rounds past their deadline (time-outs), and any
    tournament whose last match ended while its follow-up was lost."""
    return tournaments.start_due() + tournaments.end_overdue_rounds() + tournaments.catch_up()


@receiver(signals.match_finished)
def _queue_achievements(sender, match_id, **kwargs):
    award_achievements.delay(match_id)


@receiver(signals.match_finished)
def _queue_replay_checkpoints(sender, match_id, **kwargs):
    prepare_replay.delay(match_id)


@receiver(signals.match_finished)
def _queue_tournament_progress(sender, match_id, **kwargs):
    tournament_match_finished.delay(match_id)


@receiver(signals.bot_turn_due)
def _queue_bot_turns(sender, match_id, version, **kwargs):
    play_bot_turns.delay(match_id, version)


PERIODIC_JOBS = {
    "advance_stalled_bots": advance_stalled_bots,
    "handle_timeouts": handle_timeouts,
    "abandon_idle": abandon_idle,
    "send_reminders": send_reminders,
    "sweep_outbox": sweep_outbox,
    "end_exhausted_vacations": end_exhausted_vacations,
    "pair_quick_matches": pair_quick_matches,
    "award_missed_achievements": award_missed_achievements,
    "forget_spectators": forget_spectators,
    "advance_tournaments": advance_tournaments,
}
