"""Read helpers: what a given user may see of a match. No writes here."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.utils import timezone

import engine

from ..clocks import seat_clocks
from ..models import Match
from ..texts import is_message, render, seat_noun


def visible_to(matches, user):
    """Only the matches `user` may see: every public match, and private ones they sit at or
    are invited to (anonymous visitors see public matches only)."""
    if not getattr(user, "is_authenticated", False):
        return matches.filter(private=False)
    mine = Match.objects.filter(Q(seats__user=user) | Q(invitations__recipient=user)).values("pk")
    return matches.filter(Q(private=False) | Q(pk__in=mine))


def may_see(match: Match, user) -> bool:
    """Whether `user` may see this match (its detail, page, board and log)."""
    if not match.private:
        return True
    if not getattr(user, "is_authenticated", False):
        return False
    return match.seat_of(user) is not None or match.invitations.filter(recipient=user).exists()


def viewer_seat(match: Match, user) -> int | None:
    return match.seat_of(user)


@dataclass(frozen=True)
class Viewer:
    """Who looks at a match: asked once a request, then handed to the board, the chat and
    presence. `seat` is None for someone without one; `may_see` says whether they may see it at all."""

    user: object
    seat: int | None
    may_see: bool

    @property
    def signed_in(self) -> bool:
        return bool(getattr(self.user, "is_authenticated", False))


def viewer(match: Match, user) -> Viewer:
    seat = match.seat_of(user)
    return Viewer(user, seat, seat is not None or may_see(match, user))


def seat_list(match: Match) -> list[dict]:
    seats = match.seats.all()
    left = seat_clocks.time_left(match, seats, timezone.now())
    return [
        {
            "index": s.index,
            "user": s.user.username if s.user_id else None,
            "bot": s.bot or None,
            "name": s.display_name,
            "joined_at": s.joined_at.isoformat() if s.user_id or s.bot else None,
            "away": s.away,
            "deadline": s.deadline.isoformat() if s.deadline else None,
            "time_left_seconds": left[s.index],
        }
        for s in seats
    ]


def game_view(match: Match, seat: int | None, state=None) -> tuple[dict | None, list]:
    """The engine's view for `seat` and that seat's legal actions (none unless it is to act).
    `state`: the game state if the caller has it already (the write path does)."""
    if match.state is None:
        return None, []
    game = engine.get_game(match.game)
    if state is None:
        state = game.deserialize(match.state)
    view = game.view(state, seat)
    legal = []
    if seat is not None and match.status == Match.Status.ACTIVE and seat in match.to_act:
        legal = game.legal_actions(state, seat)
    return view, legal


def match_summary(match: Match, user) -> dict:
    """What lists show of a match: no game state."""
    seat = viewer_seat(match, user)
    return {
        "id": match.pk,
        "game": match.game,
        "players": match.players,
        "options": match.options,
        "status": match.status,
        "time_control": match.time_control,
        "pace": match.pace,
        "weekend_pause": match.weekend_pause,
        "rated": match.rated,
        "seats": seat_list(match),
        "your_seat": seat,
        "version": match.version,
        "to_act": match.to_act,
        "your_turn": seat is not None and match.status == Match.Status.ACTIVE and seat in match.to_act,
        "outcome": match.outcome,
        "url": match.get_absolute_url(),
        "created_at": match.created_at.isoformat(),
    }


def match_payload(match: Match, user, state=None) -> dict:
    """The summary plus the caller's view and legal actions."""
    payload = match_summary(match, user)
    payload["view"], payload["legal_actions"] = game_view(match, payload["your_seat"], state)
    prompt = (payload["view"] or {}).get("prompt")
    payload["prompt"] = None
    if is_message(prompt):
        names = [s["name"] for s in payload["seats"]]
        payload["prompt"] = {"text": render(prompt, names), "message": prompt}
    return payload


def log_entries(match: Match, user, since: int = 0) -> list[dict]:
    """The turn log; the viewer sees their own actions whole, others' as the engine redacts them."""
    seat = viewer_seat(match, user)
    names = [s.display_name for s in match.seats.all()]
    return [
        {
            "version": t.version,
            "seat": t.seat,
            "action": t.action if t.seat == seat else t.public_action,
            "text": render(t.line, names),
            "message": t.message,
            "created_at": t.created_at.isoformat(),
        }
        for t in match.turns.filter(version__gt=since).order_by("version")
    ]


def replay(match: Match):
    """Rebuild the state from the seed and the turn log (the snapshot must equal it)."""
    game = engine.get_game(match.game)
    return game.serialize(state_at(match, match.version))


def state_at(match: Match, version: int):
    """The game state after the turns up to `version` (site turns change no game state)."""
    game = engine.get_game(match.game)
    state = game.setup(match.seed, match.players, match.options)
    for turn in match.turns.filter(kind="game", undone=False, version__lte=version).order_by("version"):
        state = game.apply(state, turn.seat, turn.action)
    return state


RECENT_LIMIT = 400  # turns told at most: a long absence is summed up by its latest part


def recent_turns(match: Match, seat: int | None) -> list[dict]:
    """The other seats' turns since this seat's last move (for a spectator, since the last
    change of player), oldest first: what the page tells a player who was away."""
    turns = match.turns.filter(kind="game", undone=False)
    if seat is not None:
        last = turns.filter(seat=seat).order_by("-version").values_list("version", flat=True).first()
        if last is not None:
            turns = turns.filter(version__gt=last)
        turns = turns.exclude(seat=seat)
        rows = list(turns.order_by("-version").values("version", "seat", "public_action", "message", "notes")[:RECENT_LIMIT])
    else:
        rows = []
        for row in turns.order_by("-version").values("version", "seat", "public_action", "message", "notes")[:RECENT_LIMIT]:
            if rows and row["seat"] != rows[-1]["seat"]:
                break
            rows.append(row)
    rows.reverse()
    return rows


def undoable_turn(match: Match, seat: int | None):
    """The viewer's last step if they may take it back now, else None."""
    if seat is None or match.status != Match.Status.ACTIVE or seat not in match.to_act:
        return None
    last = match.turns.filter(kind="game", undone=False).order_by("-version").first()
    if last is None or last.seat != seat or last.irreversible:
        return None
    return last


def waiting_on(match: Match) -> list:
    """Who the match waits for, as nouns a sentence can take ("the Challenger", "d'Alix")."""
    seats = {s.index: s for s in match.seats.all()}
    return [seat_noun(seats[i]) for i in match.to_act if i in seats]


def is_my_turn(match: Match, user) -> bool:
    seat = viewer_seat(match, user)
    return seat is not None and match.status == Match.Status.ACTIVE and seat in match.to_act
