"""Scoring by place and standings: hand-computed tables for each tie-break level."""

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.tournaments.designs import CUP_SIZES, cup_design
from games.tournaments.scoring import (
    Result,
    Standing,
    match_points,
    place_points,
    standings,
)


@pytest.mark.parametrize(
    "seats, scale",
    [(2, [1, 0]), (3, [2, 1, 0]), (4, [3, 2, 1, 0]), (5, [4, 3, 2, 1, 0]), (6, [5, 4, 3, 2, 1, 0])],
)
def test_the_printed_scale(seats, scale):
    assert place_points(seats) == scale


def test_match_points_share_places():
    assert match_points([[7], [8]], 2) == {7: 1.0, 8: 0.0}
    assert match_points([[7, 8]], 2) == {7: 0.5, 8: 0.5}  # a draw, as in chess
    assert match_points([[3], [1, 2], [4]], 4) == {3: 3.0, 1: 1.5, 2: 1.5, 4: 0.0}
    assert match_points([[1, 2, 3], [4]], 4) == {1: 2.0, 2: 2.0, 3: 2.0, 4: 0.0}
    with pytest.raises(ValueError):
        match_points([[1], [2]], 3)


@st.composite
def placements(draw):
    seats = draw(st.integers(2, 6))
    players = draw(st.permutations(list(range(seats))))
    cuts = sorted(draw(st.sets(st.integers(1, seats - 1))))
    edges = [0, *cuts, seats]
    return seats, [list(players[a:b]) for a, b in pairwise(edges)]


@given(placements())
def test_a_table_always_hands_out_the_same_points_and_places_match_the_scale(case):
    seats, placement = case
    points = match_points(placement, seats)
    assert sum(points.values()) == seats * (seats - 1) / 2
    scale = place_points(seats)
    start = 0
    for group in placement:  # a shared place is worth the average of the places it covers
        share = sum(scale[start : start + len(group)]) / len(group)
        assert all(points[p] == share for p in group)
        start += len(group)


def rows(table):
    return [(s.player, s.points, s.tiebreak, s.direct, s.firsts, s.rank) for s in table]


def test_two_seat_round_robin_with_a_draw_and_a_bye():
    results = [
        Result(players=[1, 2], placement=[[1], [2]]),
        Result(players=[2, 3], placement=[[2, 3]]),
        Result(players=[3, 1], placement=[[3], [1]]),
    ]
    # totals 1: 1, 2: ½ + ½ (bye), 3: 1½. SB 1: 1 × 1 (beat 2); 2: ½ × 1½; 3: ½ × 1 + 1 × 1.
    assert rows(standings([1, 2, 3], results, {2: 0.5})) == [
        (3, 1.5, 1.5, 0.0, 1, 1),
        (1, 1.0, 1.0, 0.0, 1, 2),  # tied on points with 2, ahead on Sonneborn–Berger
        (2, 1.0, 0.75, 0.0, 1, 3),
    ]


def test_three_seat_tables_with_shared_places_and_an_unfinished_match():
    results = [
        Result(players=[1, 2, 3], placement=[[1], [2, 3]]),  # 1: 2, 2: ½, 3: ½
        Result(players=[2, 3, 4], placement=[[2, 3, 4]]),  # 1 each
        Result(players=[3, 4, 1], placement=[[4], [3], [1]]),  # 4: 2, 3: 1, 1: 0
        Result(players=[4, 1, 2], placement=None),  # not finished: no points, no first seat
    ]
    # totals 1: 2, 2: 1½, 3: 2½, 4: 3
    # SB 1: 1½ + 2½ (ahead of 2 and 3 at the first table) = 4
    #    2: ½ × 2½ + ½ × 2½ + ½ × 3 = 4
    #    3: ½ × 1½ + ½ × 1½ + ½ × 3 + 1 × 2 = 5
    #    4: ½ × 1½ + ½ × 2½ + 1 × 2½ + 1 × 2 = 6½
    assert rows(standings([1, 2, 3, 4], results, {})) == [
        (4, 3.0, 6.5, 0.0, 0, 1),
        (3, 2.5, 5.0, 0.0, 1, 2),
        (1, 2.0, 4.0, 0.0, 1, 3),
        (2, 1.5, 4.0, 0.0, 1, 4),
    ]


def test_a_tie_on_points_and_sonneborn_berger_goes_to_the_direct_encounter():
    results = [Result(players=[1, 2], placement=[[1], [2]]), Result(players=[2, 3], placement=[[2], [3]])]
    # 1 and 2: one point each, SB 1 each (2 and 3 both have one point, 3 from a bye)
    assert rows(standings([3, 2, 1], results, {3: 1.0})) == [
        (1, 1.0, 1.0, 1.0, 1, 1),
        (2, 1.0, 1.0, 0.0, 1, 2),
        (3, 1.0, 0.0, 0.0, 0, 3),
    ]


