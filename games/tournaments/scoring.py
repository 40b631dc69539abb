"""Points by place and standings with their tie-breaks, for any table size.

One point for each player you finish ahead of, half a point for each you share a place with:
at two seats that is chess (win 1, draw ½, loss 0), and at bigger tables a place is worth the
same whoever else sits there. docs/tournaments.md says why.
"""

from dataclasses import dataclass
from itertools import combinations


def place_points(seats: int) -> list[float]:
    """The printed scale: points for first place, second, ... last, with no shared places."""
    return [float(seats - 1 - place) for place in range(seats)]


def match_points(placement: list[list[int]], seats: int) -> dict[int, float]:
    """Points of each player id of a finished match from its placement (first place to last)."""
    if sum(len(group) for group in placement) != seats:
        raise ValueError(f"a placement of {seats} players expected, got {placement!r}")
    points: dict[int, float] = {}
    behind = seats
    for group in placement:
        behind -= len(group)
        for player in group:
            points[player] = behind + 0.5 * (len(group) - 1)
    return points


@dataclass
class Result:
    players: list[int]  # player ids in seat order (seat 0 first)
    placement: list[list[int]] | None  # player ids, first place to last; None = not finished


@dataclass
class Standing:
    player: int
    points: float
    tiebreak: float  # Sonneborn–Berger, generalised to tables
    direct: float  # direct encounter among the players tied on points and tiebreak
    firsts: int  # times in seat 0 (fewer ranks higher)
    rank: int  # 1-based; equal ranks when all keys are equal
    absent: bool


def _pairwise(placement: list[list[int]]) -> dict[tuple[int, int], float]:
    """(a, b) -> what a scored against b at this table: 1 ahead, ½ shared, 0 behind."""
    place = {player: i for i, group in enumerate(placement) for player in group}
    scores = {}
    for a, mine in place.items():
        for b, theirs in place.items():
            if a != b:
                scores[(a, b)] = 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
    return scores


def standings(
    players: list[int], results: list[Result], byes: dict[int, float], absent: set[int] = frozenset()
) -> list[Standing]:
    """The standings of `players`, sorted by rank; byes are extra points per player (no tie-break)."""
    finished = [r for r in results if r.placement is not None]
    totals: dict[int, float] = {p: 0.0 for p in players}
    for player, extra in byes.items():
        totals[player] = totals.get(player, 0.0) + extra
    pairwise: list[dict[tuple[int, int], float]] = []
    for result in finished:
        for player, points in match_points(result.placement, len(result.players)).items():
            totals[player] = totals.get(player, 0.0) + points
        pairwise.append(_pairwise(result.placement))
    sb = {p: 0.0 for p in players}
    against: dict[tuple[int, int], float] = {}
    for scores in pairwise:
        for (a, b), score in scores.items():
            if a in sb:
                sb[a] += totals.get(b, 0.0) * score
            against[(a, b)] = against.get((a, b), 0.0) + score
    firsts = {p: 0 for p in players}
    for result in finished:
        if result.players and result.players[0] in firsts:
            firsts[result.players[0]] += 1
    tied: dict[tuple[float, float], list[int]] = {}
    for p in players:
        tied.setdefault((totals[p], sb[p]), []).append(p)
    direct = {p: 0.0 for p in players}
    for group in tied.values():
        for a, b in combinations(group, 2):
            direct[a] += against.get((a, b), 0.0)
            direct[b] += against.get((b, a), 0.0)
    rows = [
        Standing(
            player=p, points=totals[p], tiebreak=sb[p], direct=direct[p], firsts=firsts[p], rank=0,
            absent=p in absent,
        )
        for p in players
    ]

    def key(s: Standing):
        return (-s.points, -s.tiebreak, -s.direct, s.firsts)

    listed = {p: i for i, p in enumerate(players)}
    rows.sort(key=lambda s: (key(s), listed[s.player]))
    for i, row in enumerate(rows):
        row.rank = rows[i - 1].rank if i and key(rows[i - 1]) == key(row) else i + 1
    return rows
