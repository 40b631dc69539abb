"""The e-mail channel: mails a mail client trusts.

Every mail is plain text plus a full HTML document (`<html lang>`), in the recipient's
language and time zone, with links built from the site address, a Message-ID made from the
delivery's idempotency key (a copy that ever went out twice is one message to the client),
`List-Unsubscribe` and one-click `List-Unsubscribe-Post` (RFC 8058), and
`Auto-Submitted: auto-generated` (RFC 3834) so vacation auto-replies stay quiet.
"""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMultiAlternatives, get_connection
from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..models import Notification
from . import events, preferences
from .links import in_language_of, site_host, site_url, unsubscribe_url


def _headers(user, key: str) -> dict:
    link = unsubscribe_url(user)
    return {
        "Message-ID": f"<{key}@{site_host()}>",
        "List-Unsubscribe": f"<{link}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Auto-Submitted": "auto-generated",
    }


def _target(notice: Notification) -> tuple[str, str]:
    """Where the mail's button leads, and what it says."""
    if notice.kind in (Notification.Kind.INVITATION, Notification.Kind.REMATCH):
        return site_url(reverse("lobby")) + "#invitations", _("See the invitation")
    if notice.kind == Notification.Kind.CHAT and notice.match_id:
        return site_url(notice.match.get_absolute_url()) + "#chat", _("Read the chat")
    if notice.match_id:
        return site_url(notice.match.get_absolute_url()), _("Open the match")
    if notice.kind == Notification.Kind.TOURNAMENT and (notice.params or {}).get("tournament"):
        try:
            return site_url(reverse("tournament", args=[notice.params["tournament"]])), _("Open the tournament")
        except NoReverseMatch:  # a site without the tournament pages
            pass
    return site_url(reverse("notifications")), _("Open your notifications")


def _message(user, subject: str, template: str, context: dict, key: str) -> EmailMultiAlternatives:
    context = {
        "user": user,
        "subject": subject,
        "site_url": site_url("/"),
        "settings_url": site_url(reverse("profile")) + "#notify",
        "unsubscribe": unsubscribe_url(user),
        **context,
    }
    context["lang"] = user.language or settings.LANGUAGE_CODE
    body = render_to_string(f"games/email/{template}.txt", context)
    html = render_to_string(f"games/email/{template}.html", context)
    message = EmailMultiAlternatives(subject, body, None, [user.email], headers=_headers(user, key))
    message.attach_alternative(html, "text/html")
    return message


def notice_mail(notice: Notification, key: str) -> EmailMultiAlternatives:
    user = notice.user
    tz = preferences.zone(user)
    with in_language_of(user), timezone.override(tz):
        text = events.text(notice, tz)
        url, action = _target(notice)
        return _message(user, text, "notice", {
            "text": text, "url": url, "action": action, "deadline": events.deadline(notice, tz),
        }, key)


def digest_mail(user, notices: list[Notification], key: str) -> EmailMultiAlternatives:
    tz = preferences.zone(user)
    with in_language_of(user), timezone.override(tz):
        items = []
        for notice in notices:
            url, _action = _target(notice)
            items.append({"text": events.text(notice, tz), "url": url, "deadline": events.deadline(notice, tz)})
        subject = ngettext(
            "Your Chicken Island digest: %(n)d notice", "Your Chicken Island digest: %(n)d notices", len(items)
        ) % {"n": len(items)}
        return _message(user, subject, "digest", {"items": items}, key)


def send(message: EmailMultiAlternatives) -> str:
    """Hand the mail to the SMTP server; what the delivery records as "how"."""
    connection = get_connection(timeout=getattr(settings, "EMAIL_TIMEOUT", None) or 30)
    connection.send_messages([message])
    return f"e-mail {message.extra_headers['Message-ID']}"
