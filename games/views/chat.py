"""The chat on the match page: fragments the page's script asks for, and plain forms behind
them (a page without JavaScript still reads, writes, mutes and reports)."""

from __future__ import annotations

from django.contrib import messages as flash
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from ..chat import inbox, moderation, store
from ..play import match_rows, visibility
from ..refusals import ServiceError


def _match(request, pk):
    """The match and who reads its chat, if they may see it."""
    try:
        match = match_rows.match_with_seats(pk)
    except ServiceError:
        raise Http404(_("No such match.")) from None
    reader = visibility.viewer(match, request.user)
    if not reader.may_see:
        raise Http404(_("No such match."))
    return match, reader


def _after(request) -> int:
    try:
        return max(0, int(request.GET.get("after") or request.POST.get("after") or 0))
    except ValueError:
        return 0


def _fragment(request, match, reader, after: int, status: int = 200) -> HttpResponse:
    """The messages after `after` as list items, and the reader's unread count in a header."""
    new = inbox.messages(match, reader, after, limit=inbox.PAGE)
    response = render(request, "games/_chat_messages.html", {"chat_messages": new, "match": match}, status=status)
    response["X-Chat-Unread"] = str(inbox.unread_count(match, reader))
    response["Cache-Control"] = "no-store"
    return response


def _back(request, match) -> HttpResponse:
    target = request.POST.get("next")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return redirect(target)
    return redirect(match.get_absolute_url() + "#chat")


@require_http_methods(["GET", "POST"])
def chat(request, pk):
    """GET: the messages after `after`. POST: write one (the script gets the new messages back
    with 201, or the refusal as text with its status; a plain form goes back to the page)."""
    match, reader = _match(request, pk)
    scripted = request.headers.get("X-Requested-With") == "fetch"
    if request.method == "GET":
        return _fragment(request, match, reader, _after(request))
    try:
        store.post(match, request.user, request.POST.get("text"), request.POST.get("phrase") or None)
    except ServiceError as exc:
        if scripted:
            response = HttpResponse(exc.message, status=exc.status, content_type="text/plain; charset=utf-8")
            if isinstance(exc, store.TooFast):
                response["Retry-After"] = str(exc.retry_after)
            return response
        flash.error(request, exc.message)
        return _back(request, match)
    if scripted:
        return _fragment(request, match, reader, _after(request), status=201)
    return _back(request, match)


@require_POST
@login_required
def chat_read(request, pk):
    match, reader = _match(request, pk)
    try:
        upto = int(request.POST.get("upto", ""))
    except ValueError:
        upto = None
    inbox.mark_read(match, reader, upto)
    response = HttpResponse(status=204)
    response["X-Chat-Unread"] = str(inbox.unread_count(match, reader))
    return response


@require_POST
@login_required
def chat_report(request, message_id):
    try:
        report = moderation.report(request.user, message_id, request.POST.get("reason", ""))
    except ServiceError as exc:
        if exc.status == 404:
            raise Http404(exc.message) from None
        flash.error(request, exc.message)
        return redirect("lobby")
    flash.success(request, _("Thank you: the message is reported to the staff."))
    return _back(request, report.message.match)


@require_POST
@login_required
def mute_player(request, username):
    """Mute a player everywhere (their chat messages and the notices about them), or unmute."""
    other = get_object_or_404(get_user_model(), username=username)
    try:
        if request.POST.get("do") == "unmute":
            moderation.unmute(request.user, other)
            flash.success(request, _("%(n)s is no longer muted.") % {"n": other.username})
        else:
            moderation.mute(request.user, other)
            flash.success(request, _("%(n)s is muted: you no longer see their chat messages.") % {"n": other.username})
    except ServiceError as exc:
        flash.error(request, exc.message)
    target = request.POST.get("next")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return redirect(target)
    return redirect("player", username=other.username)
