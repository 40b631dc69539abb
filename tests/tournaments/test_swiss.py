"""Swiss pairing: whole random tournaments never rematch, give byes fairly, keep first seats
within two of balance unless no pairing allows it, and stop only when no pairing without
rematch exists."""

from copy import deepcopy
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.tournaments.swiss import (
    CannotPair,
    Pairing,
    SwissPlayer,
    pair_round,
    rounds_possible,
)


@dataclass
class Entry:
    """The caller's record of one player, turned into a SwissPlayer each round."""

    id: int
    points: float = 0.0
    opponents: set = field(default_factory=set)
    firsts: int = 0
    seconds: int = 0
    byes: int = 0
    last_seat: int | None = None


def field_of(entries):
    ordered = sorted(entries, key=lambda e: (-e.points, e.id))
    return [
        SwissPlayer(
            id=e.id, points=e.points, opponents=set(e.opponents), firsts=e.firsts, seconds=e.seconds,
            byes=e.byes, rank=rank, last_seat=e.last_seat,
        )
        for rank, e in enumerate(ordered)
    ]


def perfect_without_rematch(ids, met, allowed=lambda a, b: True):
    """Brute force, independent of the module: can these ids all be paired with no rematch
    (and only pairs that `allowed` accepts)?"""
    if not ids:
        return True
    first, rest = ids[0], ids[1:]
    return any(
        perfect_without_rematch(rest[:i] + rest[i + 1 :], met, allowed)
        for i, other in enumerate(rest)
        if frozenset((first, other)) not in met and allowed(first, other)
    )


def seats_unavoidable(entries):
    """Whether every pairing of this round (no rematch, the bye among the fewest byes anyone
    can take) puts somebody three games out of first-seat balance: only then may it happen."""
    by_id = {e.id: e for e in entries}
    ids = sorted(by_id)
    met = {frozenset((e.id, o)) for e in entries for o in e.opponents}

    def balance(i):
        return by_id[i].firsts - by_id[i].seconds

    def kept(a, b):
        return not (abs(balance(a)) >= 2 and balance(a) == balance(b))

    if len(ids) % 2 == 0:
        return not perfect_without_rematch(ids, met, kept)
    able = [i for i in ids if perfect_without_rematch([j for j in ids if j != i], met)]
    fewest = min(by_id[i].byes for i in able)
    return not any(
        perfect_without_rematch([j for j in ids if j != i], met, kept) for i in able if by_id[i].byes == fewest
    )


def play(entries, pairing, results):
    """Record a paired round with the given results (1, ½ or 0 for the first seat)."""
    by_id = {e.id: e for e in entries}
    for (a, b), score in zip(pairing.games, results):
        first, second = by_id[a], by_id[b]
        first.opponents.add(b)
        second.opponents.add(a)
        first.firsts += 1
        second.seconds += 1
        first.last_seat, second.last_seat = 0, 1
        first.points += score
        second.points += 1 - score
    if pairing.bye is not None:
        by_id[pairing.bye].byes += 1
        by_id[pairing.bye].points += 1


def check_round(entries, pairing):
    ids = sorted(e.id for e in entries)
    by_id = {e.id: e for e in entries}
    seated = [p for game in pairing.games for p in game]
    assert sorted(seated + ([pairing.bye] if pairing.bye is not None else [])) == ids
    assert len(seated) == len(set(seated))
    assert (pairing.bye is not None) == (len(ids) % 2 == 1)
    for a, b in pairing.games:
        assert b not in by_id[a].opponents, "a rematch"
    if pairing.bye is not None and by_id[pairing.bye].byes > 0:
        met = {frozenset((e.id, o)) for e in entries for o in e.opponents}
        fewer = [e.id for e in entries if e.byes < by_id[pairing.bye].byes]
        for other in fewer:  # each of them could not have taken the bye
            assert not perfect_without_rematch([i for i in ids if i != other], met)


def check_cannot_pair(entries):
    ids = sorted(e.id for e in entries)
    met = {frozenset((e.id, o)) for e in entries for o in e.opponents}
    if len(ids) % 2 == 0:
        assert not perfect_without_rematch(ids, met)
    else:
        assert not any(perfect_without_rematch([i for i in ids if i != b], met) for b in ids)


