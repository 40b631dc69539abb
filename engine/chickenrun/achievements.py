"""Chicken Run's achievements, read from the turn log (docs/achievements.md says why these).

- swift: win by round 4: the chickens barely had time to run.
- small_steps: win with the step that made it, in a round your die showed 1.
- trample: trample an opposing family member (one of yours on top of a stack holding theirs).
- comeback: win a game in which your opponent once held a chicken while you held none.

Read through the board (stacks of piece codes), the dice, the round and the result.
"""

from __future__ import annotations

from . import board as B
from .moves import captures

P = "chickenrun."
CATALOG = (P + "swift", P + "small_steps", P + "trample", P + "comeback")
SWIFT_ROUNDS = 4


def _held(state: dict) -> list[int]:
    return [len(sizes) for sizes in captures(state["board"])]


def facts(before: dict, seat: int, action: dict, after: dict) -> list[dict]:
    out = []
    if action.get("type") == "step" and isinstance(action.get("to"), list):
        stack = after["board"][B.index(*action["to"])]
        if stack and B.owner(stack[-1]) == seat and any(B.owner(p) == 1 - seat for p in stack[:-1]):
            out.append({"fact": "trample", "seat": seat})
    held = _held(after)
    if held != _held(before):
        out.append({"fact": "held", "counts": held})
    if after.get("result") and not before.get("result"):
        out.append({"fact": "won", "winners": list(after["result"]["winners"]), "round": before["round"],
                    "dice": list(before["dice"]), "by": seat})
    return out


def detect(log: list[dict], table: dict) -> dict[int, set[str]]:
    got: dict[int, set[str]] = {0: set(), 1: set()}
    behind = {0: False, 1: False}  # the opponent held a chicken while this seat held none
    for entry in log:
        for f in entry["facts"]:
            if f["fact"] == "trample":
                got[f["seat"]].add(P + "trample")
            elif f["fact"] == "held":
                for s in (0, 1):
                    if f["counts"][s] == 0 and f["counts"][1 - s] >= 1:
                        behind[s] = True
            elif f["fact"] == "won":
                for w in f["winners"]:
                    if f["round"] <= SWIFT_ROUNDS:
                        got[w].add(P + "swift")
                    if f["by"] == w and f["dice"][w] == 1:
                        got[w].add(P + "small_steps")
                    if behind[w]:
                        got[w].add(P + "comeback")
    return got
