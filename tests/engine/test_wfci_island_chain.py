"""The 2-player and solo random island (D-17): six Territory tiles in a chain, the bases at its
two ends at least the Long bay's distance apart, in every orientation the game can draw."""

from hypothesis import given, settings, strategies as st

import engine
from engine.rng import Rng, seed_state
from engine.wfci import chain_island, fair_bases, island
from engine.wfci.board import Island, neighbors
from engine.wfci.state import pt

GAME = engine.get_game("wfci")


def is_rhombus(cells) -> bool:
    return any(set(cells) == {(q + dq, r + dr) for dq, dr in shape}
               for shape in island.TERRITORY_SHAPES for q, r in cells)


def gaps(made: Island) -> tuple:
    a, b = (made.tile_hexes(x)[0] for x in ("B1", "B2"))
    return fair_bases.base_gap(made, a, b), fair_bases.base_gap(made, b, a)


def check_chain(made: Island):
    """The printed tile counts and shapes, D-3, no lake, the chain, and the fair distance."""
    assert sorted(made.tile_ids("territory")) == sorted(chain_island.CHAIN)
    assert made.tile_ids("base") == ["B1", "B2"]
    assert made.base_territory("B1") == "T1" and made.base_territory("B2") == "T2"
    assert len(made.tile_ids("lava")) + len(made.tile_ids("neutral")) <= island.TILE_LIMITS["lava_neutral"]
    assert made.kind((0, 0)) == "lava" and made.tile_id((0, 0)) == "L1"
    for t in chain_island.CHAIN:
        assert is_rhombus(made.tile_hexes(t))
    for b in ("B1", "B2"):
        cells = set(made.tile_hexes(made.base_territory(b)))
        assert sum(n in cells for n in neighbors(made.tile_hexes(b)[0])) >= 2
    assert not island.enclosed_spaces(made) and island.bases_connected(made)
    for i, t in enumerate(chain_island.CHAIN):  # a chain: no Territory touches one two places back
        around = {n for h in made.tile_hexes(t) for n in neighbors(h)}
        for earlier in chain_island.CHAIN[:max(i - 1, 0)]:
            assert not around & set(made.tile_hexes(earlier)), (t, earlier)
    least = fair_bases.min_base_gap(2, "starter")
    assert least == 13 and all(g is not None and g >= least for g in gaps(made)), gaps(made)


def test_every_library_island_in_every_orientation_keeps_the_rules_and_the_distance():
    found = chain_island.library()
    assert len(found) >= 25
    for tiles in found:
        assert chain_island.decode(tiles).to_json() == chain_island.decode(chain_island.encode(
            chain_island.decode(tiles))).to_json()
        for k in range(12):
            check_chain(chain_island.decode(tiles, chain_island.symmetry(k)))


def test_the_twelve_orientations_are_distinct():
    tiles = chain_island.library()[0]
    shapes = {frozenset(chain_island.decode(tiles, chain_island.symmetry(k)).hexes()) for k in range(12)}
    assert len(shapes) == 12


def test_a_curled_chain_is_refused():
    made = chain_island.decode(chain_island.library()[0])
    # T5 laid against T3 (two places back in the chain) is never kept
    lean = island.Island({h: t for h, t in made.tiles.items() if t["tile"] not in ("T5", "T6", "T2", "B2")})
    against = [p for g in chain_island.territory_groups(lean, 3) for p in g
               if {n for h in p for n in neighbors(h)} & set(lean.tile_hexes("T3"))]
    assert against and not any(chain_island.chained(lean, 3, p) for p in against)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), mode=st.sampled_from(["multi", "solo", "solo_hard"]))
def test_every_two_player_random_island_keeps_the_starter_distance(seed, mode):
    state = GAME.setup(seed, 2, {"island": "random", "mode": mode})
    check_chain(Island.from_json(state["island"]))
    again = GAME.setup(seed, 2, {"island": "random", "mode": mode})
    assert again["island"] == state["island"]  # the game's RNG decides


def test_random_islands_vary():
    made = {GAME.setup(s, 2, {"island": "random", "mode": "solo"})["island"]["tiles"].__repr__() for s in range(40)}
    assert len(made) > 25


def test_three_and_four_players_keep_the_printed_procedure():
    state = GAME.setup(1, 3, {"island": "random"})
    made = Island.from_json(state["island"])
    assert len(made.tile_ids("territory")) == 3 == len(made.tile_ids("base"))
    assert pt("0,0") in made.tiles and island.random_island(Rng(seed_state(5)), 4)
