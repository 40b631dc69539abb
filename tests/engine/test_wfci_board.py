"""Hex geometry, the island type, movement searches and the priority hex (engine/wfci/board.py,
engine/wfci/priority.py); the starter layouts and the random island: test_wfci_island.py."""

import copy
import json
import math
import pickle
import time

import pytest
from hypothesis import given, strategies as st

from engine.wfci.board import (
    DIRECTIONS, Island, direction_index, distance, hex_key, hexes_within, in_range, nearest_direction,
    neighbors, parse_hex, passable, path, reachable, ring, walk_distances,
)
from engine.wfci.priority import priority_neighbors, priority_order, step_toward
from engine.wfci.island import claimable, starter_island

hexes = st.tuples(st.integers(-30, 30), st.integers(-30, 30))


def pixel(h):
    return math.sqrt(3) * (h[0] + h[1] / 2), 1.5 * h[1]


def make(spec: str) -> Island:
    """A tiny island from "q,r:kind[:tile[:owner]]" items separated by spaces."""
    tiles = {}
    for n, item in enumerate(spec.split()):
        parts = item.split(":")
        h = parse_hex(parts[0])
        kind = parts[1]
        tile = parts[2] if len(parts) > 2 else f"X{n}"
        owner = int(parts[3]) if len(parts) > 3 else None
        tiles[h] = {"kind": kind, "tile": tile, "owner": owner}
    return Island(tiles)


def line_island(length=6, lava=(), neutral=()):
    """A strip of territory hexes (q, 0) for q in 0..length-1, with some swapped for lava/neutral."""
    tiles = {}
    for q in range(length):
        kind = "lava" if q in lava else "neutral" if q in neutral else "territory"
        tiles[(q, 0)] = {"kind": kind, "tile": f"X{q}", "owner": None}
    return Island(tiles)


def blob(radius=3, lava=(), kinds=None):
    """Every hex within `radius` of (0, 0) is neutral land except the listed lava hexes."""
    tiles = {(0, 0): {"kind": "neutral", "tile": "X0", "owner": None}}
    for i, h in enumerate(hexes_within((0, 0), radius)):
        tiles[h] = {"kind": "neutral", "tile": f"X{i + 1}", "owner": None}
    for h in lava:
        tiles[h] = {**tiles[h], "kind": "lava"}
    return Island(tiles)


# -- hexes ---------------------------------------------------------------------------------

def test_hex_key_round_trip_and_bad_input():
    assert hex_key((3, -2)) == "3,-2"
    assert parse_hex("3,-2") == (3, -2)
    assert parse_hex(hex_key((-7, 11))) == (-7, 11)
    for bad in ("", "3", "a,b", "1,2,3", None):
        with pytest.raises(ValueError):
            parse_hex(bad)


def test_directions_are_clockwise_from_east():
    angles = [math.degrees(math.atan2(*reversed(pixel(d)))) % 360 for d in DIRECTIONS]
    assert angles == pytest.approx([0, 60, 120, 180, 240, 300])  # screen y points down: clockwise
    assert len(set(DIRECTIONS)) == 6


@given(hexes)
def test_neighbors_follow_directions(h):
    assert neighbors(h) == [(h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS]
    assert all(distance(h, n) == 1 for n in neighbors(h))


def test_neighbors_far_from_the_table():
    assert neighbors((100, -100))[0] == (101, -100)
    assert neighbors((0, 0)) == list(DIRECTIONS)
    neighbors((0, 0)).append((9, 9))  # a fresh list: callers cannot corrupt the table
    assert len(neighbors((0, 0))) == 6


def test_distance_examples():
    assert distance((0, 0), (0, 0)) == 0
    assert distance((0, 0), (3, 0)) == 3
    assert distance((0, 0), (2, 2)) == 4
    assert distance((0, 0), (2, -2)) == 2
    assert distance((1, -3), (-1, 3)) == 6


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a, b, c):
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)
    assert (distance(a, b) == 1) == (b in neighbors(a))


