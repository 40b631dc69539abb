"""The island of War for Chicken Island (engine/wfci/island.py): the starter layouts and their
fairness, the placement checks of the 2nd edition, and the random-island procedure."""

from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from engine.rng import Rng, seed_state
from engine.wfci.board import Island, distance, hexes_within, neighbors, path, ring
from engine.wfci.island import (
    CENTRE, TERRITORY_SHAPES, TILE_LIMITS, bases_connected, enclosed_spaces, fill_enclosed,
    initial_island, legal_base_placements, legal_lava_neutral_placements, legal_territory_placements,
    place_base, place_lava_neutral, place_territory, random_island, render_ascii, starter_island,
)


# -- starter islands -----------------------------------------------------------------------

def is_rhombus(cells):
    low = min(cells)
    return tuple(sorted((q - low[0], r - low[1]) for q, r in cells)) in TERRITORY_SHAPES


def check_island_rules(island, players):
    territories = island.tile_ids("territory")
    bases = island.tile_ids("base")
    lava_neutral = island.tile_ids("lava") + island.tile_ids("neutral")
    assert len(territories) == players <= TILE_LIMITS["territory"]
    assert len(bases) == players <= TILE_LIMITS["base"]
    assert len(lava_neutral) <= TILE_LIMITS["lava_neutral"]
    assert island.kind(CENTRE) in ("lava", "neutral")
    for t in territories:
        assert len(island.tile_hexes(t)) == 4 and is_rhombus(island.tile_hexes(t))
    paired = sorted(island.base_territory(b) for b in bases)
    assert paired == sorted(territories)
    for b in bases:
        (h,) = island.tile_hexes(b)
        cells = set(island.tile_hexes(island.base_territory(b)))
        assert sum(n in cells for n in neighbors(h)) >= 2
    assert enclosed_spaces(island) == []
    assert bases_connected(island)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_starter_island_counts_and_rules(players):
    island = starter_island(players)
    if players > 2:
        check_island_rules(island, players)
    else:  # D-10: the Long bay also lays the four territories nobody claims
        assert island.tile_ids("base") == ["B1", "B2"] and len(island.tile_ids("territory")) == 6
        assert enclosed_spaces(island) == [] and bases_connected(island)
    assert island.kind(CENTRE) == "lava"
    assert all(island.owner(h) is None for h in island.hexes())


def test_solo_uses_the_two_player_layout():
    assert starter_island(1) == starter_island(2)
    for bad in (0, 5):
        with pytest.raises(ValueError):
            starter_island(bad)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_starter_islands_are_fair(players):
    island = starter_island(players)
    bases = [island.tile_hexes(b)[0] for b in island.tile_ids("base")]
    profiles = set()
    for b in bases:
        straight = tuple(sorted(distance(b, o) for o in bases if o != b))
        walks = []
        for o in bases:
            if o != b:
                ok = (lambda o: lambda h: island.is_land(h) and (island.kind(h) != "base" or h == o))(o)
                walks.append(len(path(island, b, o, ok)) - 1)
        lava = tuple(sum(1 for lv in island.lava_hexes() if distance(b, lv) <= k) for k in (1, 2, 3, 4))
        neutral = tuple(sorted(distance(b, n) for n in island.neutral_hexes()))
        own = island.base_territory(island.tile_id(b))
        territory = tuple(sorted(distance(b, h) for h in island.tile_hexes(own)))
        profiles.add((straight, tuple(sorted(walks)), lava, neutral, territory))
    assert len(profiles) == 1, profiles


def test_no_flip_of_lava_and_neutral_tiles_cuts_the_long_bay():
    """Earthquakes, Tsunamis, Eruptions and Lava Traps can turn every two-sided tile either way:
    in each of those islands the bases still have a walk between them, both ways at least the
    fair distance (D-10), since the walk is Territory only."""
    from itertools import product

    from engine.wfci.fair_bases import base_gap, min_base_gap

    island = starter_island(2)
    two_sided = island.lava_hexes() + island.neutral_hexes()
    b1, b2 = island.tile_hexes("B1")[0], island.tile_hexes("B2")[0]
    assert len(two_sided) == 4
    for sides in product(("lava", "neutral"), repeat=len(two_sided)):
        flipped = island
        for h, side in zip(two_sided, sides):
            if flipped.kind(h) != side:
                flipped = flipped.flip(h)
        assert bases_connected(flipped), render_ascii(flipped)
        for a, b in ((b1, b2), (b2, b1)):
            gap = base_gap(flipped, a, b)
            assert gap is not None and gap >= min_base_gap(2, "starter"), (sides, gap)


