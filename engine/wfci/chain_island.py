"""The random island for 2 players and solo (D-17): all six Territory tiles in a chain.

The printed custom procedure lays one Territory per player; with two Territory tiles it never
puts the bases more than 4 steps apart, so the Challenger's opening machine would reach you on
its first turn (D-10). A 2-player (and solo) random island lays all six Territory tiles, each by
the printed placement rules (the first with >= 2 hexes next to lava; each later one with >= 2
hexes next to other tiles and, if possible, one next to lava), each followed by a Lava/Neutral
tile by the printed rules. On top of them, the chain: a Territory touches no Territory before
the previous one nor the first Base, and takes the walk from the first Base farther; a Neutral
tile never shortens that walk. The two Bases go with the two ends (T1 first, T2 last, T3 to T6
between, as on the Long bay), and the bases keep the starter layout's fair distance
(`min_base_gap(2, "starter")`, 13 steps, both ways round).

Drawing such an island takes seconds of search (`generate`: depth first, draws set aside when
they lead nowhere), too slow for opening a game. So the search was run offline over seeds
(`python -m engine.wfci.chain_island`) into data/chain_islands.json, and a game's RNG draws one
of those islands and one of the 12 turns and reflections of the hex grid about the central
Lava tile, which keep every placement rule and every distance.
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import lru_cache
from pathlib import Path

from engine.rng import Rng, seed_state

from . import fair_bases, island as islands
from .board import Hex, Island, _nbrs, hex_key, parse_hex

CHAIN = ("T1", "T3", "T4", "T5", "T6", "T2")  # the bases' territories at the two ends
BASES = {0: "B1", len(CHAIN) - 1: "B2"}
STRIDE = 2  # each Territory takes the chain at least this many steps farther from the first Base
BUDGET = 60  # Territory placements one search attempt may try
ATTEMPTS = 50  # search attempts per seed
LIBRARY = Path(__file__).parent / "data" / "chain_islands.json"


def fair_gap() -> int:
    """The Long bay's distance: the free action and a full Command row cannot cross it."""
    return fair_bases.min_base_gap(2, "starter")


def _along(island: Island, i: int) -> int | None:
    """The walk from T1's hexes next to B1 to the newest Territory (chain position i)."""
    b1 = island.tile_hexes("B1")[0]
    starts = [n for n in _nbrs(b1) if island.tiles.get(n, {}).get("tile") == "T1"]
    return fair_bases.walk_steps(island, starts, island.tile_hexes(CHAIN[i]))


def territory_groups(island: Island, i: int) -> list[list[tuple[Hex, ...]]]:
    """Chain position i's printed placements, most preferred group first ("if possible": next
    to lava); `chained` says which of them the chain keeps."""
    groups = islands.territory_groups(island, need_base_room=i in BASES)
    return groups[:1] if i == 0 else groups


