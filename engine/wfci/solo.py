"""The solo card (data/solo.json, rules section 10): what the rules themselves must know of
the Challenger, its seat, the priority hex and how it reads its scrolls.

The Challenger's own steps live in the challenger package, above the rules and the turn flow
that call them; the package registers them in STEPS when it is imported, so nothing here
imports upward.
"""

from __future__ import annotations

import json
from pathlib import Path

from . import cards, priority
from .options import SOLO_MODES
from .state import hx, pt, ruleset

DATA = json.loads((Path(__file__).parent / "data" / "solo.json").read_text(encoding="utf-8"))
SEAT = DATA["seat"]
HUMAN = 1 - SEAT
READING = DATA["card_reading"]

STEPS: dict = {}


def is_challenger(state: dict, seat) -> bool:
    return seat == SEAT and state["options"]["mode"] in SOLO_MODES


# -- the priority hex ------------------------------------------------------------------------

def _bases(state: dict):
    """(from, to) of direction 1: "the direction you are facing" (both editions), and "you" is
    the person playing, who faces the Challenger: from your base toward its base (D-W24)."""
    return pt(state["seats"][HUMAN]["base"]), pt(state["seats"][SEAT]["base"])


def priority_neighbors(state: dict, center: str) -> list:
    """Around `center`, directions 1..6 clockwise, 1 pointing from your base toward its base."""
    yours, its = _bases(state)
    return priority.priority_neighbors(pt(center), yours, its)


def by_priority(state: dict, center: str, keys) -> list[str]:
    """Hexes in the order the priority hex around `center` ranks them (ties: nearest first)."""
    yours, its = _bases(state)
    return [hx(h) for h in priority.priority_order(pt(center), [pt(k) for k in keys], yours, its)]


def pick_hex(state: dict, center: str, keys) -> str | None:
    """The priority hex's choice among several hexes (where a leader escapes lava, say)."""
    ranked = by_priority(state, center, keys)
    return ranked[0] if ranked else None


# -- reading its revealed cards --------------------------------------------------------------

def printed_bonus(cid: str) -> int:
    """The biggest strength/armor bonus printed on a card, whatever it applies to (D-S6)."""
    c = cards.card(cid)
    values = []
    if c["type"] == "magic":
        values = [c["effect"].get(k, 0) for k in ("strength", "armor", "power", "per_pilot")]
    elif c["type"] == "strategy":
        values = [v for ab in c["effect"] for v in ab.get("bonus", {}).values()]
    return max(values, default=0)


def reading(cid: str) -> int:
    bonus = printed_bonus(cid)
    return bonus if bonus >= READING["bonus_from"] else READING["otherwise"]


def is_its_card(state: dict, entry: dict) -> bool:
    return entry["seat"] == SEAT and ruleset(state).solo


def draws(cid: str) -> int:
    """The only effect of its cards besides the bonus: scrolls the card makes it draw."""
    c = cards.card(cid)
    return c["effect"].get("draw", 0) if c["type"] == "magic" else 0
