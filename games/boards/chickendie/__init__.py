"""The Chicken Die! page model: flocks as rows of cards, your hand, the piles, the die, and
every legal choice as a labelled button next to the card it concerns."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.chickendie import cards as C
from engine.messages import msg, seat as seat_arg
from games.texts import render

from ..choices import distinct_names

TEMPLATE = "games/chickendie/board.html"
A = "chickendie.action."
FACES = range(1, 7)
STEPS = ("collect", "draw", "play", "cash")
QUIET = ("let", "leave")  # the choices that let things pass


def card_name(kind: str) -> dict:
    return msg(f"chickendie.card.{kind}.name")


def card_text(kind: str) -> dict:
    return msg(f"chickendie.card.{kind}.text")


def page(view: dict, legal: list[dict], seat: int | None, players: list[str]) -> dict:
    kinds = _kinds_by_id(view)
    owners = {card["id"]: s["seat"] for s in view["seats"] for card in s["flock"]}
    pending = view["pending"] or {}
    infertile = {card["id"] for s in view["seats"] for card in s["flock"] if card.get("infertile")}
    labelled = distinct_names([dict(action=a, label=render(label(a, kinds, owners, pending.get("face"), infertile,
                                                                 pending.get("op")), players)) for a in legal])
    by_card: dict[str, list] = {}
    by_chicken: dict[str, list] = {}
    general = []
    for item in labelled:
        action = item["action"]
        if action["type"] == "play":
            by_card.setdefault(action["card"], []).append(item)
        elif action["type"] == "choose":
            by_chicken.setdefault(action["chicken"], []).append(item)
        else:
            general.append(item)
    seats = []
    for s in view["seats"]:
        seats.append({
            **s,
            "name": players[s["seat"]] if s["seat"] < len(players) and players[s["seat"]] else f"Player {s['seat'] + 1}",
            "letter": chr(ord("A") + s["seat"]),
            "is_turn": view["turn"]["seat"] == s["seat"] and not view["outcome"],
            "is_asked": pending.get("seat") == s["seat"],
            "is_you": s["seat"] == seat,
            "flock": [_card(c, by_chicken) for c in s["flock"]],
        })
    hand = [_card(c, by_card) for c in (view.get("you") or {}).get("hand", [])]
    last_roll = next((line["args"]["face"] for line in reversed(view["log"]) if line["id"] == "chickendie.log.roll"), None)
    asked = seat is not None and pending.get("seat") == seat
    return {
        "seats": seats,
        "hand": hand,
        "bar": [dict(item, quiet=item["action"]["type"] in QUIET) for item in general
                if item["action"]["type"] != "set_auto_pass"],
        "about": about(view, players) if asked else None,
        "setting": [item for item in general if item["action"]["type"] == "set_auto_pass"],
        "alert": asked and pending.get("op") in ("attack", "deaths"),  # answering someone else's move
        "steps": [{"id": s, "name": msg(f"chickendie.step.{s}"), "current": view["turn"]["step"] == s} for s in STEPS],
        "faces": [{"face": f, "name": msg(f"chickendie.face.{f}.name"), "text": msg(f"chickendie.face.{f}.text"),
                   "last": f == last_roll} for f in FACES],
        "discard": [_card(c, {}) for c in view["discard"][:6]],
        "discard_count": len(view["discard"]),
        "graveyard": [_card(c, {}) for c in view["graveyard"]],
        "table": [_card(c, {}) for c in view["table"]],
        "log": list(reversed(view["log"])),
        "turn_name": players[view["turn"]["seat"]] if view["turn"]["seat"] < len(players) else "",
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


def _kinds_by_id(view: dict) -> dict:
    kinds = {}
    for group in [view["discard"], view["graveyard"], view["table"], (view.get("you") or {}).get("hand", [])]:
        for card in group:
            kinds[card["id"]] = card["kind"]
    for s in view["seats"]:
        for card in s["flock"]:
            kinds[card["id"]] = card["kind"]
    return kinds


def _card(card: dict, actions: dict) -> dict:
    return {**card, "name": card_name(card["kind"]), "text": card_text(card["kind"]),
            "actions": actions.get(card["id"], [])}


def label(action: dict, kinds: dict, owners: dict, face=None, infertile=frozenset(), op=None) -> dict:
    """A button's words, as a message the template renders in the reader's language. A Hen with
    an Infertility on it is named so: it is the one choice that tells two Hens apart; a choice
    made while a Hen Swap waits is a Hen the player receives."""
    kind = action["type"]
    name = lambda cid: card_name(kinds.get(cid, C.kind(cid) if cid in C.all_ids() else "chick"))  # noqa: E731

    def chicken(cid):
        return msg("chickendie.chicken.infertile", chicken=name(cid)) if cid in infertile else name(cid)

    if kind == "play":
        card = name(action["card"])
        category = C.category(action["card"])
        if category == "specialty":
            return msg(A + "put", card=card)
        if "target" in action and "chicken" in action:
            return msg(A + "play_on_chicken", card=card, target=seat_arg(action["target"]), chicken=chicken(action["chicken"]))
        if "target" in action:
            return msg(A + "play_on", card=card, target=seat_arg(action["target"]))
        if "n" in action:
            return msg(A + "incubate", card=card, n=action["n"], eggs=2 * action["n"])
        if "chicken" in action:
            return msg(A + "resurrect", card=card, chicken=name(action["chicken"]))
        return msg(A + "play", card=card)
    if kind == "cash":
        cost = C.rules()["cash"][action["for"]]
        return msg(A + ("cash_card" if action["for"] == "card" else "cash_chick"), n=cost)
    if kind == "choose":
        return msg(A + ("receive" if op == "swap" else "choose"), chicken=chicken(action["chicken"]),
                   owner=seat_arg(owners.get(action["chicken"], 0)))
    if kind == "respond":
        if "chicken" in action:
            return msg(A + "save", card=name(action["card"]), chicken=chicken(action["chicken"]))
        return msg(A + "respond", card=name(action["card"]))
    if kind == "set_auto_pass":
        return msg(A + ("auto_pass_on" if action["on"] else "auto_pass_off"))
    if kind in ("take", "leave"):
        return msg(A + kind, face=face)
    return msg(A + kind)
