"""Muting a player everywhere, and reporting a message to the staff (who hide it in the admin)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from ..refusals import Forbidden, IllegalMove, NotFound
from ..models import ChatMessage, ChatReport, Mute
from ..play.visibility import viewer
from .access import read_channel


def mute(user, other) -> None:
    if other.pk == user.pk:
        raise IllegalMove(_("You cannot mute yourself."))
    Mute.objects.get_or_create(muter=user, muted=other)


def unmute(user, other) -> None:
    Mute.objects.filter(muter=user, muted=other).delete()


def is_muted(user, other) -> bool:
    return bool(getattr(user, "is_authenticated", False)) and Mute.objects.filter(muter=user, muted=other).exists()


def muted_names(user) -> list[str]:
    if not getattr(user, "is_authenticated", False):
        return []
    return list(Mute.objects.filter(muter=user).order_by("muted__username").values_list("muted__username", flat=True))


def report(user, message_id, reason: str = "") -> ChatReport:
    """Report a message the person can read (a second report of the same one changes nothing)."""
    message = ChatMessage.objects.select_related("match").filter(pk=message_id, hidden=False).first()
    if message is None or read_channel(message.match, viewer(message.match, user)) != message.channel:
        raise NotFound(_("No such message."))
    if message.author_id == user.pk:
        raise Forbidden(_("You cannot report your own message."))
    found, _created = ChatReport.objects.get_or_create(
        message=message, reporter=user, defaults={"reason": str(reason or "")[:200]})
    return found
