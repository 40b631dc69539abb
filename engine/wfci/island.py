"""Making islands: the starter layouts, the custom-island procedure, and its placement checks.

The layouts and tile counts live in data/islands.json. The placement checks are the 2nd
edition's adjacency rules (rules section 3, step 7); `random_island` plays them out with the
game's RNG, and a hand-built ("build") island set-up phase can call the same checks.
"""

from __future__ import annotations

import json
from collections import deque
from functools import lru_cache
from pathlib import Path

from engine.rng import Rng

from .board import Hex, Island, _nbrs, hex_key, parse_hex  # noqa: F401 (hex_key re-exported)

_DATA = json.loads((Path(__file__).parent / "data" / "islands.json").read_text(encoding="utf-8"))
TILE_LIMITS: dict[str, int] = dict(_DATA["tiles"])  # territory 6, base 4, lava_neutral 8
CENTRE: Hex = parse_hex(_DATA["centre"])
MAX_ATTEMPTS: int = _DATA["random"]["max_attempts"]
_PREFIX = {"territory": "T", "base": "B", "lava": "L", "neutral": "L"}


def _rotate(h: Hex) -> Hex:
    """60 degrees clockwise about (0, 0)."""
    return (-h[1], h[0] + h[1])


def _shapes() -> tuple[tuple[Hex, ...], ...]:
    """The Territory rhombus (D-2) in every rotation; a 180-degree turn gives the same cells,
    so the six rotations make three distinct shapes. Each is normalised to its lowest cell."""
    cells = [parse_hex(s) for s in _DATA["territory_shape"]]
    seen = []
    for _ in range(6):
        low = min(cells)
        norm = tuple(sorted((q - low[0], r - low[1]) for q, r in cells))
        if norm not in seen:
            seen.append(norm)
        cells = [_rotate(c) for c in cells]
    return tuple(seen)


TERRITORY_SHAPES = _shapes()


# -- building blocks -----------------------------------------------------------------------

def initial_island() -> Island:
    """Step 7a: a single Lava tile in the centre."""
    return Island({CENTRE: {"kind": "lava", "tile": "L1", "owner": None}})


def next_tile_id(island: Island, kind: str) -> str | None:
    """The lowest unused id of that tile type, or None once the box is empty."""
    group = "lava_neutral" if kind in ("lava", "neutral") else kind
    prefix = _PREFIX[kind]
    used = {t for t in island.tile_ids() if t.startswith(prefix)}
    for n in range(1, TILE_LIMITS[group] + 1):
        if f"{prefix}{n}" not in used:
            return f"{prefix}{n}"
    return None


def _touching(hexes, targets) -> int:
    """How many of `hexes` have a neighbour in `targets`."""
    return sum(1 for h in hexes if any(n in targets for n in _nbrs(h)))


def _frontier(island: Island) -> list[Hex]:
    tiles = island.tiles
    return sorted({n for h in tiles for n in _nbrs(h) if n not in tiles})


def _base_spots(tiles, territory) -> list[Hex]:
    cells = set(territory)
    spots = {n for h in territory for n in _nbrs(h) if n not in tiles and n not in cells}
    return sorted(h for h in spots if sum(1 for n in _nbrs(h) if n in cells) >= 2)


def legal_territory_placements(island: Island, need_base_room: bool = True) -> list[tuple[Hex, ...]]:
    """Where the next Territory may go (each placement a sorted tuple of its 4 hexes).

    First Territory: >= 2 of its hexes adjacent to a lava tile. Later ones: >= 2 hexes
    adjacent to other tiles and, if any such placement exists, >= 1 hex adjacent to lava.
    With `need_base_room` a placement must leave a spot for its Base (the rulebook pairs every
    Territory with a Base, so a placement that cannot have one is a dead end).
    """
    if next_tile_id(island, "territory") is None:
        return []
    tiles = island.tiles
    lava = set(island.lava_hexes())
    found = set()
    for anchor in _frontier(island):
        for shape in TERRITORY_SHAPES:
            for cell in shape:
                dq, dr = anchor[0] - cell[0], anchor[1] - cell[1]
                hexes = tuple(sorted((q + dq, r + dr) for q, r in shape))
                if not any(h in tiles for h in hexes):
                    found.add(hexes)
    room = (lambda p: bool(_base_spots(tiles, p))) if need_base_room else (lambda p: True)
    if not island.tile_ids("territory"):
        return sorted(p for p in found if _touching(p, lava) >= 2 and room(p))
    legal = sorted(p for p in found if _touching(p, tiles) >= 2 and room(p))
    with_lava = [p for p in legal if _touching(p, lava) >= 1]
    return with_lava or legal


