"""Shared pieces of the bots' levels (easy, normal, strong) that every game reuses.

A level is only a bot name: each game's bots.py maps "easy", "normal" and "strong" to bots that
fit it (`LEVELS`), and the site reads that mapping through `game.levels()`. What is shared here
is how a weaker bot slips and how a stronger one looks ahead, both deciding only from what the
seat sees: the random streams are seeded from the seat's view, never from hidden state.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable

from .rng import Rng, seed_state

LEVEL_NAMES = ("easy", "normal", "strong")


def view_rng(view: dict, salt: int = 0) -> Rng:
    """A stream seeded from what the seat sees (its view, minus the log), so two states that
    look the same to the seat give the same draws, whatever is hidden."""
    view = {k: v for k, v in view.items() if k != "log"}
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)
    return Rng(seed_state(zlib.crc32(text.encode("utf-8")) * 131 + salt))


def slip(rng: Rng, rate: float) -> bool:
    """Whether this decision is one of the easy bot's mistakes (`rate` of them)."""
    return rng.below(1000) < int(rate * 1000)


def second_thought(legal: list[dict], first: dict, decide: Callable[[list[dict]], dict]) -> dict:
    """The normal bot's next best choice: what it picks once its first choice is taken away.

    A plausible mistake (the judgement is still the bot's), never a random move; the first
    choice stands when the bot has nothing else it would pick."""
    rest = [a for a in legal if a != first]
    if not rest:
        return first
    other = decide(rest)
    return other if other in rest else first


def flat_search(
    state,
    seat: int,
    candidates: list[dict],
    worlds: list,
    play: Callable[[object, int, dict], float],
    margin: float,
) -> dict:
    """Flat Monte-Carlo over sampled worlds: each candidate is played out in every world
    (`play(world, seat, action)` returns the score for `seat`); the first candidate (the
    normal bot's choice) stands unless another does better by more than `margin` on average.
    Every candidate meets the same worlds, so luck cancels out between them."""
    if len(candidates) < 2 or not worlds:
        return candidates[0]
    totals = [0.0] * len(candidates)
    for world in worlds:
        for i, action in enumerate(candidates):
            totals[i] += play(world, seat, action)
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    if best and totals[best] > totals[0] + margin * len(worlds):
        return candidates[best]
    return candidates[0]
