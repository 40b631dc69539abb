"""Swiss pairing for two-player games: by score, never a rematch, first seat balanced.

One maximum-weight matching (networkx, Edmonds' blossom algorithm) over the pairs that have not
met yet finds a whole round at once, so a round that can be paired without rematch always is
(a greedy top-down pairing can paint itself into a corner). docs/tournaments.md says why.
"""

from dataclasses import dataclass, field

import networkx as nx


@dataclass
class SwissPlayer:
    id: int  # an opaque id (the caller's entrant or user id)
    points: float
    opponents: set[int]  # ids already met
    firsts: int  # games played in seat 0
    seconds: int  # games played in seat 1
    byes: int  # pairing byes already received
    rank: int = 0  # current standing order (0 best), ties broken by the caller; order only
    last_seat: int | None = None  # the seat of the last game played, if any


@dataclass
class Pairing:
    games: list[tuple[int, int]] = field(default_factory=list)  # (first seat id, second seat id)
    bye: int | None = None


class CannotPair(Exception):
    """The round cannot be paired; `reason` is a stable code the site turns into a sentence."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason  # "too_few_players" | "no_pairing_without_rematch"


def rounds_possible(n_players: int) -> int:
    """How many rounds a full round robin of this field has: no Swiss can pair more."""
    if n_players < 2:
        return 0
    return n_players - 1 if n_players % 2 == 0 else n_players


def pair_round(players: list[SwissPlayer]) -> Pairing:
    """Pair one round of `players` (those still in: not withdrawn)."""
    if len(players) < 2:
        raise CannotPair("too_few_players")
    order = sorted(players, key=lambda p: (-p.points, p.rank, p.id))
    bye = None
    field_ = order
    if len(order) % 2:
        bye = _bye(order)
        field_ = [p for p in order if p.id != bye.id]
    games = _match(field_)
    return Pairing(games=games, bye=bye.id if bye else None)


def _allowed(a: SwissPlayer, b: SwissPlayer) -> bool:
    return b.id not in a.opponents and a.id not in b.opponents


def _seats_kept(a: SwissPlayer, b: SwissPlayer) -> bool:
    """Whether a and b can meet without either going three games out of first-seat balance
    (only two players both two firsts up, or both two seconds up, cannot)."""
    return not (abs(a.firsts - a.seconds) >= 2 and a.firsts - a.seconds == b.firsts - b.seconds)


def _perfect(players: list[SwissPlayer], seats: bool = False) -> bool:
    """Whether these players can all be paired without a rematch (and, with `seats`, without
    anyone going three games out of first-seat balance)."""
    graph = nx.Graph()
    graph.add_nodes_from(range(len(players)))
    for i, a in enumerate(players):
        for j in range(i + 1, len(players)):
            b = players[j]
            if _allowed(a, b) and (not seats or _seats_kept(a, b)):
                graph.add_edge(i, j)
    return len(nx.max_weight_matching(graph, maxcardinality=True)) * 2 == len(players)


def _bye(order: list[SwissPlayer]) -> SwissPlayer:
    """The lowest-ranked of those with the fewest byes for whom the rest can still be paired;
    among those with as few byes, one around whom the rest also keeps first seats in balance
    comes first."""
    position = {p.id: i for i, p in enumerate(order)}
    fallback = None  # the first around whom the rest pairs, seats or not
    for candidate in sorted(order, key=lambda p: (p.byes, -position[p.id])):
        if fallback is not None and candidate.byes > fallback.byes:
            break
        rest = [p for p in order if p.id != candidate.id]
        if _perfect(rest, seats=True):
            return candidate
        if fallback is None and _perfect(rest):
            fallback = candidate
    if fallback is None:
        raise CannotPair("no_pairing_without_rematch")
    return fallback


def _seats(a: SwissPlayer, b: SwissPlayer, position: dict[int, int]) -> tuple[SwissPlayer, SwissPlayer]:
    """(first, second): who owes more first seats sits first; then whose last game was second;
    then the higher-ranked."""
    owe_a, owe_b = a.seconds - a.firsts, b.seconds - b.firsts
    if owe_a != owe_b:
        return (a, b) if owe_a > owe_b else (b, a)
    if a.last_seat != b.last_seat and 1 in (a.last_seat, b.last_seat):
        return (a, b) if a.last_seat == 1 else (b, a)
    return (a, b) if position[a.id] < position[b.id] else (b, a)


def _match(players: list[SwissPlayer]) -> list[tuple[int, int]]:
    """The best perfect matching without rematch; weights, strongest first: nobody three seats
    out of balance, equal scores, the rank order (top half of a score group against its bottom
    half), then nobody two seats out of balance."""
    n = len(players)
    position = {p.id: i for i, p in enumerate(players)}
    groups: dict[float, list[int]] = {}
    for p in players:
        groups.setdefault(p.points, []).append(p.id)
    max_gap = max(round(2 * abs(p.points - q.points)) for p in players for q in players)
    w_rank = 2 * n + 1  # above every seat-balance cost summed over a round
    w_score = w_rank * (n * n + 1)  # above every rank cost summed over a round
    w_hard = w_score * (n * max_gap * max_gap + 1)  # above every score cost summed over a round
    base = w_hard * (n + 1)
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for i, a in enumerate(players):
        for j in range(i + 1, n):
            b = players[j]
            if not _allowed(a, b):
                continue
            first, second = _seats(a, b, position)
            imbalance = (abs(first.firsts + 1 - first.seconds), abs(second.firsts - second.seconds - 1))
            hard = sum(1 for x in imbalance if x > 2)
            soft = sum(1 for x in imbalance if x == 2)
            gap = round(2 * abs(a.points - b.points))
            group = groups[a.points] if a.points >= b.points else groups[b.points]
            distance = abs(position[a.id] - position[b.id])
            rank_cost = abs(distance - len(group) // 2) if gap == 0 else distance
            cost = hard * w_hard + gap * gap * w_score + rank_cost * w_rank + soft
            graph.add_edge(i, j, weight=base - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matching) * 2 != n:
        raise CannotPair("no_pairing_without_rematch")
    games = []
    for i, j in matching:
        first, second = _seats(players[i], players[j], position)
        games.append((first.id, second.id))
    games.sort(key=lambda g: min(position[g[0]], position[g[1]]))
    return games
