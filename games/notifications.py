"""E-mails about matches. They name the game and link to it, and never show game state:
nothing hidden can leak through a mail."""

from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _

import engine

from .models import Match
from .services import site_url


def _send(user, subject: str, template: str, context: dict) -> bool:
    if not user.email:
        return False
    with translation.override("en"):
        body = render_to_string(f"games/email/{template}.txt", {"user": user, **context})
        html = render_to_string(f"games/email/{template}.html", {"user": user, **context})
    send_mail(subject, body, None, [user.email], html_message=html)
    return True


def send_your_turn(match_id: int, version: int, seats: list) -> int:
    match = Match.objects.filter(pk=match_id).select_related().first()
    if match is None or match.version != version or match.status != Match.Status.ACTIVE:
        return 0
    game = engine.get_game(match.game)
    sent = 0
    for seat in match.seats.filter(index__in=seats, user__isnull=False).select_related("user"):
        if seat.index in match.to_act and seat.user.notify_turn:
            subject = _("Your turn in %(game)s #%(id)s") % {"game": game.name, "id": match.pk}
            url = site_url(match.get_absolute_url())
            sent += _send(seat.user, subject, "your_turn", {"match": match, "game": game, "url": url})
    return sent


def send_finished(match_id: int) -> int:
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != Match.Status.FINISHED:
        return 0
    game = engine.get_game(match.game)
    sent = 0
    for seat in match.seats.filter(user__isnull=False).select_related("user"):
        if seat.user.notify_turn:
            won = seat.index in (match.outcome or {}).get("winners", [])
            subject = _("%(game)s #%(id)s is over") % {"game": game.name, "id": match.pk}
            url = site_url(match.get_absolute_url())
            sent += _send(seat.user, subject, "finished", {"match": match, "game": game, "url": url, "won": won})
    return sent
