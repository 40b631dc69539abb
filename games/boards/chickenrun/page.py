"""The Chicken Run page model: squares already turned for the viewer, each stack's pieces, the
square-shaped hit areas of the moves, and the rest of the choices for the decision bar, so the
template only loops."""

from __future__ import annotations

from django.utils.translation import gettext as _

from engine.chickenrun.board import SIZE_NAMES

from games.texts import render

from . import labels
from .geometry import piece_position, square_origin, strip, viewbox

SIZES = {name: n for n, name in SIZE_NAMES.items()}
HIT_KINDS = (("step", "to"), ("select", "square"), ("tackle", "target"))  # drawn in this order


def page(view: dict, legal: list[dict], seat: int | None, players: list[str]) -> dict:
    """Everything the Chicken Run template draws, with each legal action offered once."""
    players = list(players or [])
    columns, rows = view["columns"], view["rows"]
    cells = [sq for row in view["board"] for sq in row]
    names = {tuple(sq["square"]): sq["name"] for sq in cells}
    steps = {tuple(sq) for sq in view.get("step_targets") or []}

    def origin(square) -> tuple[int, int]:
        return square_origin(square[0], square[1], columns, rows, seat)

    held = view.get("selected_piece")
    cost = SIZES.get(held.get("size")) if held else None  # rules: a step costs 1, 2 or 3 by size
    hits = []
    for kind, key in HIT_KINDS:
        for action in legal:
            if action.get("type") != kind:
                continue
            at = tuple(action[key])
            x, y = origin(at)
            if kind == "step":
                area, mark = "step", None
            elif kind == "select":
                area, mark = ("top" if at in steps else "whole"), None
            else:
                area, mark = ("bottom", 36) if at in steps else ("step", 24)
            hits.append({"action": action, "label": labels.action_label(action, names, cost, view.get("points")), "cls": f"cr-hit-{kind}",
                         "x": x, "y": y, "rect": strip(area), "mark_y": mark})
    on_board = {kind for kind, _key in HIT_KINDS}
    bar = [{"action": a, "label": labels.action_label(a, names), "quiet": a.get("type") == "end"}
           for a in legal if a.get("type") not in on_board]
    status = {
        "round": _("Round %(n)s of %(limit)s") % {"n": view.get("round"), "limit": view.get("round_limit")},
        "dice": view.get("dice") or [None, None],
        "tie": view.get("tie"),
        "rerolls": ", ".join(f"{a}–{b}" for a, b in view.get("rerolls") or []),
        "acting": labels.acting(view, players) if view.get("acting") is not None else "",
        "points": labels.points(view) if view.get("acting") is not None else "",
        "outcome": labels.outcome(view) if view.get("outcome") else "",
    }
    return {
        "viewbox": viewbox(columns, rows),
        "squares": [square(sq, *origin(sq["square"])) for sq in cells],
        "hits": hits,
        "bar": bar,
        "about": labels.points(view) if legal and view.get("acting") is not None else None,
        "status": status,
        "captures": labels.captures(view, players),
        "captured": labels.captured(view, players),
        "house_rules": [{"id": r["id"], "name": render(r["name_message"]), "description": render(r["description_message"])}
                        for r in view.get("house_rules") or []],  # in the reader's language
    }


def square(sq: dict, x: int, y: int) -> dict:
    cls = "cr-central" if sq["central"] else "cr-outer"
    if sq.get("movable"):
        cls += " cr-movable"
    if sq.get("selected"):
        cls += " cr-selected"
    pieces = []
    for i, p in enumerate(sq["stack"]):
        px, py = piece_position(i)
        family = p["kind"] == "family"
        pieces.append({
            "size": p["size"], "x": px, "y": py, "letter": labels.piece_letter(p),
            "cls": ("cr-white" if p["owner"] == 0 else "cr-black") if family else f"cr-{p['kind']}",
            "letter_cls": "cr-letter-black" if family and p["owner"] == 1 else "cr-letter-light",
        })
    return {"x": x, "y": y, "key": ",".join(map(str, sq["square"])), "cls": cls, "name": sq["name"], "title": labels.square_title(sq), "pieces": pieces,
            "height": len(pieces)}