def test_then_fewer_first_seats_rank_higher():
    results = [Result(players=[1, 2], placement=[[1, 2]])]
    assert rows(standings([1, 2], results, {})) == [(2, 0.5, 0.25, 0.5, 0, 1), (1, 0.5, 0.25, 0.5, 1, 2)]


def test_a_full_tie_shares_the_rank():
    results = [Result(players=[1, 2], placement=[[1, 2]]), Result(players=[4, 3], placement=[[3, 4]])]
    assert rows(standings([1, 2, 3, 4], results, {})) == [
        (2, 0.5, 0.25, 0.5, 0, 1),
        (3, 0.5, 0.25, 0.5, 0, 1),
        (1, 0.5, 0.25, 0.5, 1, 3),
        (4, 0.5, 0.25, 0.5, 1, 3),
    ]


def test_absent_players_stay_with_their_points():
    results = [Result(players=[1, 2], placement=[[1], [2]])]
    table = standings([1, 2, 3], results, {}, absent={1})
    assert table[0] == Standing(player=1, points=1.0, tiebreak=0.0, direct=0.0, firsts=1, rank=1, absent=True)
    assert [(s.player, s.absent, s.rank) for s in table[1:]] == [(2, False, 2), (3, False, 2)]


def test_two_seat_sonneborn_berger_is_the_classic_one():
    # 1 beats 2, draws 3; 2 beats 3; 3 beats 4 ... classic SB: defeated opponents' scores + half the drawn
    results = [
        Result(players=[1, 2], placement=[[1], [2]]),
        Result(players=[3, 1], placement=[[1, 3]]),
        Result(players=[2, 3], placement=[[2], [3]]),
        Result(players=[3, 4], placement=[[3], [4]]),
        Result(players=[4, 1], placement=[[1], [4]]),
        Result(players=[4, 2], placement=[[4, 2]]),
    ]
    table = {s.player: s for s in standings([1, 2, 3, 4], results, {})}
    assert {p: s.points for p, s in table.items()} == {1: 2.5, 2: 1.5, 3: 1.5, 4: 0.5}
    assert table[1].tiebreak == 1.5 + 0.5 * 1.5 + 0.5  # beat 2 and 4, drew 3
    assert table[2].tiebreak == 1.5 + 0.5 * 0.5  # beat 3, drew 4
    assert table[3].tiebreak == 0.5 + 0.5 * 2.5  # beat 4, drew 1
    assert table[4].tiebreak == 0.5 * 1.5  # drew 2


@st.composite
def cups(draw):
    """A cup of random size and table size with random placements, some matches unfinished."""
    seats = draw(st.sampled_from(sorted(CUP_SIZES)))
    n = draw(st.sampled_from(CUP_SIZES[seats]))
    results = []
    for cup_round in cup_design(n, seats):
        for table in cup_round.tables:
            if draw(st.integers(0, 4)) == 0:
                results.append(Result(players=list(table), placement=None))
                continue
            order = draw(st.permutations(list(table)))
            cuts = sorted(draw(st.sets(st.integers(1, seats - 1), max_size=2)))
            edges = [0, *cuts, seats]
            results.append(Result(players=list(table), placement=[list(order[a:b]) for a, b in pairwise(edges)]))
    byes = draw(st.dictionaries(st.integers(0, n - 1), st.sampled_from([0.5, 1.0]), max_size=2))
    return n, seats, results, byes


@settings(max_examples=80, deadline=None)
@given(cups())
def test_standings_of_any_cup_add_up_and_rank_consistently(cup):
    n, seats, results, byes = cup
    table = standings(list(range(n)), results, byes)
    assert sorted(s.player for s in table) == list(range(n))
    finished = [r for r in results if r.placement is not None]
    assert sum(s.points for s in table) == len(finished) * seats * (seats - 1) / 2 + sum(byes.values())
    points = {s.player: s.points for s in table}
    for s in table:  # Sonneborn-Berger recomputed from the placements
        expected = 0.0
        for r in finished:
            place = {p: i for i, group in enumerate(r.placement) for p in group}
            if s.player in place:
                expected += sum(
                    points[o] * (1 if place[s.player] < place[o] else 0.5 if place[s.player] == place[o] else 0)
                    for o in place if o != s.player
                )
        assert s.tiebreak == expected
        assert s.firsts == sum(1 for r in finished if r.players[0] == s.player)

    def key(s):
        return (-s.points, -s.tiebreak, -s.direct, s.firsts)

    for i, s in enumerate(table):
        if i == 0:
            assert s.rank == 1
        else:
            assert key(table[i - 1]) <= key(s)
            assert s.rank == (table[i - 1].rank if key(table[i - 1]) == key(s) else i + 1)