@given(hexes, st.integers(0, 4))
def test_rings_and_hexes_within(h, n):
    within = hexes_within(h, n)
    assert h not in within
    assert len(within) == len(set(within)) == 3 * n * (n + 1)
    assert all(1 <= distance(h, x) <= n for x in within)
    for k in range(1, n + 1):
        r = ring(h, k)
        assert len(r) == 6 * k and all(distance(h, x) == k for x in r)
        assert all(distance(r[i], r[(i + 1) % len(r)]) == 1 for i in range(len(r)))
    assert ring(h, 1) == neighbors(h)


def test_direction_index():
    for i, d in enumerate(DIRECTIONS):
        assert direction_index((2, 2), (2 + d[0], 2 + d[1])) == i
        assert direction_index((0, 0), (3 * d[0], 3 * d[1])) == i
    assert direction_index((0, 0), (0, 0)) is None
    assert direction_index((0, 0), (1, 1)) is None
    assert direction_index((0, 0), (2, 1)) is None


def test_nearest_direction_examples_and_tie_rule():
    assert nearest_direction((0, 0), (5, 0)) == 0
    assert nearest_direction((0, 0), (3, -1)) == 0  # 19 degrees above East
    assert nearest_direction((0, 0), (2, 1)) == 0  # 19 degrees below East
    assert nearest_direction((0, 0), (1, 2)) == 1  # 41 degrees: nearer SE (60)
    # exactly halfway between E and SE: the counter-clockwise one (E)
    assert nearest_direction((0, 0), (1, 1)) == 0
    assert nearest_direction((0, 0), (-1, -1)) == 3  # halfway between W and NW: W
    assert nearest_direction((0, 0), (-2, 6)) == 1


@given(hexes, hexes)
def test_nearest_direction_matches_angles(a, b):
    if a == b:
        return
    ax, ay = pixel(a)
    bx, by = pixel(b)
    angle = math.degrees(math.atan2(by - ay, bx - ax)) % 360
    gaps = [abs((angle - 60 * i + 180) % 360 - 180) for i in range(6)]
    best = min(gaps)
    chosen = nearest_direction(a, b)
    assert gaps[chosen] == pytest.approx(best)


# -- range ---------------------------------------------------------------------------------

def test_in_range_ignores_terrain_and_excludes_own_hex():
    assert in_range((0, 0), (1, 0), 1)
    assert not in_range((0, 0), (2, 0), 1)
    assert in_range((0, 0), (2, -1), 2)
    assert in_range((0, 0), (1, 1), 2)  # across a gap: distance only
    assert not in_range((0, 0), (0, 0), 2)


# -- movement ------------------------------------------------------------------------------

def test_reachable_on_a_strip_stops_at_lava_and_sea():
    island = line_island(6, lava=(3,))
    got = reachable(island, (0, 0), 5, island.is_land, island.is_land)
    assert got == {(1, 0): 1, (2, 0): 2}
    assert reachable(island, (0, 0), 1, island.is_land, island.is_land) == {(1, 0): 1}
    assert reachable(island, (0, 0), 0, island.is_land, island.is_land) == {}


def test_reachable_defaults_to_land_and_a_card_may_allow_sea_or_lava():
    island = line_island(6, lava=(3,))
    assert reachable(island, (0, 0), 5) == {(1, 0): 1, (2, 0): 2}
    over_lava = passable(island, lava=True)
    assert reachable(island, (0, 0), 5, over_lava)[(5, 0)] == 5
    by_sea = passable(island, sea=True)
    got = reachable(island, (0, 0), 2, by_sea, island.is_land)
    assert (0, 1) not in got and (1, 0) in got  # may pass through sea, stops on land only
    assert reachable(island, (2, 0), 2, by_sea, by_sea)[(4, -1)] == 2


