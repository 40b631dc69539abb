"""The Barnyard Generals page model: the farm, the units panel, the battle report, the legend,
your cards and the factions' boards, each legal action placed once.

Squares and pieces carry their own choices (grid.py), the units inside a piece are chosen in
the panel under the farm (orders.py), both inside the board; cards carry their own buttons, and
the rest (ending a phase, joining or answering a battle) goes to the decision bar with a line
on what is being decided. While a battle waits for the defender's answer, the cards that answer
it are in the bar too, since they are all the decision offers."""

from __future__ import annotations

from django.utils.translation import gettext as _

from engine.barnyard.data import RESOURCES, TILES, TROOPS, strength
from engine.messages import msg
from games.texts import render

from ..choices import distinct_names
from . import battles, grid, orders
from . import words as W


def page(view: dict, legal: list[dict], seat: int | None, players: list[str]) -> dict:
    names = seat_names(view, players)
    battle = view["battle"]
    answering = battle is not None and battle["stage"] == "respond"
    buttons, plays, setting = [], [], []
    for action in legal:
        kind = action["type"]
        if kind in grid.SQUARE_ACTIONS or kind in grid.PIECE_ACTIONS or kind in orders.KINDS:
            continue
        if kind == "play":
            info = card_text(_card_kind(view, action["card"]))
            extra = {k: v for k, v in action.items() if k not in ("type", "card")}
            detail = ", ".join(W.detail(k, v, names) for k, v in extra.items())
            plays.append({"action": action, "label": _("Play %(card)s") % {"card": info["name"]} + (f" ({detail})" if detail else "")})
        elif kind == "set_auto_fight":
            setting.append({"action": action, "label": str(W.AUTO_FIGHT[action["on"]])})
        else:
            buttons.append({"action": action, "label": str(W.BUTTONS.get(kind, kind)),
                            "primary": kind in ("end_actions", "end_marshal", "end_turn", "fight"),
                            "quiet": kind == "decline"})
    distinct_names(plays)
    you = view.get("you") or {}
    hand = [dict(card_text(c["kind"]), plan=c["plan"],
                 actions=[] if answering else [p for p in plays if p["action"]["card"] == c["id"]])
            for c in you.get("hand", []) + you.get("plans", [])]
    squares = grid.squares(view, names, legal, seat)
    hits = grid.hits(view, legal, seat)
    panel = orders.panel(view, legal, seat)
    return {
        "viewbox": f"-2 -2 {view['size'] * grid.CELL + 4} {view['size'] * grid.CELL + 4}", "size": view["size"],
        "squares": squares, "hits": hits, "panel": panel, "panel_first": panel is not None and not hits,
        "bar": distinct_names(buttons + (plays if answering else [])),
        "setting": setting,
        "about": about(view, seat, names) if legal else None,
        "alert": bool(legal) and view["acting"] != view["turn"],
        "battle": battles.current(view, names), "last_battle": battles.last(view, names, seat),
        "sides": sides(view, names, seat), "troops": troops(view), "hand": hand,
        "round": view["round"], "phase": str(W.PHASES.get(view["phase"], view["phase"])),
        "played": [card_text(c["kind"])["name"] for c in view["played"][-6:]],
        "face_down": view["face_down_tiles"], "deck": view["deck_count"], "plan_deck": view["plan_deck_count"],
        "legend": legend(view, names),
    }


def seat_names(view: dict, players: list[str]) -> list[str]:
    """The players' names; two that read alike (two bots of one kind) get their faction too, so a
    battle line always tells who fought whom."""
    names = [players[i] if i < len(players) and players[i] else f"{i + 1}" for i in range(view["players"])]
    return [f"{n} · {W.faction_name(view['sides'][i]['faction'])}" if names.count(n) > 1 else n
            for i, n in enumerate(names)]


def card_text(kind: str) -> dict:
    return {"kind": kind, "name": render(msg(f"barnyard.card.{kind}.name")),
            "text": render(msg(f"barnyard.card.{kind}.text"))}


