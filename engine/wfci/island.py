"""Making islands: the starter layouts, the custom-island procedure, and its placement checks
(the minimum base distance, D-10, is fair_bases.py).

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
from .fair_bases import bases_far_apart

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


def territory_groups(island: Island, need_base_room: bool = True) -> list[list[tuple[Hex, ...]]]:
    """The Territory placements of the printed rules, most preferred group first: the first
    Territory has >= 2 of its hexes adjacent to a lava tile; a later one has >= 2 hexes adjacent
    to other tiles and, if possible, >= 1 hex adjacent to lava (so: those touching lava, then the
    others). Each placement is a sorted tuple of its 4 hexes. With `need_base_room` a placement
    must leave a spot for its Base (the rulebook pairs every Territory with a Base)."""
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
    if need_base_room:
        found = {p for p in found if _base_spots(tiles, p)}
    if not island.tile_ids("territory"):
        return [sorted(p for p in found if _touching(p, lava) >= 2)]
    touching = sorted(p for p in found if _touching(p, tiles) >= 2)
    return [[p for p in touching if _touching(p, lava) >= 1], [p for p in touching if not _touching(p, lava)]]


def legal_territory_placements(island: Island, need_base_room: bool = True) -> list[tuple[Hex, ...]]:
    """Where the next Territory may go by the printed rules ("if possible" judged here)."""
    return next((g for g in territory_groups(island, need_base_room) if g), [])


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
#
# Rounds in turn order, one per player: a Territory, its Base, a Lava/Neutral tile; then the
# enclosed spaces turn to lava. `options` lists the legal placements of the next step: the
# printed rules plus this project's checks (D-3 and the minimum base distance), judged at the
# end of each round so that no placement leads to a round that cannot be finished. The random
# island picks among them with the RNG; a hand-built island (custom_island.py) offers the same
# list to the players.

STEPS = ("territory", "base", "lava_neutral")


def rounds(players: int) -> int:
    return int(_players_key(players))


def next_step(island: Island, players: int) -> tuple[str, int] | None:
    """The next placement as (step, round), rounds from 0; None once every round is done."""
    t = len(island.tile_ids("territory"))
    b = len(island.tile_ids("base"))
    n = len(island.tile_ids("lava")) + len(island.tile_ids("neutral")) - 1  # the centre tile is no round's
    if t > b:
        return "base", b
    if n < t:
        return "lava_neutral", n
    return ("territory", t) if t < rounds(players) else None


def lava_neutral_options(island: Island) -> list[tuple[str, Hex]]:
    return ([("lava", h) for h in legal_lava_neutral_placements(island, "lava")]
            + [("neutral", h) for h in legal_lava_neutral_placements(island, "neutral")])


def place(island: Island, step: str, k: int, choice) -> Island:
    """One placement of round k: a Territory (its 4 hexes), a Base (a hex) or a Lava/Neutral tile
    ((side, hex))."""
    if step == "territory":
        return place_territory(island, choice, f"T{k + 1}")
    if step == "base":
        return place_base(island, choice, f"T{k + 1}", f"B{k + 1}")
    side, h = choice
    return place_lava_neutral(island, h, side)


def _lava_left(island: Island) -> int:
    return TILE_LIMITS["lava_neutral"] - len(island.tile_ids("lava")) - len(island.tile_ids("neutral"))


def round_over_ok(island: Island, players: int, k: int) -> bool:
    """At the end of round k: the bases placed so far are connected (D-3) and far enough apart,
    and the enclosed spaces can still all get a Lava tile after the rounds to come."""
    return (_room_for_lava(island, players, k) and bases_far_apart(island, players, walk_needed=True)
            and bases_connected(island))


def _room_for_lava(island: Island, players: int, k: int) -> bool:
    return len(enclosed_spaces(island)) <= _lava_left(island) - (rounds(players) - k - 1)


def _finishes(island: Island, players: int, step: str, k: int) -> bool:
    """Whether the rest of round k can be placed with its end checks met."""
    if step != "lava_neutral" and not bases_far_apart(island, players):
        return False  # land laid later only ever shortens a walk
    if step == "territory":
        return any(_finishes(place(island, "base", k, h), players, "base", k)
                   for h in legal_base_placements(island, f"T{k + 1}"))
    if step == "base":
        # Lava changes no walk on land: once the bases are connected (and walks are there), a
        # lava tile only has to leave room for the enclosed spaces.
        ready = bases_connected(island) and bases_far_apart(island, players, walk_needed=True)
        for c in lava_neutral_options(island):
            after = place(island, "lava_neutral", k, c)
            if _room_for_lava(after, players, k) if ready and c[0] == "lava" else round_over_ok(after, players, k):
                return True
        return False
    return round_over_ok(island, players, k)


def _groups(island: Island, players: int, room: bool = False) -> tuple[str | None, int, list[list]]:
    """The next step, its round, and its placements by the printed rules in groups, the
    preferred first ("if possible"). The room for a Territory's Base is left to the checks
    unless `room` asks for it."""
    step, k = next_step(island, players) or (None, 0)
    if step == "territory":
        return step, k, territory_groups(island, need_base_room=room)
    if step == "base":
        return step, k, [legal_base_placements(island, f"T{k + 1}")]
    if step == "lava_neutral":
        return step, k, [lava_neutral_options(island)]
    return None, k, []


def keeps_checks(island: Island, players: int, choice) -> bool:
    """Whether a placement of the next step lets its round end with D-3, the minimum base
    distance and room for the enclosed spaces."""
    step, k = next_step(island, players)
    return _finishes(place(island, step, k, choice), players, step, k)


_OPTIONS: dict = {}


def options(island: Island, players: int) -> list:
    """The legal placements of the next step (territory: hex tuples; base: hexes; lava_neutral:
    (side, hex)), in a fixed order: the printed rules' placements that keep this project's
    checks, "if possible" judged among those. If the checks left nothing (never seen), the
    printed rules alone decide."""
    key = (tuple(sorted((h, tuple(t.values())) for h, t in island.tiles.items())), max(players, 2))
    if key not in _OPTIONS:
        _step, _k, groups = _groups(island, players)
        found = next((kept for g in groups if (kept := [c for c in g if keeps_checks(island, players, c)])), None)
        if len(_OPTIONS) > 256:
            _OPTIONS.clear()
        _OPTIONS[key] = found or _printed(island, players)
    return _OPTIONS[key]


def _printed(island: Island, players: int) -> list:
    return next((g for g in _groups(island, players, room=True)[2] if g), [])


def pick(island: Island, players: int, rng: Rng):
    """One of `options`, uniformly at random, without listing them all: draw among the
    preferred group's printed placements and set a draw aside while it fails the checks."""
    _step, _k, groups = _groups(island, players)
    for group in groups:
        group = list(group)
        while group:
            choice = group.pop(rng.below(len(group)))
            if keeps_checks(island, players, choice):
                return choice
    printed = _printed(island, players)
    return rng.choice(printed) if printed else None


