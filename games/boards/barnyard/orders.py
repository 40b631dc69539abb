"""Choices about the units inside a piece, shown with the farm in the board: the casualty a lost
battle costs, marshalling a unit for a general, transferring one between two generals.

Casualties and transfers are grouped by piece (its place and what it holds); marshalling by the
unit bought (its cost and strength), with one small button per piece it may join, so a whole
marshal phase fits on a phone's screen."""

from __future__ import annotations

from django.utils.translation import gettext as _

from engine.barnyard.data import UNITS, strength

from . import words as W

KINDS = ("casualty", "marshal", "transfer")


def panel(view: dict, actions: list[dict], seat: int | None) -> dict | None:
    """{"kind", "title", "rows": [{"title", "note", "short", "choices": [...]}]} or None."""
    mine = [a for a in actions if a["type"] in KINDS]
    if not mine or seat is None:
        return None
    kind = mine[0]["type"]
    owner = view["casualties"][0]["seat"] if kind == "casualty" and view["casualties"] else seat
    rows: dict = {}
    for a in mine:
        if a["type"] == "marshal":
            key = a["unit"]
            if key not in rows:
                info = UNITS[key]
                rows[key] = {"title": W.unit_name(key), "short": True, "choices": [],
                             "note": _("%(cost)s · attack %(a)s, defence %(d)s") % {
                                 "cost": W.cost(info["cost"]), "a": info["attack"], "d": info["defence"]}}
        else:
            key = a["from"] if a["type"] == "transfer" else a["piece"]
            if key not in rows:
                q = W.piece_of(view, owner, key)
                units = q["units"] if q else []
                rows[key] = {"title": W.piece_label(key), "short": False, "choices": [],
                             "note": _("%(sq)s: %(units)s · attack %(a)s, defence %(d)s") % {
                                 "sq": view["squares"][q["sq"]]["name"] if q else "", "units": W.units_text(units),
                                 "a": strength(units, "attack"), "d": strength(units, "defence")}}
        rows[key]["choices"].append({"action": a, **_words(a)})
    titles = {"casualty": _("Choose the unit you lose"), "marshal": _("Marshal a unit: tap the piece it joins"),
              "transfer": _("Transfer a unit to a neighbouring general")}
    return {"kind": kind, "title": titles[kind], "rows": list(rows.values())}


def _words(a: dict) -> dict:
    """A short label for the button and a full name for screen readers."""
    unit = W.unit_name(a["unit"])
    if a["type"] == "casualty":
        return {"label": unit, "name": _("Lose %(unit)s from %(piece)s") % {"unit": unit, "piece": W.piece_label(a["piece"])}}
    if a["type"] == "marshal":
        return {"label": W.piece_mark(a["piece"]), "name": _("%(unit)s → %(piece)s (%(cost)s)") % {
            "unit": unit, "piece": W.piece_label(a["piece"]), "cost": W.cost(UNITS[a["unit"]]["cost"])}}
    return {"label": f"{unit} → {W.piece_label(a['to'])}",
            "name": _("%(unit)s → %(to)s, from %(from)s") % {  # the visible label first (WCAG 2.5.3)
                "unit": unit, "to": W.piece_label(a["to"]), "from": W.piece_label(a["from"])}}
