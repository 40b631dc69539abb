"""Who may read and write which channel of a match's chat.

The players' channel is the table: the seated write and read it. Everyone else who may see
the match reads the spectators' channel (signed-in people write there too), so nobody
watching can whisper to a player, and table talk stays at the table. A private match has no
spectators: nobody but its players reads or writes anything.
"""

from __future__ import annotations

from ..models import ChatMessage, Match
from ..reading import may_see

PLAYERS, SPECTATORS = ChatMessage.Channel.PLAYERS, ChatMessage.Channel.SPECTATORS


def seated(match: Match, user) -> bool:
    return match.seat_of(user) is not None


def read_channel(match: Match, user) -> str | None:
    """The one channel this person reads here, or None."""
    if seated(match, user):
        return PLAYERS
    if match.private or not may_see(match, user):
        return None
    return SPECTATORS


def write_channel(match: Match, user) -> str | None:
    """The channel this person writes to here, or None (a visitor must sign in first)."""
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return None
    return read_channel(match, user)
