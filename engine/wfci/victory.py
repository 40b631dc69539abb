"""Humiliation tags, the victory conditions and the turn limit (rules section 9).

Limits: each colour has 3 tags; a banner holds at most 3 tags and at most 2 from one opponent.
D-W2: when a beaten leader cannot receive a tag (the attacker has none left, or the banner is
full, or already holds 2 of that colour) the success has no further effect.
Victory (D-6): with 2 players, `tags_to_win_two_player` tags on the single opponent's banner;
with 3-4 players, one tag on each of 2 different opponents' banners.
D-W3 (the guard against endless games): after MAX_ROUNDS rounds the game stops; whoever has
placed the most tags wins, and if that is a tie, everybody tied shares a draw. A solo game has
no printed limit either: ours stops it unfinished, with no winner and no loser (D-S10).
"""

from __future__ import annotations

from ..messages import msg
from . import teams
from .solo import HUMAN, SEAT
from .state import colour, note, ruleset, who

TAGS_PER_COLOUR = 3
BANNER_TAGS = 3
SAME_COLOUR = 2
MAX_ROUNDS = 150


def can_humiliate(state: dict, attacker: int, defender: int) -> bool:
    banner = state["seats"][defender]["tags"]
    return (state["seats"][attacker]["tags_left"] > 0 and len(banner) < BANNER_TAGS
            and banner.count(attacker) < SAME_COLOUR)


def humiliate(state: dict, attacker: int, defender: int) -> bool:
    """Place one of the attacker's tags on the defender's banner; then check for a winner."""
    if not can_humiliate(state, attacker, defender):
        return False
    state["seats"][attacker]["tags_left"] -= 1
    state["seats"][defender]["tags"].append(attacker)
    check(state)
    return True


def remove_tag(state: dict, seat: int, opponent: int):
    """5 stars: one of `opponent`'s tags leaves `seat`'s banner and goes back to its owner."""
    state["seats"][seat]["tags"].remove(opponent)
    state["seats"][opponent]["tags_left"] += 1


def winner(state: dict) -> int | None:
    n = state["players"]
    rs = ruleset(state)
    if rs.solo:  # you need solo_tags_to_win tags on the Challenger; one tag on you loses
        if state["seats"][SEAT]["tags"].count(HUMAN) >= rs.solo_tags_to_win:
            return HUMAN
        if state["seats"][HUMAN]["tags"].count(SEAT) >= 1:
            return SEAT
        return None
    for seat in range(n):
        on = [state["seats"][o]["tags"].count(seat) for o in range(n) if o != seat]
        if n == 2:
            if on[0] >= ruleset(state).tags_to_win_two_player:
                return seat
        elif sum(1 for k in on if k >= 1) >= 2:
            return seat
    return None


def check(state: dict):
    if state["result"] is not None:
        return
    if teams.playing(state):
        teams.check(state)
        return
    seat = winner(state)
    if seat is not None:
        reason = f"{colour(seat)} humiliated enough opponents"
        if ruleset(state).solo:
            reason = "the Challenger humiliated you" if seat == SEAT else "you humiliated the Challenger"
        state["result"] = {"winners": [seat], "losers": [s for s in range(state["players"]) if s != seat],
                           "reason": reason}
        note(state, msg("wfci.event.challenger_wins") if reason.startswith("the Challenger")
             else msg("wfci.event.wins", who=who(seat)))


def placed(state: dict, seat: int) -> int:
    return sum(s["tags"].count(seat) for s in state["seats"])


def turn_limit(state: dict):
    """D-W3: stop a game that has run MAX_ROUNDS rounds."""
    if state["result"] is not None or state["round"] <= MAX_ROUNDS:
        return
    if ruleset(state).solo:  # D-S10: the print has no limit; ours ends the game unfinished, nobody lost
        state["result"] = {"winners": [], "losers": [], "unfinished": True,
                           "reason": f"turn limit: unfinished after {MAX_ROUNDS} rounds"}
        note(state, msg("wfci.event.limit_unfinished", n=MAX_ROUNDS))
        return
    if teams.playing(state):
        teams.turn_limit(state, MAX_ROUNDS)
        return
    scores = [placed(state, s) for s in range(state["players"])]
    best = max(scores)
    top = [s for s, v in enumerate(scores) if v == best]
    if len(top) == 1:
        state["result"] = {"winners": top, "losers": [s for s in range(state["players"]) if s not in top],
                           "reason": f"turn limit: {colour(top[0])} placed the most humiliation tags"}
    else:
        state["result"] = {"winners": [], "losers": [], "draw": top,
                           "reason": "turn limit: a draw"}
    note(state, msg("wfci.event.limit_draw") if not state["result"]["winners"]
         else msg("wfci.event.limit_most_tags", who=who(state["result"]["winners"][0])))


def everyone_loses(state: dict, reason: str, message: dict):
    """Expert: the scroll deck holds only catastrophes, the island wins."""
    state["result"] = {"winners": [], "losers": list(range(state["players"])), "reason": reason}
    note(state, message)
