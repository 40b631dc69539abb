"""Barnyard Generals' achievements, read from the turn log (docs/achievements.md says why these).

- chickens_win: be the last faction standing as the Chickens (the island's own).
- giant_killer: win a battle attacking an enemy Super Army with a single general.
- no_army: be the last faction standing without ever forming a Super Army.
- elite: be the last faction standing with all three of your Special Forces marshalled and alive.

Read through the sides (faction, Super Army, Special Forces in reserve and lost), the last
battle's public record and the result.
"""

from __future__ import annotations

P = "barnyard."
CATALOG = (P + "chickens_win", P + "giant_killer", P + "no_army", P + "elite")
LAST_STANDING = "last_standing"


def facts(before: dict, seat: int, action: dict, after: dict) -> list[dict]:
    out = []
    for s, side in enumerate(after["sides"]):
        if side.get("army") is not None and before["sides"][s].get("army") is None and not side.get("out"):
            out.append({"fact": "army", "seat": s})
    fought = after.get("last_battle")
    if fought and fought != before.get("last_battle"):
        army = before["sides"][fought["defender"]].get("army")
        out.append({"fact": "battle", "attacker": fought["attacker"], "defender": fought["defender"],
                    "outcome": fought["outcome"], "army": bool(fought.get("army")),
                    "vs_army": army is not None and army.get("sq") == fought["target"]})
    if after.get("result") and not before.get("result"):
        sides = after["sides"]
        out.append({"fact": "won", "winners": list(after["result"]["winners"]), "reason": after["result"]["reason"],
                    "factions": [side["faction"] for side in sides],
                    "elite": [s for s, side in enumerate(sides) if not side.get("reserve") and not side.get("lost")]})
    return out


def detect(log: list[dict], table: dict) -> dict[int, set[str]]:
    got: dict[int, set[str]] = {s: set() for s in range(table["players"])}
    armies: set[int] = set()
    for entry in log:
        for f in entry["facts"]:
            if f["fact"] == "army":
                armies.add(f["seat"])
            elif f["fact"] == "battle":
                if not f["army"] and f["vs_army"] and f["outcome"] == "attacker":
                    got[f["attacker"]].add(P + "giant_killer")
            elif f["fact"] == "won" and f["reason"] == LAST_STANDING:
                for w in f["winners"]:
                    if f["factions"][w] == "chickens":
                        got[w].add(P + "chickens_win")
                    if w not in armies:
                        got[w].add(P + "no_army")
                    if w in f["elite"]:
                        got[w].add(P + "elite")
    return got