def test_reachable_blocked_hexes_and_pass_through_own_units():
    island = blob(2)
    enemy = {(1, 0), (1, -1), (0, 1)}
    own = {(-1, 0)}
    can_enter = passable(island, blocked=enemy)
    got = reachable(island, (0, 0), 2, can_enter, lambda h: can_enter(h) and h not in own)
    assert not enemy & set(got)
    assert (-1, 0) not in got  # may pass through own units but not stop there
    assert got[(-2, 0)] == 2
    assert (2, 0) not in got  # East is walled off by enemies within 2 steps
    assert all(cost == distance((0, 0), h) for h, cost in got.items() if h != (2, -1))


def test_reachable_costs_are_breadth_first():
    island = blob(3, lava=[(1, 0), (1, -1), (0, 1)])
    got = reachable(island, (0, 0), 4)
    assert got[(-1, 0)] == 1
    assert got[(2, -1)] == 4  # round the lava by the north: (0,-1) (1,-2) (2,-2) (2,-1)
    assert got[(1, 1)] == 4  # or by the south: (-1,1) (-1,2) (0,2) (1,1)
    assert (2, 0) not in got
    assert reachable(island, (0, 0), 5)[(2, 0)] == 5


def test_path_shortest_and_deterministic():
    island = blob(3, lava=[(1, 0), (1, -1), (0, 1)])
    p = path(island, (0, 0), (2, 0))
    assert p[0] == (0, 0) and p[-1] == (2, 0)
    assert len(p) - 1 == reachable(island, (0, 0), 9)[(2, 0)] == 5
    assert all(distance(p[i], p[i + 1]) == 1 for i in range(len(p) - 1))
    assert all(island.is_land(h) for h in p)
    # round the lava by the south or by the north is 5 either way: SW comes before NW in DIRECTIONS
    assert p == [(0, 0), (-1, 1), (-1, 2), (0, 2), (1, 1), (2, 0)]
    assert path(island, (0, 0), (0, 0)) == [(0, 0)]
    assert path(blob(2), (0, 0), (1, 1)) == [(0, 0), (1, 0), (1, 1)]


def test_path_none_when_cut_off():
    island = line_island(5, lava=(2,))
    assert path(island, (0, 0), (4, 0)) is None
    assert path(island, (0, 0), (4, 0), passable(island, lava=True)) == [(q, 0) for q in range(5)]
    assert path(island, (0, 0), (9, 9)) is None


def test_walk_distances_goal_need_not_be_enterable():
    island = line_island(5)
    dist = walk_distances(island, (4, 0), passable(island, blocked=[(4, 0)]))
    assert dist[(3, 0)] == 1 and dist[(0, 0)] == 4


def test_step_toward_goes_round_lava():
    #   a wall of lava straight between the unit and its goal
    island = blob(3, lava=[(1, -1), (1, 0), (1, 1), (1, -2), (1, 2)])
    goal = (3, 0)
    can_enter = passable(island, blocked=[goal])
    end = step_toward(island, (0, 0), goal, 1, can_enter, can_enter)
    assert end != (0, 0)
    assert walk_distances(island, goal, can_enter)[end] < walk_distances(island, goal, can_enter)[(0, 0)]


def test_step_toward_prefers_walking_distance_then_priority():
    island = blob(3)
    goal = (3, 0)
    can_enter = passable(island, blocked=[goal])
    assert step_toward(island, (0, 0), goal, 1, can_enter, can_enter) == (1, 0)
    # with speed 5 the unit can end next to the goal on (2,0), (2,1) or (3,-1): all at remaining
    # distance 1. Without a priority hex, fewer steps win: (2,0).
    assert step_toward(island, (0, 0), goal, 5, can_enter, can_enter) == (2, 0)
    # Clockwise from direction 1 as seen from the unit: (3,-1) lies at 330 degrees, (2,0) at 0,
    # (2,1) at 30.
    east_first = priority_neighbors((9, 9), (0, 0), (5, 0))
    south_first = priority_neighbors((9, 9), (0, -5), (0, 5))  # number 1 = SE
    north_first = priority_neighbors((9, 9), (0, 5), (0, -5))  # number 1 = NW
    assert step_toward(island, (0, 0), goal, 5, can_enter, can_enter, priority=east_first) == (2, 0)
    assert step_toward(island, (0, 0), goal, 5, can_enter, can_enter, priority=south_first) == (3, -1)
    assert step_toward(island, (0, 0), goal, 5, can_enter, can_enter, priority=north_first) == (3, -1)


