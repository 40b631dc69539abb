"""The events players hear about, as notices: who is told, under which idempotency key, and
what the notice says in the reader's language.

A notice names the game, the match number and people, and never shows game state, so
nothing hidden can leak through a page, a push or a mail. Its words are rendered when it is
read (`text`), in the reader's language and time zone, from its kind and parameters.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.utils import formats, timezone
from django.utils.translation import gettext as _

from .. import texts
from ..clocks.seat_clocks import human_duration
from ..models import Match, Notification, Seat

K = Notification.Kind
SEEN_RECENTLY = timedelta(minutes=2)
ACTED_RECENTLY = timedelta(minutes=10)
# Notices about a match that is over stop asking for anything (the page shows them closed).
CLOSED_WHEN_OVER = (K.YOUR_TURN, K.REMINDER, K.INVITATION, K.REMATCH)


@dataclass
class Spec:
    """A notice to record: the recipient (a loaded user), its kind and key, and, when the
    recipient is busy in the match right now, only the quiet site notice (no push, no mail)."""

    user: object
    kind: str
    key: str
    match_id: int | None = None
    params: dict = field(default_factory=dict)
    quiet: bool = False


def stamp(moment: datetime | None) -> int:
    return int(moment.timestamp()) if moment else 0


def busy_here(last_seen_at, last_moved_at, now) -> bool:
    """The player has the match open or moved in it lately: a "your turn" notice cannot be
    due now. The write path asks this from what it holds, the worker again before sending."""
    return (last_seen_at is not None and now - last_seen_at < SEEN_RECENTLY) or (
        last_moved_at is not None and now - last_moved_at < ACTED_RECENTLY
    )


def people(seats) -> list[Seat]:
    """Seats a person plays (not a bot standing in). A match with one person and bots sends
    no notices at all: nobody waits on anybody, and that person is the one playing."""
    humans = [s for s in seats if s.user_id]
    return [s for s in humans if not s.bot] if len(humans) > 1 else []


def your_turn(match: Match, seat: Seat) -> Spec:
    return Spec(
        seat.user, K.YOUR_TURN, f"turn.m{match.pk}.t{stamp(seat.turn_started_at)}.u{seat.user_id}", match.pk,
        {"game": match.game, "seat": seat.index, "turn": stamp(seat.turn_started_at),
         "deadline": stamp(seat.deadline) or None},
    )


def reminder(match: Match, seat: Seat, label: str, left: float) -> Spec:
    return Spec(
        seat.user, K.REMINDER, f"reminder.m{match.pk}.t{stamp(seat.turn_started_at)}.{label}.u{seat.user_id}",
        match.pk,
        {"game": match.game, "seat": seat.index, "turn": stamp(seat.turn_started_at), "left": int(left),
         "deadline": stamp(seat.deadline) or None},
    )


def for_move(match: Match, seats, previous_to_act, actor: int | None, action_type: str, now) -> list[Spec]:
    """The notices a committed change of a match causes: "your turn" to people who became
    ones to act and are not busy in it, a time-out to both sides, a bot taking over a seat,
    and the result to everyone when the game ends."""
    told = people(seats)
    if not told:
        return []
    specs = []
    version = match.version
    by_index = {s.index: s for s in seats}
    me = by_index.get(actor)
    if action_type == "site.timeout" and me is not None and me.user_id:
        lost = me.forfeited
        for s in told + ([me] if me not in told else []):
            specs.append(Spec(s.user, K.TIMEOUT, f"timeout.m{match.pk}.v{version}.u{s.user_id}", match.pk,
                              {"game": match.game, "who": me.user.username, "me": s.index == me.index,
                               "lost": lost}))
    elif action_type == "site.resign" and me is not None and me.bot and match.status == Match.Status.ACTIVE:
        for s in told:
            if s.index != me.index:
                specs.append(Spec(s.user, K.BOT, f"bot.m{match.pk}.v{version}.u{s.user_id}", match.pk,
                                  {"game": match.game, "who": me.user.username if me.user_id else "", "bot": me.bot}))
    if match.status == Match.Status.ACTIVE:
        for s in told:
            if s.index in match.to_act and s.index not in previous_to_act and not s.away:
                if not busy_here(s.last_seen_at, s.last_moved_at, now):
                    specs.append(your_turn(match, s))
    elif match.status == Match.Status.FINISHED:
        outcome = match.outcome or {}
        winners = [by_index[i].user.username if by_index[i].user_id else by_index[i].display_name
                   for i in outcome.get("winners", []) if i in by_index]
        for s in told:
            specs.append(Spec(s.user, K.FINISHED, f"finished.m{match.pk}.u{s.user_id}", match.pk,
                              {"game": match.game, "won": s.index in outcome.get("winners", []), "winners": winners},
                              quiet=s.index == actor or busy_here(s.last_seen_at, s.last_moved_at, now)))
    return specs


def invitation(match: Match, sender, recipient) -> Spec:
    kind = K.REMATCH if match.rematch_of_id else K.INVITATION
    return Spec(recipient, kind, f"invite.m{match.pk}.u{recipient.pk}", match.pk,
                {"game": match.game, "who": sender.username if sender else ""})


def chat(match: Match, recipient, author, read_upto: int, quiet: bool = False) -> Spec:
    """New chat in a match: one notice per recipient until they read the chat (the key holds
    how far they had read), so a lively table is one notice, not one per line. It names the
    writer, never the words (a message the staff hide later must not stay in a mail)."""
    return Spec(recipient, K.CHAT, f"chat.m{match.pk}.r{read_upto}.u{recipient.pk}", match.pk,
                {"game": match.game, "who": author.username, "read": read_upto}, quiet=quiet)


def vacation(vacation, user, told, started: bool) -> list[Spec]:
    """To the player when the site started or ended it for them, and to their opponents in
    running matches between people."""
    edge = "start" if started else "end"
    specs = []
    if vacation.automatic if started else True:
        specs.append(Spec(user, K.VACATION, f"vacation.v{vacation.pk}.{edge}.u{user.pk}", None,
                          {"me": True, "started": started, "automatic": vacation.automatic}))
    for other in told:
        specs.append(Spec(other, K.VACATION, f"vacation.v{vacation.pk}.{edge}.u{other.pk}", None,
                          {"me": False, "who": user.username, "started": started}))
    return specs


def tournament(user, t, what: str, match=None, **params) -> Spec:
    """Tournament news to one entrant: "start", "round" (their new Swiss match), "results" (their
    rank), "cancelled". One notice per entrant and event (the key), however often it is asked for."""
    at = f".r{params['round']}" if "round" in params else ""
    return Spec(user, K.TOURNAMENT, f"tournament.t{t.pk}.{what}{at}.u{user.pk}", match.pk if match else None,
                {"tournament": t.pk, "what": what, "name": t.name, "game": t.game, "format": t.format, **params})


def tournament_title(p: dict) -> str:
    """A tournament as a notice names it: its own name, else its game and format."""
    if p.get("name"):
        return p["name"]
    game = texts.game_title(p.get("game", ""))
    return (_("%(game)s cup") if p.get("format") == "cup" else _("%(game)s Swiss")) % {"game": game}


def tournament_text(p: dict) -> str:
    title = tournament_title(p)
    what = p.get("what")
    if what == "start":
        return _("The tournament “%(t)s” has started: your matches are waiting.") % {"t": title}
    if what == "round":
        return _("Round %(n)s of the tournament “%(t)s”: your next match is ready.") % {"n": p.get("round"), "t": title}
    if what == "results":
        return _("The tournament “%(t)s” is over: you are ranked %(rank)s of %(of)s.") % {
            "t": title, "rank": p.get("rank"), "of": p.get("of")}
    return _("The tournament “%(t)s” was cancelled.") % {"t": title}


# ---------------------------------------------------------------- words


def label(notice: Notification) -> str:
    """The match as its reader knows it ("Chicken Run with bob"), never by its id; an invitation
    names the game alone, since the reader has no seat yet, and so does a notice about the one
    other player ("bob ran out of time in Chicken Run", not "... in Chicken Run with bob")."""
    game = (notice.params or {}).get("game") or (notice.match.game if notice.match_id else "")
    if not notice.match_id or notice.kind in (K.INVITATION, K.REMATCH):
        return texts.game_title(game)
    seats = list(notice.match.seats.select_related("user"))
    seat = next((s.index for s in seats if s.user_id == notice.user_id), None)
    who = (notice.params or {}).get("who")
    others = [s for s in seats if s.index != seat and (s.user_id or s.bot)]
    if seat is not None and who and len(others) == 1 and others[0].user_id and others[0].user.username == who:
        return texts.game_title(game or notice.match.game)
    return texts.match_label(notice.match, seat, seats)


def when(seconds: int | None, tz) -> str:
    """A moment in the reader's time zone and language, with the zone's name."""
    if not seconds:
        return ""
    moment = datetime.fromtimestamp(seconds, tz=tz)
    return f"{formats.date_format(moment, 'DATETIME_FORMAT')} ({tz.key})"


def text(notice: Notification, tz=None) -> str:
    """What the notice says, in the active language; deadlines in `tz` (the reader's zone)."""
    if not notice.kind or (notice.text and not notice.params):
        return notice.text
    p = notice.params or {}
    tz = tz or timezone.get_current_timezone()
    kind = notice.kind
    if kind == K.YOUR_TURN:
        return _("Your turn in %(m)s") % {"m": label(notice)}
    if kind == K.REMINDER:
        return _("%(left)s left for your move in %(m)s") % {"left": human_duration(p.get("left")), "m": label(notice)}
    if kind == K.TIMEOUT:
        if p.get("me"):
            return (_("You ran out of time in %(m)s and lost.") if p.get("lost") else
                    _("You ran out of time in %(m)s: a bot plays your seat until you take it back.")) % {"m": label(notice)}
        return (_("%(who)s ran out of time in %(m)s and lost.") if p.get("lost") else
                _("%(who)s ran out of time in %(m)s: a bot plays their seat until they come back.")) % {
                    "who": p.get("who", ""), "m": label(notice)}
    if kind == K.BOT:
        return _("%(who)s left %(m)s: a bot plays their seat.") % {"who": p.get("who", ""), "m": label(notice)}
    if kind == K.FINISHED:
        if p.get("won"):
            return _("You won %(m)s!") % {"m": label(notice)}
        if p.get("winners"):
            return _("%(m)s is over: %(who)s won.") % {"m": label(notice), "who": ", ".join(p["winners"])}
        return _("%(m)s is over.") % {"m": label(notice)}
    if kind == K.INVITATION:
        return _("%(who)s invites you to %(m)s.") % {"who": p.get("who", ""), "m": label(notice)}
    if kind == K.REMATCH:
        return _("%(who)s offers a rematch: %(m)s.") % {"who": p.get("who", ""), "m": label(notice)}
    if kind == K.CHAT:
        return _("%(who)s wrote in the chat of %(m)s.") % {"who": p.get("who", ""), "m": label(notice)}
    if kind == K.TOURNAMENT:
        return tournament_text(p)
    if kind == K.VACATION:
        if p.get("me"):
            return (_("Your time was running out, so a vacation started: your clocks are paused.") if p.get("started")
                    else _("Your vacation is over: your clocks run again."))
        return (_("%(who)s is on vacation: their clocks are paused.") if p.get("started")
                else _("%(who)s is back from vacation: their clocks run again.")) % {"who": p.get("who", "")}
    return notice.text


def deadline(notice: Notification, tz) -> str:
    """The move's deadline in the reader's zone, for turn notices and reminders ("" if none)."""
    if notice.kind not in (K.YOUR_TURN, K.REMINDER):
        return ""
    return when((notice.params or {}).get("deadline"), tz)


def closed(notice: Notification) -> bool:
    """A notice that asked for something in a match that is over asks for nothing now."""
    return notice.kind in CLOSED_WHEN_OVER and notice.match_id is not None and notice.match.status in (
        Match.Status.FINISHED, Match.Status.ABANDONED)
