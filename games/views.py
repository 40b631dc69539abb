"""Server-rendered pages and their HTMX fragments. Thin: services decide, templates show."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.core.exceptions import BadRequest
from django.http import Http404, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import engine

from django.utils import timezone

from . import lobby as lobby_services
from .boards import get_board
from .clock import CLOCK_NAMES as clock_names
from . import jsonbody, profiles, reading, services, site_actions, timecontrol, vacations
from .forms import LobbyFilterForm, NewMatchForm, QuickMatchForm
from .models import Match, QueueEntry, Seat
from .notifications import site as notice_site
from .replays import checkpoints as replay_checkpoints
from .replays import position as replay_position
from .chat import inbox as chat_inbox
from .spectators import listing as watch_listing
from .spectators import presence


def _matches():
    return Match.objects.prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))


def lobby(request):
    filters = LobbyFilterForm(request.GET or None, auto_id="filter_%s")
    open_matches = filters.apply(_matches().filter(status=Match.Status.LOBBY, private=False)).order_by("-created_at")[:50]
    mine, queued, invitations = [], [], []
    if request.user.is_authenticated:
        mine = _my_matches(request.user)
        queued = QueueEntry.objects.filter(user=request.user)
        invitations = notice_site.open_invitations(request.user)
    return render(
        request,
        "games/lobby.html",
        {
            "watch": watch_listing.watch_list(request.user),
            "open_matches": open_matches,
            "mine": mine,
            "games": engine.all_games(),
            "filters": filters,
            "quick": QuickMatchForm(auto_id="quick_%s"),
            "queued": queued,
            "invitations": invitations,
        },
    )


@require_POST
@login_required
def play_solo(request):
    """Start a game against the game's own AI at once (WfCI: the Challenger)."""
    try:
        game = engine.get_game(request.POST.get("game", ""))
    except engine.IllegalAction as exc:
        messages.error(request, str(exc))
        return redirect("lobby")
    mode = next((m for m in game.solo_modes() if m["id"] == request.POST.get("mode")), None)
    if mode is None:
        messages.error(request, _("This game has no such solo mode."))
        return redirect("lobby")
    try:
        match = lobby_services.create_match(request.user, game.slug, mode["players"], options=mode["options"])
    except services.ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("lobby")
    return redirect(match)


@require_POST
@login_required
def quick_match(request):
    if request.POST.get("do") == "leave":
        lobby_services.dequeue(request.user)
        messages.success(request, _("You left the quick-match queue."))
        return redirect("lobby")
    form = QuickMatchForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a game, a number of players and a time control."))
        return redirect("lobby")
    try:
        match = lobby_services.enqueue(request.user, form.cleaned_data["game"], form.cleaned_data["clock"], form.cleaned_data["players"])
    except services.ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("lobby")
    if match is not None:
        messages.success(request, _("Opponent found!"))
        return redirect(match)
    messages.success(request, _("You are in the queue: we pair you as soon as an opponent near your rating arrives."))
    return redirect("lobby")


def _my_matches(user):
    matches = _matches().filter(seats__user=user, status__in=[Match.Status.LOBBY, Match.Status.ACTIVE])
    matches = list(matches.order_by("-updated_at"))
    unread = chat_inbox.unread_by_match(user, [m.pk for m in matches])
    rows = [
        {"match": m, "my_turn": reading.is_my_turn(m, user), "waiting_on": reading.waiting_on(m),
         "chat_unread": unread.get(m.pk, 0)}
        for m in matches
    ]
    rows.sort(key=lambda r: not r["my_turn"])
    return rows


@login_required
def my_matches(request):
    finished = (
        _matches().filter(seats__user=request.user, status=Match.Status.FINISHED).order_by("-finished_at")[:50]
    )
    finished = list(finished)
    unread = chat_inbox.unread_by_match(request.user, [m.pk for m in finished])
    return render(request, "games/my_matches.html",
                  {"mine": _my_matches(request.user), "finished": finished, "finished_unread": unread})


@login_required
def new_match(request):
    game_slug = request.GET.get("game")
    form = NewMatchForm(request.POST or None, game_slug=game_slug)
    if request.method == "POST" and form.is_valid():
        try:
            match = lobby_services.create_match(request.user, **form.match_arguments())
        except services.ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect(match)
    template = "games/new_match_form.html" if request.htmx else "games/new_match.html"
    return render(request, template, {"form": form}, status=400 if form.errors else 200)