def test_step_toward_tie_on_first_step_uses_priority_numbers():
    island = blob(3)
    can_enter = island.is_land
    assert step_toward(island, (0, 0), (3, -3), 1, can_enter, can_enter) == (1, -1)  # NE strictly best
    goal = (1, -3)  # NW (0,-1) and NE (1,-1) are both 2 away
    ne_first = priority_neighbors((0, 0), (0, 0), (2, -3))
    nw_first = priority_neighbors((0, 0), (0, 0), (0, -5))
    east_first = priority_neighbors((0, 0), (0, 0), (5, 0))  # NW is number 5, NE number 6
    assert ne_first[0] == (1, -1) and nw_first[0] == (0, -1)
    assert step_toward(island, (0, 0), goal, 1, can_enter, can_enter, priority=ne_first) == (1, -1)
    assert step_toward(island, (0, 0), goal, 1, can_enter, can_enter, priority=nw_first) == (0, -1)
    assert step_toward(island, (0, 0), goal, 1, can_enter, can_enter, priority=east_first) == (0, -1)
    assert step_toward(island, (0, 0), goal, 1, can_enter, can_enter) == (0, -1)  # lowest (q, r)


def test_step_toward_stays_put_when_nothing_is_closer():
    island = line_island(3, lava=(1,))
    assert step_toward(island, (0, 0), (2, 0), 3) == (0, 0)
    with pytest.raises(ValueError):
        step_toward(island, (0, 0), (2, 0), 3, priority=[(0, 0)] * 6)


# -- priority hex --------------------------------------------------------------------------

@pytest.mark.parametrize("from_base, to_base, first", [
    ((0, 0), (4, 0), (1, 0)),  # pure East
    ((4, 0), (0, 0), (-1, 0)),  # pure West
    ((0, -3), (0, 3), (0, 1)),  # pure SE
    ((1, -3), (-1, 3), (0, 1)),  # 2-player starter bases: 79 degrees, nearest SE (60)
    ((-1, 3), (1, -3), (0, -1)),  # the other way: NW
    ((0, 0), (1, 1), (1, 0)),  # halfway E/SE: the counter-clockwise one, E
    ((0, 0), (-1, -1), (-1, 0)),  # halfway W/NW: W
    ((0, 0), (2, -3), (1, -1)),  # nearest NE
    ((3, 0), (0, 3), (-1, 1)),  # 4-player neighbours B1 -> B2: SW
    ((3, 0), (-3, 0), (-1, 0)),
])
def test_priority_neighbors(from_base, to_base, first):
    center = (5, -2)
    got = priority_neighbors(center, from_base, to_base)
    assert got[0] == (center[0] + first[0], center[1] + first[1])
    i = DIRECTIONS.index(first)
    assert got == [(center[0] + DIRECTIONS[(i + k) % 6][0], center[1] + DIRECTIONS[(i + k) % 6][1])
                   for k in range(6)]  # numbers 1..6 run clockwise


def test_priority_neighbors_rejects_same_base():
    with pytest.raises(ValueError):
        priority_neighbors((0, 0), (1, 1), (1, 1))


def test_priority_order_extends_to_any_hex():
    center = (0, 0)
    order = priority_order(center, hexes_within(center, 2), (0, 0), (5, 0))
    assert order[0] == (1, 0) and order[1] == (2, 0)  # direction 1 = E, nearest first
    assert order.index((1, 1)) < order.index((0, 1))  # (1,1) lies between E (1) and SE (2)
    assert order[-3:] == [(1, -1), (2, -2), (2, -1)]  # NE (number 6), then 30 degrees short of E