results = st.sampled_from([1.0, 0.5, 0.0])


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=3, max_value=16),
    rounds=st.integers(min_value=1, max_value=12),
    data=st.data(),
)
def test_random_tournaments_pair_without_rematch_and_balance_seats(n, rounds, data):
    entries = [Entry(id=100 + i) for i in range(n)]
    for number in range(rounds):
        if len(entries) > 3 and data.draw(st.booleans(), label="withdraw"):
            entries.remove(data.draw(st.sampled_from(entries), label="who withdraws"))
        if data.draw(st.integers(0, 5), label="late entry") == 0:
            entries.append(Entry(id=1000 + number, points=0.5))  # a late entry's half-point bye
        try:
            pairing = pair_round(field_of(entries))
        except CannotPair as refusal:
            assert refusal.reason == "no_pairing_without_rematch"
            check_cannot_pair(entries)
            break
        check_round(entries, pairing)
        before = deepcopy(entries)
        play(entries, pairing, data.draw(st.lists(results, min_size=len(pairing.games), max_size=len(pairing.games))))
        if any(abs(e.firsts - e.seconds) > 2 for e in entries):
            assert seats_unavoidable(before)
            break  # the balance is gone for good: the rest of this tournament proves nothing more


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_nine_players_always_pair_four_rounds(data):
    entries = [Entry(id=i) for i in range(9)]
    for _ in range(4):
        pairing = pair_round(field_of(entries))
        check_round(entries, pairing)
        play(entries, pairing, data.draw(st.lists(results, min_size=4, max_size=4)))
    assert sorted(e.byes for e in entries) == [0] * 5 + [1] * 4


def test_four_players_run_out_of_pairings_after_three_rounds():
    entries = [Entry(id=i) for i in range(4)]
    for _ in range(3):
        pairing = pair_round(field_of(entries))
        check_round(entries, pairing)
        play(entries, pairing, [1.0, 0.0])
    with pytest.raises(CannotPair) as refused:
        pair_round(field_of(entries))
    assert refused.value.reason == "no_pairing_without_rematch"


@pytest.mark.parametrize("n", [0, 1])
def test_too_few_players(n):
    with pytest.raises(CannotPair) as refused:
        pair_round(field_of([Entry(id=i) for i in range(n)]))
    assert refused.value.reason == "too_few_players"


def test_pairs_by_score_top_half_against_bottom_half():
    # after round one: 0, 1, 2, 3 won; 4, 5, 6, 7 lost
    entries = [Entry(id=i, points=1.0 if i < 4 else 0.0) for i in range(8)]
    for winner in range(4):
        entries[winner].opponents.add(winner + 4)
        entries[winner + 4].opponents.add(winner)
    pairing = pair_round(field_of(entries))
    assert sorted(tuple(sorted(g)) for g in pairing.games) == [(0, 2), (1, 3), (4, 6), (5, 7)]


def test_the_bye_goes_to_the_lowest_ranked_without_one():
    entries = [Entry(id=i, points=float(5 - i)) for i in range(5)]
    entries[4].byes = 1
    assert pair_round(field_of(entries)).bye == 3


def test_the_bye_skips_a_player_the_rest_cannot_be_paired_around():
    # 0 and 1 met, and 1 and 2: if 3 or 4 sat out, 1 would face 0 or 2 again or... (checked)
    entries = [Entry(id=i) for i in range(5)]
    met = [(1, 0), (1, 2), (1, 3)]
    for a, b in met:
        entries[a].opponents.add(b)
        entries[b].opponents.add(a)
    pairing = pair_round(field_of(entries))
    # only 4 is left for 1: whoever sits out, it is not 4 and not 1's partner-to-be
    assert (1, 4) in pairing.games or (4, 1) in pairing.games
    assert pairing.bye not in (1, 4)


def test_the_first_seat_goes_to_who_owes_one_then_to_the_last_second_then_the_higher_rank():
    owes = SwissPlayer(id=1, points=0, opponents=set(), firsts=0, seconds=1, byes=0, rank=1)
    even = SwissPlayer(id=2, points=0, opponents=set(), firsts=1, seconds=1, byes=0, rank=0)
    assert pair_round([owes, even]).games == [(1, 2)]
    last_second = SwissPlayer(id=3, points=0, opponents=set(), firsts=1, seconds=1, byes=0, rank=1, last_seat=1)
    assert pair_round([last_second, even]).games == [(3, 2)]
    fresh = SwissPlayer(id=4, points=0, opponents=set(), firsts=0, seconds=0, byes=0, rank=1)
    fresher = SwissPlayer(id=5, points=0, opponents=set(), firsts=0, seconds=0, byes=0, rank=0)
    assert pair_round([fresh, fresher]) == Pairing(games=[(5, 4)], bye=None)


@pytest.mark.parametrize("n, rounds", [(2, 1), (3, 3), (4, 3), (9, 9), (10, 9), (1, 0), (0, 0)])
def test_rounds_possible(n, rounds):
    assert rounds_possible(n) == rounds
