"""Server-rendered pages and their HTMX fragments. Thin: services decide, templates show."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.http import HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import select_template
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import engine

from . import reading, services
from .forms import NewMatchForm
from .models import Match, Seat


def _matches():
    return Match.objects.prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))


def lobby(request):
    open_matches = _matches().filter(status=Match.Status.LOBBY).order_by("-created_at")[:50]
    mine = []
    if request.user.is_authenticated:
        mine = _my_matches(request.user)
    return render(
        request,
        "games/lobby.html",
        {"open_matches": open_matches, "mine": mine, "games": engine.all_games()},
    )


def _my_matches(user):
    matches = _matches().filter(seats__user=user, status__in=[Match.Status.LOBBY, Match.Status.ACTIVE])
    rows = [
        {"match": m, "my_turn": reading.is_my_turn(m, user), "waiting_on": reading.waiting_on(m)}
        for m in matches.order_by("-updated_at")
    ]
    rows.sort(key=lambda r: not r["my_turn"])
    return rows


@login_required
def my_matches(request):
    finished = (
        _matches().filter(seats__user=request.user, status=Match.Status.FINISHED).order_by("-finished_at")[:50]
    )
    return render(request, "games/my_matches.html", {"mine": _my_matches(request.user), "finished": finished})


@login_required
def new_match(request):
    game_slug = request.GET.get("game")
    form = NewMatchForm(request.POST or None, game_slug=game_slug)
    if request.method == "POST" and form.is_valid():
        try:
            match = services.create_match(request.user, **form.match_arguments())
        except services.ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect(match)
    template = "games/new_match_form.html" if request.htmx else "games/new_match.html"
    return render(request, template, {"form": form}, status=400 if form.errors else 200)


@require_POST
@login_required
def join(request, pk):
    return _lobby_command(request, pk, services.join_match, _("You joined the match."))


@require_POST
@login_required
def leave(request, pk):
    return _lobby_command(request, pk, services.leave_match, _("You left the match."))


def _lobby_command(request, pk, operation, success):
    get_object_or_404(Match, pk=pk)
    try:
        operation(request.user, pk)
    except services.ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("lobby") if exc.status == 404 else redirect("match", pk=pk)
    messages.success(request, success)
    return redirect("match", pk=pk)


def match_page(request, pk):
    match = get_object_or_404(_matches(), pk=pk)
    return render(request, "games/match.html", _board_context(request, match))


def match_board(request, pk):
    """The board fragment the page polls; 304 with no body while the version is unchanged."""
    match = get_object_or_404(_matches(), pk=pk)
    known = request.GET.get("version")
    if known is not None and known == str(match.version) and request.GET.get("status") == match.status:
        return HttpResponse(status=304)
    return render(request, "games/match_board.html", _board_context(request, match))


def match_act(request, pk):
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    get_object_or_404(Match, pk=pk)
    error, status = None, 200
    try:
        action = json.loads(request.POST.get("action", ""))
        services.submit_action(pk, request.user, action, request.POST.get("version"))
    except json.JSONDecodeError:
        error, status = _("That click did not send a valid action."), 400
    except services.ServiceError as exc:
        error, status = exc.message, exc.status
    match = _matches().get(pk=pk)
    context = _board_context(request, match)
    context["error"] = error
    return render(request, "games/match_board.html", context, status=status)


def _board_context(request, match):
    game = engine.get_game(match.game)
    seat = reading.viewer_seat(match, request.user)
    view, legal = reading.game_view(match, seat)
    seats = list(match.seats.all())
    board_template = select_template([f"games/{match.game}/board.html", "games/generic_board.html"])
    return {
        "match": match,
        "game": game,
        "seat": seat,
        "seats": seats,
        "players": [s.display_name for s in seats],
        "view": view,
        "legal": legal,
        "legal_json": json.dumps(legal, indent=1),
        "my_turn": bool(legal),
        "waiting_on": reading.waiting_on(match),
        "turns": list(match.turns.order_by("-version")[:30]),
        "board_template": board_template.template.name,
        "can_join": match.status == Match.Status.LOBBY and seat is None,
        "can_leave": match.status == Match.Status.LOBBY and seat is not None,
    }
