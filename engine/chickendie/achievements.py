"""Chicken Die!'s achievements, read from the turn log (docs/achievements.md says why these).

- by_a_feather: win with a single chicken left in your flock.
- mother_hen: have 10 chickens in your flock at once.
- not_today: play Immunity to save a chicken when it is the only one you have.
- full_coop: win a game of 5 or 6 players.

Read through the flocks (one entry per chicken), the card played in an answer and the result.
"""

from __future__ import annotations

from . import cards as C

P = "chickendie."
CATALOG = (P + "by_a_feather", P + "mother_hen", P + "not_today", P + "full_coop")
BIG_FLOCK = 10
FULL_TABLE = 5


def facts(before: dict, seat: int, action: dict, after: dict) -> list[dict]:
    out = []
    for s in range(after["players"]):
        n = len(after["flocks"][s])
        if n != len(before["flocks"][s]):
            out.append({"fact": "flock", "seat": s, "n": n})
    if action.get("type") == "respond" and isinstance(action.get("card"), str):
        out.append({"fact": "answer", "seat": seat, "card": C.kind(action["card"]),
                    "flock": len(before["flocks"][seat])})
    if after.get("result") and not before.get("result"):
        out.append({"fact": "won", "winners": list(after["result"]["winners"]),
                    "flocks": [len(f) for f in after["flocks"]]})
    return out


def detect(log: list[dict], table: dict) -> dict[int, set[str]]:
    got: dict[int, set[str]] = {s: set() for s in range(table["players"])}
    for entry in log:
        for f in entry["facts"]:
            if f["fact"] == "flock" and f["n"] >= BIG_FLOCK:
                got[f["seat"]].add(P + "mother_hen")
            elif f["fact"] == "answer" and f["card"] == "immunity" and f["flock"] == 1:
                got[f["seat"]].add(P + "not_today")
            elif f["fact"] == "won":
                for w in f["winners"]:
                    if f["flocks"][w] == 1:
                        got[w].add(P + "by_a_feather")
                    if table["players"] >= FULL_TABLE:
                        got[w].add(P + "full_coop")
    return got
