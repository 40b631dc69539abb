"""The teams variant (2nd edition "Mode par équipe", 1st edition "Teams mode"), four players.

Partners sit opposite each other, so the turns alternate between the teams: seats 1 and 3
against 2 and 4 (seats 0+2 against 1+3 here), whoever plays first. A team wins once both of
its opponents carry a humiliation tag, whoever placed it. Your partner's units never count as
yours: you never move, band with, pilot or shield them, and each hand stays secret (the site
has no private channel: all table talk is public).

D-T1 (the print is silent): your partner is not your opponent either. You never fight a
partner's unit or leader, hit it with a scroll, blast it, or rob their banner (Hurricane,
classic); a moving stack may cross a hex held by your partner ("no unit may cross a hex with
opposing units") but never stops there.
D-T2: at the turn limit (D-W3) the team that placed more tags wins; equal counts are a draw.
"""

from __future__ import annotations

from ..messages import listing, msg
from .state import colour, note, who

TEAMS = ((0, 2), (1, 3))


def playing(state: dict) -> bool:
    return "teams" in state["options"]["variants"]


def teams(state: dict) -> list[list[int]] | None:
    """The two teams as lists of seats, or None outside the variant."""
    return [list(t) for t in TEAMS] if playing(state) else None


def partner(state: dict, seat: int) -> int | None:
    return (seat + 2) % 4 if playing(state) else None


def opposed(state: dict, seat: int, other: int) -> bool:
    """Whether `other`'s units are enemies of `seat`'s: anyone else's, but never a partner's."""
    return other != seat and not (playing(state) and (other - seat) % 2 == 0)


def team_of(seat: int) -> tuple[int, int]:
    return TEAMS[seat % 2]


def names(team) -> dict:
    """"Red and Yellow" as a message."""
    return listing("engine.list.and", [who(s) for s in team])


def beaten(state: dict, team) -> bool:
    """Both players of `team` carry at least one humiliation tag."""
    return all(state["seats"][s]["tags"] for s in team)


def winners(state: dict) -> tuple[int, int] | None:
    for team in TEAMS:
        if beaten(state, TEAMS[1 - TEAMS.index(team)]):
            return team
    return None


def _result(team, reason: str) -> dict:
    other = TEAMS[1 - TEAMS.index(tuple(team))]
    return {"winners": list(team), "losers": list(other), "reason": reason, "teams": [list(t) for t in TEAMS]}


def check(state: dict):
    """A tag was placed: has a team humiliated both its opponents?"""
    team = winners(state)
    if state["result"] is None and team is not None:
        state["result"] = _result(team, f"{colour(team[0])} and {colour(team[1])} humiliated both opponents")
        note(state, msg("wfci.event.team_wins", team=names(team)))


def placed(state: dict, team) -> int:
    return sum(s["tags"].count(t) for s in state["seats"] for t in team)


def turn_limit(state: dict, rounds: int):
    """D-T2: the team that placed more tags wins; equal counts are a draw."""
    scores = [placed(state, t) for t in TEAMS]
    if scores[0] == scores[1]:
        state["result"] = {"winners": [], "losers": [], "draw": [0, 1, 2, 3], "reason": "turn limit: a draw",
                           "teams": [list(t) for t in TEAMS]}
        note(state, msg("wfci.event.limit_draw"))
        return
    team = TEAMS[0] if scores[0] > scores[1] else TEAMS[1]
    state["result"] = _result(team, f"turn limit: {colour(team[0])} and {colour(team[1])} placed more humiliation tags")
    note(state, msg("wfci.event.team_limit", team=names(team), n=rounds))
