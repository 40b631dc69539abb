"""Whether the signed-in readers' sessions still exist, asked for many streams at once.

A signed-in stream ends at the heartbeat after its session ended (a log-out, a password
change elsewhere), so its page polls and is told to log in again. Each stream asking the
session store at each heartbeat was one query per stream every 15 s: 5,000 signed-in streams,
over 300 queries a second. The streams of one event loop instead hand their session keys to one
check, which gathers the keys asked within WINDOW seconds and answers them in one query.
"""

from __future__ import annotations

import asyncio
from importlib import import_module

from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore as DatabaseStore
from django.db import close_old_connections
from django.utils import timezone

from .loops import per_loop

WINDOW = 0.5  # seconds the check gathers keys before it asks
_checks: dict[asyncio.AbstractEventLoop, "Check"] = {}


def existing(keys) -> set[str]:
    """Of `keys`, the sessions that exist and have not expired: one query with the database's
    session store (db, cached_db), else the store's own answer for each key."""
    keys = list(keys)
    store = import_module(settings.SESSION_ENGINE).SessionStore
    if issubclass(store, DatabaseStore):
        close_old_connections()
        found = store.get_model_class().objects.filter(session_key__in=keys, expire_date__gt=timezone.now())
        return set(found.values_list("session_key", flat=True))
    return {key for key in keys if store().exists(key)}


class Check:
    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self.waiting: dict[str, list[asyncio.Future]] = {}
        self.task: asyncio.Task | None = None

    async def alive(self, key: str) -> bool:
        answer = self.loop.create_future()
        self.waiting.setdefault(key, []).append(answer)
        if self.task is None or self.task.done():
            self.task = self.loop.create_task(self._ask())
        return await answer

    async def _ask(self) -> None:
        await asyncio.sleep(WINDOW)
        waiting, self.waiting = self.waiting, {}
        try:
            found = await self.loop.run_in_executor(None, existing, list(waiting))
        except Exception:  # the database is away: nobody is sent off for it
            found = set(waiting)
        for key, answers in waiting.items():
            for answer in answers:
                if not answer.done():
                    answer.set_result(key in found)
        if self.waiting:  # asked while this check ran: the next one
            self.task = self.loop.create_task(self._ask())


async def alive(key: str) -> bool:
    """Whether the session `key` still exists (the running loop's check, one per loop)."""
    return await per_loop(_checks, Check).alive(key)
