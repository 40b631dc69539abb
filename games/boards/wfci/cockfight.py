"""Cockfight on the page: the rank on each chicken token as far as the viewer may know it
(its own chickens always, others' once face up; a face-down enemy shows "?"), its place in
its stack, and per colour the ranks still face down and the ranks discarded. Everything
comes from the viewer's own view, which never holds another seat's face-down rank."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .geometry import num
from .labels import colour_letter, colour_name, seat_name


def playing(view: dict) -> bool:
    return isinstance(view.get("cockfight"), dict)


def token(unit: dict, x: float, y: float, r: float) -> dict | None:
    """A chicken's rank badge: its text, where it sits and what it says to a screen reader."""
    if unit.get("kind") != "chicken" or "layer" not in unit:
        return None
    rank = unit.get("rank")
    if rank is None:
        text, title = "?", _("face down: its rank is hidden")
    elif unit.get("face_up"):
        text, title = str(rank), _("rank %(n)s, face up") % {"n": rank}
    else:
        text, title = str(rank), _("rank %(n)s, face down: only you see it") % {"n": rank}
    layer = unit.get("layer") or 1
    if layer == 1:
        place = _("on top of its stack: it fights")
    else:
        place = ngettext("under %(n)s chicken: it cannot fight", "under %(n)s chickens: it cannot fight",
                         layer - 1) % {"n": layer - 1}
    return {"text": text, "title": f"{title} · {place}", "hidden": rank is None, "top": layer == 1,
            "x": num(x - r * 0.55), "y": num(y + r * 0.95), "font": num(max(r * 0.9, 7))}


def panel(view: dict, players: list, me: int | None) -> dict | None:
    """Per colour: the ranks still face down (everyone can count them) and the discarded ones."""
    block = view.get("cockfight")
    if not isinstance(block, dict):
        return None
    seats = []
    for s in block.get("seats") or []:
        seat = s.get("seat")
        seats.append({"seat": seat, "colour": colour_name(seat), "letter": colour_letter(seat),
                      "name": seat_name(players, seat), "mine": seat == me,
                      "face_down": ", ".join(str(r) for r in s.get("face_down") or []) or "—",
                      "discarded": ", ".join(str(r) for r in s.get("discarded") or []) or "—"})
    return {"seats": seats, "ranks": ", ".join(str(r) for r in block.get("ranks") or [])}
