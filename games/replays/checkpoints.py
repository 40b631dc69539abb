"""The game state at any version of a finished match, in bounded work.

Replaying the log from the seed costs the whole log each time; a long match's replay would
pay it on every step. A finished match never changes, so the state every `EVERY` versions is
kept in the cache (compressed JSON, keyed by the match, its final version and the checkpoint):
a position is then one cache read and at most `EVERY` applied turns. The last position is the
stored snapshot itself. The checkpoints are made in one pass over the log when the match ends
(`prepare`, queued by games.tasks) or, if the cache has lost them, the first time a position
needs one (from the furthest checkpoint known): that visitor pays the replay once.

The cache is an accelerator only: when it is down or evicted, the answer is the same, slower.
"""

from __future__ import annotations

import json
import logging
import zlib

from django.core.cache import cache

import engine

from ..models import Match

log = logging.getLogger(__name__)

EVERY = 50  # versions between checkpoints: a step applies at most this many turns
TIMEOUT = 7 * 24 * 3600  # a replay is watched soon after the end; later visits refill it
FORMAT = 1  # bump when the stored form of a checkpoint changes


def state_at(match: Match, version: int):
    """The game state after the turns up to `version` (site and undone turns change nothing)."""
    game = engine.get_game(match.game)
    version = max(0, min(version, match.version))
    if version == match.version and match.state is not None:
        return game.deserialize(match.state)
    block = version // EVERY
    base, state = _checkpoint(match, game, block) if block else (0, None)
    if state is None:
        state = game.setup(match.seed, match.players, match.options)
    return _apply(game, state, _game_turns(match, base, version))


def prepare(match: Match) -> None:
    """Make every checkpoint of a match that just ended, so that even the first visitor of its
    replay pays no more than EVERY turns for a position (games.tasks runs it at the end)."""
    final = (match.version - 1) // EVERY
    if final >= 1 and match.state is not None and _read(_key(match, "reach")) != final:
        _checkpoint(match, engine.get_game(match.game), final)


def _checkpoint(match: Match, game, block: int):
    """(version, state) of checkpoint `block`. When it is missing, every checkpoint of the match
    from the furthest one known is made in one pass: each later position then costs at most
    EVERY turns, whichever way the reader goes."""
    data = _read(_key(match, block))
    if data is not None:
        return block * EVERY, game.deserialize(data)
    known = _read(_key(match, "reach"))
    reach = min(known, block - 1) if isinstance(known, int) else 0
    start = _read(_key(match, reach)) if reach else None
    if start is None:
        reach, state = 0, game.setup(match.seed, match.players, match.options)
    else:
        state = game.deserialize(start)
    final = (match.version - 1) // EVERY  # the last position is the snapshot itself
    filled, wanted = {}, None
    turns = iter(_game_turns(match, reach * EVERY, final * EVERY, with_version=True))
    pending = next(turns, None)
    for n in range(reach + 1, final + 1):
        while pending is not None and pending[0] <= n * EVERY:
            state = game.apply(state, pending[1], pending[2])
            pending = next(turns, None)
        filled[_key(match, n)] = _pack(game.serialize(state))
        if n == block:
            wanted = state
    filled[_key(match, "reach")] = _pack(final)
    _write(filled)
    return block * EVERY, wanted


def _game_turns(match: Match, after: int, upto: int, with_version: bool = False):
    """The game turns with `after` < version <= `upto`, oldest first, as (seat, action) rows."""
    fields = ("version", "seat", "action") if with_version else ("seat", "action")
    return (match.turns.filter(kind="game", undone=False, version__gt=after, version__lte=upto)
            .order_by("version").values_list(*fields).iterator(chunk_size=500))


def _apply(game, state, turns):
    for seat, action in turns:
        state = game.apply(state, seat, action)
    return state


def _key(match: Match, part) -> str:
    """A checkpoint's key: the match's id, seed, creation and final version name this match's
    log whole (a reused id of a test database, say, is another match)."""
    created = int(match.created_at.timestamp() * 1_000_000) if match.created_at else 0
    return f"replay:{FORMAT}:{match.pk}:{match.seed}:{created}:{match.version}:{part}"


def _pack(value) -> bytes:
    return zlib.compress(json.dumps(value, separators=(",", ":")).encode(), 1)


def _read(key: str):
    try:
        packed = cache.get(key)
        return None if packed is None else json.loads(zlib.decompress(packed))
    except Exception:  # the cache is down or holds something else: replay without it
        log.warning("replay checkpoint %s unreadable", key, exc_info=True)
        return None


def _write(entries: dict) -> None:
    try:
        cache.set_many(entries, TIMEOUT)
    except Exception:
        log.warning("replay checkpoints not stored", exc_info=True)
