"""The words of the Chicken Die! page: card names and texts, and every choice as a message the
template renders in the reader's language."""

from __future__ import annotations

from engine.chickendie import cards as C
from engine.messages import msg, seat as seat_arg

A = "chickendie.action."
QUIET = ("let", "leave")  # the choices that let things pass


def card_name(kind: str) -> dict:
    return msg(f"chickendie.card.{kind}.name")


def card_text(kind: str) -> dict:
    return msg(f"chickendie.card.{kind}.text")


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


def short(action: dict, kinds: dict, infertile=frozenset()) -> dict | str | None:
    """The few words a button needs where its card or row already says the rest: the chicken
    hit, or "target" for the player aimed at (their name). None: the full label."""
    if action["type"] != "play":
        return None
    name = card_name(kinds.get(action.get("chicken"), "chick")) if "chicken" in action else None
    if name is not None and action.get("chicken") in infertile:
        name = msg("chickendie.chicken.infertile", chicken=name)
    if "chicken" in action:
        return name
    if "target" in action:
        return "target"  # the player's name
    return None
