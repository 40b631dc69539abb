"""The match page and its HTMX fragments: the board, a move, a site action. Thin: services decide, templates show."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import engine

from .. import jsonbody
from ..boards import drawn, get_board
from ..chat import inbox as chat_inbox
from ..clocks import seat_clocks
from ..clocks.controls import CLOCK_NAMES as clock_names
from ..live import presence as live_presence
from ..models import Match, Seat
from ..play import services, site_actions, visibility
from ..players import profiles, vacations
from ..spectators import presence


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


def visible_match(request, pk, load=None):
    """The match and who looks at it, asked once, if they may see it; a private match is a 404
    to everyone else. `load(pk)`: the match with its seats, if not from the database now."""
    match = load(pk) if load is not None else get_object_or_404(Match.objects.with_seats(), pk=pk)
    viewer = visibility.viewer(match, request.user)
    if not viewer.may_see:
        raise Http404(_("No such match."))
    return match, viewer


def match_page(request, pk):
    match, viewer = visible_match(request, pk)
    _seen(request, match, viewer)
    return render(request, "games/match.html", _board_context(request, match, viewer))


def _seen(request, match, viewer) -> None:
    """Remember that this player has the match open (no "your turn" mail while they do), or
    that this person without a seat watches it."""
    if request.headers.get("X-Page-Visible") == "0":
        return  # a tab in the background: a push should still reach the player
    if request.headers.get("X-Live-Stream") == "1":
        return  # the page's live stream says who is here (games/live/presence), without a write
    presence.seen(match, request, viewer.seat)
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
    match, viewer = visible_match(request, pk)
    _seen(request, match, viewer)
    pane = request.GET.get("pane")
    if pane is not None:  # a tab's heavy contents, fetched when the tab is opened
        template = getattr(get_board(match.game), "PANES", {}).get(pane)
        if template is None:
            raise Http404(_("No such part of the board."))
        return render(request, template, _board_context(request, match, viewer))
    known = request.GET.get("version")
    if known is not None and known == str(match.version) and request.GET.get("status") == match.status:
        return HttpResponse(status=304)
    return render(request, "games/match_board.html", _board_context(request, match, viewer))


def match_act(request, pk):
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    if _session_lost(request):
        return session_ended(request, reverse("match", args=[pk]))
    _match, viewer = visible_match(request, pk)
    error, status = None, 200
    try:
        action = jsonbody.loads(request.POST.get("action", ""))
        services.submit_action(pk, request.user, action, request.POST.get("version"))
    except ValueError:  # not JSON, too large or nested too deeply
        error, status = _("That click did not send a valid action."), 400
    except services.ServiceError as exc:
        error, status = exc.message, exc.status
    match = Match.objects.with_seats().get(pk=pk)
    context = _board_context(request, match, viewer)
    context["error"] = error
    return render(request, "games/match_board.html", context, status=status)


def _board_context(request, match, viewer):
    """Everything the match page and its fragments draw, for this viewer."""
    game = engine.get_game(match.game)
    seat = viewer.seat
    view, legal = visibility.game_view(match, seat)
    seats = list(match.seats.all())
    players = [s.display_name for s in seats]
    board = get_board(match.game)
    here = live_presence.here(match.pk)  # who has the match open on a live stream
    extra = {"recent": visibility.recent_turns(match, seat)} if view and getattr(board, "TELLS_RECENT", False) else {}
    return {
        "match": match,
        "game": game,
        "seats": seats,
        **drawn(match.game, view, legal, seat, players, **extra),
        "legal_json": json.dumps(legal, indent=1),
        "my_turn": bool(legal),
        "waiting_on": visibility.waiting_on(match),
        "turns": _log(match, seat, request.GET.get("log")),
        "log_filter": request.GET.get("log") or "all",
        "start_text": game.describe_start(game.setup(match.seed, match.players, match.options))
        if match.state is not None and request.GET.get("log") != "mine"
        else "",
        "board_dock": getattr(board, "DOCK_TEMPLATE", None),
        "screen": getattr(board, "SCREEN", False),
        "tab": _open_tab(request, board),
        "can_join": match.status == Match.Status.LOBBY and seat is None and not match.private,
        "can_leave": match.status == Match.Status.LOBBY and seat is not None,
        "teams": game.teams(match.players, match.options or {}),
        "clocks": _clocks(match, seats, here),
        "clock_name": clock_names.get(match.time_control, ""),
        "humans": sum(1 for s in seats if s.user_id),
        "can_undo": visibility.undoable_turn(match, seat) is not None,
        "chat": chat_inbox.for_page(match, viewer),
        "watching": max(presence.count(match), here["watching"]),
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


def _clocks(match, seats, here=None) -> list[dict]:
    """Per seat: time left, whether it runs, vacation, whether its player is at the table
    (a live stream open: what opponents may see)."""
    left = seat_clocks.time_left(match, seats, timezone.now())
    clocked = seat_clocks.has_clock(match)
    rows = []
    for s in seats:
        on_vacation = bool(s.user_id) and vacations.current(s.user) is not None
        rows.append(
            {
                "seat": s,
                "left": seat_clocks.human_duration(left[s.index]) if left[s.index] is not None else "",
                "running": s.index in match.to_act and clocked and not on_vacation and not s.bot,
                "on_vacation": on_vacation,
                "deadline": s.deadline,
                "can_give_day": False,
                "person": bool(s.user_id) and not s.bot,
                "online": bool(s.user_id) and not s.bot and s.index in (here or {}).get("seats", ()),
            }
        )
    return rows
