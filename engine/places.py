"""Who wins from each place in the turn order: the fairness line of the self-play reports.

A place is counted from the first player (1st, 2nd, ...), whatever the seat; a shared win
counts as a part. The interval is the normal approximation at 95%, enough to tell a seat's
head start from the noise of a thousand games."""

from __future__ import annotations

import math


class Places:
    def __init__(self, players: int):
        self.players = players
        self.games = 0
        self.wins = [0.0] * players

    def add(self, first: int, winners: list[int], seats: list[int] | None = None) -> None:
        """One game: the first player's seat and the winners. `seats` maps a seat to its place
        when the turn order is not the seats' order from the first."""
        self.games += 1
        for w in winners:
            place = seats.index(w) if seats is not None else (w - first) % self.players
            self.wins[place] += 1 / len(winners)

    def rates(self) -> list[tuple[float, float]]:
        """Each place's share of the wins, with its 95% interval."""
        n = max(self.games, 1)
        return [(w / n, 1.96 * math.sqrt((w / n) * (1 - w / n) / n)) for w in self.wins]

    def worst(self) -> float:
        """The farthest any place is from an even share."""
        return max(abs(rate - 1 / self.players) for rate, _ in self.rates())

    def line(self) -> str:
        cells = [f"{_ordinal(i + 1)} {rate:.1%} ± {ci:.1%}" for i, (rate, ci) in enumerate(self.rates())]
        return f"Wins by place in the turn order: {', '.join(cells)} (even share {1 / self.players:.1%})"


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"
