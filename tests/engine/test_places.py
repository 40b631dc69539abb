"""The self-play reports' fairness line: each place in the turn order, counted from the first
player, with a shared win split between its winners."""

import pytest

from engine.places import Places


def test_places_count_from_the_first_player_and_split_shared_wins():
    places = Places(3)
    places.add(first=2, winners=[2])  # the first player won
    places.add(first=2, winners=[0])  # the second (seat 0 follows seat 2)
    places.add(first=0, winners=[1, 2])  # the second and the third share
    places.add(first=1, winners=[])  # nobody won
    assert places.wins == [1.0, 1.5, 0.5] and places.games == 4
    assert [rate for rate, _ in places.rates()] == [0.25, 0.375, 0.125]
    assert places.worst() == pytest.approx(1 / 3 - 0.125)
    assert places.line().startswith("Wins by place in the turn order: 1st 25.0% ± ")


def test_the_interval_narrows_with_more_games():
    few, many = Places(2), Places(2)
    for n in range(10):
        few.add(0, [n % 2])
    for n in range(1000):
        many.add(0, [n % 2])
    assert few.rates()[0][0] == many.rates()[0][0] == 0.5
    assert many.rates()[0][1] < few.rates()[0][1] / 5
