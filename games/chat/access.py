"""Who may read and write which channel of a match's chat.

The players' channel is the table: the seated write and read it. Everyone else who may see
the match reads the spectators' channel (signed-in people write there too), so nobody
watching can whisper to a player, and table talk stays at the table. A private match has no
spectators: nobody but its players reads or writes anything.
"""

from __future__ import annotations

from ..models import ChatMessage, Match
from ..play.visibility import Viewer

PLAYERS, SPECTATORS = ChatMessage.Channel.PLAYERS, ChatMessage.Channel.SPECTATORS


def read_channel(match: Match, reader: Viewer) -> str | None:
    """The one channel this person reads here, or None."""
    if reader.seat is not None:
        return PLAYERS
    if match.private or not reader.may_see:
        return None
    return SPECTATORS


def write_channel(match: Match, reader: Viewer) -> str | None:
    """The channel this person writes to here, or None (a visitor must sign in first)."""
    if not reader.signed_in or not reader.user.is_active:
        return None
    return read_channel(match, reader)