@require_POST
@login_required
def join(request, pk):
    token = request.POST.get("token") or None
    return _lobby_command(
        request, pk, lambda user, match: lobby_services.join_match(user, match, token=token), _("You joined the match.")
    )


def join_by_link(request, token):
    """The secret invitation link: shows the match and a button to take a seat."""
    match = get_object_or_404(_matches(), invite_token=token)
    if not request.user.is_authenticated:
        messages.info(request, _("Sign up or log in to take your seat."))
        return redirect(f"{reverse('signup')}?next={request.path}")
    return render(request, "games/join_link.html", {"match": match, "game": engine.get_game(match.game), "token": token})


@require_POST
@login_required
def decline(request, pk):
    back = "lobby" if request.POST.get("from") == "lobby" else "notifications"
    return _lobby_command(request, pk, lobby_services.decline_invitation, _("Invitation declined."), back=back)


@require_POST
@login_required
def rematch(request, pk):
    try:
        match = lobby_services.rematch(request.user, pk)
    except services.ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("match", pk=pk)
    messages.success(request, _("Rematch offered: the other players are invited."))
    return redirect(match)


@require_POST
@login_required
def site_action(request, pk):
    """Resign, give an opponent a day, or take your seat back from a bot (not game moves)."""
    match = get_object_or_404(Match, pk=pk)
    kind = request.POST.get("type")
    if kind not in (site_actions.EXTRA_DAY, site_actions.RESIGN, site_actions.RETURN, site_actions.UNDO):
        messages.error(request, _("Unknown request."))
        return redirect(match)
    action = {"type": kind}
    if kind == site_actions.EXTRA_DAY:
        action["seat"] = request.POST.get("seat")
    try:
        services.submit_action(pk, request.user, action, request.POST.get("version"))
    except services.ServiceError as exc:
        messages.error(request, exc.message)
    return redirect(match)


@login_required
def next_match(request):
    """The match that has waited longest for this player's move."""
    waiting = [
        s for s in Seat.objects.filter(user=request.user, match__status=Match.Status.ACTIVE, bot="").select_related("match")
        if s.index in s.match.to_act
    ]
    if not waiting:
        messages.info(request, _("No match is waiting for you. Time for a new one?"))
        return redirect("lobby")
    oldest = min(waiting, key=lambda s: s.turn_started_at or s.match.updated_at)
    return redirect(oldest.match)


@login_required
def notifications_page(request):
    """Newest notices first; showing them reads them all, so the header counts none."""
    if request.method == "POST":
        return redirect("notifications")
    rows = notice_site.page(request.user)  # marks them read: the header below counts none
    return render(request, "games/notifications.html",
                  {"rows": rows, "invitations": notice_site.open_invitations(request.user)})


def leaderboard(request, game):
    try:
        g = engine.get_game(game)
    except engine.IllegalAction:
        raise Http404(_("No such game.")) from None
    return render(request, "games/leaderboard.html", {"game": g, "rows": profiles.leaderboard(game)})


@require_POST
@login_required
def leave(request, pk):
    return _lobby_command(request, pk, lobby_services.leave_match, _("You left the match."))


def _lobby_command(request, pk, operation, success, back="match"):
    get_object_or_404(Match, pk=pk)
    try:
        operation(request.user, pk)
    except services.ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("lobby") if exc.status == 404 else redirect("match", pk=pk)
    messages.success(request, success)
    return redirect(back, pk=pk) if back == "match" else redirect(back)


def _visible_match(request, pk):
    """The match if this visitor may see it; a private match is a 404 to everyone else."""
    match = get_object_or_404(_matches(), pk=pk)
    if not reading.may_see(match, request.user):
        raise Http404(_("No such match."))
    return match


def match_page(request, pk):
    match = _visible_match(request, pk)
    _seen(request, match)
    return render(request, "games/match.html", _board_context(request, match))


