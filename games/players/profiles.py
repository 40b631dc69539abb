"""What a player's page shows: matches, ratings, solo record, achievements, time-outs, pace, vacation."""

from __future__ import annotations

import statistics
from collections import defaultdict

from django.db.models import F, Sum

from django.utils.translation import gettext

import engine
from engine import messages

from . import vacations
from .. import texts
from ..achievements import profile as achievement_profile
from ..chat import moderation
from ..models import Match, Rating, Turn


def summary(user, viewer=None) -> dict:
    seats = user.seats.select_related("match")
    active = [s.match for s in seats if s.match.status == Match.Status.ACTIVE]
    mine_first = sorted(active, key=lambda m: (m.seat_of(user) not in m.to_act, -m.updated_at.timestamp()))
    finished = [s.match for s in seats.filter(match__status=Match.Status.FINISHED).order_by("-match__finished_at")[:30]]
    thinks = _think_times(user)
    return {
        "player": user,
        "is_me": viewer is not None and viewer.is_authenticated and viewer.pk == user.pk,
        "active": [{"match": m, "my_turn": m.seat_of(user) in m.to_act} for m in mine_first],
        "finished": [{"match": m, "won": m.seat_of(user) in (m.outcome or {}).get("winners", [])} for m in finished],
        "ratings": Rating.objects.filter(user=user).order_by("game"),
        "solo": solo_record(user),
        "timeouts": seats.aggregate(n=Sum("timed_out"))["n"] or 0,
        "median_move": statistics.median(thinks) if thinks else None,
        "on_vacation": vacations.current(user) is not None,
        "vacation_left": round(vacations.balance(user), 1),  # "15" or "14.5", never "15.0"
        "vacation_count": round(vacations.balance(user)),  # chooses the plural form
        "blocked": viewer is not None
        and viewer.is_authenticated
        and viewer.blocks.filter(blocked=user).exists(),
        "muted": viewer is not None and moderation.is_muted(viewer, user),
        "achievements": achievement_profile.of(user, viewer),
    }


def _think_times(user) -> list[float]:
    """Time taken over the first move of each turn, in this player's seats (one query)."""
    return list(
        Turn.objects.filter(
            match__seats__user=user, seat=F("match__seats__index"), think_seconds__isnull=False
        ).values_list("think_seconds", flat=True)
    )


def solo_record(user) -> list[dict]:
    """Finished matches against bots only, by game, difficulty and what the engine groups by,
    each named in the reader's language (the engine gives a leader as a message)."""
    table: dict = defaultdict(lambda: {"won": 0, "played": 0})
    for seat in user.seats.filter(match__status=Match.Status.FINISHED).select_related("match"):
        match = seat.match
        if match.seats.filter(user__isnull=False).count() != 1:
            continue
        game = engine.get_game(match.game)
        label = game.record_label(game.deserialize(match.state), seat.index) if match.state else None
        key = (texts.game_title(match.game), _difficulty(match), texts.render(label) if label else "")
        table[key]["played"] += 1
        table[key]["won"] += seat.index in (match.outcome or {}).get("winners", [])
    return [{"game": g, "difficulty": d, "label": lab, **v} for (g, d, lab), v in sorted(table.items())]


def _difficulty(match) -> str:
    """The solo mode's name ("Solo against the Challenger"), else "against bots"."""
    mode = (match.options or {}).get("mode")
    name = {"id": f"{match.game}.mode.{mode}.name"}
    return texts.render(name) if mode and messages.known(name["id"]) else gettext("against bots")


def first_solo(user, match) -> bool:
    """Whether this is the person's first solo game of its game: it is played in one of the
    game's solo modes, and no other solo match of that game of theirs began before it
    (whatever became of that one: finished, abandoned or still going)."""
    modes = [m["options"].get("mode") for m in engine.get_game(match.game).solo_modes()]
    if not getattr(user, "is_authenticated", False) or (match.options or {}).get("mode") not in modes:
        return False
    earlier = Match.objects.filter(game=match.game, seats__user=user, pk__lt=match.pk, options__mode__in=modes)
    return not earlier.exclude(status=Match.Status.LOBBY).exists()


def leaderboard(game: str, limit: int = 100):
    return Rating.objects.filter(game=game, games__gt=0).select_related("user").order_by("-rating")[:limit]

