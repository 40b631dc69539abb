"""The five dice of each colour: rolling, the reroll, and spending faces (rules section 5).

A die is in exactly one place: on its owner's banner (with a face), among the spent dice, or
on a unit as a permanent +1. Faces are strings: "1", "2", "3", "claw", "chicken", "star";
D-4: all six are equally likely.
"""

from __future__ import annotations

from ..errors import IllegalAction
from ..messages import msg
from ..rng import Rng

FACES = ("1", "2", "3", "claw", "chicken", "star")
DICE_PER_COLOUR = 5


def roll_ids(state: dict, seat: int, ids: list[str]):
    """Roll these dice (they must be off the banner already) and put them on the banner."""
    rng = Rng(state["rng"])
    banner = state["seats"][seat]["banner"]
    for die in ids:
        banner.append({"id": die, "face": FACES[rng.below(6)]})
    state["rng"] = rng.state


def count(state: dict, seat: int, face: str) -> int:
    return sum(1 for d in state["seats"][seat]["banner"] if d["face"] == face)


def spend(state: dict, seat: int, face: str, n: int = 1) -> list[str]:
    """Move n dice showing `face` from the banner to the spent dice; returns their ids."""
    s = state["seats"][seat]
    picked = [d for d in s["banner"] if d["face"] == face][:n]
    if len(picked) < n:
        raise IllegalAction("wfci.refuse.need_dice", n=n, face=msg(f"wfci.face.{face}"))
    for d in picked:
        s["banner"].remove(d)
        s["spent"].append(d["id"])
    return [d["id"] for d in picked]


def roll_step(state: dict, seat: int, selected: list[str]):
    """Roll step: every spent die plus the chosen banner dice and recalled +1 dice."""
    s = state["seats"][seat]
    ids = list(s["spent"])
    s["spent"] = []
    chosen = set(selected)
    keep = []
    for d in s["banner"]:
        (ids.append(d["id"]) if d["id"] in chosen else keep.append(d))
    s["banner"] = keep
    for unit in state["units"].values():
        if unit["owner"] == seat and unit["dice"]:
            recalled = [d for d in unit["dice"] if d in chosen]
            if recalled:
                unit["dice"] = [d for d in unit["dice"] if d not in chosen]
                ids.extend(recalled)
    roll_ids(state, seat, sorted(ids))


def reroll(state: dict, seat: int, selected: list[str]):
    """The standard reroll: the chosen banner dice are rolled again."""
    s = state["seats"][seat]
    chosen = set(selected)
    ids = [d["id"] for d in s["banner"] if d["id"] in chosen]
    s["banner"] = [d for d in s["banner"] if d["id"] not in chosen]
    roll_ids(state, seat, ids)


def toggleable(state: dict, seat: int, step: str) -> list[str]:
    """Dice a player may pick for the roll (banner and +1 dice on units) or the reroll (banner)."""
    s = state["seats"][seat]
    ids = [d["id"] for d in s["banner"]]
    if step == "roll":
        for unit in state["units"].values():
            if unit["owner"] == seat:
                ids.extend(unit["dice"])
    return ids


def all_dice(state: dict, seat: int) -> list[str]:
    """Every die of a colour wherever it is (the conservation check counts them)."""
    s = state["seats"][seat]
    out = [d["id"] for d in s["banner"]] + list(s["spent"])
    for unit in state["units"].values():
        if unit["owner"] == seat:
            out.extend(unit["dice"])
    return out


def combat_value(face: str) -> int:
    return int(face) if face in ("2", "3") else 0