def _seen(request, match) -> None:
    """Remember that this player has the match open (no "your turn" mail while they do), or
    that this person without a seat watches it."""
    if request.headers.get("X-Page-Visible") == "0":
        return  # a tab in the background: a push should still reach the player
    presence.seen(match, request, reading.viewer_seat(match, request.user))
    if request.user.is_authenticated and match.status == Match.Status.ACTIVE:
        Seat.objects.filter(match=match, user=request.user).update(last_seen_at=timezone.now())


def session_ended(request, back: str, status: int = 403):
    """The board's answer when the page was drawn for a login that is gone (the session ended, or
    another login took its place): a message and a way back, never an error page in the board."""
    viewer = request.POST.get("viewer") or request.GET.get("viewer")
    changed = request.user.is_authenticated and str(request.user.pk) != viewer
    return render(request, "games/_session_ended.html", {"back": back, "changed": changed}, status=status)


def _session_lost(request) -> bool:
    """The page sends the id of the login it was drawn for; a different one now means it ended."""
    viewer = request.POST.get("viewer") or request.GET.get("viewer")
    return bool(viewer) and viewer != str(request.user.pk)


def match_board(request, pk):
    """The board fragment the page polls; 304 with no body while the version is unchanged."""
    if _session_lost(request):
        return session_ended(request, reverse("match", args=[pk]))
    match = _visible_match(request, pk)
    _seen(request, match)
    pane = request.GET.get("pane")
    if pane is not None:  # a tab's heavy contents, fetched when the tab is opened
        template = getattr(get_board(match.game), "PANES", {}).get(pane)
        if template is None:
            raise Http404(_("No such part of the board."))
        return render(request, template, _board_context(request, match))
    known = request.GET.get("version")
    if known is not None and known == str(match.version) and request.GET.get("status") == match.status:
        return HttpResponse(status=304)
    return render(request, "games/match_board.html", _board_context(request, match))


def match_act(request, pk):
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    if _session_lost(request):
        return session_ended(request, reverse("match", args=[pk]))
    _visible_match(request, pk)
    error, status = None, 200
    try:
        action = jsonbody.loads(request.POST.get("action", ""))
        services.submit_action(pk, request.user, action, request.POST.get("version"))
    except ValueError:  # not JSON, too large or nested too deeply
        error, status = _("That click did not send a valid action."), 400
    except services.ServiceError as exc:
        error, status = exc.message, exc.status
    match = _matches().get(pk=pk)
    context = _board_context(request, match)
    context["error"] = error
    return render(request, "games/match_board.html", context, status=status)


def replay(request, pk):
    """Step through a finished match one position at a time, as a spectator sees it.

    The buttons, slider and jump fetch only the position (an HTMX request); without script
    they are plain links and GET forms to the same address, so `?v=` names a position to share.
    """
    match = _visible_match(request, pk)
    if match.status not in (Match.Status.FINISHED, Match.Status.ABANDONED) or match.state is None:
        if match.status == Match.Status.ABANDONED:
            messages.info(request, _("This match never started: there is nothing to replay."))
        else:
            messages.info(request, _("The replay opens once the match is over."))
        return redirect(match)
    try:
        version = replay_position.version_asked(request.GET.get("v"), match.version)
    except ValueError:
        raise BadRequest("v is not a whole number") from None
    game = engine.get_game(match.game)
    view = game.view(replay_checkpoints.state_at(match, version), None)  # a spectator's: nothing hidden shown
    seats = list(match.seats.all())
    players = [s.display_name for s in seats]
    board = get_board(match.game)
    window = replay_position.log_window(match, version)
    context = {
        "match": match,
        "game": game,
        "seat": None,
        "seats": seats,
        "players": players,
        "view": view,
        "legal": [],
        "board_template": board.TEMPLATE,
        "board": board.page(view, [], None, players),
        "version": version,
        "last": match.version,
        "steps": replay_position.steps(version, match.version),
        "current_turn": next((t for t in window if t.version == version), None),
        "window": window,
        "with_start": version <= replay_position.WINDOW,
    }
    fragment = request.htmx and not request.htmx.history_restore_request
    template = "games/replay_board.html" if fragment else "games/replay.html"
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request", "HX-History-Restore-Request"])
    return response


