"""Awarding achievements when a match ends, and backfilling them for finished matches.

The engine replays the match's turn log from its seed (undone steps left out) and says what
each seat earned; here the seats become people. A seat a bot played at any point earns
nothing: a bot's seat, a player's seat while a bot stood in after a time-out (`timed_out`) or
a resignation (`forfeited`). Every award is unique per person and achievement, so awarding a
match twice, or backfilling everything again, records nothing new.
"""

from __future__ import annotations

import logging

from django.db.models import Q
from django.utils import timezone

import engine
from engine import achievements as rules

from ..models import Achievement, Match, Seat

log = logging.getLogger(__name__)


def own_play(seat: Seat) -> bool:
    """A person played this seat all along: no bot ever stood in for them."""
    return bool(seat.user_id) and not seat.bot and not seat.timed_out and not seat.forfeited


def award_match(match_id: int) -> list[Achievement]:
    """Record what this finished match earned its people (and the careers it completed)."""
    match = Match.objects.filter(pk=match_id, status=Match.Status.FINISHED).first()
    if match is None or rules.rules(match.game) is None:
        return []
    seats = list(match.seats.select_related("user"))
    people = {s.index: s for s in seats if own_play(s)}
    if not people:
        return []
    game = engine.get_game(match.game)
    turns = list(match.turns.filter(kind="game", undone=False).order_by("version").values_list("seat", "action"))
    found = rules.earned(game, match.seed, match.players, match.options or {}, turns,
                         bots=[s.index for s in seats if s.index not in people])
    at = match.finished_at or timezone.now()
    rows = [Achievement(user_id=people[seat].user_id, game=match.game, code=code, match=match, earned_at=at)
            for seat, codes in sorted(found.items()) for code in sorted(codes) if seat in people]
    for seat in people.values():
        rows += career_rows(seat.user_id, match.game)
    Achievement.objects.bulk_create(rows, ignore_conflicts=True)
    return rows


def _finished_seats(user_id: int, slug: str):
    return (Seat.objects.filter(user_id=user_id, match__game=slug, match__status=Match.Status.FINISHED,
                                bot="", timed_out=0, forfeited=False)
            .select_related("match").defer("match__state").order_by("match__finished_at", "match__pk"))


def career_rows(user_id: int, slug: str) -> list[Achievement]:
    """The career achievements of this game the person's finished matches completed, each
    with the match that completed it."""
    module = rules.rules(slug)
    if module is None or not getattr(module, "CAREER", ()):
        return []
    seats = list(_finished_seats(user_id, slug))
    records = []
    for seat in seats:
        match = seat.match
        table = {"players": match.players, "options": match.options or {}, "outcome": match.outcome}
        state = None
        if rules.wants_state(slug, table, seat.index):
            data = Match.objects.filter(pk=match.pk).values_list("state", flat=True).first()
            state = engine.get_game(slug).deserialize(data) if data else None
        records.append(rules.career_record(slug, table, seat.index, state))
    done = rules.career(slug, records)
    return [Achievement(user_id=user_id, game=slug, code=code, match=seats[i].match,
                        earned_at=seats[i].match.finished_at or timezone.now())
            for code, i in sorted(done.items())]


def backfill(matches=None, out=None) -> int:
    """Award every finished match (oldest first); returns how many achievements are new."""
    before = Achievement.objects.count()
    rows = matches if matches is not None else Match.objects.filter(status=Match.Status.FINISHED)
    for pk in rows.filter(Q(game__in=[g.slug for g in engine.all_games() if rules.rules(g.slug)])) \
            .order_by("finished_at", "pk").values_list("pk", flat=True):
        try:
            award_match(pk)
        except Exception:  # a match whose log no longer replays (an engine changed): say so, go on
            log.exception("could not award the achievements of match %s", pk)
            if out is not None:
                out.write(f"match {pk}: its log does not replay; skipped")
    return Achievement.objects.count() - before
