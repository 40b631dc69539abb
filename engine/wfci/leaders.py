"""A leader's printed abilities, read by the turn's actions and the card effects alike.

The solo Challenger never uses its leader's ability (rules section 10).
"""

from __future__ import annotations

from . import cards, solo


def leader_abilities(state: dict, seat: int) -> list[dict]:
    leader = state["seats"][seat]["leader"]
    if leader is None or solo.is_challenger(state, seat):
        return []
    return cards.card(leader)["abilities"]


def leader_value(state: dict, seat: int, word: str) -> int:
    return sum(ab.get(word, 0) for ab in leader_abilities(state, seat))