def _board_context(request, match):
    game = engine.get_game(match.game)
    seat = reading.viewer_seat(match, request.user)
    view, legal = reading.game_view(match, seat)
    seats = list(match.seats.all())
    players = [s.display_name for s in seats]
    board = get_board(match.game)
    extra = {"recent": reading.recent_turns(match, seat)} if view and getattr(board, "TELLS_RECENT", False) else {}
    return {
        "match": match,
        "game": game,
        "seat": seat,
        "seats": seats,
        "players": players,
        "view": view,
        "legal": legal,
        "legal_json": json.dumps(legal, indent=1),
        "my_turn": bool(legal),
        "waiting_on": reading.waiting_on(match),
        "turns": _log(match, seat, request.GET.get("log")),
        "log_filter": request.GET.get("log") or "all",
        "start_text": game.describe_start(game.setup(match.seed, match.players, match.options))
        if match.state is not None and request.GET.get("log") != "mine"
        else "",
        "board_template": board.TEMPLATE,
        "board_dock": getattr(board, "DOCK_TEMPLATE", None),
        "screen": getattr(board, "SCREEN", False),
        "board": board.page(view, legal, seat, players, **extra) if view else None,
        "tab": _open_tab(request, board),
        "can_join": match.status == Match.Status.LOBBY and seat is None and not match.private,
        "can_leave": match.status == Match.Status.LOBBY and seat is not None,
        "teams": game.teams(match.players, match.options or {}),
        "clocks": _clocks(match, seats),
        "clock_name": clock_names.get(match.time_control, ""),
        "humans": sum(1 for s in seats if s.user_id),
        "can_undo": reading.undoable_turn(match, seat) is not None,
        "chat": chat_inbox.for_page(match, request.user),
        "watching": presence.count(match),
        "me": seats[seat] if seat is not None else None,
        "first_solo": seat is not None and match.status == Match.Status.ACTIVE and profiles.first_solo(request.user, match),
        "invite_url": request.build_absolute_uri(reverse("join_by_link", args=[match.invite_token]))
        if seat is not None and match.status == Match.Status.LOBBY
        else None,
    }


def _open_tab(request, board) -> str:
    """The tab with contents fetched on demand (a board's PANES) that the reader has open: the
    board draws its contents in place. A page asks with ?tab= (the link kept for browsers
    without script), the script with each refresh and move while the tab is open."""
    tab = request.POST.get("tab") or request.GET.get("tab") or ""
    return tab if tab in getattr(board, "PANES", {}) else ""


def _log(match, seat, which):
    """Newest first; "mine" keeps what happened since the viewer's last own move."""
    turns = match.turns.order_by("-version")
    if which == "mine" and seat is not None:
        last = match.turns.filter(seat=seat, kind="game").order_by("-version").first()
        if last is not None:
            turns = turns.filter(version__gt=last.version)
    return list(turns[:60])


def _clocks(match, seats) -> list[dict]:
    """Per seat: time left, whether it runs, vacation (what opponents may see)."""
    now = timezone.now()
    rows = []
    for s in seats:
        on_vacation = bool(s.user_id) and vacations.current(s.user) is not None
        left = timecontrol.remaining_seconds(match, s, now) if timecontrol.has_clock(match) else None
        rows.append(
            {
                "seat": s,
                "left": timecontrol.human_duration(left) if left is not None else "",
                "running": s.index in match.to_act and timecontrol.has_clock(match) and not on_vacation and not s.bot,
                "on_vacation": on_vacation,
                "deadline": s.deadline,
                "can_give_day": False,
            }
        )
    return rows


def rules(request, game):
    """How to play, for players: the printed rules made short, a picture drawn by the board code."""
    try:
        g = engine.get_game(game)
    except engine.IllegalAction:
        raise Http404(_("No such game.")) from None
    from .templatetags.rules_tags import BLURBS, glossary

    if g.slug not in BLURBS:
        raise Http404(_("No rules page for this game."))
    players = [_("Player %(n)s") % {"n": n + 1} for n in range(g.min_players)]
    view = g.view(g.setup(1, g.min_players, {}), None)
    board = get_board(g.slug)
    return render(
        request,
        f"games/rules/{g.slug}.html",
        {
            "game": g,
            "glossary": glossary(g.slug),
            "players": players,
            "view": view,
            "seat": None,
            "legal": [],
            "board_template": board.TEMPLATE,
            "board": board.page(view, [], None, players),
        },
    )
