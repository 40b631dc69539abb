"""A match's full placement: the seats from first place to last, seats sharing a place together.

Every outcome carries `"placement": [[seat, ...], ...]` (each inner list sorted, every seat
exactly once, the winners first whenever there are winners), so a table of three or more can be
scored by place and not only by who won. The engines build theirs from their own rules
(`ranked`); the site builds the placement of a forfeit from its winners and losers
(`from_winners`) and moves seats that left the game to the last place (`last`); older outcomes,
stored before placements existed, are read through `of`. Pure: no Django, JSON-able lists.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable


def _seats(players) -> list[int]:
    return list(range(players)) if isinstance(players, int) else sorted(players)


def ranked(seats: Iterable[int], key: Callable[[int], Hashable]) -> list[list[int]]:
    """Seats by `key`, the greatest first; equal keys share a place."""
    groups: dict = {}
    for s in seats:
        groups.setdefault(key(s), []).append(s)
    return [sorted(groups[k]) for k in sorted(groups, reverse=True)]


def from_winners(winners: Iterable[int], losers: Iterable[int], seats) -> list[list[int]]:
    """Winners, then seats that neither won nor lost, then losers; no winners and no losers (or
    everybody lost): one shared place."""
    won, lost = set(winners), set(losers) - set(winners)
    everyone = _seats(seats)
    middle = [s for s in everyone if s not in won and s not in lost]
    places = [sorted(won), middle, sorted(s for s in everyone if s in lost)]
    return [p for p in places if p] if won or middle else [everyone]


def of(outcome: dict | None, players) -> list[list[int]]:
    """The outcome's placement, or for an older outcome without one, its winners before its losers."""
    outcome = outcome or {}
    placement = outcome.get("placement")
    if placement is not None:
        return [list(p) for p in placement]
    return from_winners(outcome.get("winners") or [], outcome.get("losers") or [], players)


def last(placement: list[list[int]], seats: Iterable[int]) -> list[list[int]]:
    """The same order with `seats` (those who forfeited) taken out and sharing the last place."""
    gone = set(seats)
    if not gone:
        return [list(p) for p in placement]
    kept = [[s for s in p if s not in gone] for p in placement]
    return [p for p in kept if p] + [sorted(gone)]


def is_placement(placement, players) -> bool:
    """Non-empty sorted places of whole seats, every seat of the table exactly once."""
    if not isinstance(placement, list) or not all(isinstance(p, list) and p for p in placement):
        return False
    flat = [s for p in placement for s in p]
    return (all(type(s) is int for s in flat) and all(p == sorted(p) for p in placement)
            and sorted(flat) == _seats(players))


def agrees(outcome: dict, players) -> bool:
    """A valid placement that puts the winners (if any) alone in first place and no loser ahead
    of a seat that did not lose."""
    placement = outcome.get("placement")
    if not is_placement(placement, players):
        return False
    winners, losers = sorted(outcome.get("winners") or []), set(outcome.get("losers") or [])
    if winners and placement[0] != winners:
        return False
    seen_loser = False
    for p in placement:
        if seen_loser and any(s not in losers for s in p):
            return False
        seen_loser = seen_loser or any(s in losers for s in p)
    return True
