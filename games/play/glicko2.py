"""Glicko-2 ratings, following Mark Glickman's "Example of the Glicko-2 system".

Pure Python with no Django imports, so it can be unit-tested and reused by
services without a database. Step numbers below refer to the paper.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import TypeVar

SCALE = 173.7178  # Glicko <-> Glicko-2 conversion factor from step 2 of the paper
MAX_RD = 350.0  # an unrated player's RD; uncertainty never grows beyond it
EPSILON = 1e-6  # convergence tolerance of the volatility iteration (step 5)

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class Rating:
    """A player's rating, rating deviation (RD) and volatility, in the Glicko scale.

    Frozen so a rating period can never mutate the ratings it reads from.
    """

    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06


def _g(phi: float) -> float:
    """Step 3: damp an opponent's influence by how uncertain their rating is."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    """Step 3's logistic, written so huge rating gaps cannot overflow exp()."""
    x = _g(phi_j) * (mu - mu_j)
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)


def expected_score(a: Rating, b: Rating) -> float:
    """Expected score of `a` against `b`: the E(mu, mu_j, phi_j) that `update` uses.

    As in the paper only the opponent's RD enters, so expected_score(a, b) and
    expected_score(b, a) need not sum to 1 when the two RDs differ.
    """
    return _expected((a.rating - 1500.0) / SCALE, (b.rating - 1500.0) / SCALE, b.rd / SCALE)


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: solve f(x) = 0 for x = ln(sigma'^2) with the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        d = phi * phi + v + ex
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0  # the Illinois step: halve the stale end so it cannot stall
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, results: list[tuple[Rating, float]], tau: float = 0.5) -> Rating:
    """Rate one player over one rating period.

    `results` pairs each opponent's rating *before* the period with the score
    (1 win, 0.5 draw, 0 loss). `tau` bounds how fast volatility may change.
    """
    if tau <= 0:
        raise ValueError("tau must be positive")
    mu = (player.rating - 1500.0) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    if not results:
        # Step 6 alone: an idle player only becomes less certain.
        rd = min(math.sqrt(phi * phi + sigma * sigma) * SCALE, MAX_RD)
        return Rating(float(player.rating), rd, sigma)

    info = 0.0  # 1 / v, step 3
    gain = 0.0  # sum of g * (s - E), steps 4 and 7
    for opponent, score in results:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"score must be between 0 and 1, got {score!r}")
        mu_j, phi_j = (opponent.rating - 1500.0) / SCALE, opponent.rd / SCALE
        g, e = _g(phi_j), _expected(mu, mu_j, phi_j)
        info += g * g * e * (1.0 - e)
        gain += g * (score - e)
    if info == 0.0:
        # Only when E rounds to exactly 0 or 1: the games carry no information.
        return update(player, [], tau)
    v = 1.0 / info

    sigma_new = _new_volatility(phi, sigma, v * gain, v, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)  # step 6
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)  # step 7
    # Add the change rather than converting mu' back, so no round-trip error
    # can make a win lower the rating by an ulp.
    rating = player.rating + SCALE * phi_new * phi_new * gain
    return Rating(rating, min(phi_new * SCALE, MAX_RD), sigma_new)


def pairwise_results(placings: Mapping[K, int]) -> dict[K, list[tuple[K, float]]]:
    """Split a multiplayer finishing order into pairwise games for `update`.

    Lower placing is better and equal placings draw. Every pair counts as one
    game, the usual way to rate 3-4 player games with a two-player system.
    """
    results: dict[K, list[tuple[K, float]]] = {key: [] for key in placings}
    for key, place in placings.items():
        for other, other_place in placings.items():
            if other != key:
                score = 1.0 if place < other_place else 0.5 if place == other_place else 0.0
                results[key].append((other, score))
    return results
