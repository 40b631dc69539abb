"""Cup designs: every pair meets equally often, every table is full, seats are balanced."""

from itertools import combinations

import pytest

from games.tournaments.designs import (
    CUP_SIZES,
    CupRound,
    cup_design,
    meetings,
    seat_counts,
)

OFFERED = [(n, seats) for seats, sizes in CUP_SIZES.items() for n in sizes]

# (entrants, seats) -> how often each pair meets (λ) and how many matches each entrant plays.
LAMBDA = {
    **{(n, 2): (1, n - 1) for n in range(3, 10)},
    (3, 3): (3, 3), (4, 3): (2, 3), (7, 3): (1, 3), (9, 3): (1, 4),
    (4, 4): (4, 4), (5, 4): (3, 4), (7, 4): (2, 4), (13, 4): (1, 4),
    (5, 5): (5, 5), (6, 5): (4, 5), (11, 5): (2, 5), (21, 5): (1, 5),
    (6, 6): (6, 6), (7, 6): (5, 6), (11, 6): (3, 6),
}


def test_the_offered_sizes():
    assert CUP_SIZES[2] == tuple(range(3, 10))
    assert sorted(LAMBDA) == sorted(OFFERED)


@pytest.mark.parametrize("n, seats", OFFERED)
def test_every_pair_meets_equally_often(n, seats):
    rounds = cup_design(n, seats)
    counts = meetings(rounds)
    lam, _ = LAMBDA[(n, seats)]
    assert {frozenset(p) for p in combinations(range(n), 2)} == set(counts)
    assert set(counts.values()) == {lam}


@pytest.mark.parametrize("n, seats", OFFERED)
def test_every_table_is_full_and_nobody_plays_twice_in_a_display_round(n, seats):
    rounds = cup_design(n, seats)
    _, matches = LAMBDA[(n, seats)]
    for cup_round in rounds:
        assert isinstance(cup_round, CupRound)
        seated = [e for table in cup_round.tables for e in table]
        assert len(seated) == len(set(seated))
        for table in cup_round.tables:
            assert len(table) == seats and len(set(table)) == seats
            assert all(0 <= e < n for e in table)
        if seats > 2 or n % 2 == 0:
            assert cup_round.bye is None
        else:
            assert set(seated) | {cup_round.bye} == set(range(n))
    assert sum(len(r.tables) for r in rounds) * seats == n * matches
    assert seats == 2 or matches <= 6  # a round robin of nine is eight matches


@pytest.mark.parametrize("n", range(3, 10))
def test_two_seats_round_robin_balances_the_first_seat(n):
    rounds = cup_design(n, 2)
    assert len(rounds) == (n if n % 2 else n - 1)
    firsts = [c[0] for c in seat_counts(rounds, n, 2)]
    assert max(firsts) - min(firsts) <= 1
    assert sum(firsts) == n * (n - 1) // 2
    if n % 2:  # everyone sits out exactly once
        assert sorted(r.bye for r in rounds) == list(range(n))
        assert set(firsts) == {(n - 1) // 2}


@pytest.mark.parametrize("n, seats", [o for o in OFFERED if o[1] > 2 and o != (9, 3)])
def test_cyclic_designs_seat_everyone_once_in_every_position(n, seats):
    counts = seat_counts(cup_design(n, seats), n, seats)
    assert counts == [[1] * seats for _ in range(n)]


def test_the_affine_plane_is_resolvable_and_as_balanced_as_four_tables_allow():
    rounds = cup_design(9, 3)
    assert len(rounds) == 4
    for cup_round in rounds:  # each display round is a parallel class: everyone plays once
        assert sorted(e for table in cup_round.tables for e in table) == list(range(9))
    for counts in seat_counts(rounds, 9, 3):
        assert sorted(counts) == [1, 1, 2]


@pytest.mark.parametrize("n, seats", [(2, 2), (10, 2), (5, 3), (8, 4), (12, 6), (4, 7), (3, 1)])
def test_sizes_without_a_design_are_refused(n, seats):
    with pytest.raises(ValueError):
        cup_design(n, seats)


def test_meetings_and_seat_counts_by_hand():
    rounds = [CupRound(tables=((0, 1, 2),), bye=None), CupRound(tables=((2, 0, 1),), bye=None)]
    assert meetings(rounds) == {frozenset({0, 1}): 2, frozenset({0, 2}): 2, frozenset({1, 2}): 2}
    assert seat_counts(rounds, 3, 3) == [[1, 1, 0], [0, 1, 1], [1, 0, 1]]
