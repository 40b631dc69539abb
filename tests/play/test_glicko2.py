"""Glicko-2 module tests; pure Python, so they need no database or Django settings."""

import math

import pytest
from hypothesis import given, settings, strategies as st

from games.play.glicko2 import SCALE, Rating, expected_score, pairwise_results, update


def test_glickman_worked_example():
    # The paper rounds intermediate values; unrounded, the rating is 1464.0507,
    # so compare within 0.01 rather than by rounding to 2 decimals.
    player = Rating(1500, 200, 0.06)
    results = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    new = update(player, results, tau=0.5)
    assert new.rating == pytest.approx(1464.06, abs=0.01)
    assert new.rd == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=1e-5)


def test_no_games_only_rd_grows():
    player = Rating(1500, 200, 0.06)
    new = update(player, [])
    phi = player.rd / SCALE
    assert new.rd == pytest.approx(math.sqrt(phi**2 + 0.06**2) * SCALE)
    assert new.rd > player.rd
    assert (new.rating, new.volatility) == (player.rating, player.volatility)


def test_rd_is_capped_at_350():
    assert update(Rating(1500, 350, 0.06), []).rd == 350.0
    assert update(Rating(1500, 349, 0.2), []).rd == 350.0


def test_draw_between_equal_players_changes_only_rd():
    a, b = Rating(1620, 120, 0.06), Rating(1620, 120, 0.06)
    new_a, new_b = update(a, [(b, 0.5)]), update(b, [(a, 0.5)])
    assert new_a == new_b
    assert new_a.rating == a.rating
    assert new_a.rd < a.rd
    # Volatility is re-estimated every period; with delta = 0 it only drifts by ~1e-6.
    assert new_a.volatility == pytest.approx(a.volatility, abs=1e-5)
    assert expected_score(a, b) == 0.5


def test_expected_score_favours_the_stronger_player():
    strong, weak = Rating(1800, 80), Rating(1400, 80)
    assert expected_score(strong, weak) > 0.5 > expected_score(weak, strong)
    assert expected_score(strong, weak) + expected_score(weak, strong) == pytest.approx(1.0)


ratings = st.builds(
    Rating,
    rating=st.floats(min_value=100, max_value=3000),
    rd=st.floats(min_value=30, max_value=350),
    volatility=st.floats(min_value=0.01, max_value=0.2),
)


@settings(max_examples=300, deadline=None)
@given(player=ratings, opponent=ratings, tau=st.floats(min_value=0.2, max_value=1.2))
def test_win_never_lowers_and_loss_never_raises(player, opponent, tau):
    assert update(player, [(opponent, 1.0)], tau).rating >= player.rating
    assert update(player, [(opponent, 0.0)], tau).rating <= player.rating


def test_pairwise_results_three_players_with_tie():
    results = pairwise_results({"ann": 1, "bob": 2, "cat": 2})
    assert results == {
        "ann": [("bob", 1.0), ("cat", 1.0)],
        "bob": [("ann", 0.0), ("cat", 0.5)],
        "cat": [("ann", 0.0), ("bob", 0.5)],
    }
    # Each pair is one game, seen from both sides.
    games = [(p, o, s) for p, res in results.items() for o, s in res]
    assert len(games) == 2 * 3
    assert all(s + dict(results[o])[p] == 1.0 for p, o, s in games)
