"""Answers kept a few seconds per key: in a reconnect storm the same reader opens again and
again, and the streams' lean route need not ask the database who they are each time."""

from __future__ import annotations

import time

MISSING = object()


class Kept:
    def __init__(self, seconds: float, most: int = 50_000):
        self.seconds, self.most = seconds, most
        self._answers: dict = {}  # key -> (until, answer)

    def get(self, key):
        """The answer kept for `key`, or MISSING (none, or kept too long)."""
        hit = self._answers.get(key)
        return hit[1] if hit is not None and hit[0] > time.monotonic() else MISSING

    def put(self, key, answer) -> None:
        now = time.monotonic()
        if len(self._answers) > self.most:  # the stale ones go before the table grows further
            for old in [k for k, (until, _) in list(self._answers.items()) if until <= now]:
                self._answers.pop(old, None)
        self._answers[key] = (now + self.seconds, answer)
