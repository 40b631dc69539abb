"""What happened while you were away: the other players' turns since your last move, told
from your side ("your chicken is destroyed"), with their moves and attacks as arrows on the
island. Read from the public notes kept with each turn, so it tells nothing a spectator could
not have seen."""

from __future__ import annotations

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import texts

from .labels import colour_name, seat_name

# The notes worth telling someone who was away, and whether they are a fight's result.
TOLD = {"builds", "ch_builds", "ch_builds_opening", "hit_destroys", "blast_destroys", "eruption_destroys",
        "tsunami_destroys", "burns", "epic_death", "draws_catastrophe", "erupts", "plays", "claims", "takes_base",
        "ch_takes_base", "leader_enters", "flag_taken", "flag_home", "wins", "challenger_wins", "team_wins",
        "discarded", "lava_trap", "quake", "tsunami_floods_all", "change_now"}
FIGHT = {"fight_beaten", "fight_destroys", "fight_fails", "fight_humiliates", "fight_shield"}
ATTACKS = {"attacks", "attacks_boosted"}


def owner_of(message) -> int | None:
    """The seat owning the unit a unit message names."""
    if not isinstance(message, dict) or not str(message.get("id", "")).startswith("wfci.unit."):
        return None
    who = (message.get("args") or {}).get("who") or {}
    tail = str(who.get("id", "")).rsplit(".", 1)[-1]
    return int(tail) if tail.isdigit() else None


def yours(message, me: int | None, names):
    """The message with the reader's own units said as "your ...": a unit message becomes its
    words in the reader's language; every other part is left to the renderer."""
    if isinstance(message, list):
        return [yours(m, me, names) for m in message]
    if not isinstance(message, dict):
        return message
    if me is not None and owner_of(message) == me:
        kind = message["id"].rsplit(".", 1)[-1]
        card = (message.get("args") or {}).get("card")
        card_words = texts.render(card, names) if card else ""
        if kind == "chicken":
            return _("your chicken")
        if kind == "leader":
            return _("your leader %(card)s") % {"card": card_words}
        return _("your %(card)s") % {"card": card_words}
    if "args" in message and isinstance(message["args"], dict):
        return {**message, "args": {k: yours(v, me, names) for k, v in message["args"].items()}}
    return message


def verdict(event_id: str, event: dict, attack: tuple | None, me: int | None) -> str:
    """"good" or "bad" news for the reader about a fight's result; "" when it is not theirs."""
    if me is None or attack is None:
        return ""
    attacker, defender = attack
    success = event_id != "fight_fails"
    loser = defender if success else attacker
    if loser == me:
        return "bad"
    return "good" if me in (attacker, defender) else ""


def recent_model(recent, view: dict, players: list, me: int | None) -> dict | None:
    """The account of each turn of the others since your last move, and what to draw."""
    if not recent:
        return None
    names = list(players or []) or None
    turns, paths, attacks = [], {}, []
    attack = None
    for row in recent:
        seat = row.get("seat")
        if not turns or turns[-1]["seat"] != seat:
            turns.append({"seat": seat, "colour": colour_name(seat), "name": seat_name(players, seat),
                          "lines": [], "moved": set()})
        turn = turns[-1]
        notes = row.get("notes") or {}
        for uid, owner, src, dst in notes.get("moves") or []:
            path = paths.setdefault(uid, {"owner": owner, "hexes": [src]})
            if path["hexes"][-1] != src:
                path["hexes"].append(src)
            path["hexes"].append(dst)
            turn["moved"].add(uid)
        if notes.get("attack"):
            owner, src, dst = notes["attack"]
            attacks.append({"owner": owner, "from": src, "to": dst})
        for event in notes.get("events") or []:
            event_id = str(event.get("id", "")).removeprefix("wfci.event.")
            args = event.get("args") or {}
            if event_id in ATTACKS:
                attack = (owner_of(args.get("unit")), owner_of(args.get("target")))
                continue
            if event_id not in TOLD and event_id not in FIGHT:
                continue
            line = {"text": capfirst(texts.render(yours(event, me, names), names)), "verdict": ""}
            if event_id in FIGHT:
                line["verdict"] = verdict(event_id, event, attack, me)
            turn["lines"].append(line)
    for turn in turns:
        n = len(turn.pop("moved"))
        if n:
            turn["lines"].insert(0, {"text": ngettext("%(n)s unit moved.", "%(n)s units moved.", n) % {"n": n},
                                     "verdict": ""})
    told = [t for t in turns if t["lines"]]
    bad = next((ln["text"] for t in told for ln in t["lines"] if ln["verdict"] == "bad"), None)
    teaser = bad or next((ln["text"] for t in reversed(told) for ln in reversed(t["lines"])), "")
    unique = {}
    for p in paths.values():
        if len(p["hexes"]) > 1:
            unique.setdefault((p["owner"], tuple(p["hexes"])), {"owner": p["owner"], "hexes": p["hexes"]})
    return {"turns": told, "teaser": teaser, "paths": list(unique.values()), "attacks": attacks,
            "title": ngettext("While you were away: %(n)s turn", "While you were away: %(n)s turns",
                              len(told)) % {"n": len(told)} if me is not None else _("The last turn")}