def legal_base_placements(island: Island, territory_tile_id: str) -> list[Hex]:
    """Free hexes adjacent to >= 2 hexes of that Territory, which must not have a Base yet."""
    if island.tile_kind(territory_tile_id) != "territory" or next_tile_id(island, "base") is None:
        return []
    if any(island.base_territory(b) == territory_tile_id for b in island.tile_ids("base")):
        return []
    return _base_spots(island.tiles, island.tile_hexes(territory_tile_id))


def legal_lava_neutral_placements(island: Island, side: str) -> list[Hex]:
    """Lava side: a free hex adjacent to a lava tile. Neutral side: a free hex adjacent to
    at least 2 different tiles."""
    if side not in ("lava", "neutral"):
        raise ValueError(f"side must be 'lava' or 'neutral', not {side!r}")
    if next_tile_id(island, side) is None:
        return []
    tiles = island.tiles
    out = []
    for h in _frontier(island):
        around = [tiles[n] for n in _nbrs(h) if n in tiles]
        if side == "lava":
            if any(t["kind"] == "lava" for t in around):
                out.append(h)
        elif len({t["tile"] for t in around}) >= 2:
            out.append(h)
    return out


def place_territory(island: Island, hexes, tile_id: str | None = None) -> Island:
    return island.with_tiles(hexes, "territory", tile_id or next_tile_id(island, "territory"))


def place_base(island: Island, h: Hex, territory_tile_id: str, tile_id: str | None = None) -> Island:
    return island.with_tiles([h], "base", tile_id or next_tile_id(island, "base"), territory=territory_tile_id)


def place_lava_neutral(island: Island, h: Hex, side: str, tile_id: str | None = None) -> Island:
    return island.with_tiles([h], side, tile_id or next_tile_id(island, side))


def enclosed_spaces(island: Island) -> list[Hex]:
    """Sea hexes cut off from the open sea by tiles (step 7c), sorted."""
    tiles = island.tiles
    if not tiles:
        return []
    qs = [h[0] for h in tiles]
    rs = [h[1] for h in tiles]
    q0, q1, r0, r1 = min(qs) - 1, max(qs) + 1, min(rs) - 1, max(rs) + 1
    start = (q0, r0)
    seen = {start}
    queue = deque([start])
    while queue:
        for n in _nbrs(queue.popleft()):
            if n not in seen and n not in tiles and q0 <= n[0] <= q1 and r0 <= n[1] <= r1:
                seen.add(n)
                queue.append(n)
    return [(q, r) for q in range(q0, q1 + 1) for r in range(r0, r1 + 1)
            if (q, r) not in tiles and (q, r) not in seen]


def fill_enclosed(island: Island) -> Island:
    """Put a Lava tile in every enclosed space, in (q, r) order, while Lava/Neutral tiles last.

    Spaces beyond the tiles left in the box stay Sea (a lake); `random_island` never lets that
    happen (it retries instead).
    """
    for h in enclosed_spaces(island):
        tile_id = next_tile_id(island, "lava")
        if tile_id is None:
            break
        island = island.with_tiles([h], "lava", tile_id)
    return island


def bases_connected(island: Island) -> bool:
    """D-3: every Base reaches every other Base over non-lava land without crossing a third
    Base (only a base's owner may enter it in the standard game)."""
    bases = [island.tile_hexes(b)[0] for b in island.tile_ids("base")]
    targets = set(bases)
    for b in bases:
        seen = {b}
        queue = deque([b])
        while queue:
            h = queue.popleft()
            for n in _nbrs(h):
                if n in seen or not island.is_land(n):
                    continue
                seen.add(n)
                if n not in targets:
                    queue.append(n)
        if not targets <= seen:
            return False
    return True


def claimable(island: Island) -> list[tuple[str, str]]:
    """(base tile id, territory tile id) pairs still free to claim (setup step 8)."""
    out = []
    for b in island.tile_ids("base"):
        t = island.base_territory(b)
        if island.owner(island.tile_hexes(b)[0]) is None and t and island.owner(island.tile_hexes(t)[0]) is None:
            out.append((b, t))
    return out


# -- starter layouts -----------------------------------------------------------------------

def _players_key(players: int) -> str:
    if players not in (1, 2, 3, 4):
        raise ValueError(f"War for Chicken Island is for 1 to 4 players, not {players}")
    return str(max(players, 2))  # the solo game uses the 2-player layout


