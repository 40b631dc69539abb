"""The tables of the lobby: creating, joining and leaving matches, invitations, rematches."""

from __future__ import annotations

import secrets

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

import engine
from accounts.models import User

from ..clocks import controls as C
from ..models import Block, Invitation, Match, Seat
from ..notifications import events, outbox
from ..play.match_rows import lock_match as _lock
from ..play.match_rows import match_id as _match_id
from ..play.services import start
from ..refusals import Forbidden, NotFound, ServiceError, StaleVersion

MAX_WAITING_MATCHES = 10


def create_match(
    user,
    game_slug: str,
    players: int,
    options: dict | None = None,
    bots=None,
    *,
    clock: str = C.DEFAULT_CLOCK,
    weekend_pause: bool = False,
    rated: bool = False,
    timeout_policy: str | None = None,
    private: bool = False,
    invite=(),
    rematch_of: Match | None = None,
) -> Match:
    """Open a match with the creator in seat 0; it starts at once when every seat is filled.

    `user=None` makes an all-bot exhibition match (benchmarks, tests, the admin): then seat 0
    comes from `bots` too. `invite` names users to invite (the match is then theirs to join).
    """
    if not isinstance(options or {}, dict) or not isinstance(bots or {}, dict):
        raise ServiceError(_("Options and bots are given as objects."))
    options = dict(options or {})
    bots = _bot_seats(bots or {})
    game, players, required = check_table(game_slug, players, options)
    bots.update(required)
    first = 0 if user is None else 1
    for index, bot in bots.items():
        if not first <= index < players:
            raise ServiceError(_("Seat %(i)s does not exist or is the creator's.") % {"i": index})
        if bot not in game.bots():
            raise ServiceError(_("There is no bot called %(bot)r.") % {"bot": bot})
        if required.get(index) != bot and bot not in game.seat_bots():
            raise ServiceError(_("The %(bot)s bot only plays the seat its mode reserves.") % {"bot": bot})
    if clock not in C.CLOCKS:
        raise ServiceError(_("Unknown time control %(c)r.") % {"c": clock})
    humans = players - len(bots)
    if rated and (bots or user is None):
        raise ServiceError(_("Only matches between people can be rated."))
    if humans <= 1:
        clock = "none"  # nobody waits on the person: no clock, no time-out
    policy = timeout_policy or ("lose" if rated else "bot")
    if policy not in ("bot", "lose"):
        raise ServiceError(_("A time-out either hands the seat to a bot or loses the game."))
    invitees = _invitees(user, invite)
    if len(invitees) > humans - (0 if user is None else 1):
        raise ServiceError(_("More invitations than free seats."))
    seed = secrets.randbits(62)
    try:
        game.setup(seed, players, options)  # validates the options before anything is stored
    except engine.IllegalAction as exc:
        raise ServiceError(str(exc)) from None
    if user is not None:
        waiting = Match.objects.filter(status=Match.Status.LOBBY, seats__user=user).count()
        if waiting >= MAX_WAITING_MATCHES:
            raise ServiceError(_("You already have %(n)s matches waiting for players.") % {"n": waiting})
    with transaction.atomic():
        match = Match.objects.create(
            game=game.slug,
            players=players,
            options=options,
            seed=seed,
            created_by=user,
            time_control=clock,
            clock=C.CLOCKS[clock],
            weekend_pause=weekend_pause and humans > 1,
            rated=rated,
            timeout_policy=policy,
            private=private,
            invite_token=secrets.token_urlsafe(16),
            rematch_of=rematch_of,
        )
        if user is not None:
            Seat.objects.create(match=match, index=0, user=user)
        for index in range(first, players):
            Seat.objects.create(match=match, index=index, bot=bots.get(index, ""))
        for invitee in invitees:
            Invitation.objects.create(match=match, sender=user, recipient=invitee)
        outbox.record([events.invitation(match, user, invitee) for invitee in invitees])
        if not match.seats.filter(user__isnull=True, bot="").exists():
            start(match, by=user)
    return match


def check_table(game_slug: str, players, options: dict):
    """The game, the number of players as a whole number, and the bots its mode requires; a
    ServiceError when the game, the table size or the options cannot be played."""
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
    return game, players, required


