"""Barnyard Generals page model: the square grid, pieces, choices and the factions' boards.

Moves and attacks are squares on the grid, cards carry their own buttons, marshalling and
transfers are lists under the grid; the rest (choosing a piece, casualties, ending a phase, a
battle's answers) goes to the decision bar with a line on what is being decided."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from engine.barnyard.data import FACTIONS, RESOURCES, TROOPS, UNITS, strength
from engine.barnyard.general import win_chance
from engine.messages import msg
from games.texts import labelled, noun, person, render, say

from ..choices import distinct_names

TEMPLATE = "games/barnyard/board.html"
CELL = 40
SQUARE_ACTIONS = ("barn", "move", "retreat")


def unit_name(unit: str) -> str:
    return render(msg(f"barnyard.unit.{unit}.name"))


def card_text(kind: str) -> dict:
    return {"kind": kind, "name": render(msg(f"barnyard.card.{kind}.name")),
            "text": render(msg(f"barnyard.card.{kind}.text"))}


def _cost(cost: dict) -> str:
    """"1 corn, 2 apples": each count with its noun in the number it takes."""
    return ", ".join(say(ngettext("{n} {what}", "{n} {what:pl}", n), n=n, what=noun(msg("barnyard.resource." + r)))
                     for r, n in cost.items())


def _faction(view: dict, seat: int) -> dict:
    return next(f for f in FACTIONS if f["id"] == view["sides"][seat]["faction"])


def _pieces_of(side: dict) -> list[dict]:
    out = [g for g in side["generals"] if g is not None and g["sq"] is not None]
    return out + ([side["army"]] if side["army"] else [])


def _piece_label(p) -> str:
    return render(msg("barnyard.piece.army")) if p == "army" else render(msg("barnyard.piece.general", n=p + 1))


def _odds(view: dict, seat: int, target: int) -> int | None:
    """Chance in percent that the selected piece wins an attack on `target`."""
    side = view["sides"][seat]
    p = view["selected"]
    me = side["army"] if p == "army" else side["generals"][p]
    defenders = [(s, q) for s in view["sides"] for q in _pieces_of(s) if q["sq"] == target and s["seat"] != seat]
    if not defenders:
        return None
    units = [u for _, q in defenders for u in q["units"]]
    attack = strength(me["units"], "attack") + side["effects"].get("attack", 0)
    d_army = defenders[0][1]["piece"] == "army"
    return round(100 * win_chance(attack, strength(units, "defence"), 2 if p == "army" else 1, 2 if d_army else 1))


def page(view: dict, legal: list[dict], seat: int | None, players: list[str]) -> dict:
    size = view["size"]
    names = [players[i] if i < len(players) else f"{i + 1}" for i in range(view["players"])]
    squares = []
    occupied: dict[int, list] = {}
    for side in view["sides"]:
        for q in _pieces_of(side):
            occupied.setdefault(q["sq"], []).append((side, q))
    for sq in view["squares"]:
        x, y = sq["sq"] % size * CELL, sq["sq"] // size * CELL
        kind = sq["kind"]
        owner = sq["barn_of"]
        tokens = []
        for i, (side, q) in enumerate(occupied.get(sq["sq"], [])):
            faction = next(f for f in FACTIONS if f["id"] == side["faction"])
            label = _piece_label(q["piece"])
            units = ", ".join(unit_name(u) for u in q["units"]) or _("no units")
            tokens.append({"x": 12 + (i % 3) * 9, "y": 16 + (i // 3) * 12, "colour": faction["colour"],
                           "letter": faction["letter"] + ("A" if q["piece"] == "army" else str(q["piece"] + 1)),
                           "count": len(q["units"]),
                           "title": labelled(names[side["seat"]], f"{label} ({units})")})
        title = render(msg(f"barnyard.tile.{kind}")) if kind else _("face-down tile")
        if owner is not None:
            title = say(_("{name}'s barn"), name=person(names[owner]))
        squares.append({"x": x, "y": y, "kind": kind or "empty", "letter": sq["letter"] or "",
                        "barn_colour": _faction(view, owner)["colour"] if owner is not None else "",
                        "title": labelled(sq["name"], title), "name": sq["name"], "pieces": tokens})
    hits, buttons, casualties, marshals, transfers, plays = [], [], [], [], [], []
    for action in legal:
        kind = action["type"]
        if kind in SQUARE_ACTIONS:
            sq = action["to"]
            name = view["squares"][sq]["name"]
            odds = _odds(view, seat, sq) if kind == "move" else None
            if odds is not None:
                label = _("Attack %(sq)s: %(odds)s%% chance to win") % {"sq": name, "odds": odds}
            elif kind == "barn":
                label = _("Place your barn on %(sq)s") % {"sq": name}
            elif kind == "retreat":
                label = _("Retreat to %(sq)s") % {"sq": name}
            else:
                label = _("Move to %(sq)s") % {"sq": name}
            hits.append({"x": sq % size * CELL, "y": sq // size * CELL, "action": action, "label": label,
                         "cls": "attack" if odds is not None else kind, "odds": odds})
        elif kind == "casualty":
            casualties.append({"action": action, "label": labelled(_piece_label(action["piece"]), unit_name(action["unit"]))})
        elif kind == "marshal":
            marshals.append({"action": action, "label": _("%(unit)s → %(piece)s (%(cost)s)") % {
                "unit": unit_name(action["unit"]), "piece": _piece_label(action["piece"]),
                "cost": _cost(UNITS[action["unit"]]["cost"])}})
        elif kind == "transfer":
            transfers.append({"action": action, "label": labelled(unit_name(action["unit"]), f"{_piece_label(action['from'])} → {_piece_label(action['to'])}")})
        elif kind == "play":
            info = card_text(_card_kind(view, action["card"]))
            extra = {k: v for k, v in action.items() if k not in ("type", "card")}
            detail = ", ".join(_detail(k, v, names) for k, v in extra.items())
            plays.append({"action": action, "label": _("Play %(card)s") % {"card": info["name"]} + (f" ({detail})" if detail else "")})
        elif kind == "select":
            buttons.append({"action": action, "label": _choose_label(view, seat, action["piece"])})
        elif kind == "deselect":
            buttons.append({"action": action, "label": _("Put %(piece)s back") % {"piece": _piece_label(view["selected"])}})
        elif kind == "set_auto_fight":
            buttons.append({"action": action, "label": str(_AUTO_FIGHT[action["on"]])})
        else:
            buttons.append({"action": action, "label": str(_BUTTONS.get(kind, kind)), "primary": kind in ("end_actions", "end_marshal", "end_turn", "fight")})
    sides = []
    for side in view["sides"]:
        faction = next(f for f in FACTIONS if f["id"] == side["faction"])
        sides.append({
            "seat": side["seat"], "name": names[side["seat"]], "faction": render(msg(f"barnyard.faction.{faction['id']}")),
            "colour": faction["colour"], "letter": faction["letter"], "out": side["out"], "skip": side["skip"],
            "you": side["seat"] == seat, "acting": view["acting"] == side["seat"],
            "resources": [{"id": r, "name": render(msg(f"barnyard.resource.{r}")), "n": side["resources"][r]} for r in RESOURCES],
            "pieces": [{"label": _piece_label(q["piece"]), "square": view["squares"][q["sq"]]["name"],
                        "units": [unit_name(u) for u in q["units"]], "attack": strength(q["units"], "attack"),
                        "defence": strength(q["units"], "defence")} for q in _pieces_of(side)],
            "specials": [{"name": unit_name(s["id"]), "text": render(msg(f"barnyard.unit.{s['id']}.text")),
                          "attack": s["attack"], "defence": s["defence"], "cost": _cost(s["cost"]),
                          "state": _("available") if s["id"] in side["reserve"] else _("lost") if s["id"] in side["lost"] else _("in play")}
                         for s in faction["specials"]],
            "hand_count": side["hand_count"], "plans_count": side["plans_count"],
            "auto_fight": side.get("auto_fight", False),
        })
    troops = [{"name": unit_name(t), "attack": info["attack"], "defence": info["defence"],
               "harvest": ", ".join(render(msg(f"barnyard.resource.{r}")) for r in info["harvest"]) or "—",
               "cost": _cost(info["cost"]), "pool": view["pool"][t], "copies": info["copies"]} for t, info in TROOPS.items()]
    you = view.get("you") or {}
    distinct_names(plays)
    hand = [dict(card_text(c["kind"]), plan=c["plan"], actions=[p for p in plays if p["action"]["card"] == c["id"]])
            for c in you.get("hand", []) + you.get("plans", [])]
    fight = view["last_battle"]
    return {
        "viewbox": f"-2 -2 {size * CELL + 4} {size * CELL + 4}", "size": size, "squares": squares, "hits": hits,
        "bar": distinct_names(buttons + casualties), "about": about(view, seat, names) if legal else None,
        "alert": bool(legal) and view["acting"] != view["turn"],
        "marshals": marshals, "transfers": transfers,
        "sides": sides, "troops": troops, "hand": hand, "round": view["round"],
        "phase": view["phase"], "played": [card_text(c["kind"])["name"] for c in view["played"][-6:]],
        "last_battle": fight, "face_down": view["face_down_tiles"], "deck": view["deck_count"],
        "plan_deck": view["plan_deck_count"],
    }


def _piece(view: dict, seat: int, p) -> dict | None:
    side = view["sides"][seat]
    return side["army"] if p == "army" else side["generals"][p]


def _choose_label(view: dict, seat: int, p) -> str:
    """"Choose general 2 on d1 (attack 4)": which piece, where, and what it hits with."""
    q = _piece(view, seat, p)
    side = view["sides"][seat]
    return _("Choose %(piece)s on %(sq)s (attack %(a)s)") % {
        "piece": _piece_label(p), "sq": view["squares"][q["sq"]]["name"],
        "a": strength(q["units"], "attack") + side["effects"].get("attack", 0)}


def about(view: dict, seat: int, names: list[str]) -> str | None:
    """What the decision is about, beside the prompt: the battle's strengths before the dice, the
    chosen piece, or the resources there are to spend."""
    battle = view["battle"]
    if battle is not None and battle["stage"] in ("join", "respond"):
        a, d = battle["attacker"], battle["defender"]
        mine = _piece(view, a, battle["piece"])
        attack = strength(mine["units"], "attack") + view["sides"][a]["effects"].get("attack", 0)
        attack += sum(strength(view["sides"][j]["army"]["units"], "attack") for j in battle["joiners"])
        units = [u for q in battle["dpieces"] for u in _piece(view, d, q)["units"]]
        defence = strength(units, "defence") + view["sides"][d]["effects"].get("defence", 0)
        return _("Battle for %(sq)s: %(who)s attacks with %(a)s against %(d)s defence, before the dice.") % {
            "sq": view["squares"][battle["target"]]["name"], "who": names[a], "a": attack, "d": defence}
    if view["selected"] is not None and not view["casualties"] and battle is None:
        q = _piece(view, seat, view["selected"])
        units = ", ".join(unit_name(u) for u in q["units"]) or _("no units")
        return _("%(piece)s on %(sq)s: %(units)s; attack %(a)s, defence %(d)s.") % {
            "piece": _piece_label(view["selected"]), "sq": view["squares"][q["sq"]]["name"], "units": units,
            "a": strength(q["units"], "attack"), "d": strength(q["units"], "defence")}
    if view["phase"] in ("marshal", "forming") and battle is None and not view["casualties"]:
        res = view["sides"][seat]["resources"]
        return _("Your resources: %(list)s.") % {
            "list": ", ".join(f"{render(msg('barnyard.resource.' + r))} {res[r]}" for r in RESOURCES)}
    return None


def _card_kind(view: dict, card: str) -> str:
    for c in (view.get("you") or {}).get("hand", []) + (view.get("you") or {}).get("plans", []):
        if c["id"] == card:
            return c["kind"]
    return "bumper_crop"


def _detail(key: str, value, names: list[str]) -> str:
    if key == "seat":
        return names[value]
    if key == "piece":
        return _piece_label(value)
    if key in ("resource", "give", "take"):
        word = render(msg(f"barnyard.resource.{value}"))
        return {"give": _("give %(r)s") % {"r": word}, "take": _("take %(r)s") % {"r": word}}.get(key, word)
    if key == "unit":
        return unit_name(value)
    return str(value)


_AUTO_FIGHT = {
    True: gettext_lazy("When attacked, let the dice decide without asking me"),
    False: gettext_lazy("When attacked, ask me before the dice roll"),
}

_BUTTONS = {
    "deselect": gettext_lazy("Put it back"), "form": gettext_lazy("Form the Super Army"),
    "end_actions": gettext_lazy("End actions and harvest"), "end_marshal": gettext_lazy("Done marshalling"),
    "end_turn": gettext_lazy("End turn"), "join": gettext_lazy("Join the attack"),
    "decline": gettext_lazy("Stay out"), "fight": gettext_lazy("Let the dice decide"),
}