def layout_from_data(layout: dict) -> Island:
    tiles = {}
    for tile_id, cells in layout["territories"].items():
        for s in cells:
            tiles[parse_hex(s)] = {"kind": "territory", "tile": tile_id, "owner": None}
    for tile_id, spec in layout["bases"].items():
        tiles[parse_hex(spec["hex"])] = {"kind": "base", "tile": tile_id, "owner": None,
                                         "territory": spec["territory"]}
    for side in ("lava", "neutral"):
        for tile_id, s in layout[side].items():
            tiles[parse_hex(s)] = {"kind": side, "tile": tile_id, "owner": None}
    return Island(tiles)


@lru_cache(maxsize=None)
def starter_island(players: int) -> Island:
    """The fixed first-game layout for that many players (rules section 3, step 7)."""
    return layout_from_data(_DATA["starter"][_players_key(players)])


def constructed_island(name: str) -> Island:
    """A layout kept for building positions by hand (islands.json "constructed")."""
    return layout_from_data(_DATA["constructed"][name])


def starter_layout_info(players: int) -> dict:
    """The layout's name and description from the data file (for the lobby and docs)."""
    layout = _DATA["starter"][_players_key(players)]
    return {"name": layout["name"], "description": layout["description"]}


# -- the custom-island procedure -----------------------------------------------------------

def _attempt(rng: Rng, players: int) -> Island | None:
    island = initial_island()
    for seat in range(players):
        options = legal_territory_placements(island)
        if not options:
            return None
        island = place_territory(island, rng.choice(options), f"T{seat + 1}")
        spots = legal_base_placements(island, f"T{seat + 1}")
        if not spots:
            return None
        island = place_base(island, rng.choice(spots), f"T{seat + 1}", f"B{seat + 1}")
        choices = [("lava", h) for h in legal_lava_neutral_placements(island, "lava")]
        choices += [("neutral", h) for h in legal_lava_neutral_placements(island, "neutral")]
        if not choices:
            return None
        side, h = rng.choice(choices)
        island = place_lava_neutral(island, h, side)
    holes = enclosed_spaces(island)
    left = TILE_LIMITS["lava_neutral"] - len(island.tile_ids("lava")) - len(island.tile_ids("neutral"))
    if len(holes) > left:
        return None  # more enclosed spaces than Lava tiles in the box: start again
    island = fill_enclosed(island)
    return island if bases_connected(island) else None


def random_island(rng: Rng, players: int) -> Island:
    """Play out the custom-island procedure with the game's RNG (rules 3.7, D-3).

    Seats place in turn order; every choice is uniform over the legal placements listed in a
    fixed order, so the same RNG state gives the same island. An attempt that gets stuck,
    encloses more spaces than there are Lava tiles, or leaves two Bases unconnected is thrown
    away and the next attempt continues from the RNG where it stopped. After MAX_ATTEMPTS
    failures (never seen in testing) the starter layout is used.
    """
    n = int(_players_key(players))
    for _ in range(MAX_ATTEMPTS):
        island = _attempt(rng, n)
        if island is not None:
            return island
    return starter_island(n)


def render_ascii(island: Island) -> str:
    """A text picture: pointy-top hexes, each row shifted half a hex to the right of the one
    above. T1/B1 are territory and base ids, ~~ lava, .. neutral (owned tiles add the seat)."""
    tiles = island.tiles
    if not tiles:
        return ""
    c0 = min(2 * q + r for q, r in tiles)
    rows = []
    for r in range(min(h[1] for h in tiles), max(h[1] for h in tiles) + 1):
        chars: dict[int, str] = {}
        for (q, rr), t in tiles.items():
            if rr == r:
                label = {"lava": "~~", "neutral": ".."}.get(t["kind"], t["tile"])
                if t["owner"] is not None:
                    label = f"{label}{t['owner']}"
                for i, ch in enumerate(f"{label:^4}"):
                    chars[(2 * q + r - c0) * 2 + i] = ch
        rows.append("".join(chars.get(i, " ") for i in range(max(chars) + 1 if chars else 0)).rstrip())
    return "\n".join(rows)


__all__ = [
    "TERRITORY_SHAPES", "TILE_LIMITS", "CENTRE", "initial_island", "next_tile_id",
    "legal_territory_placements", "legal_base_placements", "legal_lava_neutral_placements",
    "place_territory", "place_base", "place_lava_neutral", "enclosed_spaces", "fill_enclosed",
    "bases_connected", "claimable", "starter_island", "constructed_island", "starter_layout_info", "random_island",
    "render_ascii", "hex_key",
]
