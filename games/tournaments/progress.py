"""What moves a tournament on: its start (a cup's matches all at once, a Swiss's first round),
a finished match (the next Swiss round, the end), a round's deadline, the results and trophy.

Called under the tournament's row lock, from the services (join, start) and from the jobs that
hear a match end (games.tasks), so each step happens once however often it is asked for."""

from __future__ import annotations

import random
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from ..achievements import catalog
from ..lobby import tables
from ..models import Achievement, Entrant, Match, Round, Seat, Tournament
from ..notifications import events, outbox
from ..play import services as play, site_actions
from ..refusals import ServiceError
from . import designs, swiss, tally

# Why a tournament ended early or was cancelled: message ids, translated where shown (report).
TOO_FEW = gettext_noop("Fewer than 2 players had entered at the start time: the tournament is cancelled.")
TOO_FEW_TO_PAIR = gettext_noop("Fewer than 2 players are left to pair: the tournament ends here.")
NO_PAIRING = gettext_noop("No pairing without a rematch is left: the tournament ends here.")
REASONS = {"too_few_players": TOO_FEW_TO_PAIR, "no_pairing_without_rematch": NO_PAIRING}


def _number(t: Tournament) -> list[Entrant]:
    """The entrants in a random order drawn from the tournament's seed, numbered 0..n-1."""
    entries = list(t.entries.select_related("user").order_by("pk"))
    random.Random(t.seed).shuffle(entries)
    for number, e in enumerate(entries):
        e.number = number
    Entrant.objects.bulk_update(entries, ["number"])
    return entries


def _table(t: Tournament, users: list, number: int, by=None) -> Match:
    return tables.seat_match(t.game, users, t.options, clock=t.time_control, pace=t.pace,
                             weekend_pause=t.weekend_pause, rated=t.rated, tournament=t, tournament_round=number,
                             by=by)


def start_cup(t: Tournament, by=None) -> None:
    """Every match of the design at once: a slow table holds up nobody else's."""
    now = timezone.now()
    entries = _number(t)
    users = [e.user for e in entries]
    design = designs.cup_design(len(entries), t.seats)
    for number, cup_round in enumerate(design, start=1):
        bye = users[cup_round.bye] if cup_round.bye is not None else None
        Round.objects.create(tournament=t, number=number, started_at=now, bye=bye)
        for table in cup_round.tables:
            _table(t, [users[k] for k in table], number, by=by)
    t.status, t.started_at, t.current_round, t.rounds = Tournament.Status.RUNNING, now, len(design), len(design)
    t.save(update_fields=["status", "started_at", "current_round", "rounds"])
    outbox.record([events.tournament(e.user, t, "start") for e in entries], now)


def start_swiss(t: Tournament, by=None) -> None:
    now = timezone.now()
    entries = _number(t)
    t.status, t.started_at = Tournament.Status.RUNNING, now
    t.save(update_fields=["status", "started_at"])
    outbox.record([events.tournament(e.user, t, "start") for e in entries], now)
    pair_next_round(t, by=by)


def swiss_players(t: Tournament, entries, matches) -> list:
    """What the pairing needs of each player still in: points, opponents, seats, byes."""
    points = {s.player: s for s in tally.standings(t, matches, entries)}
    info = {e.user_id: {"opponents": set(), "firsts": 0, "seconds": 0, "last": None} for e in entries}
    for m in matches:  # in round order: the last seat seen is the last game's
        ids = tally.seated(m)
        for seat, uid in enumerate(ids):
            if uid in info:
                info[uid]["opponents"].update(o for o in ids if o != uid)
                info[uid]["firsts" if seat == 0 else "seconds"] += 1
                info[uid]["last"] = seat
    byes = {}
    for r in t.round_set.exclude(bye=None):
        byes[r.bye_id] = byes.get(r.bye_id, 0) + 1
    absent = tally.absent_ids(t, entries)
    return [
        swiss.SwissPlayer(id=e.user_id, points=points[e.user_id].points if e.user_id in points else 0.0,
                          opponents=info[e.user_id]["opponents"], firsts=info[e.user_id]["firsts"],
                          seconds=info[e.user_id]["seconds"], byes=byes.get(e.user_id, 0),
                          rank=points[e.user_id].rank if e.user_id in points else 0,
                          last_seat=info[e.user_id]["last"])
        for e in entries if e.user_id not in absent
    ]


def pair_next_round(t: Tournament, by=None) -> None:
    """Pair the next Swiss round from the standings, or end the Swiss when none can be paired."""
    now = timezone.now()
    entries = list(t.entries.select_related("user"))
    matches = list(tally.matches_of(t))
    try:
        pairing = swiss.pair_round(swiss_players(t, entries, matches))
    except swiss.CannotPair as exc:
        finish(t, REASONS.get(exc.reason, NO_PAIRING))
        return
    users = {e.user_id: e.user for e in entries}
    number = t.current_round + 1
    Round.objects.create(tournament=t, number=number, started_at=now, deadline=now + timedelta(days=t.round_days),
                         bye=users.get(pairing.bye))
    specs = []
    for first, second in pairing.games:
        match = _table(t, [users[first], users[second]], number, by=by)
        specs += [events.tournament(users[u], t, "round", match=match, round=number) for u in (first, second)]
    t.current_round = number
    t.save(update_fields=["current_round"])
    outbox.record(specs, now)


