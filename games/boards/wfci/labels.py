"""The words of the WfCI page: colours, dice, resources, machine classes, unit names and a
plain-English label for every action, translated with Django's gettext.

The single lookup beyond the view is the public face of a machine card whose id the view
already shows on the island (its name and text), from the catalog.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from engine.wfci import cards as wfci_cards
from games import texts
from games.texts import labelled

DIE_SYMBOLS = {"1": "wd1", "2": "wd2", "3": "wd3", "claw": "wdc", "chicken": "wdh", "star": "wds"}


def card_face(card: dict) -> dict:
    """A card dict with its name and text in the active language."""
    out = dict(card)
    if isinstance(card.get("name_id"), str):
        out["name"] = texts.render({"id": card["name_id"]})
    if isinstance(card.get("text_id"), str):
        out["text"] = texts.render({"id": card["text_id"]})
    return out


# The page asks for these words hundreds of times a render: each table holds lazy strings, so
# a call translates the one word it returns, not the whole table.
COLOURS = (gettext_lazy("Red"), gettext_lazy("Blue"), gettext_lazy("Yellow"), gettext_lazy("Green"))
COLOUR_LETTERS = (pgettext_lazy("Red, one letter", "R"), pgettext_lazy("Blue, one letter", "B"),
                  pgettext_lazy("Yellow, one letter", "Y"), pgettext_lazy("Green, one letter", "G"))
FACES = {"1": gettext_lazy("+1"), "2": gettext_lazy("+2"), "3": gettext_lazy("+3"), "claw": gettext_lazy("Claw"),
         "chicken": gettext_lazy("Chicken"), "star": gettext_lazy("Star")}
CLASSES = {"soldier": gettext_lazy("Soldier"), "golem": gettext_lazy("Golem"),
           "battle_car": gettext_lazy("Battle Car"), "cannon": gettext_lazy("Cannon"), "tower": gettext_lazy("Tower")}
CLASS_LETTERS = {"soldier": pgettext_lazy("Soldier, one letter", "S"), "golem": pgettext_lazy("Golem, one letter", "G"),
                 "battle_car": pgettext_lazy("Battle Car, one letter", "C"),
                 "cannon": pgettext_lazy("Cannon, two letters", "Cn"), "tower": pgettext_lazy("Tower, one letter", "T")}
TILE_KINDS = {"territory": gettext_lazy("territory"), "base": gettext_lazy("base"), "lava": gettext_lazy("lava"),
              "neutral": gettext_lazy("neutral land"), "sea": gettext_lazy("sea")}
SCROLL_TYPES = {"magic": gettext_lazy("magic"), "strategy": gettext_lazy("strategy"),
                "catastrophe": gettext_lazy("catastrophe")}


def colour_name(seat) -> str:
    return str(COLOURS[seat]) if isinstance(seat, int) and 0 <= seat < len(COLOURS) else _("Nobody")


def colour_letter(seat) -> str:
    return str(COLOUR_LETTERS[seat]) if isinstance(seat, int) and 0 <= seat < len(COLOUR_LETTERS) else "?"


def face_name(face: str) -> str:
    return str(FACES[face]) if face in FACES else face


def resource_name(res: str, n: int = 1) -> str:
    return {"wood": ngettext("wood", "wood", n), "stone": ngettext("stone", "stones", n),
            "metal": ngettext("metal", "metal", n), "chicken": ngettext("chicken", "chickens", n)}.get(res, res)


def class_name(cls: str | None) -> str:
    return str(CLASSES[cls]) if cls in CLASSES else (cls or "")


def class_letter(cls: str | None) -> str:
    return str(CLASS_LETTERS[cls]) if cls in CLASS_LETTERS else "M"


def tile_kind_name(kind: str) -> str:
    return str(TILE_KINDS[kind]) if kind in TILE_KINDS else kind


def scroll_type_name(t: str | None) -> str:
    return str(SCROLL_TYPES[t]) if t in SCROLL_TYPES else (t or "")


STAR_WORDS = {
    "stock": (1, lambda: _("a new machine stock")),
    "swap": (2, lambda: _("draw a scroll, then discard one")),
    "draw": (3, lambda: _("draw a scroll")),
    "shield": (4, lambda: _("a shield on one of yours")),
    "supply": (4, lambda: _("resupply: a scroll, your chickens home, resources up to 9")),
    "untag": (5, lambda: _("remove a humiliation tag")),
}

PAY_WORDS = {
    "free": lambda: _("free action"),
    "claw": lambda: _("Claw die"),
    "chicken": lambda: _("Chicken die"),
    "car": lambda: _("the Battle Car's free move"),
    "extra": lambda: _("an extra move from a scroll"),
}


def payment(resources: list) -> str:
    """Resources paid, counted: "2 wood", "1 wood and 1 stone"."""
    counts: dict = {}
    for r in resources:
        counts[r] = counts.get(r, 0) + 1
    return and_list([_("%(n)s %(what)s") % {"n": n, "what": resource_name(r, n)} for r, n in counts.items()])


def pay_name(pay) -> str:
    f = PAY_WORDS.get(pay)
    return f() if f else str(pay)


def and_list(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return _("%(first)s and %(last)s") % {"first": ", ".join(words[:-1]), "last": words[-1]}


def unit_name(unit: dict | None, view: dict | None = None) -> str:
    """"Red's chicken", "Blue's leader Keekmee", "Red's Rock Soldier" (translated words)."""
    if not unit:
        return _("a unit")
    who = colour_name(unit.get("owner"))
    kind = unit.get("kind")
    if kind == "chicken":
        return _("%(who)s's chicken") % {"who": who}
    if kind == "leader":
        leader = None
        if view:
            seats = view.get("seats") or []
            owner = unit.get("owner")
            if isinstance(owner, int) and 0 <= owner < len(seats):
                leader = (seats[owner] or {}).get("leader")
        if leader and leader.get("name"):
            return _("%(who)s's leader %(name)s") % {"who": who, "name": leader["name"]}
        return _("%(who)s's leader") % {"who": who}
    face = machine_face(unit)
    if face:
        return _("%(who)s's %(name)s") % {"who": who, "name": face["name"]}
    return unit.get("name") or _("%(who)s's machine") % {"who": who}


def unit_noun(unit: dict | None, view: dict | None = None):
    """A unit as a noun with its grammar, for a sentence that needs its article ("le Soldat de
    pierre de Bleu a attaqué…"); the engine's unit messages say it in each language."""
    owner = (unit or {}).get("owner")
    who = {"id": f"wfci.colour.{owner}" if isinstance(owner, int) and 0 <= owner < len(COLOURS) else "wfci.colour.nobody"}
    kind, cid = (unit or {}).get("kind"), (unit or {}).get("card")
    if kind == "leader" and not cid and view:
        seats = view.get("seats") or []
        leader = (seats[owner] or {}).get("leader") if isinstance(owner, int) and 0 <= owner < len(seats) else None
        cid = (leader or {}).get("id") or (leader or {}).get("card")
    message = None
    if kind == "chicken":
        message = {"id": "wfci.unit.chicken", "args": {"who": who}}
    elif kind in ("leader", "machine") and cid:
        try:
            message = {"id": f"wfci.unit.{kind}", "args": {"who": who, "card": wfci_cards.name(cid)}}
        except KeyError:
            message = None
    if message is None:
        return texts.noun({"id": "wfci.unit.some"})
    return texts.noun(message)


def unit_symbol(unit: dict) -> str:
    """The sprite id of a unit's token: one mark per kind of unit, one per class of machine."""
    if unit.get("kind") == "machine":
        return "wt-" + (unit.get("class") if unit.get("class") in CLASSES else "machine")
    return "wt-leader" if unit.get("kind") == "leader" else "wt-chicken"


MODE_KINDS = {
    "move": gettext_lazy("Move"), "attack": gettext_lazy("Attack"), "plus_one": gettext_lazy("+1 die"),
    "activate": gettext_lazy("Star ability"), "drop": gettext_lazy("Leave behind"),
    "to_top": gettext_lazy("Put on top"), "pick_up": gettext_lazy("Take along"),
}
SHORT_PAYS = {"free": pgettext_lazy("a payment, in a short button", "free action"),
              "claw": pgettext_lazy("a payment, in a short button", "Claw die"),
              "chicken": pgettext_lazy("a payment, in a short button", "Chicken die"),
              "car": pgettext_lazy("a payment, in a short button", "Battle Car"),
              "extra": pgettext_lazy("a payment, in a short button", "extra move")}


def mode_words(action: dict, view: dict) -> dict:
    """A mode button's words: what a tap on the island does while it is chosen (`kind`), how
    it is paid (`pay`), and the whole of it for screen readers (`label`)."""
    kind = action.get("type")
    if kind == "nudge":
        units = {u["id"]: u for u in view.get("units") or []}
        label = _("Move %(unit)s") % {"unit": unit_name(units.get(action.get("unit")), view)}
        return {"kind": label, "pay": "", "label": label, "icon": ""}
    pay = action.get("pay") if isinstance(action.get("pay"), str) else ""
    words = str(MODE_KINDS.get(kind, kind))
    if not pay:
        return {"kind": words, "pay": "", "label": words, "icon": ""}
    return {"kind": words, "pay": str(SHORT_PAYS.get(pay, pay)),
            "label": _("%(what)s (%(pay)s)") % {"what": words, "pay": pay_name(pay)},
            "icon": {"claw": "wdc", "chicken": "wdh"}.get(pay, "")}


def machine_face(unit: dict) -> dict | None:
    """The public face (name, text) of the machine card a unit on the island shows."""
    cid = unit.get("card")
    if unit.get("kind") != "machine" or not cid:
        return None
    try:
        return card_face(wfci_cards.card_dict(cid))
    except (KeyError, ImportError):
        return None


def action_label(action: dict, view: dict | None = None, where: str = "bar") -> str:
    """Plain English for one action. `where` is how it is shown: on a "hex", "unit" or "card"
    (short, the thing is right there) or in the "bar" (says what it is about)."""
    view = view or {}
    kind = action.get("type")
    units = {u["id"]: u for u in view.get("units") or []}
    pending = view.get("pending") or {}
    pkind = pending.get("kind")
    combat = view.get("combat")
    if kind == "roll" and isinstance(action.get("again"), list):
        return _("Roll, with every %(faces)s die") % {"faces": and_list([face_name(f) for f in action["again"]])}
    if kind == "roll":
        return _("Roll the dice")
    if kind == "pick_dice":
        return _("Pick every %(faces)s die") % {"faces": and_list([face_name(f) for f in action.get("faces") or []])}
    if kind == "take_all":
        return _("Take %(what)s") % {"what": payment(action.get("what") or [])}
    if kind == "skip_roll":
        return _("Do not roll")
    if kind == "keep":
        return _("Keep these dice")
    if kind == "toggle_die":
        n = str(action.get("die", "")).rsplit("-", 1)[-1]
        if action.get("die") in set((view.get("turn") or {}).get("selected") or []):
            return _("Leave the +1 die %(n)s on its unit") % {"n": n}
        return _("Also roll the +1 die %(n)s now on a unit") % {"n": n}
    if kind == "reroll" and isinstance(action.get("faces"), list):
        return _("Reroll every %(faces)s die for %(pay)s") % {
            "faces": and_list([face_name(f) for f in action["faces"]]), "pay": payment(action.get("pay") or [])}
    if kind == "reroll":
        return _("Reroll the picked dice for %(pay)s") % {"pay": payment(action.get("pay") or [])}
    if kind == "end_actions" and action.get("then") == "draw":
        return _("End my actions and draw")
    if kind == "end_actions":
        return _("End my actions")
    if kind == "draw":
        return _("Draw a scroll")
    if kind == "end_turn":
        return _("End my turn")
    if kind == "pass":
        return _("Pass")
    if kind == "done" and action.get("then") == "pass":
        return _("No more dice, and no scroll")
    if kind == "done":
        if combat and combat.get("stage") == "dice":
            return _("No more dice: on to the scrolls")
        if pkind == "retrieve":
            return _("Stop retrieving")
        return _("Done")
    if kind == "cancel":
        return {"build": _("Cancel the build"), "move": _("Cancel the move"),
                "target": _("Cancel the attack")}.get(pkind, _("Cancel"))
    if kind == "end_move":
        return _("Stop moving")
    if kind == "retrieve" and isinstance(action.get("what"), list):
        return _("Retrieve %(what)s (%(pay)s)") % {"what": payment(action["what"]), "pay": pay_name(action.get("pay"))}
    if kind == "retrieve":
        return _("Retrieve (%(pay)s)") % {"pay": pay_name(action.get("pay"))}
    if kind == "take":
        what = action.get("what")
        if what == "chicken":
            return _("Bring a destroyed chicken home")
        return _("Take one %(what)s") % {"what": resource_name(what)}
    if kind == "return_resource":
        return _("Return one %(what)s") % {"what": resource_name(action.get("resource"))}
    if kind == "transmute":
        return _("Turn %(a)s into %(b)s") % {"a": resource_name(action.get("from"), 2),
                                             "b": resource_name(action.get("to"), 2)}
    if kind == "boost" and action.get("then") == "done":
        return _("Add a +%(n)s die, and no more") % {"n": action.get("face")}
    if kind == "boost":
        return _("Add a +%(n)s die to the attack") % {"n": action.get("face")}
    if kind == "star":
        ability = action.get("ability")
        cost, words = STAR_WORDS.get(ability, (None, None))
        if ability == "untag":
            text = _("remove %(who)s's humiliation tag") % {"who": colour_name(action.get("seat"))}
        else:
            text = words() if words else str(ability)
        if cost:
            return ngettext("Spend %(n)s star: %(what)s", "Spend %(n)s stars: %(what)s", cost) % {"n": cost, "what": text}
        return _("Spend stars: %(what)s") % {"what": text}
    if kind == "move" and "to" in action:  # a composite: the stack and where it goes
        words = {"hex": action.get("hex"), "to": action.get("to"), "pay": pay_name(action.get("pay"))}
        if where == "hex":
            return _("Move the stack at %(hex)s here (%(pay)s)") % words
        return _("Move the stack at %(hex)s to %(to)s (%(pay)s)") % words
    if kind == "move":
        if where == "stack":
            return _("Move this stack (%(pay)s)") % {"pay": pay_name(action.get("pay"))}
        return _("Move the stack at %(hex)s (%(pay)s)") % {"hex": action.get("hex"), "pay": pay_name(action.get("pay"))}
    build_words = island_build_label(action, view)
    if build_words:
        return build_words if where == "hex" or "hex" not in action else _("%(what)s: %(hex)s") % {
            "what": build_words, "hex": action["hex"]}
    hex_words = {
        "claim_base": _("Claim this base"), "challenger_base": _("Give this base to the Challenger"),
        "build_at": _("Build here"), "move_to": _("Move here"),
        "flip": _("Flood this lava"), "erupt": _("The volcano erupts here"),
        "lava_trap": _("Turn this tile to lava"), "refuge": _("Escape here"),
    }
    if kind in hex_words:
        if where == "hex":
            return hex_words[kind]
        return _("%(what)s: %(hex)s") % {"what": hex_words[kind], "hex": action.get("hex")}
    unit_words = {
        "target": _("Attack it"), "new_defender": _("Make it the defender"), "hit": _("Hit it"),
        "destroy": _("Destroy it"), "shield": _("Give it the shield"), "pick_pilot": _("Take it as a pilot"),
        "drop": _("Leave it here"), "pick_up": _("Take it along"), "plus_one": _("Put a +1 die on it"),
        "to_top": _("Put it on top of its stack"),
    }
    if kind == "attack" and "target" in action:
        return action_name(action, view)
    if kind == "attack":
        text = _("Attack with it (%(pay)s)") % {"pay": pay_name(action.get("pay"))}
        if where == "unit":
            return text
        return _("%(unit)s: %(what)s") % {"unit": unit_name(units.get(action.get("unit")), view), "what": text}
    if kind in unit_words:
        if where == "unit":
            return unit_words[kind]
        return _("%(unit)s: %(what)s") % {"unit": unit_name(units.get(action.get("unit")), view),
                                          "what": unit_words[kind]}
    if kind == "activate":
        return _("Use its star ability") if where in ("unit", "card") else _("Use a star ability")
    if kind == "choose_leader":
        return _("Lead with this one")
    if kind == "challenger_leader":
        return _("The Challenger leads with this one")
    if kind == "build" and isinstance(action.get("pilots"), list):
        return _("Build it, piloted by %(pilots)s") % {"pilots": and_list([unit_name(units.get(p), view)
                                                                            for p in action["pilots"]])}
    if kind == "build":
        return _("Build it")
    if kind == "play_scroll":
        if combat and combat.get("stage") == "cards":
            return _("Play it face down")
        if action.get("replace"):
            return _("Play it, replacing %(old)s") % {"old": card_name(view, action["replace"])}
        return _("Play it")
    if kind == "discard_scroll":
        return _("Discard it")
    if kind == "rob":  # the Hurricane's victim
        return _("Send the Hurricane to %(who)s") % {"who": colour_name(action.get("seat"))}
    if kind == "side":
        return _("It helps the attacker") if action.get("side") == "attacker" else _("It helps the defender")
    extra = ", ".join(f"{k} {v}" for k, v in sorted(action.items()) if k != "type")
    return labelled(kind, extra) if extra else str(kind)


def island_build_label(action: dict, view: dict) -> str | None:
    """The words of a tile placement while the island is built (None for any other action)."""
    kind = action.get("type")
    build = view.get("island_build") or {}
    if kind == "territory_from":
        return _("Start the Territory tile here")
    if kind == "territory_to":
        covers = next((r.get("hexes") for r in build.get("reach") or [] if r.get("hex") == action.get("hex")), None)
        if covers:
            return _("End the Territory tile here: it covers %(hexes)s") % {"hexes": and_list(covers)}
        return _("End the Territory tile here")
    if kind == "territory_back":
        return _("Pick the Territory tile's first end again")
    if kind == "place_base":
        return _("Place the Base tile here")
    if kind == "place_tile":
        if build.get("side") == "neutral":
            return _("Place the tile here, Neutral side up")
        return _("Place the tile here, Lava side up")
    if kind == "tile_side":
        if action.get("side") == "neutral":
            return _("Turn the tile to its Neutral side")
        return _("Turn the tile to its Lava side")
    return None


def action_name(action: dict, view: dict | None = None) -> str:
    """The accessible name of a choice shown next to its object: it names the object (and, for
    an attack, the odds), so no two choices on the page sound alike."""
    view = view or {}
    kind = action.get("type")
    units = {u["id"]: u for u in view.get("units") or []}
    if kind == "target" and action.get("unit") in units:
        target = units[action["unit"]]
        attacker = units.get((view.get("pending") or {}).get("unit")) or {}
        return _("Attack %(unit)s at %(hex)s: strength %(s)s against armor %(a)s") % {
            "unit": unit_name(target, view), "hex": target.get("hex"),
            "s": attacker.get("strength", "?"),
            "a": f"{target.get('armor', '?')}+?" if target.get("face_up") is False and target.get("rank") is None
            else target.get("armor", "?")}  # a cockfight chicken face down: its rank is unknown
    if kind == "attack" and "target" in action and action.get("unit") in units and action["target"] in units:
        unit, target = units[action["unit"]], units[action["target"]]
        return _("Attack %(target)s at %(hex)s with %(unit)s: strength %(s)s against armor %(a)s (%(pay)s)") % {
            "target": unit_name(target, view), "hex": target.get("hex"), "unit": unit_name(unit, view),
            "s": unit.get("strength", "?"), "pay": pay_name(action.get("pay")),
            "a": f"{target.get('armor', '?')}+?" if target.get("face_up") is False and target.get("rank") is None
            else target.get("armor", "?")}
    if kind == "attack" and action.get("unit") in units:
        unit = units[action["unit"]]
        return _("Attack with %(unit)s at %(hex)s, strength %(s)s (%(pay)s)") % {
            "unit": unit_name(unit, view), "hex": unit.get("hex"), "s": unit.get("strength", "?"),
            "pay": pay_name(action.get("pay"))}
    cards = {"choose_leader": _("Lead with %(card)s"), "challenger_leader": _("The Challenger leads with %(card)s"),
             "build": _("Build %(card)s"), "discard_scroll": _("Discard %(card)s")}
    if kind in cards and action.get("card"):
        return cards[kind] % {"card": card_name(view, action["card"])}
    if kind == "play_scroll" and action.get("card"):
        return _("Play %(card)s") % {"card": card_name(view, action["card"])}
    return action_label(action, view, "bar")


def card_name(view: dict, cid: str) -> str:
    for c in visible_cards(view):
        if c.get("id") == cid:
            return c.get("name", cid)
    return cid


def visible_cards(view: dict):
    you = view.get("you") or {}
    yield from you.get("hand") or []
    yield from you.get("leader_options") or []
    for s in view.get("seats") or []:
        yield from s.get("strategies") or []
        if s.get("leader"):
            yield s["leader"]
    yield from view.get("stock") or []



def die_icon(face: str) -> dict:
    """A die face with its name and the sprite id of its icon."""
    return {"face": face, "name": face_name(face), "symbol": DIE_SYMBOLS.get(str(face), "wdx")}


def card(card: dict, actions: list | None = None, **extra) -> dict:
    """A card as the templates show it: the card, its choices and its translated words."""
    out = {"card": card, "actions": actions or [], "type_name": scroll_type_name(card.get("type")),
           "class_name": class_name(card.get("class")),
           "cost": [{"res": r, "n": n, "name": resource_name(r, n)} for r, n in sorted((card.get("cost") or {}).items())]}
    out.update(extra)
    return out


def seat_name(players, seat: int) -> str:
    try:
        name = players[seat]
    except (IndexError, TypeError, KeyError):
        name = None
    return name or colour_name(seat)