def test_render_ascii_shows_every_tile():
    text = render_ascii(starter_island(4))
    assert text.count("B") == 4 and text.count("~~") == 3 and text.count("..") == 4
    assert text.count("T1") == 4


# -- placement checks ----------------------------------------------------------------------

def test_first_territory_touches_the_centre_lava_twice():
    island = initial_island()
    options = legal_territory_placements(island)
    assert options and len(options) == len(set(options))
    for p in options:
        assert is_rhombus(p) and CENTRE not in p
        assert sum(CENTRE in neighbors(h) for h in p) >= 2


def test_later_territories_touch_lava_and_other_tiles():
    island = initial_island()
    island = place_territory(island, legal_territory_placements(island)[0])
    island = place_base(island, legal_base_placements(island, "T1")[0], "T1")
    options = legal_territory_placements(island)
    tiles = set(island.hexes())
    lava = set(island.lava_hexes())
    for p in options:
        assert sum(any(n in tiles for n in neighbors(h)) for h in p) >= 2
        assert any(any(n in lava for n in neighbors(h)) for h in p)
        assert not tiles & set(p)


def test_base_placements():
    island = initial_island()
    island = place_territory(island, legal_territory_placements(island)[0])
    spots = legal_base_placements(island, "T1")
    cells = set(island.tile_hexes("T1"))
    assert spots and all(sum(n in cells for n in neighbors(h)) >= 2 and island.kind(h) == "sea" for h in spots)
    island = place_base(island, spots[0], "T1")
    assert island.base_territory("B1") == "T1"
    assert legal_base_placements(island, "T1") == []  # one base per territory
    assert legal_base_placements(island, "T9") == [] and legal_base_placements(island, "L1") == []


def test_lava_and_neutral_placements():
    island = initial_island()
    island = place_territory(island, legal_territory_placements(island)[0])
    lava = legal_lava_neutral_placements(island, "lava")
    assert lava and all(CENTRE in neighbors(h) and island.kind(h) == "sea" for h in lava)
    neutral = legal_lava_neutral_placements(island, "neutral")
    for h in neutral:
        assert len({island.tile_id(n) for n in neighbors(h) if island.kind(n) != "sea"}) >= 2
    island = place_lava_neutral(island, neutral[0], "neutral")
    assert island.kind(neutral[0]) == "neutral" and island.tile_id(neutral[0]) == "L2"
    with pytest.raises(ValueError):
        legal_lava_neutral_placements(island, "mud")


def test_the_box_runs_out_of_tiles():
    island = initial_island()
    for h in hexes_within(CENTRE, 1)[:7]:
        island = place_lava_neutral(island, h, "lava")
    assert len(island.tile_ids("lava")) == 7
    island = place_lava_neutral(island, legal_lava_neutral_placements(island, "lava")[0], "lava")
    assert legal_lava_neutral_placements(island, "lava") == []
    assert legal_lava_neutral_placements(island, "neutral") == []


def test_enclosed_spaces_become_lava():
    tiles = {h: {"kind": "neutral", "tile": f"X{i}", "owner": None} for i, h in enumerate(ring((0, 0), 1))}
    island = Island(tiles)
    assert enclosed_spaces(island) == [(0, 0)]
    filled = fill_enclosed(island)
    assert filled.kind((0, 0)) == "lava" and filled.tile_id((0, 0)) == "L1"
    assert enclosed_spaces(filled) == []
    assert enclosed_spaces(Island({})) == []


# -- random islands ------------------------------------------------------------------------

@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**63 - 1), st.sampled_from([1, 2, 3, 4]))
def test_random_island_follows_the_rules(seed, players):
    rng = Rng(seed_state(seed))
    island = random_island(rng, players)
    check_island_rules(island, max(players, 2))
    assert island.tile_id(CENTRE) == "L1" and island.kind(CENTRE) == "lava"
    assert rng.state != seed_state(seed)  # the choices came from the game's RNG


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**63 - 1), st.sampled_from([2, 3, 4]))
def test_random_island_is_deterministic(seed, players):
    a, b = Rng(seed_state(seed)), Rng(seed_state(seed))
    assert random_island(a, players).to_json() == random_island(b, players).to_json()
    assert a.state == b.state


def test_random_islands_vary():
    shapes = {random_island(Rng(seed_state(s)), 3) for s in range(20)}
    assert len(shapes) > 10


def test_random_island_distribution_uses_both_sides():
    sides = Counter()
    for s in range(30):
        island = random_island(Rng(seed_state(s)), 4)
        sides.update(island.kind(island.tile_hexes(t)[0]) for t in island.tile_ids() if t.startswith("L"))
    assert sides["lava"] > 30 and sides["neutral"] > 0
