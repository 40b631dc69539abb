"""The island cut in two, part of the last stand: guns across the lava.

Why: once lava cuts every way between the bases (the 1st edition's Earthquake turns every
Neutral tile to lava), only an Earthquake or a Tsunami we draw joins the island again, and by
then the scroll deck is empty. Traced on random-island classic seed 5: cut for good at round
51, deck and discard empty, 38 scrolls in our hand and 23 in its, its Tsunami and Earthquake
among them. The Challenger plays scrolls only in fights, and walkers never fight across the
lava, so nothing changed until the turn limit. A machine with range 2 or more (a cannon, the
Archer Tower) shoots across one lava hex: each fight takes its deck card and half its hand to
the discard, the discard becomes the deck again, and we draw the catastrophe that rejoins the
island. So on a cut island we build the ranged machine the stock and our resources allow,
nearest its units, and our walkers stop walking (they have nowhere to go).
"""

from __future__ import annotations

from .. import cards, cockfight, solo
from ..state import distance
from . import judge

RANGED = 2  # the range that reaches over one lava hex


def ranged(cid: str) -> bool:
    return cards.card(cid)["range"] >= RANGED


def _near_its(state: dict, key: str) -> int:
    """Steps as the crow flies from `key` to the nearest unit of its (99 with none)."""
    return min((distance(key, u["hex"]) for u in state["units"].values() if u["owner"] == solo.SEAT), default=99)


def build(state: dict, legal: list[dict]) -> dict | None:
    """The ranged machine to build: the longest range, then the strongest."""
    guns = [a for a in judge.by_type(legal, "build") if ranged(a["card"])]
    return max(guns, key=lambda a: (cards.card(a["card"])["range"], cards.card(a["card"])["strength"], a["card"]),
               default=None)


def spot(state: dict, frame: dict, legal: list[dict]) -> dict | None:
    """A ranged machine goes to the hex of our territory nearest its units, so its fights
    reach over the lava."""
    if frame.get("card") is None or not ranged(frame["card"]):
        return None
    spots = judge.by_type(legal, "build_at")
    return min(spots, key=lambda a: (_near_its(state, a["hex"]), a["hex"]), default=None)


def _guns_in_stock(state: dict) -> list[str]:
    return [cid for cid in state["decks"]["stock"]
            if ranged(cid) and state["supply"]["minis"][cards.card(cid)["class"]] > 0]


def _affords(res: dict, cid: str) -> bool:
    return all(res[r] >= n for r, n in cards.card(cid)["cost"].items())


def transmute(state: dict, seat: int, count: int = 3) -> dict | None:
    """The Transmutation (up to `count` of one type into another) that pays for a gun in the
    stock; None when none does."""
    res = state["seats"][seat]["res"]
    for cid in sorted(_guns_in_stock(state)):
        for a in cards.RESOURCES:
            for b in cards.RESOURCES:
                n = min(count, res[a], state["supply"][b])
                if a == b or not n:
                    continue
                after = {**res, a: res[a] - n, b: res[b] + n}
                if _affords(after, cid):
                    return {"type": "transmute", "from": a, "to": b}
    return None


def prepare(state: dict, seat: int, legal: list[dict]) -> dict | None:
    """What a gun still lacks, with a gun in the stock: a pilot (chickens home) or the
    resources (a Transmutation that pays for it)."""
    guns = _guns_in_stock(state)
    if not guns or judge.by_type(legal, "build"):
        return None
    hens = [u for u in state["units"].values() if u["owner"] == seat and u["kind"] == "chicken"]
    if len(hens) < min(cards.card(cid)["pilots"] for cid in guns):
        if not state["seats"][seat]["destroyed"]:
            return None  # every chicken pilots a machine: a Retrieve brings none (it looped till the limit)
        home = judge.by_type(legal, "retrieve")
        return min(home, key=lambda a: a["pay"] != "chicken", default=None)  # a Chicken die before the free action
    if any(_affords(state["seats"][seat]["res"], cid) for cid in guns):
        return None
    for a in judge.by_type(legal, "play_scroll"):
        eff = cockfight.effect(state, a["card"]) if cards.card(a["card"])["type"] == "magic" else {}
        if eff.get("transmute") and "replace" not in a and transmute(state, seat, eff["transmute"]):
            return a
    return None
