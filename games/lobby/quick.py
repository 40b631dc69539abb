"""Quick match: a queue per game, clock, pace and table size, paired by rating within a window that widens while a player waits."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import engine

from ..clocks import controls as C
from ..models import Block, Match, QueueEntry, Rating
from ..refusals import ServiceError
from .pace import choose as choose_pace
from .tables import create_match, join_match

QUICK_WINDOW = 100.0  # rating points either side at first
QUICK_WIDEN_PER_MINUTE = 50.0
QUICK_WINDOW_MAX = 600.0


def window(entry: QueueEntry, now) -> float:
    """Rating points either side this entry accepts: it widens while the player waits."""
    minutes = max(0.0, (now - entry.created_at).total_seconds() / 60)
    return min(QUICK_WINDOW_MAX, QUICK_WINDOW + QUICK_WIDEN_PER_MINUTE * minutes)


def rating_of(user, game: str) -> float:
    row = Rating.objects.filter(user=user, game=game).first()
    return row.rating if row else 1500.0


def enqueue(user, game_slug: str, clock: str, players: int = 2, pace: str | None = None) -> Match | None:
    """Join the quick-match queue; returns the match if a pairing happened at once.

    Without a pace, the clock's usual one (`lobby.pace.default_pace`)."""
    game = engine.get_game(game_slug)
    if clock not in C.CLOCKS or clock == "none":
        raise ServiceError(_("Quick matches need a clock."))
    clock, pace = choose_pace(clock, pace)
    if not game.min_players <= players <= game.max_players:
        raise ServiceError(_("Wrong number of players for this game."))
    QueueEntry.objects.update_or_create(
        user=user,
        game=game_slug,
        players=players,
        clock=clock,
        pace=pace,
        defaults={"rating": rating_of(user, game_slug), "created_at": timezone.now()},
    )
    made = pair_queue()
    return next((m for m in made if m.seats.filter(user=user).exists()), None)


def against_bot(user, game_slug: str, level: str, players: int = 2) -> Match:
    """A quick game against the game's bot at this level in every other seat: it starts at once,
    with no clock (nobody is waiting for the person but bots)."""
    game = engine.get_game(game_slug)
    bot = game.levels().get(level)
    if bot is None:
        raise ServiceError(_("This game has no bot at that level."))
    if not game.min_players <= players <= game.max_players:
        raise ServiceError(_("Wrong number of players for this game."))
    return create_match(user, game_slug, players, bots={seat: bot for seat in range(1, players)})


def dequeue(user) -> int:
    return QueueEntry.objects.filter(user=user).delete()[0]


def pair_queue(now=None) -> list[Match]:
    """Match waiting players: same game, size, clock and pace, every pair within both windows."""
    now = now or timezone.now()
    made = []
    with transaction.atomic():
        entries = list(QueueEntry.objects.select_for_update().order_by("created_at"))
        used: set[int] = set()
        blocks = set(Block.objects.values_list("blocker_id", "blocked_id"))
        for entry in entries:
            if entry.pk in used:
                continue
            group = [entry]
            for other in entries:
                if other.pk in used or other is entry or len(group) == entry.players:
                    continue
                if (other.game, other.players, other.clock, other.pace) != (
                    entry.game, entry.players, entry.clock, entry.pace
                ):
                    continue
                if any(
                    other.user_id == g.user_id
                    or abs(other.rating - g.rating) > min(window(other, now), window(g, now))
                    or (other.user_id, g.user_id) in blocks
                    or (g.user_id, other.user_id) in blocks
                    for g in group
                ):
                    continue
                group.append(other)
            if len(group) == entry.players:
                used.update(g.pk for g in group)
                match = create_match(
                    group[0].user, entry.game, entry.players, clock=entry.clock, pace=entry.pace, rated=True, private=True
                )
                for g in group[1:]:
                    join_match(g.user, match, token=match.invite_token)
                QueueEntry.objects.filter(pk__in=[g.pk for g in group]).delete()
                match.refresh_from_db()
                made.append(match)
    return made
