"""The tournament pages: the list, a tournament's page, the form that makes one, and the
join / leave / start buttons. Thin: the services decide, report.payload says what there is."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..forms import TournamentForm
from ..live import presence as live_presence
from ..models import Tournament
from ..refusals import ServiceError
from ..tournaments import report, services


def tournaments(request):
    lists = services.listing()
    open_ones = list(lists["open"].annotate(joined=Count("entries")))
    for t in open_ones:
        t.free = max(0, t.entrants - t.joined)
    return render(request, "games/tournaments.html", {
        "open": open_ones,
        "running": lists["running"],
        "finished": lists["finished"],
        "mine": set(request.user.tournament_entries.values_list("tournament_id", flat=True))
        if request.user.is_authenticated else set(),
    })


def tournament(request, pk):
    t = get_object_or_404(Tournament.objects.select_related("created_by"), pk=pk)
    data = report.payload(t, viewer=request.user if request.user.is_authenticated else None)
    entries = list(t.entries.select_related("user"))
    flags = {e["player"]: e for e in data["entries"]}
    people = [{"user_id": e.user_id, "display_name": e.user.username, **flags.get(e.user.username, {})} for e in entries]
    others = {e.user_id for e in entries if e.user_id != request.user.pk}
    return render(request, "games/tournament.html", {
        "t": t, "report": data, "you": data.get("you") or {}, "people": people,
        "online": live_presence.users_here(others),
    })


@login_required
def tournament_new(request):
    if request.htmx:  # a choice changed: the form again, its lists following the game and table size
        chosen = {key: request.POST.getlist(key) if key == "variants" else value for key, value in request.POST.items()}
        form = TournamentForm(initial=chosen, staff=request.user.is_staff)
        return render(request, "games/tournament_form.html", {"form": form})
    form = TournamentForm(request.POST or None, staff=request.user.is_staff)
    if request.method == "POST" and form.is_valid():
        try:
            t = services.create(request.user, **form.arguments())
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Your tournament is open: players may join it now."))
            return redirect(t)
    return render(request, "games/tournament_new.html", {"form": form}, status=400 if form.errors else 200)


def _command(request, pk, operation, success):
    t = get_object_or_404(Tournament, pk=pk)
    try:
        operation(request.user, t)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, success)
    return redirect(t)


@require_POST
@login_required
def tournament_join(request, pk):
    return _command(request, pk, services.join, _("You joined the tournament."))


@require_POST
@login_required
def tournament_leave(request, pk):
    return _command(request, pk, services.leave, _("You left the tournament."))


@require_POST
@login_required
def tournament_start(request, pk):
    return _command(request, pk, services.start, _("The tournament has started."))
