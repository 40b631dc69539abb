"""The full placement of a finished game (docs/wfci-rules-decisions.md, "Placement").

The print ranks only the winner (1st ed. §1 "Objective", 2nd ed. "Objectif"); the others are
ranked by the print's own measure of progress: how many different opponents' banners carry
their tags (the 3-4 player victory), then how many tags they placed (our turn limit, D-W3).
In capture the flag, by the opponents' flags their units carry. Teams: partners share their
team's place. Solo: the winner before the Challenger (or you). No winner and nobody ahead
(an unfinished solo game, a draw of the teams, the island winning in expert): one shared place.
"""

from __future__ import annotations

from ..placement import from_winners, ranked


def _tags_progress(state: dict, seat: int) -> tuple[int, int]:
    banners = [s["tags"] for o, s in enumerate(state["seats"]) if o != seat]
    return sum(1 for b in banners if seat in b), sum(b.count(seat) for b in banners)


def _flags_held(state: dict, seat: int) -> tuple[int, int]:
    units = state["units"]
    return sum(1 for f in state["flags"] if f["seat"] != seat and f.get("unit") in units
               and units[f["unit"]]["owner"] == seat), 0


def placement(state: dict, result: dict) -> list[list[int]]:
    n = state["players"]
    winners = list(result.get("winners") or [])
    top = winners or list(result.get("draw") or [])
    if result.get("teams") or not top:
        return from_winners(winners, result.get("losers") or [], n)
    progress = _flags_held if "flags" in state else _tags_progress
    rest = ranked((s for s in range(n) if s not in top), lambda s: progress(state, s))
    return [sorted(top), *rest]
