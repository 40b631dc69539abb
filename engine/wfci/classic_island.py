"""The 1st edition's island (classic preset, set-up step 3): by kind, not by seat.

a. a Lava tile in the centre; b. every player in turn, from the first, places a Territory tile
("touching at least two sides of the Lava tile"; later ones "if possible ... at least two sides
touching the Lava tile (if any) and at least two sides touching other Territory tile");
c. then every player a Base tile "adjacent to a single Territory tile which does not currently
have a base tile adjacent to it ... touching at least two sides of Territory tiles" (read: next
to exactly one Territory without a Base, its pair, and two sides on Territory tiles); d. then
every player a Lava/Neutral tile, Neutral side up, "with at least two sides adjacent to
Territory tiles and/or Base tiles ... for a different Territory tile"; f. enclosed spaces turn
to lava (step e, claiming the bases, follows in setup.py).

The same interface as the 2nd edition's procedure in island.py (`next_step`, `options`,
`place`, `pick`, `random_island`), so the hand-built island (custom_island.py) and the random
island play either. "Sides" are hex edges. This project's checks are the same (D-3, the
minimum base distance, no lake), judged over the rest of the procedure (`completes`), since a
Territory's Base now comes a whole round of kinds later. Where "if possible" leaves nothing, or
the checks leave nothing, the next looser group of placements is offered (D-W26,
docs/wfci-board.md).
"""

from __future__ import annotations

from itertools import permutations

from engine.rng import Rng

from . import fair_bases, island as islands
from .board import Hex, Island, _nbrs

STEPS = ("territory", "base", "lava_neutral")


def rounds(players: int) -> int:
    return islands.rounds(players)


def next_step(isl: Island, players: int) -> tuple[str, int] | None:
    """(step, k): the k-th placement (from 0) of that kind, placed by the k-th player from the
    first; None once every tile is down."""
    n = rounds(players)
    t = len(isl.tile_ids("territory"))
    b = len(isl.tile_ids("base"))
    tiles = len(isl.tile_ids("lava")) + len(isl.tile_ids("neutral")) - 1  # the centre is no one's
    if t < n:
        return "territory", t
    if b < n:
        return "base", b
    if tiles < n:
        return "lava_neutral", tiles
    return None


def _sides(hexes, targets) -> int:
    """Edges shared between `hexes` and the set `targets`."""
    return sum(1 for h in hexes for n in _nbrs(h) if n in targets)


def _hexes_of(isl: Island, *kinds: str) -> set:
    return {h for h, t in isl.tiles.items() if t["kind"] in kinds}


def territory_groups(isl: Island) -> list[list[tuple[Hex, ...]]]:
    """The first: two sides on the lava. Later: two sides on the lava and two on other
    Territories if possible; else two sides on other Territories; else anywhere touching land."""
    found = [p for p in _placements(isl)]
    lava = _hexes_of(isl, "lava")
    if not isl.tile_ids("territory"):
        return [[p for p in found if _sides(p, lava) >= 2]]
    land = _hexes_of(isl, "territory")
    both = [p for p in found if _sides(p, lava) >= 2 and _sides(p, land) >= 2]
    next_to = [p for p in found if _sides(p, land) >= 2]
    touching = [p for p in found if _sides(p, set(isl.tiles)) >= 1]
    return [both, next_to, touching]


def _placements(isl: Island) -> list[tuple[Hex, ...]]:
    tiles = isl.tiles
    found = set()
    for anchor in sorted({n for h in tiles for n in _nbrs(h) if n not in tiles}):
        for shape in islands.TERRITORY_SHAPES:
            for cell in shape:
                dq, dr = anchor[0] - cell[0], anchor[1] - cell[1]
                hexes = tuple(sorted((q + dq, r + dr) for q, r in shape))
                if not any(h in tiles for h in hexes):
                    found.add(hexes)
    return sorted(found)


def _unpaired(isl: Island) -> list[str]:
    paired = {isl.base_territory(b) for b in isl.tile_ids("base")}
    return [t for t in isl.tile_ids("territory") if t not in paired]


def _territories_by(isl: Island, h: Hex) -> dict[str, int]:
    """Territory tile id -> sides of it that hex `h` touches."""
    out: dict[str, int] = {}
    for n in _nbrs(h):
        t = isl.tiles.get(n)
        if t and t["kind"] == "territory":
            out[t["tile"]] = out.get(t["tile"], 0) + 1
    return out


def base_groups(isl: Island) -> list[list[Hex]]:
    """"Adjacent to a single Territory tile which does not currently have a base tile adjacent
    to it ... touching at least two sides of Territory tiles": next to exactly one Territory
    without a Base (its pair; others that have one may touch it too), two sides on Territory
    tiles in all. Else next to several without a Base (paired with the one it touches most)."""
    free = sorted({n for h in isl.tiles for n in _nbrs(h) if n not in isl.tiles})
    unpaired = set(_unpaired(isl))
    single, several = [], []
    for h in free:
        by = _territories_by(isl, h)
        mine = [t for t in by if t in unpaired]
        if not mine or sum(by.values()) < 2:
            continue
        (single if len(mine) == 1 else several).append(h)
    return [single, several]


