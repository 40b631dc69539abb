"""Seating designs for cups: who sits at which table, in which seat, so that every entrant
meets every other equally often and takes each seat position as evenly as the design allows.

Two-seat cups are round robins by the circle method. Cups for 3–6 seats develop a cyclic
difference set mod n: table t seats (d + t) mod n for each d of the set, in the set's order,
so each entrant takes every seat position exactly once (a Youden square) and each pair meets
λ times. docs/tournaments.md says which designs and why.
"""

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, permutations


@dataclass(frozen=True)
class CupRound:
    """A display round: tables in which nobody plays twice (all of a cup's matches start at once)."""

    tables: tuple[tuple[int, ...], ...]  # entrant numbers 0..n-1 in seat order (seat 0 first)
    bye: int | None  # two-seat round robin with an odd number: who sits out this round


# (entrants, seats) -> the base block, developed mod entrants; seat order is the block's order.
# Each is a (v, k, λ) difference set; tests check λ for every one.
DIFFERENCE_SETS: dict[tuple[int, int], tuple[int, ...]] = {
    (3, 3): (0, 1, 2),
    (4, 3): (1, 2, 3),
    (7, 3): (0, 1, 3),
    (4, 4): (0, 1, 2, 3),
    (5, 4): (1, 2, 3, 4),
    (7, 4): (2, 4, 5, 6),  # the complement of {0, 1, 3}: λ = 2
    (13, 4): (0, 1, 3, 9),
    (5, 5): (0, 1, 2, 3, 4),
    (6, 5): (1, 2, 3, 4, 5),
    (11, 5): (1, 3, 4, 5, 9),  # the quadratic residues mod 11: λ = 2
    (21, 5): (3, 6, 7, 12, 14),
    (6, 6): (0, 1, 2, 3, 4, 5),
    (7, 6): (1, 2, 3, 4, 5, 6),
    (11, 6): (0, 2, 6, 7, 8, 10),  # the complement of {1, 3, 4, 5, 9}: λ = 3
}

# The affine plane of order 3: 9 entrants, 12 tables of 3 in 4 parallel classes (resolvable).
AFFINE_9 = (9, 3)

CUP_SIZES: dict[int, tuple[int, ...]] = {
    2: tuple(range(3, 10)),
    3: (3, 4, 7, 9),
    4: (4, 5, 7, 13),
    5: (5, 6, 11, 21),
    6: (6, 7, 11),
}


def cup_design(entrants: int, seats: int) -> list[CupRound]:
    """Every match of a cup, grouped into display rounds; ValueError for a size not offered."""
    if entrants not in CUP_SIZES.get(seats, ()):
        raise ValueError(f"no cup design for {entrants} entrants at {seats}-seat tables")
    if seats == 2:
        return _round_robin(entrants)
    if (entrants, seats) == AFFINE_9:
        return [CupRound(tables=tables, bye=None) for tables in _affine_nine()]
    base = DIFFERENCE_SETS[(entrants, seats)]
    tables = [tuple((d + t) % entrants for d in base) for t in range(entrants)]
    return [CupRound(tables=group, bye=None) for group in _display_rounds(tables)]


def meetings(rounds) -> dict[frozenset[int], int]:
    """How often each pair of entrants shares a table."""
    counts: dict[frozenset[int], int] = {}
    for cup_round in rounds:
        for table in cup_round.tables:
            for pair in combinations(table, 2):
                key = frozenset(pair)
                counts[key] = counts.get(key, 0) + 1
    return counts


def seat_counts(rounds, entrants, seats) -> list[list[int]]:
    """[entrant][seat position] -> how many times that entrant sits there."""
    counts = [[0] * seats for _ in range(entrants)]
    for cup_round in rounds:
        for table in cup_round.tables:
            for position, entrant in enumerate(table):
                counts[entrant][position] += 1
    return counts


def _round_robin(n: int) -> list[CupRound]:
    """The circle method on an odd m = n or n - 1: round r pairs r ± i mod m and r sits out
    (or meets the fixed entrant m when n is even). Between a and b, a sits first when b - a
    mod m is in 1..(m-1)/2, which gives everyone (m-1)/2 firsts; the fixed entrant alternates."""
    m = n if n % 2 else n - 1
    rounds = []
    for r in range(m):
        tables = []
        if n % 2 == 0:
            tables.append((m, r) if r % 2 == 0 else (r, m))
        for i in range(1, (m - 1) // 2 + 1):
            a, b = (r + i) % m, (r - i) % m
            tables.append((a, b) if (b - a) % m <= (m - 1) // 2 else (b, a))
        rounds.append(CupRound(tables=tuple(tables), bye=r if n % 2 else None))
    return rounds


def _display_rounds(tables: list[tuple[int, ...]]) -> list[tuple[tuple[int, ...], ...]]:
    """Greedy: each table goes to the first round where none of its entrants plays yet."""
    groups: list[list[tuple[int, ...]]] = []
    busy: list[set[int]] = []
    for table in tables:
        for group, taken in zip(groups, busy):
            if taken.isdisjoint(table):
                group.append(table)
                taken.update(table)
                break
        else:
            groups.append([table])
            busy.append(set(table))
    return [tuple(group) for group in groups]


@lru_cache(maxsize=1)
def _affine_nine() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """AG(2, 3): entrant 3x + y is the point (x, y); its 12 lines in 4 parallel classes are the
    rounds. Each entrant plays 4 tables on 3 seat positions, so the best balance is 2-1-1:
    the seat orders are searched (once) so that nobody sits in one position more than twice."""
    classes = []
    for dx, dy in ((0, 1), (1, 0), (1, 1), (1, 2)):
        lines, seen = [], set()
        for start in range(9):
            if start in seen:
                continue
            x, y = divmod(start, 3)
            line = tuple(3 * ((x + t * dx) % 3) + (y + t * dy) % 3 for t in range(3))
            seen.update(line)
            lines.append(line)
        classes.append(lines)
    flat = [line for lines in classes for line in lines]
    counts = [[0] * 3 for _ in range(9)]
    left = [4] * 9  # tables each entrant has still to be seated at
    chosen: list[tuple[int, ...]] = []

    def place(index: int) -> bool:
        if index == len(flat):
            return True
        for order in permutations(flat[index]):
            if any(counts[e][pos] >= 2 for pos, e in enumerate(order)):
                continue
            for pos, e in enumerate(order):
                counts[e][pos] += 1
                left[e] -= 1
            # every position at least once: enough tables left for the positions not yet taken
            if all(counts[e].count(0) <= left[e] for e in order):
                chosen.append(order)
                if place(index + 1):
                    return True
                chosen.pop()
            for pos, e in enumerate(order):
                counts[e][pos] -= 1
                left[e] += 1
        return False

    if not place(0):  # pragma: no cover - the search always succeeds (tested)
        raise RuntimeError("no balanced seating for the affine plane")
    return tuple(tuple(chosen[3 * c : 3 * c + 3]) for c in range(4))
