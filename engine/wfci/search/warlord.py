"""The warlord's search: determinized Monte Carlo over the turn's main choices, with the
candidates thinned by successive halving.

At a searched decision (choices.py) it takes the skirmisher's pick and a few others, deals
what it cannot see again at random from its own view (expert.determinize: never the real
hidden cards), plays every surviving candidate on in the same sampled world (same deal, same
dice: the comparison is between the choices, not the luck), and after each round keeps the
better half. The skirmisher's pick plays every world to the end as the yardstick, and another
candidate replaces it only when it does better on average by MARGIN: a world or two of luck
must not overrule a sound plan. Everything else is the skirmisher's, a millisecond or so,
but for the scrolls it draws on the long way of capture the flag (FLAG_HAND).

Deterministic for a seed: the sampling stream is derived from the game's seed, the step and
the seat, and the work is a fixed number of playouts (budget.py); the CPU cap only stops a
search early on a machine far slower than expected."""

from __future__ import annotations

from ...rng import Rng, seed_state
from ..skirmisher import choose as skirmish, plan
from ..skirmisher.judge import long_way
from ..state import top
from .. import expert, turn
from .budget import Budget
from .choices import candidates, searched
from .playout import try_option

MARGIN = 0.03  # how much better on average over the same worlds another candidate must do
# Capture the flag on the long way: the scrolls it may draw, where the skirmisher stops at six.
# Cards win the fights for the flags and a full hand deters attacks (docs/bots.md).
FLAG_HAND = 20  # in effect every scroll it may draw


def _rng(state: dict, seat: int) -> Rng:
    return Rng(seed_state(state["seed"] * 3_000_017 + state["steps"] * 65_537 + seat * 131 + 7))


def choose(state: dict, seat: int, budget: Budget | None = None) -> dict:
    legal = turn.atomic_legal(state, seat)
    if len(legal) == 1:
        return legal[0]
    if not searched(state, seat, legal):
        return _unsearched(state, seat, legal)
    return search(state, seat, legal, budget or Budget.for_state(state))


def _unsearched(state: dict, seat: int, legal: list[dict]) -> dict:
    """The skirmisher's pick, but on the long way the warlord keeps drawing scrolls."""
    frame = top(state)
    if frame["kind"] == "turn" and frame["step"] == "draw" and long_way(state, seat):
        return plan.draw(state, seat, legal, wanted=FLAG_HAND)
    return skirmish(state, seat)


def _rounds(n: int) -> int:
    rounds = 0
    while n > 1:
        n = (n + 1) // 2
        rounds += 1
    return max(rounds, 1)


def _mean(totals: list[float], counts: list[int], i: int) -> float:
    return totals[i] / counts[i] if counts[i] else -1.0


def search(state: dict, seat: int, legal: list[dict], budget: Budget) -> dict:
    rng = _rng(state, seat)
    options = candidates(state, seat, legal, rng)
    if len(options) == 1:
        return options[0]
    budget.start()
    n = len(options)
    totals, counts = [0.0] * n, [0] * n
    alive = list(range(n))
    rounds = _rounds(n - 1)
    for r in range(rounds):
        worlds = max(1, budget.left() // (rounds - r) // len(alive))
        for _ in range(worlds):
            if not budget.allows():
                break
            world = expert.determinize(state, seat, rng)
            for i in alive:
                if not budget.allows():
                    break
                value = try_option(world, seat, options[i])
                budget.charge()
                if value is not None:
                    totals[i] += value
                    counts[i] += 1
        if budget.capped or budget.left() == 0:
            break
        others = sorted(alive[1:], key=lambda i: (-_mean(totals, counts, i), i))
        alive = [0] + others[:max(1, (len(others) + 1) // 2)]
    best = max(range(1, n), key=lambda i: (_mean(totals, counts, i), -i))
    if counts[0] and counts[best] and _mean(totals, counts, best) - _mean(totals, counts, 0) > MARGIN:
        return options[best]
    return options[0]