def match_finished(match_id: int) -> None:
    """A tournament match ended: close its round if it was the last, then pair the next Swiss
    round or end the tournament."""
    tid = Match.objects.filter(pk=match_id).values_list("tournament_id", flat=True).first()
    if tid is not None:
        advance(tid)


def advance(tid: int) -> None:
    with transaction.atomic():
        t = Tournament.objects.select_for_update().filter(pk=tid, status=Tournament.Status.RUNNING).first()
        if t is None:
            return
        now = timezone.now()
        if t.format == Tournament.Format.CUP:
            if not t.matches.exclude(status__in=[Match.Status.FINISHED, Match.Status.ABANDONED]).exists():
                t.round_set.filter(finished_at=None).update(finished_at=now)
                finish(t)
            return
        current = t.round_set.filter(number=t.current_round).first()
        if current is None or t.matches.filter(tournament_round=t.current_round, status=Match.Status.ACTIVE).exists():
            return
        current.finished_at = current.finished_at or now
        current.save(update_fields=["finished_at"])
        if t.current_round >= t.rounds:
            finish(t)
        else:
            pair_next_round(t)


def finish(t: Tournament, reason: str = "") -> None:
    """The end: the results to every entrant (their rank) and the winner's trophy."""
    now = timezone.now()
    t.status, t.finished_at, t.ended_reason = Tournament.Status.FINISHED, now, reason
    t.save(update_fields=["status", "finished_at", "ended_reason"])
    entries = list(t.entries.select_related("user"))
    standings = tally.standings(t, None, entries)
    users = {e.user_id: e.user for e in entries}
    outbox.record([events.tournament(users[s.player], t, "results", rank=s.rank, of=len(standings))
                   for s in standings if s.player in users], now)
    winners = [s.player for s in standings if s.rank == 1 and not s.absent]
    Achievement.objects.bulk_create([Achievement(user_id=w, game=t.game, code=catalog.trophy(t.game), earned_at=now)
                                     for w in winners], ignore_conflicts=True)


def cancel(t: Tournament, reason: str) -> None:
    t.status, t.finished_at, t.ended_reason = Tournament.Status.CANCELLED, timezone.now(), reason
    t.save(update_fields=["status", "finished_at", "ended_reason"])
    outbox.record([events.tournament(e.user, t, "cancelled") for e in t.entries.select_related("user")])


# ---------------------------------------------------------------- periodic jobs


def start_due(now=None) -> int:
    """Swisses whose start time came: started, or cancelled with fewer than 2 entrants."""
    now = now or timezone.now()
    count = 0
    for tid in Tournament.objects.filter(status=Tournament.Status.OPEN, format=Tournament.Format.SWISS,
                                         starts_at__lte=now).values_list("pk", flat=True):
        with transaction.atomic():
            t = Tournament.objects.select_for_update().filter(pk=tid, status=Tournament.Status.OPEN).first()
            if t is None:
                continue
            if t.entries.count() < 2:
                cancel(t, TOO_FEW)
            else:
                start_swiss(t)
            count += 1
    return count


def end_overdue_rounds(now=None) -> int:
    """Swiss rounds past their deadline: whoever is still to act in an unfinished match loses
    it on time, through the write path's time-out (logged and told like any time-out)."""
    now = now or timezone.now()
    count = 0
    due = Round.objects.filter(deadline__lte=now, finished_at=None, tournament__status=Tournament.Status.RUNNING,
                               tournament__format=Tournament.Format.SWISS)
    for r in due.select_related("tournament"):
        for match in r.tournament.matches.filter(tournament_round=r.number, status=Match.Status.ACTIVE):
            for index in list(match.to_act):
                Seat.objects.filter(match=match, index=index, deadline__gt=r.deadline).update(deadline=r.deadline)
                Seat.objects.filter(match=match, index=index, deadline=None, bot="").update(deadline=r.deadline)
                match.refresh_from_db(fields=["version", "status"])
                if match.status != Match.Status.ACTIVE:
                    break
                try:
                    play.submit_action(match.pk, play.Timekeeper(index), {"type": site_actions.TIMEOUT}, match.version)
                    count += 1
                except ServiceError:
                    continue
        advance(r.tournament_id)
    return count


def catch_up(now=None) -> int:
    """Running tournaments whose matches all ended while the follow-up was lost: moved on."""
    count = 0
    for tid in Tournament.objects.filter(status=Tournament.Status.RUNNING).values_list("pk", flat=True):
        advance(tid)
        count += 1
    return count
