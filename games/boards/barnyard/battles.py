"""The battle for everyone to read: the one being fought (who attacks what, with which units,
the strengths before the dice) and the last one (the dice, the result, the units lost), in the
same words as the log."""

from __future__ import annotations

from django.utils.translation import gettext as _

from engine.barnyard import texts as T
from engine.barnyard.data import strength
from games.texts import render

from . import words as W


def current(view: dict, names: list[str]) -> str | None:
    battle = view["battle"]
    if battle is None or battle["stage"] not in ("join", "respond"):
        return None  # once the dice rolled, the last battle's report tells it
    a, d = battle["attacker"], battle["defender"]
    mine = W.piece_of(view, a, battle["piece"])
    attack = strength(mine["units"], "attack") + view["sides"][a]["effects"].get("attack", 0)
    attack += sum(strength(view["sides"][j]["army"]["units"], "attack") for j in battle["joiners"])
    held = [(q, W.piece_of(view, d, q)) for q in battle["dpieces"]]
    defence = strength([u for _q, p in held if p for u in p["units"]], "defence") + view["sides"][d]["effects"].get("defence", 0)
    defenders = ", ".join(render(T.force(q, p["units"] if p else []), names) for q, p in held)
    return _("Battle for %(sq)s: %(a)s attacks with %(force)s, %(d)s defends with %(dforce)s. Attack %(attack)s "
             "against defence %(defence)s before the dice.") % {
        "sq": view["squares"][battle["target"]]["name"], "a": names[a], "d": names[d],
        "force": render(T.force(battle["piece"], mine["units"]), names), "dforce": defenders,
        "attack": attack, "defence": defence}


def last(view: dict, names: list[str], seat: int | None) -> dict | None:
    """The last battle's report and the units it cost, and how it went for the reader."""
    fight = view["last_battle"]
    if fight is None:
        return None
    lines = [render(T.battle_line(fight, view["size"]), names)]
    lines += [render(T.lost_line(loss), names) for loss in fight.get("lost", [])]
    side = "attacker" if seat == fight["attacker"] or seat in fight.get("joiners", []) else \
        "defender" if seat == fight["defender"] else None
    result = None
    if side is not None and fight["outcome"] != "tie":
        result = "won" if fight["outcome"] == side else "lost"
    return {"lines": lines, "result": result, "n": fight.get("n")}
