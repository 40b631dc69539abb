"""The odds of a fight against the Challenger's cards: it adds unseen scrolls (its deck card
and half its hand, D-S6), so a strike on its leader is a chance, not a sum."""

from __future__ import annotations

import functools
from collections import Counter

from .. import cards, solo
from . import judge

STRIKE_ODDS = 0.25  # the chance of a tag at which the leader strike is worth the scrolls


@functools.cache
def readings() -> dict[int, float]:
    """How the Challenger reads one unseen scroll (D-S6), over the whole scroll catalog."""
    counts = Counter(solo.reading(cid) for cid in cards.catalog()["scroll"])
    total = sum(counts.values())
    return {r: n / total for r, n in counts.items()}


def at_most(n_cards: int, room: int) -> float:
    """The chance that n unseen cards, read its way, add up to `room` or less."""
    if room < 0:
        return 0.0
    dist = {0: 1.0}
    for _ in range(n_cards):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for r, q in readings().items():
                if total + r <= room:
                    nxt[total + r] = nxt.get(total + r, 0.0) + p * q
        dist = nxt
    return sum(dist.values())


def its_cards(state: dict) -> int:
    """How many scrolls it will add to a fight: the deck card and half its hand (at most 8)."""
    deck = 1 if state["decks"]["scroll"] or state["decks"]["scroll_discard"] else 0
    rule = solo.DATA["hand_play"]
    return deck + min(len(state["seats"][solo.SEAT]["hand"]) // rule["divisor"], rule["max"])


def strike_odds(state: dict, seat: int, attacker: dict, defender: dict) -> float:
    """The chance that this attack succeeds with every +2/+3 die and helpful scroll we hold."""
    s, a = judge.strength(state, attacker, defender)
    s += judge.boosts(state, seat) + judge.hand_bonus(state, seat, attacker, defender, "attacking")
    return at_most(its_cards(state), s - a)
