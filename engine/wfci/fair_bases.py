"""Fair bases: the minimum base distance (D-10). The opening machine of one base must not reach
the leader on another before that player has had a turn, so a made island keeps its bases at
least this many walking steps apart."""

from __future__ import annotations

import json
from collections import deque
from functools import lru_cache
from pathlib import Path

from . import cards
from .board import Hex, Island, _nbrs

_FAIR = json.loads((Path(__file__).parent / "data" / "islands.json").read_text(encoding="utf-8"))["fair_bases"]


def base_gap(island: Island, its_base: Hex, your_base: Hex) -> int | None:
    """Fewest steps on foot from a hex of its base's own Territory next to its base (where the
    Challenger builds its opening machine) to a hex next to your base (where a machine can fight
    the leader on it). Only Territory and Neutral hexes are walked: machines never enter a base
    and nothing walks on lava. None when there is no such walk."""
    land = island.base_territory(island.tile_id(its_base))
    tiles = island.tiles
    starts = [n for n in _nbrs(its_base) if n in tiles and tiles[n]["tile"] == land]
    goals = {n for n in _nbrs(your_base) if n in tiles and tiles[n]["kind"] in WALKED}
    return walk_steps(island, starts, goals)


WALKED = ("territory", "neutral")  # what a machine walks on: no base, no lava


def walk_steps(island: Island, starts, goals) -> int | None:
    """Fewest steps over Territory and Neutral hexes from any of `starts` to any of `goals`."""
    tiles = island.tiles
    goals = set(goals)
    seen = {h: 0 for h in starts}
    queue = deque(starts)
    while queue:
        h = queue.popleft()
        if h in goals:
            return seen[h]
        for n in _nbrs(h):
            if n not in seen and n in tiles and tiles[n]["kind"] in WALKED:
                seen[n] = seen[h] + 1
                queue.append(n)
    return None


@lru_cache(maxsize=None)
def opening_speed() -> int:
    """The fastest machine of strength 3 or more that can move. The opening machine is the
    stock's strongest mover, so it is never faster (a faster one of strength 2 opens only when
    no stronger mover is in the stock)."""
    return max(c["speed"] for c in cards.catalog()["machine"].values() if c["strength"] >= 3)


def min_base_gap(players: int, layout: str = "custom") -> int:
    """The minimum base distance for that many players on a "starter" or "custom" island: one
    step more than the opening machine walks with its free action and the Command dice the
    layout keeps off (islands.json fair_bases): 13 on the starter, 3 on a custom island.
    0 where no minimum applies (3 and 4 players)."""
    if max(players, 2) not in _FAIR["players"]:
        return 0
    return (1 + _FAIR["command_dice"][layout]) * opening_speed() + 1


def closest_bases(island: Island) -> tuple[int, Hex, Hex] | None:
    """The shortest base gap on the island, either way round, with its two bases (None: no two
    bases with a walk between them)."""
    bases = [island.tile_hexes(b)[0] for b in island.tile_ids("base")]
    best = None
    for a in bases:
        for b in bases:
            gap = base_gap(island, a, b) if a != b else None
            if gap is not None and (best is None or gap < best[0]):
                best = (gap, a, b)
    return best


def bases_far_apart(island: Island, players: int, walk_needed: bool = False) -> bool:
    """No two bases closer than the minimum base distance, either way round. With
    `walk_needed` there must also be a walk each way: a machine built next to one base can
    reach the other (checked once a round is over; land laid later may still open a walk)."""
    least = min_base_gap(players)
    bases = [island.tile_hexes(b)[0] for b in island.tile_ids("base")]
    if not least or len(bases) < 2:
        return True
    for a in bases:
        for b in bases:
            gap = base_gap(island, a, b) if a != b else least
            if (gap is None and walk_needed) or (gap is not None and gap < least):
                return False
    return True
