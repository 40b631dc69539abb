"""Hex geometry and the island of War for Chicken Island (rules sections 2, 3 and 10).

Coordinates are axial `(q, r)` on pointy-top hexes; on screen (y pointing down) a hex sits at
x = sqrt(3) * (q + r / 2), y = 3/2 * r. `DIRECTIONS` lists the six neighbour vectors clockwise
starting with East: E, SE, SW, W, NW, NE. In JSON a hex is the string "q,r".

Everything is pure Python and cheap: neighbour tuples are precomputed for the hexes any island
can use, and the searches are plain breadth-first walks with deterministic tie-breaking so the
same state always yields the same choice.
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction
from types import MappingProxyType
from typing import Callable, Iterable

Hex = tuple[int, int]

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
DIRECTION_NAMES = ("E", "SE", "SW", "W", "NW", "NE")

KINDS = ("territory", "base", "lava", "neutral")
LAND_KINDS = frozenset(("territory", "base", "neutral"))
SEA = "sea"

_TABLE_RADIUS = 16  # islands fit well inside; hexes beyond are computed on the fly
_NEIGHBORS: dict[Hex, tuple[Hex, ...]] = {
    (q, r): tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)
    for q in range(-_TABLE_RADIUS, _TABLE_RADIUS + 1)
    for r in range(-_TABLE_RADIUS, _TABLE_RADIUS + 1)
}
_PARSED: dict[str, Hex] = {}


# -- hexes ---------------------------------------------------------------------------------

def hex_key(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


def parse_hex(s: str) -> Hex:
    """"q,r" -> (q, r); memoised because states rebuild islands from JSON at every step."""
    try:
        return _PARSED[s]
    except KeyError:
        pass
    try:
        q, r = s.split(",")
        h = (int(q), int(r))
    except (AttributeError, ValueError):
        raise ValueError(f"not a hex: {s!r}") from None
    if len(_PARSED) < 4096:
        _PARSED[s] = h
    return h


def _nbrs(h: Hex) -> tuple[Hex, ...]:
    try:
        return _NEIGHBORS[h]
    except KeyError:
        q, r = h
        return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def neighbors(h: Hex) -> list[Hex]:
    """The six neighbours of `h`, clockwise from East (the order of `DIRECTIONS`)."""
    return list(_nbrs(h))


def distance(a: Hex, b: Hex) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(h: Hex, k: int) -> list[Hex]:
    """Hexes at exactly distance k, clockwise starting from the one k steps East."""
    if k <= 0:
        return [h] if k == 0 else []
    q, r = h[0] + DIRECTIONS[0][0] * k, h[1] + DIRECTIONS[0][1] * k
    out = []
    for i in range(6):
        dq, dr = DIRECTIONS[(i + 2) % 6]
        for _ in range(k):
            out.append((q, r))
            q, r = q + dq, r + dr
    return out


def hexes_within(h: Hex, n: int) -> list[Hex]:
    """Every hex at distance 1..n from `h` (not `h` itself), ring by ring."""
    out: list[Hex] = []
    for k in range(1, n + 1):
        out.extend(ring(h, k))
    return out


def direction_index(a: Hex, b: Hex) -> int | None:
    """Index into DIRECTIONS of the straight line from a to b, or None (not on a line, or a == b)."""
    dq, dr = b[0] - a[0], b[1] - a[1]
    k = distance(a, b)
    if k == 0 or dq % k or dr % k:
        return None
    try:
        return DIRECTIONS.index((dq // k, dr // k))
    except ValueError:
        return None


def _sector(dq: int, dr: int) -> tuple[int, int, int]:
    """Write a non-zero vector as a*D[i] + b*D[i+1] with a >= 1, b >= 0: returns (i, a, b)."""
    for i in range(6):
        x1, y1 = DIRECTIONS[i]
        x2, y2 = DIRECTIONS[(i + 1) % 6]
        a = dq * y2 - x2 * dr  # every consecutive pair has determinant 1
        b = x1 * dr - dq * y1
        if a >= 1 and b >= 0:
            return i, a, b
    raise ValueError("the zero vector has no direction")


def heading(a: Hex, b: Hex) -> Fraction:
    """Exact pseudo-angle of b seen from a, in [0, 6): 0 = East, 1 = SE, ... increasing clockwise.

    Monotonic in the true angle and exact (no floats), so ties are real ties.
    """
    i, x, y = _sector(b[0] - a[0], b[1] - a[1])
    return i + Fraction(y, x + y)


def nearest_direction(a: Hex, b: Hex) -> int:
    """The direction whose angle is closest to the vector a -> b.

    Tie rule: a vector exactly halfway between two directions takes the counter-clockwise one
    of the two (halfway between E and SE gives E).
    """
    i, x, y = _sector(b[0] - a[0], b[1] - a[1])
    return (i + 1) % 6 if y > x else i


def in_range(a: Hex, b: Hex, rng_value: int) -> bool:
    """Range ignores terrain and units. The same hex is never in range: units in one stack are
    not adjacent to each other (FAQ)."""
    return 1 <= distance(a, b) <= rng_value


# -- the island ----------------------------------------------------------------------------

def _natural(tile_id: str) -> tuple:
    head = tile_id.rstrip("0123456789")
    tail = tile_id[len(head):]
    return (head, int(tail) if tail else -1, tile_id)


class Island:
    """The tiles on the table; everything else is Sea. Immutable: changes return a new Island.

    `tiles` maps each hex to a read-only {"kind", "tile", "owner"} (a base also carries
    "territory": the Territory tile it was placed for, which its owner claims with it).
    """

    __slots__ = ("_tiles", "_by_tile", "_region")

    def __init__(self, tiles: dict):
        clean: dict[Hex, MappingProxyType] = {}
        by_tile: dict[str, list[Hex]] = {}
        for key in sorted(tiles):
            t = tiles[key]
            h = (int(key[0]), int(key[1]))
            kind, tile_id, owner = t["kind"], t["tile"], t.get("owner")
            if kind not in KINDS:
                raise ValueError(f"unknown tile kind {kind!r} at {h}")
            if owner is not None and kind not in ("territory", "base"):
                raise ValueError(f"a {kind} tile cannot have an owner")
            entry = {"kind": kind, "tile": tile_id, "owner": owner}
            if kind == "base" and t.get("territory") is not None:
                entry["territory"] = t["territory"]
            clean[h] = MappingProxyType(entry)
            by_tile.setdefault(tile_id, []).append(h)
        for tile_id, hexes in by_tile.items():
            kinds = {clean[h]["kind"] for h in hexes}
            owners = {clean[h]["owner"] for h in hexes}
            if len(kinds) != 1 or len(owners) != 1:
                raise ValueError(f"tile {tile_id} mixes kinds or owners")
        self._tiles = MappingProxyType(clean)
        self._by_tile = {k: tuple(v) for k, v in by_tile.items()}
        self._region = None

    # reading
    @property
    def tiles(self):
        return self._tiles

    def kind(self, h: Hex) -> str:
        t = self._tiles.get(h)
        return t["kind"] if t is not None else SEA

    def is_land(self, h: Hex) -> bool:
        t = self._tiles.get(h)
        return t is not None and t["kind"] in LAND_KINDS

    def tile_id(self, h: Hex) -> str | None:
        t = self._tiles.get(h)
        return t["tile"] if t is not None else None

    def owner(self, h: Hex):
        t = self._tiles.get(h)
        return t["owner"] if t is not None else None

    def hexes(self) -> list[Hex]:
        return list(self._tiles)

    def tile_ids(self, kind: str | None = None) -> list[str]:
        """Tile ids in natural order (T2 before T10); lava and neutral share the L tiles."""
        ids = [k for k, hs in self._by_tile.items() if kind is None or self._tiles[hs[0]]["kind"] == kind]
        return sorted(ids, key=_natural)

    def tile_hexes(self, tile_id: str) -> list[Hex]:
        return list(self._by_tile.get(tile_id, ()))

    def tile_kind(self, tile_id: str) -> str | None:
        hs = self._by_tile.get(tile_id)
        return self._tiles[hs[0]]["kind"] if hs else None

    def territory_hexes(self, seat) -> list[Hex]:
        return [h for h, t in self._tiles.items() if t["kind"] == "territory" and t["owner"] == seat]

    def base_hex(self, seat) -> Hex | None:
        for h, t in self._tiles.items():
            if t["kind"] == "base" and t["owner"] == seat:
                return h
        return None

    def base_territory(self, base_tile_id: str) -> str | None:
        hs = self._by_tile.get(base_tile_id)
        return self._tiles[hs[0]].get("territory") if hs else None

    def lava_hexes(self) -> list[Hex]:
        return [h for h, t in self._tiles.items() if t["kind"] == "lava"]

    def neutral_hexes(self) -> list[Hex]:
        return [h for h, t in self._tiles.items() if t["kind"] == "neutral"]

    def region(self) -> frozenset:
        """The tiles plus the ring of Sea around them: where any search may wander."""
        if self._region is None:
            out = set(self._tiles)
            for h in self._tiles:
                out.update(_nbrs(h))
            self._region = frozenset(out)
        return self._region

    # changing (new islands)
    def _replace(self, changes: dict) -> "Island":
        tiles = {h: dict(t) for h, t in self._tiles.items()}
        for h, entry in changes.items():
            if entry is None:
                tiles.pop(h, None)
            else:
                tiles[h] = entry
        return Island(tiles)

    def flip(self, h: Hex) -> "Island":
        """Turn a Lava/Neutral tile over (lava <-> neutral)."""
        t = self._tiles.get(h)
        if t is None or t["kind"] not in ("lava", "neutral"):
            raise ValueError(f"{hex_key(h)} is not a Lava/Neutral tile")
        kind = "neutral" if t["kind"] == "lava" else "lava"
        return self._replace({h: {"kind": kind, "tile": t["tile"], "owner": None}})

    def with_owner(self, tile_id: str, seat) -> "Island":
        """Set the owner of every hex of a Territory or Base tile (None to release it)."""
        hs = self._by_tile.get(tile_id)
        if not hs:
            raise ValueError(f"no tile {tile_id!r} on the island")
        if self._tiles[hs[0]]["kind"] not in ("territory", "base"):
            raise ValueError(f"tile {tile_id} cannot be owned")
        return self._replace({h: {**self._tiles[h], "owner": seat} for h in hs})

    def claim(self, base_tile_id: str, seat) -> "Island":
        """A player claims a Base together with the Territory it was placed for (setup step 8)."""
        territory = self.base_territory(base_tile_id)
        island = self.with_owner(base_tile_id, seat)
        return island.with_owner(territory, seat) if territory else island

    def with_tiles(self, hexes: Iterable[Hex], kind: str, tile_id: str, **extra) -> "Island":
        """Place a new tile (used by the island builders); the hexes must be Sea."""
        if tile_id in self._by_tile:
            raise ValueError(f"tile {tile_id} is already on the island")
        changes = {}
        for h in hexes:
            if h in self._tiles:
                raise ValueError(f"{hex_key(h)} is already covered")
            changes[h] = {"kind": kind, "tile": tile_id, "owner": None, **extra}
        return self._replace(changes)

    # JSON and value semantics
    def to_json(self) -> dict:
        return {"tiles": {hex_key(h): dict(t) for h, t in self._tiles.items()}}

    @classmethod
    def from_json(cls, data: dict) -> "Island":
        return cls({parse_hex(k): v for k, v in data["tiles"].items()})

    def __eq__(self, other):
        return isinstance(other, Island) and dict(self._tiles) == dict(other._tiles)

    def __hash__(self):
        return hash(tuple((h, tuple(sorted(t.items()))) for h, t in self._tiles.items()))

    def __repr__(self):
        return f"Island({len(self._by_tile)} tiles, {len(self._tiles)} hexes)"

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (Island.from_json, (self.to_json(),))


# -- movement ------------------------------------------------------------------------------

Pred = Callable[[Hex], bool]


def passable(island: Island, blocked: Iterable[Hex] = (), lava: bool = False, sea: bool = False) -> Pred:
    """A ready-made can_enter: land (optionally lava / sea too) minus the blocked hexes."""
    blocked = frozenset(blocked)
    tiles = island.tiles

    def can_enter(h: Hex) -> bool:
        if h in blocked:
            return False
        t = tiles.get(h)
        if t is None:
            return sea
        return t["kind"] != "lava" or lava

    return can_enter


def reachable(island: Island, start: Hex, speed: int, can_enter: Pred | None = None,
              can_stop: Pred | None = None) -> dict[Hex, int]:
    """Every hex a unit at `start` can end on, with its cost (1 per hex, at most `speed`).

    Breadth first, so each cost is the fewest steps. Only hexes `can_enter` allows are passed
    through or ended on (default: land, which keeps Sea and Lava out); `can_stop` (default: any
    enterable hex) says where a move may end. `start` itself is not included.
    """
    if can_enter is None:
        can_enter = island.is_land
    if can_stop is None:
        can_stop = can_enter
    seen = {start}
    frontier = [start]
    out: dict[Hex, int] = {}
    for cost in range(1, speed + 1):
        nxt = []
        for h in frontier:
            for n in _nbrs(h):
                if n in seen:
                    continue
                seen.add(n)
                if can_enter(n):
                    nxt.append(n)
                    if can_stop(n):
                        out[n] = cost
        if not nxt:
            break
        frontier = nxt
    return out


def path(island: Island, start: Hex, goal: Hex, can_enter: Pred | None = None) -> list[Hex] | None:
    """A shortest walk [start, ..., goal] over hexes `can_enter` allows (goal included), or None.

    Ties go to the walk whose earliest differing step comes first in DIRECTIONS order. The
    search stays within one hex of the island.
    """
    if can_enter is None:
        can_enter = island.is_land
    if start == goal:
        return [start]
    region = island.region()
    parent = {start: None}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        for n in _nbrs(h):
            if n in parent or n not in region or not can_enter(n):
                continue
            parent[n] = h
            if n == goal:
                out = [n]
                while parent[out[-1]] is not None:
                    out.append(parent[out[-1]])
                return out[::-1]
            queue.append(n)
    return None


def walk_distances(island: Island, goal: Hex, can_enter: Pred | None = None) -> dict[Hex, int]:
    """Steps from each enterable hex to `goal` (which itself need not be enterable)."""
    if can_enter is None:
        can_enter = island.is_land
    region = island.region()
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        h = queue.popleft()
        d = dist[h] + 1
        for n in _nbrs(h):
            if n not in dist and n in region and can_enter(n):
                dist[n] = d
                queue.append(n)
    return dist
