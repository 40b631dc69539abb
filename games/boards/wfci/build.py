"""The set-up panel of a hand-built island: whose round it is, the step and its rule, the
rounds to come, the tiles left in the box and the minimum base distance."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .labels import colour_name, seat_name


def step_words(step: str | None, side: str | None = None) -> str:
    return {"territory": _("a Territory tile"), "base": _("a Base tile"),
            "lava_neutral": _("a Lava/Neutral tile, Neutral side up") if side == "neutral"
            else _("a Lava/Neutral tile, Lava side up")}.get(step or "", "")


def rule_words(build: dict) -> str:
    """The printed rule of the step, and how a click makes it."""
    step = build.get("step")
    if step == "territory" and build.get("from"):
        return _("Now click the Territory tile's other end, 2 hexes from %(hex)s: the highlighted hexes are the tile's "
                 "turns, and the faint hexes show what it may cover.") % {"hex": build["from"]}
    if step == "territory":
        if build.get("round") == 1:
            rule = _("The first Territory tile must have at least 2 of its hexes next to the central Lava tile.")
        else:
            rule = _("A Territory tile must have at least 2 hexes next to other tiles and, if possible, 1 next to a "
                     "lava tile.")
        return rule + " " + _("A Territory tile is a rhombus of 4 hexes: click the hex for one of its ends.")
    if step == "base":
        return _("The Base tile goes on a free hex next to at least 2 hexes of the Territory just placed.")
    if step == "lava_neutral":
        return _("Lava side up, the tile must touch a lava tile; Neutral side up, it must touch at least 2 different "
                 "tiles. Turn the tile to change the side.")
    return ""


def build_panel(view: dict, players: list) -> dict | None:
    """The panel's model, or None when no island is being built."""
    build = view.get("island_build")
    if not isinstance(build, dict):
        return None
    seat = build.get("seat")
    left = build.get("left") or {}
    order = []
    for entry in build.get("order") or []:
        s = entry.get("seat")
        order.append({"round": entry.get("round"), "seat": s, "name": seat_name(players, s), "colour": colour_name(s),
                      "current": entry.get("round") == build.get("round"),
                      "done": (entry.get("round") or 0) < (build.get("round") or 0)})
    least = build.get("min_gap") or 0
    return {
        "round": build.get("round"), "rounds": build.get("rounds"), "seat": seat,
        "name": seat_name(players, seat), "colour": colour_name(seat),
        "what": step_words(build.get("step"), build.get("side")), "rule": rule_words(build), "order": order,
        "left": [ngettext("%(n)s Territory tile", "%(n)s Territory tiles", left.get("territory", 0)) % {
                     "n": left.get("territory", 0)},
                 ngettext("%(n)s Base tile", "%(n)s Base tiles", left.get("base", 0)) % {"n": left.get("base", 0)},
                 ngettext("%(n)s Lava/Neutral tile", "%(n)s Lava/Neutral tiles", left.get("lava_neutral", 0)) % {
                     "n": left.get("lava_neutral", 0)}],
        "distance": _("Bases must stand at least %(n)s steps apart on foot, from a hex of one base's Territory next to "
                      "it to a hex next to the other base: no machine built on the first turn reaches a leader with a "
                      "single move.") % {"n": least} if least else "",
    }