def sides(view: dict, names: list[str], seat: int | None) -> list[dict]:
    out = []
    for side in view["sides"]:
        f = grid.faction(side["faction"])
        shape = grid.SHAPES.get(f["id"], "circle")
        out.append({
            "seat": side["seat"], "name": names[side["seat"]], "faction": W.faction_name(f["id"]),
            "colour": f["colour"], "shape": shape, "points": grid.shape_points(shape, 8, 8, 6),
            "out": side["out"], "skip": side["skip"], "you": side["seat"] == seat, "acting": view["acting"] == side["seat"],
            "resources": [{"id": r, "name": W.resource_name(r), "n": side["resources"][r]} for r in RESOURCES],
            "place": W.turn_place(side["place"], side["head_start"]),
            "pieces": [{"label": W.piece_label(q["piece"]), "mark": W.piece_mark(q["piece"]),
                        "square": view["squares"][q["sq"]]["name"], "units": W.units_text(q["units"]), "count": len(q["units"]),
                        "attack": strength(q["units"], "attack"), "defence": strength(q["units"], "defence")}
                       for q in W.pieces_of(side)],
            "specials": [{"name": W.unit_name(s["id"]), "text": render(msg(f"barnyard.unit.{s['id']}.text")),
                          "attack": s["attack"], "defence": s["defence"], "cost": W.cost(s["cost"]),
                          "state": _("available") if s["id"] in side["reserve"] else _("lost") if s["id"] in side["lost"] else _("in play")}
                         for s in f["specials"]],
            "hand_count": side["hand_count"], "plans_count": side["plans_count"],
            "auto_fight": side.get("auto_fight", False),
        })
    return out


def troops(view: dict) -> list[dict]:
    return [{"name": W.unit_name(t), "attack": info["attack"], "defence": info["defence"],
             "harvest": ", ".join(W.resource_name(r) for r in info["harvest"]) or "—",
             "cost": W.cost(info["cost"]), "pool": view["pool"][t], "copies": info["copies"]} for t, info in TROOPS.items()]


def legend(view: dict, names: list[str]) -> dict:
    """What every sign on the farm means: tiles, barns, the factions' tokens and the highlights."""
    tiles = []
    for k in TILES["kinds"]:
        note = _("yields %(r)s") % {"r": W.resource_name(k)} if k in RESOURCES else _("no way through")
        tiles.append({"kind": k, "name": W.tile_name(k), "note": note})
    tiles.append({"kind": "barn", "name": W.tile_name("barn"), "note": _("framed in its owner's colour")})
    factions = []
    for side in view["sides"]:
        f = grid.faction(side["faction"])
        shape = grid.SHAPES.get(f["id"], "circle")
        factions.append({"name": W.faction_name(f["id"]), "player": names[side["seat"]], "colour": f["colour"],
                         "shape": shape, "points": grid.shape_points(shape, 8, 8, 6)})
    return {"tiles": tiles, "factions": factions}


def about(view: dict, seat: int, names: list[str]) -> str | None:
    """What the decision is about, beside the prompt: the battle's strengths before the dice, the
    chosen piece, or the resources there are to spend."""
    battle = view["battle"]
    if battle is not None and battle["stage"] in ("join", "respond"):
        return battles.current(view, names)
    if view["selected"] is not None and not view["casualties"] and battle is None and view["phase"] == "action":
        q = W.piece_of(view, seat, view["selected"])
        if q is None:
            return None
        return _("%(piece)s on %(sq)s: %(units)s; attack %(a)s, defence %(d)s. Tap it again to put it back.") % {
            "piece": W.piece_label(view["selected"]), "sq": view["squares"][q["sq"]]["name"],
            "units": W.units_text(q["units"]), "a": strength(q["units"], "attack"), "d": strength(q["units"], "defence")}
    if view["phase"] in ("marshal", "forming") and battle is None and not view["casualties"]:
        return _("Your resources: %(list)s.") % {"list": W.resources_text(view["sides"][seat]["resources"])}
    return None


def _card_kind(view: dict, card: str) -> str:
    for c in (view.get("you") or {}).get("hand", []) + (view.get("you") or {}).get("plans", []):
        if c["id"] == card:
            return c["kind"]
    return "bumper_crop"
