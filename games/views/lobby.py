"""The lobby's pages: open tables, creating and joining a match, quick match, solo, My matches."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import engine

from ..chat import inbox as chat_inbox
from ..forms import LobbyFilterForm, NewMatchForm, QuickMatchForm
from ..live import presence as live_presence
from ..lobby import quick, tables
from ..models import Match, Pace, QueueEntry, Seat
from ..notifications import onsite as notice_site
from ..play import services, visibility
from ..spectators import listing as watch_listing


def lobby(request):
    filters = LobbyFilterForm(request.GET or None, auto_id="filter_%s")
    open_matches = filters.apply(Match.objects.with_seats().filter(status=Match.Status.LOBBY, private=False)).order_by("-created_at")[:50]
    mine, queued, invitations = [], [], []
    if request.user.is_authenticated:
        mine = _my_matches(request.user)
        queued = QueueEntry.objects.filter(user=request.user)
        invitations = notice_site.open_invitations(request.user)
    open_matches = list(open_matches)
    online = _online(request.user, open_matches + [row["match"] for row in mine])
    return render(
        request,
        "games/lobby.html",
        {
            "watch": watch_listing.watch_list(request.user),
            "open_matches": _live_hosts_first(open_matches, online, request.user.pk),
            "mine": mine,
            "games": engine.all_games(),
            "filters": filters,
            "pace_links": _pace_links(request.GET),
            "quick": QuickMatchForm(auto_id="quick_%s"),
            "queued": queued,
            "invitations": invitations,
            "online": online,
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
        match = tables.create_match(request.user, game.slug, mode["players"], options=mode["options"])
    except services.ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("lobby")
    return redirect(match)


@require_POST
@login_required
def quick_match(request):
    if request.POST.get("do") == "leave":
        quick.dequeue(request.user)
        messages.success(request, _("You left the quick-match queue."))
        return redirect("lobby")
    form = QuickMatchForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a game, a number of players and a time control."))
        return redirect("lobby")
    try:
        data = form.cleaned_data
        if data["opponent"]:
            return redirect(quick.against_bot(request.user, data["game"], data["opponent"], data["players"]))
        match = quick.enqueue(request.user, data["game"], data["clock"], data["players"], pace=data["pace"] or None)
    except services.ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("lobby")
    if match is not None:
        messages.success(request, _("Opponent found!"))
        return redirect(match)
    messages.success(request, _("You are in the queue: we pair you as soon as an opponent near your rating arrives."))
    return redirect("lobby")


def _online(viewer, matches) -> set[int]:
    """The other people seated at these matches who are on the site now (a live stream open):
    one lookup for the whole page, from the seats already fetched."""
    me = viewer.pk if viewer.is_authenticated else None
    ids = {s.user_id for m in matches for s in m.seats.all() if s.user_id and not s.bot and s.user_id != me}
    return live_presence.users_here(ids)


def _pace_links(query) -> list[dict]:
    """One tap per pace above the open tables (phone first), keeping the other filters."""
    links = []
    for value, label in [("", _("All paces"))] + list(Pace.choices):
        q = query.copy()
        q.pop("pace", None)
        if value:
            q["pace"] = value
        links.append({"pace": value, "label": label, "url": "?" + q.urlencode() if q else "?",
                      "current": query.get("pace", "") == value})
    return links


def _live_hosts_first(matches, online: set[int], me: int | None) -> list[dict]:
    """The open tables as rows: a Live table says whether its creator is on the site now, and
    those whose creator is here come first (a Live table is only worth joining with them there);
    the rest keep their order, newest first."""
    rows = []
    for m in matches:
        seated = any(s.user_id == m.created_by_id for s in m.seats.all())
        host_here = None
        if m.pace == Pace.LIVE and seated and m.created_by_id and m.created_by_id != me:
            host_here = m.created_by_id in online
        rows.append({"match": m, "host_here": host_here})
    rows.sort(key=lambda row: row["host_here"] is not True)
    return rows


def _my_matches(user):
    matches = Match.objects.with_seats().played_by(user).filter(status__in=[Match.Status.LOBBY, Match.Status.ACTIVE])
    matches = matches.select_related("tournament")
    matches = list(matches.order_by("-updated_at"))
    unread = chat_inbox.unread_by_match(user, [m.pk for m in matches])
    rows = [
        {"match": m, "my_turn": visibility.is_my_turn(m, user), "waiting_on": visibility.waiting_on(m),
         "chat_unread": unread.get(m.pk, 0)}
        for m in matches
    ]
    rows.sort(key=lambda r: not r["my_turn"])
    return rows


@login_required
def my_matches(request):
    finished = (
        Match.objects.with_seats().played_by(request.user).filter(status=Match.Status.FINISHED)
        .select_related("tournament").order_by("-finished_at")[:50]
    )
    finished = list(finished)
    unread = chat_inbox.unread_by_match(request.user, [m.pk for m in finished])
    mine = _my_matches(request.user)
    return render(request, "games/my_matches.html", {
        "mine": mine, "finished": finished, "finished_unread": unread,
        "online": _online(request.user, [row["match"] for row in mine]),
    })


@login_required
def new_match(request):
    game_slug = request.GET.get("game")
    form = NewMatchForm(request.POST or None, game_slug=game_slug)
    if request.method == "POST" and form.is_valid():
        try:
            match = tables.create_match(request.user, **form.match_arguments())
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
        request, pk, lambda user, match: tables.join_match(user, match, token=token), _("You joined the match.")
    )


def join_by_link(request, token):
    """The secret invitation link: shows the match and a button to take a seat."""
    match = get_object_or_404(Match.objects.with_seats(), invite_token=token)
    if not request.user.is_authenticated:
        messages.info(request, _("Sign up or log in to take your seat."))
        return redirect(f"{reverse('signup')}?next={request.path}")
    return render(request, "games/join_link.html", {"match": match, "game": engine.get_game(match.game), "token": token})


@require_POST
@login_required
def decline(request, pk):
    back = "lobby" if request.POST.get("from") == "lobby" else "notifications"
    return _lobby_command(request, pk, tables.decline_invitation, _("Invitation declined."), back=back)


@require_POST
@login_required
def rematch(request, pk):
    try:
        match = tables.rematch(request.user, pk)
    except services.ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("match", pk=pk)
    messages.success(request, _("Rematch offered: the other players are invited."))
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


@require_POST
@login_required
def leave(request, pk):
    return _lobby_command(request, pk, tables.leave_match, _("You left the match."))


def _lobby_command(request, pk, operation, success, back="match"):
    get_object_or_404(Match, pk=pk)
    try:
        operation(request.user, pk)
    except services.ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("lobby") if exc.status == 404 else redirect("match", pk=pk)
    messages.success(request, success)
    return redirect(back, pk=pk) if back == "match" else redirect(back)
