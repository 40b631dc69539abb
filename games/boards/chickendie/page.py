"""The Chicken Die! page model: your flock and your hand, the cards played this round, the other
flocks (a chicken to choose is tapped), the die, the piles, the graveyard and every death, and
the decision bar's choices.

A card with one choice is itself the button; a card aimed at players or chickens carries one
small button per target, grouped by player, so a hand fits on a phone's screen. What the
decision is about comes first: your flock and your hand, or the flocks when the choice is one
of another player's chickens."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.chickendie import cards as C
from engine.messages import msg
from games.texts import render

from ..choices import distinct_names
from . import played
from .labels import QUIET, card_name, card_text, label, short

FACES = range(1, 7)
STEPS = ("collect", "draw", "play", "cash")


def seat_names(view: dict, players: list[str]) -> list[str]:
    """The players' names; two that read alike (bots of one kind) get their seat's letter."""
    names = [players[s] if s < len(players) and players[s] else _("Player %(n)s") % {"n": s + 1}
             for s in range(view["players"])]
    return [f"{n} {letter(i)}" if names.count(n) > 1 else n for i, n in enumerate(names)]


def letter(seat: int) -> str:
    return chr(ord("A") + seat)


def page(view: dict, legal: list[dict], seat: int | None, players: list[str]) -> dict:
    names = seat_names(view, players)
    kinds = _kinds_by_id(view)
    owners = {card["id"]: s["seat"] for s in view["seats"] for card in s["flock"]}
    pending = view["pending"] or {}
    infertile = {card["id"] for s in view["seats"] for card in s["flock"] if card.get("infertile")}
    labelled = distinct_names([dict(action=a, label=render(label(a, kinds, owners, pending.get("face"), infertile,
                                                                 pending.get("op")), names)) for a in legal])
    by_card: dict[str, list] = {}
    by_chicken: dict[str, list] = {}
    general = []
    for item in labelled:
        action = item["action"]
        if action["type"] == "play":
            words = short(action, kinds, infertile)
            item["short"] = names[action["target"]] if words == "target" else \
                render(words, names) if words is not None else item["label"]
            by_card.setdefault(action["card"], []).append(item)
        elif action["type"] == "choose":
            by_chicken.setdefault(action["chicken"], []).append(item)
        else:
            general.append(item)
    asked = seat is not None and pending.get("seat") == seat
    seats = [_seat(s, view, seat, names, by_chicken, pending) for s in view["seats"]]
    last_roll = next((line["args"]["face"] for line in reversed(view["log"]) if line["id"] == "chickendie.log.roll"), None)
    return {
        "names": names,
        "seats": seats,
        "you": next((s for s in seats if s["is_you"]), None),
        "others": [s for s in seats if not s["is_you"]],
        # a chicken of someone else's to tap: their flocks come before your hand
        "flocks_first": any(owners.get(cid) != seat for cid in by_chicken),
        "hand": [_hand_card(c, by_card) for c in (view.get("you") or {}).get("hand", [])],
        "bar": [dict(item, quiet=item["action"]["type"] in QUIET) for item in general
                if item["action"]["type"] != "set_auto_pass"],
        "about": about(view, names) if asked else None,
        "setting": [item for item in general if item["action"]["type"] == "set_auto_pass"],
        "alert": asked and pending.get("op") in ("attack", "deaths"),  # answering someone else's move
        "step": _step(view),
        "faces": [{"face": f, "name": msg(f"chickendie.face.{f}.name"), "text": msg(f"chickendie.face.{f}.text"),
                   "last": f == last_roll} for f in FACES],
        "discard": [_card(c) for c in view["discard"][:6]],
        "discard_count": len(view["discard"]),
        "graveyard": [_card(c) for c in view["graveyard"]],
        "deaths": deaths(view, names),
        "table": _table(view, names),
        "played": _played(view, names),
        "log": [render(line, names) for line in reversed(view["log"])],
        "turn_name": names[view["turn"]["seat"]] if view["turn"]["seat"] < len(names) else "",
    }


def about(view: dict, players: list[str]) -> str | None:
    """What the decision is about, beside the prompt: the card or face being resolved, or the
    Eggs there are to cash in."""
    pending = view["pending"] or {}
    op = pending.get("op")
    if op == "attack":
        name, text = card_name(pending["card"]["kind"]), card_text(pending["card"]["kind"])
    elif op in ("deaths", "pick"):
        name, text = card_name(pending["cause"]), card_text(pending["cause"])
    elif op == "swap":
        name, text = card_name("hen_swap"), card_text("hen_swap")
    elif op == "roll":
        name, text = msg(f"chickendie.face.{pending['face']}.name"), msg(f"chickendie.face.{pending['face']}.text")
    elif op == "turn" and pending.get("step") == "cash":
        eggs = (view.get("you") or {}).get("eggs") or 0
        return ngettext("You have %(n)s Egg.", "You have %(n)s Eggs.", eggs) % {"n": eggs}
    else:
        return None
    return _("%(name)s: %(text)s") % {"name": render(name, players), "text": render(text, players)}


def deaths(view: dict, names: list[str]) -> list[dict]:
    """Per player, the chickens that died this game ("Hen ×2, Chick")."""
    per: dict[int, dict] = {}
    for d in view.get("deaths", []):
        per.setdefault(d["seat"], {})
        per[d["seat"]][d["kind"]] = per[d["seat"]].get(d["kind"], 0) + 1
    out = []
    for s in sorted(per):
        parts = [render(card_name(k)) + (f" ×{n}" if n > 1 else "") for k, n in per[s].items()]
        out.append({"seat": s, "letter": letter(s), "name": names[s], "chickens": ", ".join(parts),
                    "n": sum(per[s].values())})
    return out


def _step(view: dict) -> dict | None:
    turn = view["turn"]
    if view["outcome"] or turn["step"] not in STEPS:
        return None
    return {"name": msg(f"chickendie.step.{turn['step']}")}


def _table(view: dict, names: list[str]) -> list[dict]:
    """The card being resolved, with who played it on whom."""
    pending = view["pending"] or {}
    out = []
    for c in view["table"]:
        item = _card(c)
        if pending.get("op") == "attack" and pending["card"]["id"] == c["id"]:
            item["who"] = _("%(by)s on %(target)s") % {"by": names[pending["by"]], "target": names[pending["target"]]}
        out.append(item)
    return out


def _played(view: dict, names: list[str]) -> dict:
    events = played.events(view["log"], view["players"], names)
    for e in events:
        e["name"] = card_name(e["card"]) if e["card"] else None
        e["category"] = C.info(e["card"]).get("category", "") if e["card"] in C.card_types() else ""
        e["text"] = card_text(e["card"]) if e["card"] and not e["after"] and not e["answers"] else None
        for a in e["answers"]:
            a["name"] = card_name(a["card"]) if a["card"] else None
    for e in events:  # an instant card may hit a dozen chickens: the first lines, the rest a tap away
        e["after"], e["after_more"] = e["after"][:played.LINES], e["after"][played.LINES:]
    return {"shown": events[:played.SHOWN], "more": events[played.SHOWN:]}


def _seat(s: dict, view: dict, seat: int | None, names: list[str], by_chicken: dict, pending: dict) -> dict:
    """A flock as chips: alike supply chickens counted in one chip, each Specialty its own."""
    chips: list[dict] = []
    index: dict = {}
    for card in s["flock"]:
        special = card["category"] == "specialty"
        key = card["id"] if special else (card["kind"], bool(card.get("infertile")))
        actions = by_chicken.get(card["id"], [])
        if key in index:
            chip = chips[index[key]]
            chip["n"] += 1
            chip["actions"] = chip["actions"] or actions
            continue
        index[key] = len(chips)
        chips.append({**card, "name": card_name(card["kind"]), "text": card_text(card["kind"]), "n": 1,
                      "special": special, "actions": actions})
    return {
        **s, "name": names[s["seat"]], "letter": letter(s["seat"]),
        "is_turn": view["turn"]["seat"] == s["seat"] and not view["outcome"],
        "is_asked": pending.get("seat") == s["seat"], "is_you": s["seat"] == seat, "chips": chips,
    }


def _hand_card(card: dict, by_card: dict) -> dict:
    """A card in hand: the whole card is the button when it has one choice; else one row of
    small buttons per player aimed at (or one row of plain choices)."""
    actions = by_card.get(card["id"], [])
    rows: list[dict] = []
    if len(actions) > 1:
        for item in actions:
            target = item["action"].get("target") if "chicken" in item["action"] else None
            if not rows or rows[-1]["target"] != target:
                rows.append({"target": target, "letter": letter(target) if target is not None else "", "items": []})
            rows[-1]["items"].append(item)
    return {**_card(card), "single": actions[0] if len(actions) == 1 else None, "rows": rows}


def _card(card: dict) -> dict:
    return {**card, "name": card_name(card["kind"]), "text": card_text(card["kind"])}


def _kinds_by_id(view: dict) -> dict:
    kinds = {}
    for group in [view["discard"], view["graveyard"], view["table"], (view.get("you") or {}).get("hand", [])]:
        for card in group:
            kinds[card["id"]] = card["kind"]
    for s in view["seats"]:
        for card in s["flock"]:
            kinds[card["id"]] = card["kind"]
    return kinds
