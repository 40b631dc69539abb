"""What a person may read of a match's chat, what they have not read yet, and marking it read.

Hidden messages (the staff's) and messages of players the reader muted are never shown nor
counted. Unread counts cover the players' channel of the matches a person sits in (what My
matches and the header count) and, on a match page, the channel the reader reads there.
"""

from __future__ import annotations

from django.db.models import Count, OuterRef, Q, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from ..live import bus, recent
from ..models import ChatMessage, ChatRead, Match, Mute, Notification, Seat
from . import phrases
from ..play.visibility import Viewer
from .access import PLAYERS, read_channel, write_channel

PAGE = 50  # the page shows the newest 50; the API pages forward 200 at a time
API_PAGE = 200


def _shown(user):
    """Messages a reader may see at all: not hidden, not by someone they muted."""
    rows = ChatMessage.objects.filter(hidden=False)
    if getattr(user, "is_authenticated", False):
        rows = rows.exclude(author__in=Mute.objects.filter(muter=user).values("muted"))
    return rows


def messages(match: Match, reader: Viewer, after: int = 0, limit: int = API_PAGE) -> list[ChatMessage]:
    """The messages after `after` this person may read here, oldest first (at most `limit`)."""
    channel = read_channel(match, reader)
    if channel is None:
        return []
    rows = _shown(reader.user).filter(match=match, channel=channel, pk__gt=after).select_related("author")
    return list(rows.order_by("pk")[:limit])


def _latest(match: Match, user, channel: str, limit: int = PAGE) -> list[ChatMessage]:
    """The newest messages of the channel, oldest first (the page's first view)."""
    rows = _shown(user).filter(match=match, channel=channel).select_related("author")
    newest = list(rows.order_by("-pk")[:limit])
    newest.reverse()
    return newest


def as_dict(message: ChatMessage) -> dict:
    """The API's shape; a ready phrase reads in the active language."""
    return {
        "id": message.pk,
        "author": message.author.username,
        "text": phrases.text(message.phrase) if message.phrase in phrases.PHRASES else message.text,
        "at": message.created_at.isoformat(),
        "channel": message.channel,
        "phrase": message.phrase or None,
    }


def _unread(user):
    read = ChatRead.objects.filter(user=user, match=OuterRef("match")).values("last_read")[:1]
    return _shown(user).exclude(author=user).filter(pk__gt=Coalesce(Subquery(read), Value(0)))


def unread_count(match: Match, reader: Viewer, channel: str | None = None) -> int:
    """Unread messages of the channel this person reads here (0 for visitors)."""
    channel = channel or read_channel(match, reader)
    if channel is None or not reader.signed_in:
        return 0
    return _unread(reader.user).filter(match=match, channel=channel).count()


def unread_by_match(user, match_ids) -> dict[int, int]:
    """{match id: unread count} of the players' channel, for the matches given."""
    if not getattr(user, "is_authenticated", False):
        return {}
    rows = _unread(user).filter(match_id__in=list(match_ids), channel=PLAYERS).values("match").annotate(n=Count("pk"))
    return {row["match"]: row["n"] for row in rows}


def total_unread(user) -> int:
    """Unread table talk in every match the person sits in (the header's count)."""
    if not getattr(user, "is_authenticated", False):
        return 0
    mine = Seat.objects.filter(user=user).values("match")
    return _unread(user).filter(Q(match__in=mine), channel=PLAYERS).count()


def mark_read(match: Match, reader: Viewer, upto: int | None = None) -> int:
    """Everything up to message `upto` (default: the newest) is read; so are the match's chat
    notices. Never moves backwards. Returns how far the person has read."""
    if not reader.signed_in:
        return 0
    user = reader.user
    channel = read_channel(match, reader)
    newest = ChatMessage.objects.filter(match=match, channel=channel).order_by("-pk").values_list("pk", flat=True).first()
    upto = min(upto, newest or 0) if upto is not None else (newest or 0)
    # Writes only when something changes: the page calls this after every poll that brought a
    # message, and a write that changes nothing still takes the database's write lock.
    if upto > read_upto(match, user):
        ChatRead.objects.bulk_create([ChatRead(user=user, match=match, last_read=0)], ignore_conflicts=True)
        ChatRead.objects.filter(user=user, match=match, last_read__lt=upto).update(last_read=upto)
    notices = Notification.objects.filter(user=user, match=match, kind=Notification.Kind.CHAT, read_at__isnull=True)
    if notices.exists():
        notices.update(read_at=timezone.now())
    return read_upto(match, user)


def read_upto(match: Match, user) -> int:
    if not getattr(user, "is_authenticated", False):
        return 0
    return ChatRead.objects.filter(user=user, match=match).values_list("last_read", flat=True).first() or 0


def for_page(match: Match, reader: Viewer) -> dict:
    """What the match page shows of the chat: the channel, the newest messages, the unread
    count, whether and how the reader may write."""
    channel = read_channel(match, reader)
    shown = _latest(match, reader.user, channel) if channel else []
    return {
        "channel": channel,
        "messages": shown,
        "last": shown[-1].pk if shown else read_upto(match, reader.user) if channel else 0,
        "unread": unread_count(match, reader, channel) if channel else 0,
        "can_write": write_channel(match, reader) is not None,
        "phrases": phrases.choices(),
        "max_length": 500,
    }


def latest_id(match: Match, reader: Viewer) -> tuple[str | None, int]:
    """The channel this person reads here and its newest message they may read (0: none):
    where a live stream starts counting."""
    channel = read_channel(match, reader)
    if channel is None:
        return None, 0
    newest = _shown(reader.user).filter(match=match, channel=channel).order_by("-pk").values_list("pk", flat=True).first()
    return channel, newest or 0


def latest_id_recent(match: Match, reader: Viewer) -> tuple[str | None, int]:
    """`latest_id`, shared until a message comes by the streams that open on one table: a
    reconnect storm asks once per match and kind of reader, not once per stream
    (games.live.recent)."""
    user = reader.user.pk if reader.signed_in else None
    key = ("chat", match.pk, reader.seat, user)
    return recent.answer(key, bus.match_channel(match.pk), lambda: latest_id(match, reader))
