"""What a stream starts from, remembered for a few seconds per match, so that a burst of streams
opening on one table (a reconnect storm: a hundred spectators of a match back within seconds)
reads the match and its chat's newest id once, not once per stream.

A remembered answer is safe only while this process hears every change of that match: the
entry is kept only if some stream here already listened to the match's channel before the read
began, and nothing was heard on that channel until the read ended (each channel has a
generation, bumped by every event heard on it and reset when nobody here listens any more).
An event heard later drops what was remembered; TTL bounds the rest. A stream that opens on a
remembered answer has subscribed to the channel already, so nothing committed after the read
is lost to it.

Pure bookkeeping under a lock (no Django, no Redis): the fan-out (`hub`, `listener`) marks the
channels, the openers (`games.views.events`, `games.api.streams`) ask.
"""

from __future__ import annotations

import itertools
import threading
import time

TTL = 5.0  # seconds an answer is reused at most (events drop it sooner; this bounds the rest)
_lock = threading.Lock()
_counter = itertools.count(1)
_generation: dict[str, int] = {}  # channel -> generation, only while a stream here listens to it
_remembered: dict[tuple, tuple[float, str, int, object]] = {}  # key -> (until, channel, generation, value)


def listening(channels) -> None:
    """Events of these channels now reach this process (the subscription is in place)."""
    with _lock:
        for channel in channels:
            _generation.setdefault(channel, next(_counter))


def heard(channel: str, data) -> None:
    """An event was heard on `channel`: what was remembered of it is stale, unless the event
    is only who is at the table (no part of what is remembered)."""
    if isinstance(data, dict) and data.get("event") == "presence":
        return
    with _lock:
        if channel in _generation:
            _generation[channel] = next(_counter)


def deaf(channels) -> None:
    """Nobody here listens to these channels any more: their changes will go unheard."""
    with _lock:
        for channel in channels:
            _generation.pop(channel, None)


def clear() -> None:
    with _lock:
        _generation.clear()
        _remembered.clear()


def answer(key: tuple, channel: str, compute, ttl: float = TTL, keep=None):
    """`compute()`, or what it answered less than `ttl` seconds ago if `channel` heard nothing
    since (and was listened to all along). `keep(value)`: whether that answer may be reused at
    all (a table still in the lobby changes without an event: someone sits down)."""
    now = time.monotonic()
    with _lock:
        generation = _generation.get(channel)
        hit = _remembered.get(key)
        if generation is not None and hit is not None and hit[0] > now and hit[1:3] == (channel, generation):
            return hit[3]
    value = compute()
    if generation is not None and (keep is None or keep(value)):
        with _lock:
            if _generation.get(channel) == generation:
                if len(_remembered) > 20_000:
                    for old in [k for k, hit in _remembered.items() if hit[0] <= now]:
                        del _remembered[old]
                _remembered[key] = (now + ttl, channel, generation, value)
    return value
