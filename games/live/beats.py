"""Presence for all the streams of the stream process at once: one keeper per event loop
writes every open stream's entry in one Redis pipeline every REFRESH seconds (not two round
trips per stream per heartbeat), and writes arrivals and departures as they come, in batches.

A stream that opens waits for the batch that records it, which hands back who is at its table
(its first `presence`), and the table then hears `presence` once per batch, however many
streams of that match opened meanwhile (a reconnect storm is one event per match, not one per
stream, and at most one a SPREAD for players, a WATCH_SPREAD for spectators). A closed
stream's table hears it GRACE seconds later, once per match. After each refresh every stream of a match is handed that match's `presence`
through its own queue; it sends it only if it changed (a stream elsewhere died without a word).
"""

from __future__ import annotations

import asyncio
import logging

from . import bus, presence
from .loops import per_loop

log = logging.getLogger(__name__)
REFRESH = 15.0  # seconds between the refreshes of every open stream's entry (TTL is 45)
SPREAD = 1.0  # seconds: a table hears at most one `presence` a second for the players who come
# ... and one every WATCH_SPREAD for spectators who come: in a reconnect storm, a table of a hundred
# spectators would otherwise send a hundred frames a second for a count that nobody needs at once.
WATCH_SPREAD = 5.0
_keepers: dict[asyncio.AbstractEventLoop, "Keeper"] = {}


class Keeper:
    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self.open: dict[int, tuple] = {}  # id(stream) -> (stream, its subscription)
        self.arriving: list[tuple[object, asyncio.Future]] = []
        self.leaving: list[object] = []
        self.grace: dict[int, float] = {}  # match id -> when its table hears who left
        self.spread: dict[int, float] = {}  # match id -> when its table hears who came meanwhile
        self.announced: dict[int, float] = {}  # match id -> when its table last heard who came
        self.wake = asyncio.Event()
        self.next_refresh = loop.time() + REFRESH
        self.task = loop.create_task(self._run())

    def arrive(self, stream, sub) -> asyncio.Future:
        """Record `stream`; a future of who is at its table (None for a player's own stream),
        set once the batch that records it has run."""
        done = self.loop.create_future()
        self.arriving.append((stream, done))
        self.open[id(stream)] = (stream, sub)
        self.wake.set()
        return done

    def leave(self, stream) -> None:
        if self.open.pop(id(stream), None) is not None:
            self.leaving.append(stream)
            self.wake.set()

    async def _run(self) -> None:
        try:
            while True:
                due = min([self.next_refresh, *self.grace.values(), *self.spread.values()])
                try:
                    await asyncio.wait_for(self.wake.wait(), max(0.0, due - self.loop.time()))
                except asyncio.TimeoutError:
                    pass
                if asyncio.current_task().cancelling():  # wait_for (3.11) may swallow a cancel
                    raise asyncio.CancelledError
                self.wake.clear()
                await self._flush()
        finally:
            self._last_words()

    def _take(self):
        arriving, self.arriving = self.arriving, []
        leaving, self.leaving = self.leaving, []
        now = self.loop.time()
        refresh = now >= self.next_refresh
        if refresh:
            self.next_refresh = now + REFRESH
        announce = set()
        for later in (self.grace, self.spread):
            for match_id in [m for m, at in later.items() if at <= now]:
                del later[match_id]
                announce.add(match_id)
        for stream, _done in arriving:  # a burst of arrivals is one event per match and SPREAD
            match_id = getattr(stream, "match_id", None)
            if match_id is None or match_id in announce:
                continue
            gap = SPREAD if getattr(stream, "seat", None) is not None else WATCH_SPREAD
            last = self.announced.get(match_id)
            if last is None or now - last >= gap:
                announce.add(match_id)
                self.spread.pop(match_id, None)
            else:
                self.spread[match_id] = min(self.spread.get(match_id, last + gap), last + gap)
        for match_id in announce:
            self.announced[match_id] = now
        if len(self.announced) > 10_000:
            self.announced = {m: t for m, t in self.announced.items() if now - t < SPREAD}
        return arriving, leaving, refresh, announce

    async def _flush(self) -> None:
        arriving, leaving, refresh, announce = self._take()
        fresh = [s for s, _ in arriving]
        beating = [s for s, _ in self.open.values()] if refresh else fresh
        entries = [e for s in beating for e in s.entries()]
        gone = [e for s in leaving for e in s.entries()]
        read = {s.match_id for s in beating if getattr(s, "match_id", None) is not None}
        try:
            here = await self.loop.run_in_executor(None, lambda: presence.batch(entries, gone, read, announce))
        except Exception as exc:  # Redis down: nobody is known to be here; the entries expire
            log.warning("live: presence of %d streams not written: %s", len(entries), type(exc).__name__)
            here = {}
        after = self.loop.time() + presence.GRACE + 0.2  # from the write: then the entries have expired
        for stream in leaving:
            if getattr(stream, "match_id", None) is not None:
                self.grace[stream.match_id] = after
        nobody = {"seats": [], "watching": 0}
        for stream, done in arriving:
            if not done.done():
                match_id = getattr(stream, "match_id", None)
                done.set_result(None if match_id is None else here.get(match_id, nobody))
        if refresh:
            arrived = {id(s) for s in fresh}
            for stream, sub in list(self.open.values()):
                match_id = getattr(stream, "match_id", None)
                if match_id in here and id(stream) not in arrived:
                    sub.put(bus.match_channel(match_id), {"event": "presence", **here[match_id]})

    def _last_words(self) -> None:
        """The loop ends (a test's, a process stopping): the streams that closed are written
        as gone, so their tables do not keep them for TTL."""
        gone = [e for s in self.leaving + [s for s, _ in self.open.values()] for e in s.entries()]
        for _stream, done in self.arriving:
            done.cancel()
        try:
            if gone:
                presence.batch((), gone)
        except Exception:
            pass


def of_this_loop() -> Keeper:
    return per_loop(_keepers, Keeper, lambda keeper: not keeper.task.done())
