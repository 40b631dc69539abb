"""Hen Swap: "Swap all of your Hens (even if 0) with an opponent's Hens. Receive up to 3 hens."

The print names no chooser, so the player who swaps chooses which of the opponent's Hens they
receive, one at a time; they receive as many as the card allows (all, at most three). Hens are
supply cards, alike but for an Infertility lying on one (D-14), so the choice is only asked
while both kinds are left and not all of them go over. Then all of the swapper's Hens go to
the opponent and the chosen ones come back, at the same moment.

    {"op": "swap", "by": attacker, "target": seat, "taken": [hen ids chosen so far]}
    {"type": "choose", "chicken": id}     the swapper's choice of the next Hen
"""

from __future__ import annotations

from . import cards as C
from . import flock as F
from .effects import pop
from .events import log, who


def still_to_take(state: dict, frame: dict) -> tuple[list[dict], int]:
    """The target's Hens not yet chosen, and how many more the swapper receives."""
    left = [e for e in F.of_kind(state, frame["target"], C.HEN) if e["id"] not in frame["taken"]]
    return left, C.rules()["hen_swap_max"] - len(frame["taken"])


def choices(state: dict, frame: dict) -> list[dict]:
    left, need = still_to_take(state, frame)
    return F.distinct(left) if len(left) > need > 0 else []


def process_swap(state: dict, frame: dict) -> None:
    while True:
        left, need = still_to_take(state, frame)
        if need <= 0 or not left:
            break
        if len(left) <= need:
            frame["taken"] += [e["id"] for e in left]
            break
        options = F.distinct(left)
        if len(options) > 1:
            frame["ask"] = frame["by"]
            return
        frame["taken"].append(options[0]["id"])
    pop(state)
    _swap(state, frame)


def legal_swap(state: dict, frame: dict, seat: int) -> list[dict]:
    return [{"type": "choose", "chicken": e["id"]} for e in choices(state, frame)]


def act_swap(state: dict, frame: dict, seat: int, action: dict) -> None:
    frame["ask"] = None
    frame["taken"].append(action["chicken"])
    log(state, "picks", who=who(seat), owner=who(frame["target"]),
        chicken=F.chicken_name(F.find(state, frame["target"], action["chicken"])))


def _swap(state: dict, frame: dict) -> None:
    by, target = frame["by"], frame["target"]
    mine = F.of_kind(state, by, C.HEN)
    theirs = [e for e in F.of_kind(state, target, C.HEN) if e["id"] in frame["taken"]]
    for hen in mine:
        state["flocks"][by].remove(hen)
        state["flocks"][target].append(hen)
    for hen in theirs:
        state["flocks"][target].remove(hen)
        state["flocks"][by].append(hen)
    log(state, "hen_swap", who=who(by), target=who(target), gave=len(mine), got=len(theirs))


HANDLERS = {"swap": (process_swap, legal_swap, act_swap)}