def seat_match(game_slug: str, users: list, options: dict, *, clock: str, pace: str, weekend_pause: bool = False,
               rated: bool = True, tournament=None, tournament_round: int | None = None, seed: int | None = None,
               by=None) -> Match:
    """A match between people already chosen, seated in the order given, started at once (a
    tournament's table): the same checks and the same start as any match, in the caller's
    transaction. A time-out loses it: nobody's bot plays a seat in a competition."""
    game, players, required = check_table(game_slug, len(users), dict(options or {}))
    if required:
        raise ServiceError(_("This game mode needs a bot at the table: it cannot be played between people only."))
    if clock not in C.CLOCKS:
        raise ServiceError(_("Unknown time control %(c)r.") % {"c": clock})
    seed = secrets.randbits(62) if seed is None else seed
    with transaction.atomic():
        match = Match.objects.create(
            game=game.slug, players=players, options=dict(options or {}), seed=seed, created_by=None,
            time_control=clock, clock=C.CLOCKS[clock], weekend_pause=weekend_pause, rated=rated,
            timeout_policy="lose", invite_token=secrets.token_urlsafe(16), pace=pace,
            tournament=tournament, tournament_round=tournament_round,
        )
        Seat.objects.bulk_create([Seat(match=match, index=i, user=u) for i, u in enumerate(users)])
        start(match, by=by)
    return match


def _bot_seats(bots: dict) -> dict[int, str]:
    """Seat number → bot name, from keys that may come as text ("2") from JSON."""
    seats = {}
    for key, name in bots.items():
        if isinstance(key, bool) or not str(key).strip().isdigit():
            raise ServiceError(_("Bot seats are numbered: %(k)r is not a seat.") % {"k": key})
        if not isinstance(name, str) or not name:
            raise ServiceError(_("Name the bot for seat %(k)s.") % {"k": key})
        seats[int(str(key))] = name
    return seats


def _invitees(user, names) -> list:
    found = []
    for name in names or ():
        name = str(name).strip()
        if not name:
            continue
        invitee = User.objects.filter(username__iexact=name).first()
        if invitee is None:
            raise ServiceError(_("There is no player called %(n)r.") % {"n": name})
        if user is not None and invitee.pk == user.pk:
            raise ServiceError(_("You cannot invite yourself."))
        if user is not None and Block.objects.filter(blocker=invitee, blocked=user).exists():
            raise ServiceError(_("%(n)s does not accept invitations from you.") % {"n": invitee.username})
        found.append(invitee)
    return found


def join_match(user, match, token: str | None = None) -> Match:
    """Take the first free seat. A private match needs an invitation or its secret link."""
    with transaction.atomic():
        locked = _lock(_match_id(match))
        if locked.status != Match.Status.LOBBY:
            raise StaleVersion(_("This match is no longer open."))
        if locked.seats.filter(user=user).exists():
            raise ServiceError(_("You already sit at this match."))
        invitation = locked.invitations.filter(recipient=user, answered_at__isnull=True).first()
        if locked.private and invitation is None and not (token and secrets.compare_digest(token, locked.invite_token)):
            raise Forbidden(_("This match is private: you need an invitation."))
        humans = [s.user_id for s in locked.seats.all() if s.user_id]
        if Block.objects.filter(Q(blocker=user, blocked__in=humans) | Q(blocker__in=humans, blocked=user)).exists():
            raise Forbidden(_("You cannot join a match with a player who blocked you or whom you blocked."))
        free = locked.seats.filter(user__isnull=True, bot="").order_by("index").first()
        if free is None:
            raise StaleVersion(_("This match is full."))
        free.user = user
        free.joined_at = timezone.now()
        free.save()
        if invitation is not None:
            invitation.answered_at, invitation.accepted = timezone.now(), True
            invitation.save()
        if not locked.seats.filter(user__isnull=True, bot="").exists():
            start(locked, by=user)
    return locked


def decline_invitation(user, match) -> None:
    updated = Invitation.objects.filter(match_id=_match_id(match), recipient=user, answered_at__isnull=True).update(
        answered_at=timezone.now(), accepted=False
    )
    if not updated:
        raise NotFound(_("You have no open invitation to this match."))


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


def rematch(user, match) -> Match:
    """A new match like a finished one, inviting the same people; bots keep their seats."""
    match = Match.objects.get(pk=_match_id(match))
    if match.status != Match.Status.FINISHED:
        raise ServiceError(_("A rematch is offered once the match is over."))
    seats = list(match.seats.select_related("user"))
    if not any(s.user_id == user.pk for s in seats):
        raise Forbidden(_("Only players of the match can ask for a rematch."))
    others = [s.user.username for s in seats if s.user_id and s.user_id != user.pk and not s.away]
    bots = {}
    ordered = [s for s in seats if s.user_id != user.pk]
    for offset, s in enumerate(ordered, start=1):
        if s.bot and not s.user_id:
            bots[offset] = s.bot
    clock = match.time_control if match.time_control in C.CLOCKS else "none"
    return create_match(
        user,
        match.game,
        match.players,
        match.options,
        bots,
        clock=clock,
        weekend_pause=match.weekend_pause,
        rated=match.rated,
        timeout_policy=match.timeout_policy,
        private=True,
        invite=others,
        rematch_of=match,
    )


# ---------------------------------------------------------------- quick match


