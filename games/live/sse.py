"""Server-Sent Events frames (https://html.spec.whatwg.org/multipage/server-sent-events.html)."""

from __future__ import annotations

import orjson

RETRY_MS = 3000  # how long a browser waits before it reconnects by itself


def event(name: str, data: dict, event_id: str | None = None) -> str:
    lines = [f"event: {name}"]
    if event_id is not None:
        lines.append(f"id: {event_id}")
    lines.append("data: " + orjson.dumps(data).decode())
    return "\n".join(lines) + "\n\n"


def comment(text: str = "") -> str:
    """A line browsers ignore: keeps proxies from closing an idle stream."""
    return f": {text}\n\n"


def retry(ms: int = RETRY_MS) -> str:
    return f"retry: {ms}\n\n"
