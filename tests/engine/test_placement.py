"""The shared placement helpers (engine/placement.py): building, checking, reading old outcomes."""

from hypothesis import given, strategies as st

from engine import placement as PL

SEATS = st.integers(2, 6)


@st.composite
def verdicts(draw):
    """A table size and each seat's verdict: 1 won, 0 neither, -1 lost."""
    n = draw(SEATS)
    marks = draw(st.lists(st.sampled_from([1, 0, -1]), min_size=n, max_size=n))
    return n, [s for s in range(n) if marks[s] == 1], [s for s in range(n) if marks[s] == -1]


@given(verdicts())
def test_from_winners_always_gives_a_placement_that_agrees(v):
    n, winners, losers = v
    places = PL.from_winners(winners, losers, n)
    outcome = {"winners": winners, "losers": losers, "placement": places}
    assert PL.is_placement(places, n) and PL.agrees(outcome, n)
    if winners:
        assert places[0] == winners
    if losers and len(losers) < n:
        assert places[-1] == losers


def test_from_winners_by_hand():
    assert PL.from_winners([2], [0, 1, 3], 4) == [[2], [0, 1, 3]]
    assert PL.from_winners([1, 3], [0], 4) == [[1, 3], [2], [0]]
    assert PL.from_winners([], [], 3) == [[0, 1, 2]]
    assert PL.from_winners([], [0, 1], 2) == [[0, 1]]  # everybody lost: one shared place
    assert PL.from_winners([], [1], [0, 1, 2]) == [[0, 2], [1]]


def test_of_reads_the_placement_or_falls_back_on_winners_and_losers():
    assert PL.of({"winners": [1], "losers": [0, 2], "placement": [[1], [2], [0]]}, 3) == [[1], [2], [0]]
    assert PL.of({"winners": [1], "losers": [0, 2], "reason": "old"}, 3) == [[1], [0, 2]]
    assert PL.of({"winners": [], "losers": [], "reason": "draw"}, 2) == [[0, 1]]
    assert PL.of(None, 2) == [[0, 1]]


@given(st.data())
def test_last_moves_the_forfeited_seats_to_a_shared_last_place(data):
    n = data.draw(SEATS)
    order = data.draw(st.permutations(list(range(n))))
    cuts = sorted(data.draw(st.sets(st.integers(1, n - 1))))
    places = [sorted(order[a:b]) for a, b in zip([0, *cuts], [*cuts, n])]
    gone = data.draw(st.sets(st.integers(0, n - 1), min_size=1))
    moved = PL.last(places, gone)
    assert PL.is_placement(moved, n) and moved[-1] == sorted(gone)
    kept = [[s for s in p if s not in gone] for p in places]
    assert moved[:-1] == [p for p in kept if p]


def test_is_placement_refuses_missing_doubled_unsorted_or_empty_places():
    assert PL.is_placement([[1], [0, 2]], 3)
    assert not PL.is_placement([[1], [0]], 3)
    assert not PL.is_placement([[1], [0, 1, 2]], 3)
    assert not PL.is_placement([[1], [2, 0]], 3)
    assert not PL.is_placement([[1], [], [0, 2]], 3)
    assert not PL.is_placement(None, 3)
    assert not PL.is_placement([[True], [0, 2]], 3)


def test_agrees_wants_the_winners_first_and_no_loser_ahead():
    assert PL.agrees({"winners": [1], "losers": [0, 2], "placement": [[1], [2], [0]]}, 3)
    assert not PL.agrees({"winners": [1], "losers": [0, 2], "placement": [[1, 2], [0]]}, 3)
    assert not PL.agrees({"winners": [], "losers": [0], "placement": [[0], [1, 2]]}, 3)
    assert not PL.agrees({"winners": [1], "losers": [0]}, 2)


def test_ranked_shares_equal_keys():
    assert PL.ranked(range(5), lambda s: s % 3) == [[2], [1, 4], [0, 3]]