def finish(island: Island) -> Island:
    """Step 7c: every enclosed space becomes lava."""
    return fill_enclosed(island)


def island_ok(island: Island, players: int) -> bool:
    """A finished island the random procedure keeps: nothing enclosed left (no lake), D-3, and
    the minimum base distance."""
    return (not enclosed_spaces(island) and bases_connected(island)
            and bases_far_apart(island, players, walk_needed=True))


def _attempt(rng: Rng, players: int) -> Island | None:
    island = initial_island()
    while (nxt := next_step(island, players)) is not None:
        choice = pick(island, players, rng)
        if choice is None:
            return None
        island = place(island, nxt[0], nxt[1], choice)
    island = finish(island)
    return island if island_ok(island, players) else None


def random_island(rng: Rng, players: int) -> Island:
    """Play out the custom-island procedure with the game's RNG (rules 3.7, D-3, D-10).

    Seats place in turn order; every choice is uniform over `options` (`pick` draws it), so the
    same RNG state gives the same island. `options` already sets aside the placements
    that would break D-3 or the minimum base distance by the end of their round; an attempt that
    still fails (never seen in testing) is thrown away and the next one continues from the RNG
    where it stopped. After MAX_ATTEMPTS failures the starter layout is used.
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
    "render_ascii", "hex_key", "next_step",
    "options", "pick", "keeps_checks", "place", "finish", "rounds", "territory_groups", "STEPS",
]