def chained(island: Island, i: int, p) -> bool:
    """A Territory keeps the chain if it touches no Territory before the previous one nor the
    first Base, and takes the walk from the first Base at least STRIDE steps farther, at an even
    pace toward the fair distance (so the search gives up early on a chain that curls)."""
    if i == 0:
        return True
    banned = {h for t in CHAIN[:i - 1] for h in island.tile_hexes(t)} | set(island.tile_hexes("B1"))
    if any(n in banned for h in p for n in _nbrs(h)):
        return False
    last = len(CHAIN) - 1
    pace = -(-(fair_gap() - 1 - STRIDE) * (i - 1) // (last - 1))
    least = max(_along(island, i - 1) + STRIDE, STRIDE + pace)
    far = _along(islands.place_territory(island, p, CHAIN[i]), i)
    return far is not None and far >= least


def lava_neutral_options(island: Island, i: int) -> list:
    """The printed Lava/Neutral placements that leave the walk along the chain as long."""
    before = _along(island, i) if "B1" in island.tile_ids("base") else None
    out = []
    for side, h in islands.lava_neutral_options(island):
        if side == "neutral" and before is not None:
            after = _along(islands.place_lava_neutral(island, h, side), i)
            if after is not None and after < before:
                continue
        out.append((side, h))
    return out


def _gaps_ok(island: Island) -> bool:
    a, b = (island.tile_hexes(x)[0] for x in ("B1", "B2"))
    least = fair_gap()
    return all((g := fair_bases.base_gap(island, x, y)) is not None and g >= least for x, y in ((a, b), (b, a)))


def _room(island: Island, i: int) -> bool:
    left = islands.TILE_LIMITS["lava_neutral"] - len(island.tile_ids("lava")) - len(island.tile_ids("neutral"))
    return len(islands.enclosed_spaces(island)) <= left - (len(CHAIN) - 1 - i)


class _OutOfSteps(Exception):
    pass


def _draws(rng: Rng, found: list):
    """The options in the order the RNG draws them (uniform, one at a time, none twice)."""
    found = list(found)
    while found:
        yield found.pop(rng.below(len(found)))


def _search(island: Island, i: int, rng: Rng, budget: list) -> Island | None:
    """Chain position i and the rest, depth first: a draw that leads nowhere is set aside and
    the next one drawn, within `budget` placements."""
    if i == len(CHAIN):
        done = islands.finish(island)
        ok = not islands.enclosed_spaces(done) and islands.bases_connected(done) and _gaps_ok(done)
        return done if ok else None
    tile = CHAIN[i]
    for group in territory_groups(island, i):
        kept = False
        for p in _draws(rng, group):
            if not chained(island, i, p):
                continue
            kept = True
            budget[0] -= 1
            if budget[0] < 0:
                raise _OutOfSteps
            laid = islands.place_territory(island, p, tile)
            for b in _draws(rng, _base_spots(laid, i)):
                based = islands.place_base(laid, b, tile, BASES[i]) if b else laid
                for side, h in _draws(rng, lava_neutral_options(based, i)):
                    after = islands.place_lava_neutral(based, h, side)
                    if _room(after, i) and (made := _search(after, i + 1, rng, budget)) is not None:
                        return made
        if kept:
            break  # "if possible": a preferred placement was there
    return None


def _base_spots(island: Island, i: int) -> list:
    if i not in BASES:
        return [None]
    spots = islands.legal_base_placements(island, CHAIN[i])
    if i == len(CHAIN) - 1:
        spots = [h for h in spots if _gaps_ok(islands.place_base(island, h, CHAIN[i], BASES[i]))]
    return spots


def _attempt(rng: Rng) -> Island | None:
    try:
        return _search(islands.initial_island(), 0, rng, [BUDGET])
    except _OutOfSteps:
        return None


def generate(seed: int) -> Island | None:
    """The search from one seed: attempts continue from the RNG where the last stopped."""
    rng = Rng(seed_state(seed))
    for _ in range(ATTEMPTS):
        made = _attempt(rng)
        if made is not None:
            return made
    return None


# -- the library and the draw ----------------------------------------------------------------

_SIDE = {"lava": "~", "neutral": "."}


def encode(island: Island) -> dict:
    """Compact: tile id -> its hexes ("q,r" joined by spaces); a base adds ">T<n>", a
    Lava/Neutral tile starts with ~ or ."""
    out: dict[str, str] = {}
    for t in island.tile_ids():
        hexes = island.tile_hexes(t)
        kind = island.tile_kind(t)
        text = " ".join(hex_key(h) for h in sorted(hexes))
        if kind == "base":
            text += ">" + island.base_territory(t)
        out[t] = _SIDE.get(kind, "") + text
    return out


def decode(data: dict, turn=lambda h: h) -> Island:
    tiles = {}
    for t, text in data.items():
        kind = {"~": "lava", ".": "neutral"}.get(text[0], "base" if t[0] == "B" else "territory")
        text = text.lstrip("~.")
        text, _, territory = text.partition(">")
        for s in text.split():
            tile = {"kind": kind, "tile": t, "owner": None}
            if territory:
                tile["territory"] = territory
            tiles[turn(parse_hex(s))] = tile
    return Island(tiles)


def symmetry(k: int):
    """The k-th of the 12 turns and reflections about (0, 0): k % 6 turns of 60 degrees, then a
    reflection if k >= 6."""
    def turn(h: Hex) -> Hex:
        q, r = (h[1], h[0]) if k >= 6 else h
        for _ in range(k % 6):
            q, r = -r, q + r
        return (q, r)
    return turn


@lru_cache(maxsize=None)
def library() -> tuple[dict, ...]:
    return tuple(e["tiles"] for e in json.loads(LIBRARY.read_text(encoding="utf-8"))["islands"])


def random_chain_island(rng: Rng) -> Island:
    """A 2-player random island (D-17): one library island in one of 12 orientations."""
    found = library()
    entry = rng.below(len(found))
    return decode(found[entry], symmetry(rng.below(12)))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Search chain islands over seeds (JSON lines on stdout).")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seeds", type=int, default=10)
    args = parser.parse_args(argv)
    for seed in range(args.first, args.first + args.seeds):
        made = generate(seed)
        if made is not None:
            print(json.dumps({"seed": seed, "tiles": encode(made)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
