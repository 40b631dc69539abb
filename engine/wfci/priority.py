"""The priority hex (rules section 10): how the Challenger numbers the six directions around a
hex, from your base toward its own, and where a unit moving "toward" a goal ends when two
stops are as good."""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable, Sequence

from .board import (DIRECTIONS, Hex, Island, Pred, _nbrs, direction_index, distance, heading, nearest_direction,
                    reachable, walk_distances)

def priority_neighbors(center: Hex, from_base: Hex, to_base: Hex) -> list[Hex]:
    """The neighbours of `center` numbered 1..6 clockwise (list index 0 is number 1).

    Number 1 is the direction nearest in angle to from_base -> to_base (the human's base toward
    the Challenger's, D-W24); exactly halfway between two directions, the counter-clockwise one.
    """
    if from_base == to_base:
        raise ValueError("the two bases must differ")
    first = nearest_direction(from_base, to_base)
    q, r = center
    return [(q + DIRECTIONS[(first + k) % 6][0], r + DIRECTIONS[(first + k) % 6][1]) for k in range(6)]


def _first_direction(priority: Sequence[Hex]) -> int:
    """Direction number 1 of a list built by priority_neighbors (around any centre)."""
    if len(priority) != 6:
        raise ValueError("priority must be the six hexes priority_neighbors returns")
    cq, cr = sum(h[0] for h in priority), sum(h[1] for h in priority)
    if cq % 6 or cr % 6:
        raise ValueError("priority must be the six neighbours of one hex")
    center = (cq // 6, cr // 6)
    first = direction_index(center, priority[0])
    if first is None or any(
        priority[k] != (center[0] + DIRECTIONS[(first + k) % 6][0], center[1] + DIRECTIONS[(first + k) % 6][1])
        for k in range(6)
    ):
        raise ValueError("priority must list the six neighbours of one hex clockwise")
    return first


def priority_rank(center: Hex, h: Hex, first: int) -> Fraction:
    """Clockwise angle (in sixths of a turn) from direction `first` to h as seen from center.

    Neighbours get exactly 0..5 (priority number minus one); farther hexes fall between, so the
    priority hex extends to any hex. `center` itself ranks last.
    """
    if h == center:
        return Fraction(6)
    return (heading(center, h) - first) % 6


def priority_order(center: Hex, hexes: Iterable[Hex], from_base: Hex, to_base: Hex) -> list[Hex]:
    """Sort hexes by the priority hex around `center`, then nearest first."""
    first = nearest_direction(from_base, to_base)
    return sorted(hexes, key=lambda h: (priority_rank(center, h, first), distance(center, h), h))


def step_toward(island: Island, start: Hex, goal: Hex, speed: int, can_enter: Pred | None = None,
                can_stop: Pred | None = None, priority: Sequence[Hex] | None = None) -> Hex:
    """Where a unit moving "toward" `goal` ends (the Challenger's move, rules section 10).

    Among the hexes `reachable` returns, pick the one with the least remaining distance: the
    walking distance over enterable hexes (so units go round lava instead of sticking in
    front of it), then the straight distance. Ties go to the priority hex: `priority` is a list
    from `priority_neighbors` (around any centre; only its orientation matters) and candidates
    rank by clockwise angle from direction 1 as seen from `start`; then fewer steps; then the
    lowest (q, r). Returns `start` when no reachable hex is closer than staying put.
    """
    if can_enter is None:
        can_enter = island.is_land
    stops = reachable(island, start, speed, can_enter, can_stop)
    walk = walk_distances(island, goal, can_enter)
    far = 1 << 30

    def remaining(h: Hex) -> tuple[int, int]:
        if h in walk:
            return walk[h], distance(h, goal)
        best = min((walk[n] for n in _nbrs(h) if n in walk), default=far - 1) + 1
        return best, distance(h, goal)

    first = _first_direction(priority) if priority is not None else None

    def key(h: Hex):
        rank = priority_rank(start, h, first) if first is not None else 0
        return remaining(h), rank, stops[h], h

    if not stops:
        return start
    best = min(stops, key=key)
    return best if remaining(best) < remaining(start) else start
