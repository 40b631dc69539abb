"""Who is at a table now: one entry per open stream, kept alive by the stream's heartbeats.

An entry names the seat it watches from (or a spectator's viewer key) and when it expires.
A closed stream is not dropped at once: its entry lives GRACE seconds more, so a page that
reloads or reconnects never flickers its player away. A stream that died without a word
(a process killed) expires after TTL. The store is a Redis sorted set per match when the site
has Redis (every stream process and worker sees the same), else a dict of this process.
"""

from __future__ import annotations

import threading
import time
import uuid

from . import bus

GRACE = 5.0  # seconds a closed stream still counts (a reload, a reconnect)
TTL = 45.0  # seconds an open stream counts without a heartbeat (three heartbeats)
KEY = "live:here:{}"

_lock = threading.Lock()
_memory: dict[int, dict[str, float]] = {}


def entry(seat: int | None, viewer: str) -> str:
    """The member for one stream: "s<seat>|<id>" for a player, "w<viewer>|<id>" for a spectator."""
    who = f"s{seat}" if seat is not None else f"w{viewer}"
    return f"{who}|{uuid.uuid4().hex[:12]}"


def _set(match_id: int, member: str, until: float) -> None:
    if bus.uses_redis():
        client = bus.redis_client()
        pipe = client.pipeline(transaction=False)
        pipe.zadd(KEY.format(match_id), {member: until})
        pipe.zremrangebyscore(KEY.format(match_id), "-inf", time.time() - 60)
        pipe.expire(KEY.format(match_id), int(TTL) + 120)
        pipe.execute()
        return
    with _lock:
        _memory.setdefault(match_id, {})[member] = until


def arrive(match_id: int, member: str, now: float | None = None) -> None:
    """A stream opened, or beat: it counts for TTL seconds more."""
    _set(match_id, member, (now or time.time()) + TTL)


def leave(match_id: int, member: str, now: float | None = None) -> None:
    """A stream closed: it counts for GRACE seconds more."""
    _set(match_id, member, (now or time.time()) + GRACE)


def members(match_id: int, now: float | None = None) -> list[str]:
    now = now or time.time()
    if bus.uses_redis():
        found = bus.redis_client().zrangebyscore(KEY.format(match_id), now, "+inf")
        return [m.decode() if isinstance(m, bytes) else m for m in found]
    with _lock:
        table = _memory.get(match_id, {})
        for member in [m for m, until in table.items() if until < now]:
            del table[member]
        return list(table)


def here(match_id: int, now: float | None = None) -> dict:
    """{"seats": seat indexes with a stream open, "watching": distinct spectators}: what the
    page shows and the `presence` event carries. Redis down: nobody is known to be here."""
    try:
        found = members(match_id, now)
    except Exception:
        return {"seats": [], "watching": 0}
    return _count(found)


def seat_here(match_id: int, seat: int) -> bool:
    """Whether that seat's player has the match open on a live stream now (notices skip them)."""
    return seat in here(match_id)["seats"]


# On the site now: the same entries kept per user, so My matches and the lobby can mark an
# opponent whose page is open somewhere (any match page, or the player's own stream).
USER_KEY = "live:user-here:{}"
_users: dict[int, dict[str, float]] = {}


def _set_user(user_id: int, member: str, until: float) -> None:
    if bus.uses_redis():
        key = USER_KEY.format(user_id)
        pipe = bus.redis_client().pipeline(transaction=False)
        pipe.zadd(key, {member: until})
        pipe.zremrangebyscore(key, "-inf", time.time() - 60)
        pipe.expire(key, int(TTL) + 120)
        pipe.execute()
        return
    with _lock:
        mine = _users.setdefault(user_id, {})
        for old in [m for m, t in mine.items() if t < time.time() - 60]:
            del mine[old]
        mine[member] = until


def user_arrive(user_id: int | None, member: str, now: float | None = None) -> None:
    """A signed-in reader's stream opened, or beat: they count as on the site for TTL seconds."""
    if user_id:
        _set_user(user_id, member, (now or time.time()) + TTL)


def user_leave(user_id: int | None, member: str, now: float | None = None) -> None:
    """Their stream closed: GRACE seconds more, as at the table (a reload never flickers)."""
    if user_id:
        _set_user(user_id, member, (now or time.time()) + GRACE)


def users_here(user_ids, now: float | None = None) -> set[int]:
    """Which of these users have a stream open now: one round trip for a whole page.
    Redis down: nobody is known to be here."""
    ids = sorted({int(u) for u in user_ids if u})
    if not ids:
        return set()
    now = now or time.time()
    if bus.uses_redis():
        try:
            pipe = bus.redis_client().pipeline(transaction=False)
            for user_id in ids:
                pipe.zcount(USER_KEY.format(user_id), now, "+inf")
            return {u for u, n in zip(ids, pipe.execute()) if n}
        except Exception:
            return set()
    with _lock:
        return {u for u in ids if any(until >= now for until in _users.get(u, {}).values())}


def batch(arrivals=(), leaves=(), read=(), announce=(), now: float | None = None) -> dict[int, dict]:
    """Many streams' entries at once, as one Redis pipeline: `arrivals` and `leaves` are
    (match id or None, user id or None, member); `read` the matches whose `here` is wanted
    back; `announce` the matches whose tables hear `presence` now. The stream process's
    `beats` calls it for all its streams every few seconds instead of a round trip each."""
    now = now or time.time()
    tables: dict[str, dict[str, float]] = {}
    for rows, until in ((arrivals, now + TTL), (leaves, now + GRACE)):
        for match_id, user_id, member in rows:
            if match_id is not None:
                tables.setdefault(KEY.format(match_id), {})[member] = until
            if user_id:
                tables.setdefault(USER_KEY.format(user_id), {})[member] = until
    read = sorted(set(read) | set(announce))
    if not bus.uses_redis():
        for key, entries in tables.items():
            store, ident = (_users, key) if key.startswith("live:user-here:") else (_memory, key)
            with _lock:
                store.setdefault(int(ident.rsplit(":", 1)[1]), {}).update(entries)
        found = {m: here(m, now) for m in read}
    else:
        pipe = bus.redis_client().pipeline(transaction=False)
        for key, entries in tables.items():
            pipe.zadd(key, entries)
            pipe.zremrangebyscore(key, "-inf", now - 60)
            pipe.expire(key, int(TTL) + 120)
        for match_id in read:
            pipe.zrangebyscore(KEY.format(match_id), now, "+inf")
        answers = pipe.execute()[len(tables) * 3:]
        found = {m: _count([x.decode() if isinstance(x, bytes) else x for x in got]) for m, got in zip(read, answers)}
    bus.publish_many((bus.match_channel(m), {"event": "presence", **found[m]}) for m in announce)
    return found


def _count(found: list[str]) -> dict:
    seats = sorted({int(m[1:].split("|")[0]) for m in found if m.startswith("s")})
    watching = len({m.split("|")[0] for m in found if m.startswith("w")})
    return {"seats": seats, "watching": watching}
