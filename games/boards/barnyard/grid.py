"""The farm as the page draws it: squares at fixed places (row by row, a1 top left), tiles told
apart by colour and a drawn sign (never a letter), each faction's pieces by colour and shape
with the general's number or a star for the Super Army, and the choices on squares and pieces.

Every choice about a square or a piece is drawn here, inside the board: moves, attacks, a barn's
place and a retreat on the squares; choosing a piece (and putting it back) on its token.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from engine.barnyard.data import FACTIONS, strength
from engine.barnyard.general import win_chance
from games.texts import labelled, person, say

from . import words as W

CELL = 40
SQUARE_ACTIONS = ("barn", "move", "retreat")
PIECE_ACTIONS = ("select", "deselect")
# Token places inside a square by how many pieces stand there: (x, y, radius).
SLOTS = {
    1: [(20, 23, 9)],
    2: [(12, 23, 8), (28, 23, 8)],
    3: [(11, 17, 7), (29, 17, 7), (20, 31, 7)],
    4: [(11, 16, 6.5), (29, 16, 6.5), (11, 31, 6.5), (29, 31, 6.5)],
}
# Each faction's token shape, so colour is never the only sign of an owner.
SHAPES = {"chickens": "circle", "cows": "square", "goats": "diamond", "pigs": "hexagon"}


def faction(fid: str) -> dict:
    return next(f for f in FACTIONS if f["id"] == fid)


def shape_points(shape: str, x: float, y: float, r: float) -> str:
    """Polygon corners for the square, diamond and hexagon tokens ("" for a circle)."""
    if shape == "square":
        k = r * 0.9
        corners = [(-k, -k), (k, -k), (k, k), (-k, k)]
    elif shape == "diamond":
        k = r * 1.2
        corners = [(0, -k), (k, 0), (0, k), (-k, 0)]
    elif shape == "hexagon":
        k = r * 1.05
        corners = [(k, 0), (k / 2, k * 0.87), (-k / 2, k * 0.87), (-k, 0), (-k / 2, -k * 0.87), (k / 2, -k * 0.87)]
    else:
        return ""
    return " ".join(f"{x + dx:.1f},{y + dy:.1f}" for dx, dy in corners)


def odds(view: dict, seat: int, target: int) -> int | None:
    """Chance in percent that the chosen piece wins an attack on `target`."""
    side = view["sides"][seat]
    p = view["selected"]
    me = side["army"] if p == W.ARMY else side["generals"][p]
    defenders = [q for s in view["sides"] for q in W.pieces_of(s) if q["sq"] == target and s["seat"] != seat]
    if not defenders or me is None:
        return None
    units = [u for q in defenders for u in q["units"]]
    attack = strength(me["units"], "attack") + side["effects"].get("attack", 0)
    d_army = defenders[0]["piece"] == W.ARMY
    return round(100 * win_chance(attack, strength(units, "defence"), 2 if p == W.ARMY else 1, 2 if d_army else 1))


def squares(view: dict, names: list[str], actions: list[dict], seat: int | None) -> list[dict]:
    """Each square with its tile, barn frame and tokens; a token carries its choice, if any."""
    size = view["size"]
    on_piece = {}
    for a in actions:
        if a["type"] == "select":
            on_piece[a["piece"]] = a
        elif a["type"] == "deselect":
            on_piece[view["selected"]] = a
    standing: dict[int, list] = {}
    for side in view["sides"]:
        for q in W.pieces_of(side):
            standing.setdefault(q["sq"], []).append((side, q))
    out = []
    for sq in view["squares"]:
        kind, owner = sq["kind"], sq["barn_of"]
        title = W.tile_name(kind) if kind else _("face-down tile")
        if owner is not None:
            title = say(_("{name}'s barn"), name=person(names[owner]))
        here = standing.get(sq["sq"], [])
        slots = SLOTS[min(len(here), 4)] if here else []
        tokens = []
        for i, (side, q) in enumerate(here):
            x, y, r = slots[i % len(slots)]
            f = faction(side["faction"])
            mine = seat is not None and side["seat"] == seat
            action = on_piece.get(q["piece"]) if mine else None
            chosen = side["seat"] == view["turn"] and view["selected"] == q["piece"] and view["phase"] == "action"
            about = _("%(who)s (%(faction)s): %(piece)s, %(units)s; attack %(a)s, defence %(d)s") % {
                "who": names[side["seat"]], "faction": W.faction_name(f["id"]), "piece": W.piece_label(q["piece"]),
                "units": W.units_text(q["units"]), "a": strength(q["units"], "attack"), "d": strength(q["units"], "defence")}
            label = None
            if action is not None:
                label = W.choose_label(view, seat, q["piece"]) if action["type"] == "select" else \
                    _("Put %(piece)s back") % {"piece": W.piece_label(q["piece"])}
            shape = SHAPES.get(f["id"], "circle")
            tokens.append({"x": x, "y": y, "r": r, "hit_r": r + 2.5, "colour": f["colour"], "shape": shape,
                           "points": shape_points(shape, x, y, r), "mark": W.piece_mark(q["piece"]),
                           "count": len(q["units"]), "title": about, "action": action, "label": label,
                           "chosen": chosen, "seat": side["seat"]})
        out.append({"key": sq["sq"], "x": sq["sq"] % size * CELL, "y": sq["sq"] // size * CELL,
                    "kind": kind or "empty", "name": sq["name"], "title": labelled(sq["name"], title),
                    "barn_colour": faction(view["sides"][owner]["faction"])["colour"] if owner is not None else "",
                    "tokens": tokens})
    return out


def hits(view: dict, actions: list[dict], seat: int | None) -> list[dict]:
    """The square choices: move, attack (with the chance to win), a barn's place, a retreat."""
    size = view["size"]
    out = []
    for action in actions:
        kind = action["type"]
        if kind not in SQUARE_ACTIONS:
            continue
        sq = action["to"]
        name = view["squares"][sq]["name"]
        chance = odds(view, seat, sq) if kind == "move" else None
        if chance is not None:
            label = _("Attack %(sq)s: %(odds)s%% chance to win") % {"sq": name, "odds": chance}
        elif kind == "barn":
            label = _("Place your barn on %(sq)s") % {"sq": name}
        elif kind == "retreat":
            label = _("Retreat to %(sq)s") % {"sq": name}
        else:
            label = _("Move to %(sq)s") % {"sq": name}
        out.append({"x": sq % size * CELL, "y": sq // size * CELL, "action": action, "label": label,
                    "cls": "attack" if chance is not None else kind, "odds": chance})
    return out
