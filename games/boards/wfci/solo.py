"""The solo Challenger's card (rules section 10), drawn when the view carries it."""

from __future__ import annotations

from django.utils.translation import gettext as _

from .labels import die_icon, unit_name

CHALLENGER_SEAT = 1  # DESIGN.md: in a solo game seat 1 is the Challenger


def challenger(view: dict, units_by_id: dict | None = None) -> dict | None:
    """The solo Challenger's card (rules section 10) when the view carries it: its four dice
    rows, which pair fires this turn, its activation order, its face-down pile and what it
    does next. Rows are {"power": [faces], ...} (or a list of {"name", "dice"}); a die is a
    face, a die dict with "face", or the rows hold a count."""
    ch = view.get("challenger")
    if not isinstance(ch, dict):
        return None
    units_by_id = units_by_id or {}
    names = {"power": _("Power (+3)"), "command": _("Command (+1, +2, Claw)"), "build": _("Build (Chicken)"),
             "reinforcement": _("Reinforcement (Star)")}
    pairs = {"top": _("the top rows fire: Power and Command"), "bottom": _("the bottom rows fire: Build and Reinforcement")}
    rows_in = ch.get("rows") or {}
    if isinstance(rows_in, dict):
        rows_in = [{"name": k, "dice": rows_in[k]} for k in ("power", "command", "build", "reinforcement") if k in rows_in] + \
                  [{"name": k, "dice": v} for k, v in rows_in.items() if k not in names]
    rows = []
    for row in rows_in if isinstance(rows_in, list) else []:
        if not isinstance(row, dict):
            continue
        dice = row.get("dice")
        faces = [None] * dice if isinstance(dice, int) else [d.get("face") if isinstance(d, dict) else d for d in dice or []]
        rows.append({"id": row.get("name"), "name": names.get(row.get("name"), str(row.get("name", ""))),
                     "dice": [die_icon(f) if f else None for f in faces], "count": len(faces),
                     "pair": "top" if row.get("name") in ("power", "command") else "bottom"})
    order = []
    for a in ch.get("activation_order") or ch.get("activation") or []:
        if isinstance(a, dict):
            label = a.get("name") or unit_name(units_by_id.get(a.get("unit")) or a, view)
            order.append({"name": label, "activated": a.get("activated") or 0})
        else:
            order.append({"name": unit_name(units_by_id[a], view) if a in units_by_id else str(a), "activated": 0})
    if not rows and not order:
        return None
    pair = ch.get("pair")
    return {"rows": rows, "activation": order, "pair": pair, "pair_text": pairs.get(pair, ""),
            "power": ch.get("power") or 0, "hand_count": ch.get("hand_count"), "spent": ch.get("spent") or 0,
            "spent_list": list(range(ch.get("spent") or 0)), "next": ch.get("next") or ""}
