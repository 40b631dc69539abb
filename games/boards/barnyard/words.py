"""The words of the Barnyard Generals board: pieces, units, costs and every button's label."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from engine.barnyard import texts as T
from engine.barnyard.data import RESOURCES, strength
from engine.messages import msg
from games.texts import noun, render, say

ARMY = "army"


def unit_name(unit: str) -> str:
    return render(msg(f"barnyard.unit.{unit}.name"))


def resource_name(r: str) -> str:
    return render(msg(f"barnyard.resource.{r}"))


def tile_name(kind: str) -> str:
    return render(msg(f"barnyard.tile.{kind}"))


def faction_name(faction: str) -> str:
    return render(msg(f"barnyard.faction.{faction}"))


def cost(price: dict) -> str:
    """"1 corn, 2 apples": each count with its noun in the number it takes."""
    return ", ".join(say(ngettext("{n} {what}", "{n} {what:pl}", n), n=n, what=noun(msg("barnyard.resource." + r)))
                     for r, n in price.items())


def piece_label(p) -> str:
    return render(msg("barnyard.piece.army")) if p == ARMY else render(msg("barnyard.piece.general", n=p + 1))


def piece_mark(p) -> str:
    """The mark on a token: the general's number, a star for the Super Army."""
    return "\u2605" if p == ARMY else str(p + 1)


def units_text(units: list[str]) -> str:
    """"Rabbit ×2, Sheep": alike units counted."""
    return ", ".join(render(name) for name in T.grouped(units)) or _("no units")


def piece_of(view: dict, seat: int, p) -> dict | None:
    side = view["sides"][seat]
    return side["army"] if p == ARMY else side["generals"][p]


def pieces_of(side: dict) -> list[dict]:
    out = [g for g in side["generals"] if g is not None and g["sq"] is not None]
    return out + ([side["army"]] if side["army"] else [])


def choose_label(view: dict, seat: int, p) -> str:
    """"Choose general 2 on d1 (attack 4)": which piece, where, and what it hits with."""
    q = piece_of(view, seat, p)
    side = view["sides"][seat]
    return _("Choose %(piece)s on %(sq)s (attack %(a)s)") % {
        "piece": piece_label(p), "sq": view["squares"][q["sq"]]["name"],
        "a": strength(q["units"], "attack") + side["effects"].get("attack", 0)}


def detail(key: str, value, names: list[str]) -> str:
    """One parameter of a card play, in words."""
    if key == "seat":
        return names[value]
    if key == "piece":
        return piece_label(value)
    if key in ("resource", "give", "take"):
        word = resource_name(value)
        return {"give": _("give %(r)s") % {"r": word}, "take": _("take %(r)s") % {"r": word}}.get(key, word)
    if key == "unit":
        return unit_name(value)
    return str(value)


def resources_text(res: dict) -> str:
    return ", ".join(f"{resource_name(r)} {res[r]}" for r in RESOURCES)


PLACES = (gettext_lazy("First to play"), gettext_lazy("Second to play"), gettext_lazy("Third to play"),
          gettext_lazy("Fourth to play"))


def turn_place(place: int, grass: int) -> str:
    """A faction's place in the turn order and the grass it started with for it (D-10)."""
    if not grass:
        return _("%(place)s; no head start.") % {"place": PLACES[place]}
    return _("%(place)s; head start: %(list)s.") % {"place": PLACES[place], "list": f"{resource_name('grass')} {grass}"}


AUTO_FIGHT = {
    True: gettext_lazy("When attacked, let the dice decide without asking me"),
    False: gettext_lazy("When attacked, ask me before the dice roll"),
}

BUTTONS = {
    "deselect": gettext_lazy("Put it back"), "form": gettext_lazy("Form the Super Army"),
    "end_actions": gettext_lazy("End actions and harvest"), "end_marshal": gettext_lazy("Done marshalling"),
    "end_turn": gettext_lazy("End turn"), "join": gettext_lazy("Join the attack"),
    "decline": gettext_lazy("Stay out"), "fight": gettext_lazy("Let the dice decide"),
}

PHASES = {
    "barn": gettext_lazy("placing barns"), "action": gettext_lazy("actions"), "marshal": gettext_lazy("marshalling"),
    "forming": gettext_lazy("forming the Super Army"), "transfer": gettext_lazy("transfer"),
    "over": gettext_lazy("game over"),
}
