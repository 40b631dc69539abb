"""Writing a chat message: who may, what a message may be, how often, and who hears of it.

A message is plain text (shown escaped; links made clickable with rel="nofollow ugc noopener"),
at most MAX_LENGTH characters, or one of the ready phrases. A person writes at most
`CHAT_RATE_LIMITS` messages per window (settings; every match counts), so a flood is refused
with a 429 before it reaches anyone. A message in the players' channel is a notice (kind
"chat") to the other people at the table, through the outbox and their preferences, recorded
in the same transaction as the message.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..refusals import Forbidden, IllegalMove, NotAuthenticated, ServiceError
from ..models import ChatMessage, ChatRead, Match, Mute
from ..live import publish as live
from ..notifications import events, outbox
from . import phrases
from ..play.visibility import viewer
from .access import PLAYERS, write_channel

MAX_LENGTH = 500
RATE_LIMITS = ((30, 5), (3600, 60))  # (seconds, messages): the default of settings.CHAT_RATE_LIMITS


class TooFast(ServiceError):
    status = 429

    def __init__(self, message: str, retry_after: int):
        super().__init__(message)
        self.retry_after = retry_after


def clean(text) -> str:
    """Plain text: control characters out (line breaks kept, at most two in a row), trimmed."""
    if not isinstance(text, str):
        raise IllegalMove(_("A message is text."))
    kept = "".join(c for c in text if c == "\n" or unicodedata.category(c)[0] != "C")
    return re.sub(r"\n{3,}", "\n\n", kept).strip()


def _limits() -> tuple:
    return tuple(getattr(settings, "CHAT_RATE_LIMITS", RATE_LIMITS))


def check_rate(user, now) -> None:
    """Refuse (429) a message over any of the limits, saying when the next one may go."""
    for seconds, most in _limits():
        since = now - timedelta(seconds=seconds)
        recent = list(ChatMessage.objects.filter(author=user, created_at__gt=since)
                      .order_by("-created_at").values_list("created_at", flat=True)[:most])
        if len(recent) >= most:
            wait = max(1, int((recent[-1] - since).total_seconds()) + 1)
            raise TooFast(ngettext("You are writing too fast: wait %(n)d second.",
                                   "You are writing too fast: wait %(n)d seconds.", wait) % {"n": wait}, wait)


def post(match: Match, user, text=None, phrase=None) -> ChatMessage:
    """Write to the channel this person writes to in this match (403 if none)."""
    if not getattr(user, "is_authenticated", False):
        raise NotAuthenticated(_("Log in to write in the chat."))
    channel = write_channel(match, viewer(match, user))
    if channel is None:
        raise Forbidden(_("You may not write in this chat."))
    if phrase not in (None, ""):
        if phrase not in phrases.PHRASES:
            raise IllegalMove(_("There is no such ready phrase."))
        words = ""
    else:
        words = clean(text if text is not None else "")
        if not words:
            raise IllegalMove(_("Write something first."))
        if len(words) > MAX_LENGTH:
            raise IllegalMove(_("A message has at most %(n)d characters.") % {"n": MAX_LENGTH})
        phrase = phrases.recognise(words)
        if phrase:
            words = ""
    now = timezone.now()
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()  # one writer's messages in turn
        check_rate(user, now)
        message = ChatMessage.objects.create(match=match, author=user, channel=channel, text=words,
                                             phrase=phrase or "", created_at=now)
        ChatRead.objects.bulk_create([ChatRead(user=user, match=match, last_read=0)], ignore_conflicts=True)
        ChatRead.objects.filter(user=user, match=match, last_read__lt=message.pk).update(last_read=message.pk)
        if channel == PLAYERS:
            outbox.record(_notices(match, user, now), now)
        readers = [s.user_id for s in match.seats.all() if s.user_id] if channel == PLAYERS else []
        live.after_commit(live.chat, match.pk, message.pk, channel, readers)
    return message


def _notices(match: Match, author, now) -> list:
    """A notice to each other person at the table who has not muted the writer; quiet (on the
    site only) for someone who has the match open right now."""
    seats = [s for s in match.seats.all() if s.user_id and s.user_id != author.pk]
    if not seats:
        return []
    muting = set(Mute.objects.filter(muted=author, muter__in=[s.user_id for s in seats]).values_list("muter", flat=True))
    read = dict(ChatRead.objects.filter(match=match, user__in=[s.user_id for s in seats]).values_list("user", "last_read"))
    return [events.chat(match, s.user, author, read.get(s.user_id, 0),
                        quiet=events.busy_here(s.last_seen_at, None, now))
            for s in seats if s.user_id not in muting and s.user.is_active]
