"""Announcing committed changes. Callers hand these to `transaction.on_commit` (or call them
from a hook that already runs after the commit): an event never tells of a change that may
still roll back. Each carries versions, ids and seat indexes only, never a view or a text.
"""

from __future__ import annotations

from django.db import transaction

from . import bus, presence


def after_commit(announce, *args, **kwargs) -> None:
    """Run `announce(*args)` once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: announce(*args, **kwargs), robust=True)


def board(match_id: int, version: int, status: str, to_act=(), users=None) -> None:
    """A match moved to `version`: its pages fetch their own board; each player now to act
    hears "your turn" on their own stream. `users`: seat index -> user id (people only)."""
    bus.publish(bus.match_channel(match_id), {"event": "board", "version": version, "status": status})
    for seat in to_act or ():
        user_id = (users or {}).get(seat)
        if user_id:
            bus.publish(bus.user_channel(user_id),
                        {"event": "turn", "match": match_id, "version": version, "seat": seat})


def chat(match_id: int, message_id: int, channel: str, readers=()) -> None:
    """A new message in one channel of a match's chat; the players (`readers`, user ids) of
    the players' channel hear of it on their own streams too."""
    bus.publish(bus.match_channel(match_id), {"event": "chat", "id": message_id, "channel": channel})
    for user_id in readers:
        bus.publish(bus.user_channel(user_id), {"event": "chat", "match": match_id, "id": message_id})


def here(match_id: int) -> None:
    """Who is at the table changed (a stream opened, or closed and its grace ended)."""
    bus.publish(bus.match_channel(match_id), {"event": "presence", **presence.here(match_id)})