def pairs_with(isl: Island, h: Hex) -> str:
    """The Territory a Base at `h` is paired with."""
    by = {t: n for t, n in _territories_by(isl, h).items() if t in set(_unpaired(isl))}
    return max(sorted(by), key=lambda t: by[t])


def _neutral_tiles(isl: Island) -> list[Hex]:
    return [h for h, t in isl.tiles.items() if t["kind"] == "neutral"]


def _distinct(choices: list[set]) -> bool:
    """Whether each Neutral tile can stand for a different Territory (a matching; at most 4)."""
    pool = sorted(set().union(*choices)) if choices else []
    if len(pool) < len(choices):
        return False
    return any(all(p[i] in c for i, c in enumerate(choices)) for p in permutations(pool, len(choices)))


def neutral_groups(isl: Island) -> list[list[tuple[str, Hex]]]:
    """Neutral side up, two sides on Territory and/or Base tiles, each Neutral tile for a
    different Territory; else without the last condition."""
    land = _hexes_of(isl, "territory", "base")
    spots = [h for h in sorted({n for h in isl.tiles for n in _nbrs(h) if n not in isl.tiles})
             if _sides([h], land) >= 2]
    laid = [set(_territories_by(isl, h)) for h in _neutral_tiles(isl)]
    matched = [h for h in spots if _distinct(laid + [set(_territories_by(isl, h))])]
    return [[("neutral", h) for h in matched], [("neutral", h) for h in spots]]


def groups(isl: Island, players: int) -> tuple[str | None, int, list[list]]:
    nxt = next_step(isl, players)
    if nxt is None:
        return None, 0, []
    step, k = nxt
    if step == "territory":
        return step, k, territory_groups(isl)
    if step == "base":
        return step, k, base_groups(isl)
    return step, k, neutral_groups(isl)


def place(isl: Island, step: str, k: int, choice) -> Island:
    if step == "territory":
        return islands.place_territory(isl, choice, f"T{k + 1}")
    if step == "base":
        return islands.place_base(isl, choice, pairs_with(isl, choice), f"B{k + 1}")
    side, h = choice
    return islands.place_lava_neutral(isl, h, side)


def _key(isl: Island, players: int) -> tuple:
    return (tuple(sorted((h, tuple(t.values())) for h, t in isl.tiles.items())), max(players, 2))


_DONE: dict = {}


def completes(isl: Island, players: int) -> bool:
    """Whether the rest of the procedure can be placed so that the finished island keeps D-3,
    the minimum base distance and no lake (a depth-first search, the preferred group first)."""
    key = _key(isl, players)
    if key in _DONE:
        return _DONE[key]
    step, k, found = groups(isl, players)
    if step is None:
        ok = islands.island_ok(islands.finish(isl), players)
    elif step == "lava_neutral" and not fair_bases.bases_far_apart(isl, players):
        ok = False  # Neutral tiles only ever shorten a walk
    else:
        ok = any(completes(place(isl, step, k, c), players) for g in found for c in g)
    if len(_DONE) > 20000:
        _DONE.clear()
    _DONE[key] = ok
    return ok


def options(isl: Island, players: int) -> list:
    """The placements of the next step: the first group (by the print's "if possible") with
    any placement that lets the procedure finish with the checks met; if none does, the
    print's first non-empty group."""
    step, k, found = groups(isl, players)
    for g in found:
        kept = [c for c in g if completes(place(isl, step, k, c), players)]
        if kept:
            return kept
    return next((g for g in found if g), [])


def pick(isl: Island, players: int, rng: Rng):
    """One of `options` at random without listing them all (as island.pick)."""
    step, k, found = groups(isl, players)
    for g in found:
        g = list(g)
        while g:
            choice = g.pop(rng.below(len(g)))
            if completes(place(isl, step, k, choice), players):
                return choice
    printed = next((g for g in found if g), [])
    return rng.choice(printed) if printed else None


def random_island(rng: Rng, players: int) -> Island:
    """Play the 1st edition's procedure out with the game's RNG (D-3); the starter layout if
    it ever fails (never seen)."""
    n = rounds(players)
    for _ in range(islands.MAX_ATTEMPTS):
        isl = islands.initial_island()
        while (nxt := next_step(isl, n)) is not None:
            choice = pick(isl, n, rng)
            if choice is None:
                break
            isl = place(isl, nxt[0], nxt[1], choice)
        else:
            isl = islands.finish(isl)
            if islands.island_ok(isl, n):
                return isl
    return islands.starter_island(n)