# -- the island ----------------------------------------------------------------------------

def test_island_kinds_and_land():
    island = make("0,0:lava 1,0:neutral 2,0:territory:T1 3,0:base:B1")
    assert island.kind((0, 0)) == "lava" and not island.is_land((0, 0))
    assert island.kind((1, 0)) == "neutral" and island.is_land((1, 0))
    assert island.is_land((2, 0)) and island.is_land((3, 0))
    assert island.kind((9, 9)) == "sea" and not island.is_land((9, 9))
    assert island.lava_hexes() == [(0, 0)] and island.neutral_hexes() == [(1, 0)]


def test_flip_returns_a_new_island():
    island = make("0,0:lava:L1 1,0:neutral:L2 2,0:territory:T1")
    flipped = island.flip((0, 0))
    assert island.kind((0, 0)) == "lava" and flipped.kind((0, 0)) == "neutral"
    assert flipped.tile_id((0, 0)) == "L1"
    assert flipped.flip((0, 0)) == island
    assert island.flip((1, 0)).kind((1, 0)) == "lava"
    for h in ((2, 0), (5, 5)):
        with pytest.raises(ValueError):
            island.flip(h)


def test_owners_claims_and_lookup():
    island = starter_island(2)
    assert island.territory_hexes(0) == [] and island.base_hex(0) is None
    assert claimable(island) == [("B1", "T1"), ("B2", "T2")]
    claimed = island.claim("B2", 0)
    assert claimed.base_hex(0) == island.tile_hexes("B2")[0]
    assert sorted(claimed.territory_hexes(0)) == sorted(island.tile_hexes("T2"))
    assert claimable(claimed) == [("B1", "T1")]
    both = claimed.claim("B1", 1)
    assert claimable(both) == []
    assert island.claim("B2", 0) == claimed and island.base_hex(0) is None  # original untouched
    only_t = island.with_owner("T1", 3)
    assert all(only_t.owner(h) == 3 for h in island.tile_hexes("T1"))
    assert only_t.with_owner("T1", None) == island
    with pytest.raises(ValueError):
        island.with_owner("L1", 0)
    with pytest.raises(ValueError):
        island.with_owner("nope", 0)


def test_island_is_immutable_and_copies_cheaply():
    island = starter_island(3)
    with pytest.raises(TypeError):
        island.tiles[(0, 0)] = {}
    with pytest.raises(TypeError):
        island.tiles[(0, 0)]["kind"] = "neutral"
    assert copy.deepcopy(island) is island
    assert pickle.loads(pickle.dumps(island)) == island


@pytest.mark.parametrize("players", [2, 3, 4])
def test_json_round_trip(players):
    island = starter_island(players).claim("B1", 1).flip(sorted(starter_island(players).lava_hexes())[0])
    data = json.loads(json.dumps(island.to_json()))
    back = Island.from_json(data)
    assert back == island and hash(back) == hash(island)
    assert back.to_json() == island.to_json()
    assert back.base_territory("B1") == "T1"


def test_island_rejects_inconsistent_tiles():
    with pytest.raises(ValueError):
        make("0,0:mountain")
    with pytest.raises(ValueError):
        make("0,0:lava:L1:0")
    with pytest.raises(ValueError):
        make("0,0:territory:T1 1,0:base:T1")


# -- speed ---------------------------------------------------------------------------------

def test_movement_search_is_cheap():
    island = starter_island(4)
    start = island.tile_hexes("B1")[0]
    can_enter = passable(island, blocked=[island.tile_hexes("T4")[0]])
    began = time.perf_counter()
    for _ in range(1000):
        reachable(island, start, 3, can_enter, can_enter)
    per_call = (time.perf_counter() - began) / 1000
    assert per_call < 0.0005, per_call
