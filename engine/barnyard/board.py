"""The square grid: tiles per player count (D-1), the start grid, barns and the fill (D-2).

Squares are numbered row by row in the final grid. The start grid sits in its middle, so every
square orthogonally next to it (where barns go) lies inside the final grid too.
"""

from __future__ import annotations

from functools import lru_cache

from .data import TILES

IMPASSABLE = set(TILES["impassable"])


def sizes(players: int) -> tuple[int, int]:
    return TILES["start_grid"][str(players)], TILES["final_grid"][str(players)]


def tile_mix(players: int) -> list[str]:
    """Every tile whose back number is at most the player count."""
    tiles: list[str] = []
    for number, counts in TILES["tiles"].items():
        if int(number) <= players:
            for kind, n in counts.items():
                tiles.extend([kind] * n)
    return tiles


def start_squares(players: int) -> list[int]:
    start, final = sizes(players)
    offset = (final - start) // 2
    return [(offset + r) * final + offset + c for r in range(start) for c in range(start)]


def coords(sq: int, size: int) -> tuple[int, int]:
    return sq % size, sq // size


@lru_cache(maxsize=None)
def neighbours(sq: int, size: int) -> tuple[int, ...]:
    """The 8 squares around (D-3: a step goes to any of them)."""
    c, r = sq % size, sq // size
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dc or dr) and 0 <= c + dc < size and 0 <= r + dr < size:
                out.append((r + dr) * size + c + dc)
    return tuple(out)


def orthogonal(sq: int, size: int) -> list[int]:
    c, r = sq % size, sq // size
    return [(r + dr) * size + c + dc for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= c + dc < size and 0 <= r + dr < size]


def barn_sites(tiles: list, players: int) -> list[int]:
    """Empty squares orthogonally next to a start-grid tile."""
    size = sizes(players)[1]
    sites = set()
    for sq in start_squares(players):
        for n in orthogonal(sq, size):
            if tiles[n] is None:
                sites.add(n)
    return sorted(sites)


def barn_owner(tile) -> int | None:
    return int(tile[5:]) if isinstance(tile, str) and tile.startswith("barn:") else None


def distance(a: int, b: int, size: int) -> int:
    """Steps between two squares with diagonal steps allowed."""
    return max(abs(a % size - b % size), abs(a // size - b // size))


def square_name(sq: int, size: int) -> str:
    """a1 is the top-left square; letters are columns."""
    return f"{chr(97 + sq % size)}{sq // size + 1}"
