"""The fight panel (rules section 7): who attacks whom, the stage and its face-down and revealed
scrolls while a fight runs, then the "Last fight" summary once it is resolved."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games import texts

from .labels import card, colour_name, seat_name, unit_name


def fight(view: dict, players: list, card_actions: dict, me: int | None = None) -> dict | None:
    """The running fight, or None."""
    combat = view.get("combat")
    if not combat:
        return None
    units_by_id = {u["id"]: u for u in view.get("units") or []}
    att, dfd = units_by_id.get(combat.get("attacker")), units_by_id.get(combat.get("defender"))
    stage = combat.get("stage")
    turn_seat = combat.get("turn")
    solo_text = {"deck": _("The Challenger plays the top card of the scroll deck face down."),
                 "human": _("%(who)s plays scrolls face down, one at a time, then passes.") % {"who": colour_name(turn_seat)},
                 "hand": _("The Challenger plays half of its face-down pile.")}.get(combat.get("solo"))
    stage_text = {
        "dice": _("%(who)s may add +2 and +3 dice to the attack.") % {"who": colour_name(combat.get("attacker_seat"))},
        "cards": _("Card round: %(who)s plays a scroll face down or passes.") % {"who": colour_name(turn_seat)},
        "sides": _("The scrolls are revealed: each player outside the fight says which side their card helps."),
        "resolve": _("The fight is being resolved."),
    }.get(stage, "")
    if stage == "cards" and solo_text:
        stage_text = solo_text
    facedown = []
    for key, n in sorted((combat.get("facedown") or {}).items(), key=lambda kv: int(kv[0])):
        facedown.append({"seat": int(key), "colour": colour_name(int(key)), "n": n,
                         "name": seat_name(players, int(key)), "turn": stage == "cards" and int(key) == turn_seat})
    revealed = []
    for e in combat.get("revealed") or []:
        side = e.get("side")
        side_text = {"attacker": _("helps the attacker"), "defender": _("helps the defender"),
                     "owner": _("a strategy: it works for its owner"), None: _("side not said yet")}.get(side, side)
        revealed.append({**card(e["card"], card_actions.get(e["card"]["id"])), "seat": e.get("seat"),
                         "colour": colour_name(e.get("seat")), "side": side, "side_text": side_text})
    return {
        "attacker": att, "defender": dfd, "attacker_name": unit_name(att, view), "defender_name": unit_name(dfd, view),
        "attacker_seat": combat.get("attacker_seat"), "defender_seat": combat.get("defender_seat"),
        "attacker_colour": colour_name(combat.get("attacker_seat")),
        "defender_colour": colour_name(combat.get("defender_seat")),
        "ranged": combat.get("ranged"), "boost": combat.get("boost") or 0, "stage": stage, "stage_text": stage_text,
        "passes": combat.get("passes") or 0, "facedown": facedown, "revealed": revealed,
        "yours": [card(c) for c in combat.get("yours") or []],
        "side": side_of(me, combat.get("attacker_seat"), combat.get("defender_seat")),
    }


def side_of(me: int | None, attacker, defender) -> str:
    """The viewer's part in a fight: "attacker", "defender" or "" (outside it, or watching)."""
    if me is None:
        return ""
    return "attacker" if me == attacker else "defender" if me == defender else ""


def last_fight(last: dict | None, me: int | None = None) -> dict | None:
    """The "Last fight" panel: who fought whom, the revealed cards, strength against armor, and
    the result in the viewer's words and colour: a win for the side they fought on is good news
    (green), a loss bad news (red); to anyone else it is just news."""
    if not last:
        return None
    side_texts = {"attacker": _("for the attacker"), "defender": _("for the defender"),
                  "owner": _("a strategy, for its owner")}
    cards = []
    for c in last.get("cards") or []:
        bonus = c.get("bonus")
        if c.get("cancelled"):
            bonus_text = _("cancelled")
        elif bonus:
            bonus_text = f"{bonus:+d}"
        else:
            bonus_text = ""
        cards.append({**card(c), "seat": c.get("seat"), "colour": colour_name(c.get("seat")),
                      "side": c.get("side") or "none",
                      "side_text": side_texts.get(c.get("side"), _("for nobody")),
                      "bonus_text": bonus_text})
    att, dfd = last.get("attacker") or {}, last.get("defender") or {}
    success = last.get("result") == "success"
    side = side_of(me, att.get("seat"), dfd.get("seat"))
    verdict = "" if not side else "good" if (side == "attacker") == success else "bad"
    headline = {("attacker", True): _("You won the fight."), ("attacker", False): _("You lost the fight."),
                ("defender", True): _("You lost the fight."), ("defender", False): _("You held: the attack failed.")
                }.get((side, success), "")
    some = texts.noun({"id": "wfci.unit.some"})
    attacker, defender = att.get("noun") or some, dfd.get("noun") or some
    if success:
        result_text = texts.say({"shield": _("The attack succeeds: {name:the} loses a shield."),
                                 "destroyed": _("The attack succeeds: {name:the} is destroyed."),
                                 "humiliation": _("The attack succeeds: {name:the} is humiliated."),
                                 "no_tag": _("The attack succeeds: {name:the} is beaten, but no humiliation tag "
                                             "can be placed."),
                                 }.get(last.get("effect"), _("The attack succeeds.")), name=defender)
    else:
        result_text = texts.say(_("The attack of {name:the} fails."), name=attacker)
    who_text = texts.say(_("{attacker:The} attacked {defender:the}."), attacker=attacker, defender=defender)
    return {
        "who_text": who_text,
        "attacker_name": att.get("name", ""), "attacker_seat": att.get("seat"),
        "attacker_colour": colour_name(att.get("seat")),
        "defender_name": dfd.get("name", ""), "defender_seat": dfd.get("seat"),
        "defender_colour": colour_name(dfd.get("seat")),
        "ranged": last.get("ranged"), "boost": last.get("boost") or 0, "round": last.get("round"),
        "strength": last.get("strength"), "armor": last.get("armor"), "success": success,
        "result_text": result_text, "cards": cards, "verdict": verdict, "headline": headline,
    }

