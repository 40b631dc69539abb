"""Capture the flag on the page: every flag, in its colour, with who carries it or where it
lies. Drawn only when the view lists the flags."""

from __future__ import annotations

from django.utils.translation import gettext as _

from .labels import colour_letter, colour_name, seat_name, unit_name


def flags(view: dict, players: list, me: int | None) -> list[dict] | None:
    listed = view.get("flags")
    if not isinstance(listed, list):
        return None
    units = {u.get("id"): u for u in view.get("units") or []}
    out = []
    for f in listed:
        seat = f.get("seat")
        carrier = units.get(f.get("unit")) if f.get("unit") else None
        if carrier:
            where = _("carried by %(unit)s at %(hex)s") % {"unit": unit_name(carrier, view), "hex": carrier.get("hex")}
        else:
            where = _("lying loose at %(hex)s") % {"hex": f.get("hex")}
        out.append({"seat": seat, "colour": colour_name(seat), "letter": colour_letter(seat),
                    "owner": seat_name(players, seat), "mine": seat == me, "where": where,
                    "held_by_enemy": bool(carrier) and carrier.get("owner") != seat})
    return out
