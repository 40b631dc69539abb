"""Template helpers for the War for Chicken Island board (games/templates/games/wfci/).

Pure functions over the engine's view and the viewer's legal actions: no database, no state.
`wfci_board` turns them into one page model the templates only loop over:

- hex geometry: axial "q,r" on pointy-top hexes (engine/wfci/board.py: DIRECTIONS E, SE, SW,
  W, NW, NE with screen y down) to SVG pixels, the board turned by a multiple of 60 degrees so
  the viewer's base is at the bottom;
- every legal action placed exactly once: on a hex of the SVG, on a unit's row in the stack
  lists (its SVG token forwards taps there), on a card, on a die, or in the actions bar,
  each with a plain-English label. Whatever is not placed elsewhere lands in the bar, so an
  action type the page does not know yet is still offered.

Only what the view holds is shown. The single lookup beyond it is the public face of a machine
card whose id the view already shows on the island (its name and text), from the catalog.
"""

from __future__ import annotations

import math

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

register = template.Library()

SIZE = 40  # hex centre-to-corner, in SVG units
SQ3 = math.sqrt(3)
DIRECTIONS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))  # E, SE, SW, W, NW, NE
MIN_PX_PER_COLUMN = 44  # below this a hex is too small to read: the island scrolls sideways instead
DICE_PER_COLOUR = 5  # rules section 2: five dice per colour
CHALLENGER_SEAT = 1  # DESIGN.md: in a solo game seat 1 is the Challenger

HEX_TYPES = ("claim_base", "challenger_base", "build_at", "move_to", "flip", "erupt", "lava_trap", "refuge")
UNIT_TYPES = ("target", "new_defender", "hit", "destroy", "shield", "pick_pilot", "drop", "pick_up",
              "attack", "plus_one", "activate")
CARD_TYPES = ("choose_leader", "challenger_leader", "build", "play_scroll", "discard_scroll", "activate", "side")


# -- geometry ------------------------------------------------------------------------------

def parse_hex(key: str) -> tuple[int, int]:
    q, r = str(key).split(",")
    return int(q), int(r)


def rotate(q: int, r: int, k: int) -> tuple[int, int]:
    """Turn an axial hex k sixths of a turn clockwise (on screen, y down) about 0,0."""
    for _i in range(k % 6):
        q, r = -r, q + r
    return q, r


def hex_center(q: int, r: int, size: float = SIZE) -> tuple[float, float]:
    """Pointy-top axial hex to SVG pixels: x = size*sqrt(3)*(q + r/2), y = size*3/2*r."""
    return size * SQ3 * (q + r / 2), size * 1.5 * r


def hex_points(cx: float = 0, cy: float = 0, size: float = SIZE) -> str:
    """The six corners of a pointy-top hex, as an SVG `points` attribute."""
    pts = []
    for i in range(6):
        a = math.radians(60 * i - 30)
        pts.append(f"{_num(cx + size * math.cos(a))},{_num(cy + size * math.sin(a))}")
    return " ".join(pts)


def _num(x: float) -> str:
    s = f"{x:.1f}"
    s = s.removesuffix(".0")
    return "0" if s == "-0" else s


def hex_id(key: str) -> str:
    """An HTML-id-safe form of "q,r": "1,-3" -> "1_m3"."""
    return str(key).replace(",", "_").replace("-", "m")


def best_rotation(hexes: list[str], base: str | None) -> int:
    """The turn (0..5 sixths, clockwise) that puts `base` nearest straight below the island's centre."""
    if not base or not hexes:
        return 0
    best, best_score = 0, None
    for k in range(6):
        pts = [hex_center(*rotate(*parse_hex(h), k)) for h in hexes]
        cx, cy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
        bx, by = hex_center(*rotate(*parse_hex(base), k))
        off = math.atan2(by - cy, bx - cx) - math.pi / 2
        score = abs(math.atan2(math.sin(off), math.cos(off)))
        if best_score is None or score < best_score - 1e-9:
            best, best_score = k, score
    return best


# Token slots inside a hex: the centre and a ring of six (a stack of a leader and six
# chickens fills it exactly), then a tighter grid for bigger stacks.
RING = [(0, 0), (-9, -16), (9, -16), (18, 0), (9, 16), (-9, 16), (-18, 0)]
SLOTS = {
    1: [(0, 0)],
    2: [(-12, 0), (12, 0)],
    3: [(-12, -9), (12, -9), (0, 12)],
    4: [(-12, -11), (12, -11), (-12, 11), (12, 11)],
    5: [(0, 0), (-15, -13), (15, -13), (-15, 13), (15, 13)],
    6: [(0, -16), (-17, -7), (17, -7), (-17, 10), (17, 10), (0, 18)],
    7: RING,
}


def token_slots(n: int) -> tuple[list[tuple[int, int]], float]:
    """Positions (relative to the hex centre) and the token radius for n units in one hex."""
    if n in SLOTS:
        radius = {1: 15, 2: 11, 3: 10, 4: 10, 5: 9, 6: 8.5, 7: 8}[n]
        return SLOTS[n], radius
    cols = 4 if n > 9 else 3
    rows = math.ceil(n / cols)
    step = 13 if cols == 4 else 16
    out = []
    for i in range(n):
        row, col = divmod(i, cols)
        x = (col - (cols - 1) / 2) * step
        y = (row - (rows - 1) / 2) * step
        out.append((round(x, 1), round(y, 1)))
    return out, 6 if cols == 4 else 7


# -- words ---------------------------------------------------------------------------------

def colour_name(seat) -> str:
    names = [_("Red"), _("Blue"), _("Yellow"), _("Green")]
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else _("Nobody")


def colour_letter(seat) -> str:
    letters = [pgettext("Red, one letter", "R"), pgettext("Blue, one letter", "B"),
               pgettext("Yellow, one letter", "Y"), pgettext("Green, one letter", "G")]
    return letters[seat] if isinstance(seat, int) and 0 <= seat < len(letters) else "?"


def face_name(face: str) -> str:
    return {"1": _("+1"), "2": _("+2"), "3": _("+3"), "claw": _("Claw"), "chicken": _("Chicken"),
            "star": _("Star")}.get(face, face)


def resource_name(res: str, n: int = 1) -> str:
    return {"wood": ngettext("wood", "wood", n), "stone": ngettext("stone", "stones", n),
            "metal": ngettext("metal", "metal", n), "chicken": ngettext("chicken", "chickens", n)}.get(res, res)


def class_name(cls: str | None) -> str:
    return {"soldier": _("Soldier"), "golem": _("Golem"), "battle_car": _("Battle Car"), "cannon": _("Cannon"),
            "tower": _("Tower")}.get(cls or "", cls or "")


def class_letter(cls: str | None) -> str:
    return {"soldier": pgettext("Soldier, one letter", "S"), "golem": pgettext("Golem, one letter", "G"),
            "battle_car": pgettext("Battle Car, one letter", "C"), "cannon": pgettext("Cannon, two letters", "Cn"),
            "tower": pgettext("Tower, one letter", "T")}.get(cls or "", "M")


def tile_kind_name(kind: str) -> str:
    return {"territory": _("territory"), "base": _("base"), "lava": _("lava"), "neutral": _("neutral land"),
            "sea": _("sea")}.get(kind, kind)


def scroll_type_name(t: str | None) -> str:
    return {"magic": _("magic"), "strategy": _("strategy"), "catastrophe": _("catastrophe")}.get(t or "", t or "")


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


def _pay(pay) -> str:
    f = PAY_WORDS.get(pay)
    return f() if f else str(pay)


def _and(words: list[str]) -> str:
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


def machine_face(unit: dict) -> dict | None:
    """The public face (name, text) of the machine card a unit on the island shows."""
    cid = unit.get("card")
    if unit.get("kind") != "machine" or not cid:
        return None
    try:
        from engine.wfci import cards
        return cards.card_dict(cid)
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
    if kind == "roll":
        return _("Roll the dice")
    if kind == "skip_roll":
        return _("Do not roll")
    if kind == "keep":
        return _("Keep these dice")
    if kind == "toggle_die":
        n = str(action.get("die", "")).rsplit("-", 1)[-1]
        if action.get("die") in set((view.get("turn") or {}).get("selected") or []):
            return _("Leave the +1 die %(n)s on its unit") % {"n": n}
        return _("Also roll the +1 die %(n)s now on a unit") % {"n": n}
    if kind == "reroll":
        pay = [resource_name(r) for r in action.get("pay") or []]
        return _("Pay %(pay)s to reroll the picked dice") % {"pay": _and(pay)}
    if kind == "end_actions":
        return _("End my actions")
    if kind == "draw":
        return _("Draw a scroll")
    if kind == "end_turn":
        return _("End my turn")
    if kind == "pass":
        return _("Pass")
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
    if kind == "retrieve":
        return _("Retrieve (%(pay)s)") % {"pay": _pay(action.get("pay"))}
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
    if kind == "move":
        if where == "stack":
            return _("Move this stack (%(pay)s)") % {"pay": _pay(action.get("pay"))}
        return _("Move the stack at %(hex)s (%(pay)s)") % {"hex": action.get("hex"), "pay": _pay(action.get("pay"))}
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
    }
    if kind == "attack":
        text = _("Attack with it (%(pay)s)") % {"pay": _pay(action.get("pay"))}
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
    if kind == "build":
        return _("Build it")
    if kind == "play_scroll":
        if combat and combat.get("stage") == "cards":
            return _("Play it face down")
        if action.get("replace"):
            return _("Play it, replacing %(old)s") % {"old": _card_name(view, action["replace"])}
        return _("Play it")
    if kind == "discard_scroll":
        return _("Discard it")
    if kind == "side":
        return _("It helps the attacker") if action.get("side") == "attacker" else _("It helps the defender")
    extra = ", ".join(f"{k} {v}" for k, v in sorted(action.items()) if k != "type")
    return f"{kind}: {extra}" if extra else str(kind)


def _card_name(view: dict, cid: str) -> str:
    for c in _visible_cards(view):
        if c.get("id") == cid:
            return c.get("name", cid)
    return cid


def _visible_cards(view: dict):
    you = view.get("you") or {}
    yield from you.get("hand") or []
    yield from you.get("leader_options") or []
    for s in view.get("seats") or []:
        yield from s.get("strategies") or []
        if s.get("leader"):
            yield s["leader"]
    yield from view.get("stock") or []


# -- the page model ------------------------------------------------------------------------

def _entry(action: dict, view: dict, where: str) -> dict:
    return {"action": action, "label": action_label(action, view, where)}


def _card(card: dict, actions: list | None = None, **extra) -> dict:
    out = {"card": card, "actions": actions or [], "type_name": scroll_type_name(card.get("type")),
           "class_name": class_name(card.get("class")),
           "cost": [{"res": r, "n": n, "name": resource_name(r, n)} for r, n in sorted((card.get("cost") or {}).items())]}
    out.update(extra)
    return out


def _die_icon(face: str) -> dict:
    return {"face": face, "name": face_name(face)}


def _seat_name(players, seat: int) -> str:
    try:
        name = players[seat]
    except (IndexError, TypeError, KeyError):
        name = None
    return name or colour_name(seat)


@register.simple_tag
def wfci_board(view, legal=None, seat=None, players=None) -> dict:
    """Everything the WfCI templates draw, with each legal action placed exactly once."""
    view = view or {}
    legal = list(legal or [])
    players = list(players or [])
    seats = view.get("seats") or []
    units = list(view.get("units") or [])
    units_by_id = {u["id"]: u for u in units}
    tiles = (view.get("island") or {}).get("hexes") or []
    tile_keys = {t["hex"] for t in tiles}
    you = view.get("you") or {}
    combat = view.get("combat")
    pending = view.get("pending") or {}
    turn = view.get("turn") or {}
    me = seat if isinstance(seat, int) and 0 <= seat < len(seats) else None

    # -- place the actions -----------------------------------------------------------------
    placed = [False] * len(legal)
    hex_action: dict[str, dict] = {}
    unit_actions: dict[str, list] = {}
    stack_actions: dict[str, list] = {}
    card_actions: dict[str, list] = {}
    die_actions: dict[str, dict] = {}
    hand_ids = {c["id"] for c in you.get("hand") or []}
    option_ids = {c["id"] for c in you.get("leader_options") or []}
    stock_ids = {c["id"] for c in view.get("stock") or []}
    my_strategy_ids = {c["id"] for c in (seats[me].get("strategies") or [])} if me is not None else set()
    revealed_ids = {e["card"]["id"] for e in (combat or {}).get("revealed") or []}
    banner_ids = {d["id"] for d in (seats[me].get("banner") or [])} if me is not None else set()
    occupied = {}
    for u in units:
        occupied.setdefault(u["hex"], []).append(u)
    for i, a in enumerate(legal):
        kind = a.get("type")
        if kind in HEX_TYPES and a.get("hex") in tile_keys and a["hex"] not in hex_action and len(a) == 2:
            hex_action[a["hex"]] = _entry(a, view, "hex")
        elif kind == "move" and a.get("hex") in occupied:
            stack_actions.setdefault(a["hex"], []).append(_entry(a, view, "stack"))
        elif kind in UNIT_TYPES and a.get("unit") in units_by_id:
            unit_actions.setdefault(a["unit"], []).append(_entry(a, view, "unit"))
        elif kind in CARD_TYPES and "card" in a and (
            (kind in ("choose_leader", "challenger_leader") and a["card"] in option_ids)
            or (kind == "build" and a["card"] in stock_ids)
            or (kind in ("play_scroll", "discard_scroll") and a["card"] in hand_ids)
            or (kind == "activate" and a["card"] in my_strategy_ids)
            or (kind == "side" and a["card"] in revealed_ids)
        ):
            card_actions.setdefault(a["card"], []).append(_entry(a, view, "card"))
        elif kind == "toggle_die" and a.get("die") in banner_ids and a["die"] not in die_actions:
            die_actions[a["die"]] = _entry(a, view, "die")
        else:
            continue
        placed[i] = True
    bar = [_entry(a, view, "bar") for i, a in enumerate(legal) if not placed[i]]

    # -- the island ------------------------------------------------------------------------
    my_base = seats[me].get("base") if me is not None else None
    keys = [t["hex"] for t in tiles]
    turn_k = best_rotation(keys, my_base)

    def at(key):
        return hex_center(*rotate(*parse_hex(key), turn_k))

    moving = set(pending.get("group") or []) if pending.get("kind") == "move" else set()
    pilots = set(pending.get("pilots") or []) if pending.get("kind") == "build" else set()
    chosen = {pending.get("unit")} if pending.get("kind") in ("target", "leader_refuge") else set()
    fighters = {}
    if combat:
        fighters = {combat.get("attacker"): "attacker", combat.get("defender"): "defender"}
    flags_by_hex = {}
    for f in view.get("flags") or []:
        if isinstance(f, dict) and f.get("hex"):
            flags_by_hex.setdefault(f["hex"], []).append(f)

    hexes = []
    for t in tiles:
        x, y = at(t["hex"])
        kind, owner = t.get("kind"), t.get("owner")
        cls = f"t-{kind}"
        if kind in ("territory", "base") and owner is not None:
            cls += f" o{owner}"
        if kind == "territory" and owner is not None:
            desc = _("%(who)s's territory") % {"who": colour_name(owner)}
        elif kind == "base" and owner is not None:
            desc = _("%(who)s's base") % {"who": colour_name(owner)}
        elif kind in ("territory", "base"):
            desc = _("unclaimed %(kind)s") % {"kind": tile_kind_name(kind)}
        else:
            desc = tile_kind_name(kind)
        letter = {"lava": pgettext("lava, one letter", "L"), "neutral": pgettext("neutral, one letter", "N")}.get(kind, "")
        if kind in ("territory", "base"):
            letter = colour_letter(owner) if owner is not None else (
                pgettext("territory, one letter", "T") if kind == "territory" else pgettext("base, one letter", "B"))
        hexes.append({"key": t["hex"], "x": _num(x), "y": _num(y), "cls": cls, "letter": letter,
                      "title": f"{t['hex']}: {desc}", "base": kind == "base",
                      "flags": [{"seat": f.get("seat"), "colour": colour_name(f.get("seat"))}
                                for f in flags_by_hex.get(t["hex"], [])]})
    sea = []
    land = set(tile_keys)
    seen = set()
    for key in keys:
        q, r = parse_hex(key)
        for dq, dr in DIRECTIONS:
            n = f"{q + dq},{r + dr}"
            if n not in land and n not in seen:
                seen.add(n)
                x, y = at(n)
                sea.append({"key": n, "x": _num(x), "y": _num(y)})

    # stacks: the units on each hex, laid out as tokens
    stacks = []
    for key in sorted(occupied, key=lambda k: (min(u["owner"] for u in occupied[k]), parse_hex(k))):
        members = sorted(occupied[key], key=lambda u: (u["owner"], {"leader": 0, "machine": 1}.get(u["kind"], 2), u["id"]))
        x, y = at(key)
        slots, radius = token_slots(len(members))
        toks = []
        for (dx, dy), u in zip(slots, members):
            acts = unit_actions.get(u["id"], [])
            face = machine_face(u)
            marks = []
            if u["id"] in fighters:
                marks.append(fighters[u["id"]])
            if u["id"] in moving:
                marks.append("moving")
            if u["id"] in pilots:
                marks.append("pilot")
            if u["id"] in chosen:
                marks.append("chosen")
            r_tok = radius + (1.5 if u["kind"] == "leader" and len(members) > 1 else 0)
            tx, ty = x + dx, y + dy
            bs = max(r_tok * 0.9, 6)
            toks.append({
                "unit": u, "id": u["id"], "dom": "u-" + u["id"], "x": _num(tx), "y": _num(ty),
                "ring": _num(r_tok + 3), "ux": _num(tx - r_tok), "uy": _num(ty - r_tok), "us": _num(2 * r_tok),
                "ty": _num(ty + r_tok * 0.42), "bs": _num(bs),
                "bx": _num(tx + r_tok * 0.45), "by": _num(ty - r_tok - bs * 0.25),
                "px": _num(tx + r_tok * 0.45), "py": _num(ty + r_tok - bs * 0.75),
                "ptx": _num(tx + r_tok * 0.45 + bs / 2), "pty": _num(ty + r_tok - bs * 0.75 + bs * 0.8),
                "pfont": _num(bs * 0.85), "fx": _num(tx - r_tok - bs * 0.3), "fy": _num(ty - r_tok - bs * 0.3),
                "name": unit_name(u, view), "face": face, "actions": acts, "marks": marks,
                "letter": colour_letter(u["owner"]) if u["kind"] != "machine" else class_letter(u.get("class")),
                "class_name": class_name(u.get("class")),
                "font": _num(r_tok * (0.95 if u["kind"] == "machine" and u.get("class") == "cannon" else 1.15)),
                "flag": u.get("flag"), "flag_colour": colour_name(u["flag"]) if u.get("flag") is not None else "",
            })
        owners = sorted({u["owner"] for u in members})
        counts = {"leader": 0, "machine": 0, "chicken": 0}
        for u in members:
            counts[u["kind"]] = counts.get(u["kind"], 0) + 1
        parts = []
        for u in members:
            if u["kind"] != "chicken":
                parts.append(unit_name(u, view))
        if counts.get("chicken"):
            parts.append(ngettext("%(n)s chicken", "%(n)s chickens", counts["chicken"]) % {"n": counts["chicken"]})
        summary = _("%(who)s at %(hex)s: %(units)s") % {
            "who": " / ".join(colour_name(o) for o in owners), "hex": key, "units": ", ".join(parts)}
        s_acts = stack_actions.get(key, [])
        has_choice = bool(s_acts) or any(t["actions"] for t in toks)
        stacks.append({"key": key, "dom": "st-" + hex_id(key), "x": _num(x), "y": _num(y), "tokens": toks,
                       "owners": owners, "summary": summary, "actions": s_acts, "has_choice": has_choice,
                       "moving": any(u["id"] in moving for u in members),
                       "fight": any(u["id"] in fighters for u in members)})

    overlays = []
    for key, entry in hex_action.items():
        x, y = at(key)
        overlays.append({"key": key, "x": _num(x), "y": _num(y), **entry,
                         "aria": _("%(what)s (%(hex)s)") % {"what": entry["label"], "hex": key}})

    xs = [float(h["x"]) for h in hexes] or [0.0]
    ys = [float(h["y"]) for h in hexes] or [0.0]
    margin_x, margin_y = SIZE * SQ3 * 0.5 + SIZE * 0.6, SIZE + SIZE * 0.5
    vx, vy = min(xs) - margin_x, min(ys) - margin_y
    vw, vh = max(xs) - min(xs) + 2 * margin_x, max(ys) - min(ys) + 2 * margin_y
    columns = vw / (SIZE * SQ3)
    island = {
        "viewbox": f"{_num(vx)} {_num(vy)} {_num(vw)} {_num(vh)}", "x": _num(vx), "y": _num(vy),
        "w": _num(vw), "h": _num(vh), "min_width": int(columns * MIN_PX_PER_COLUMN),
        "hexes": hexes, "sea": sea, "stacks": stacks, "overlays": overlays, "hex_points": hex_points(),
        "overlay_points": hex_points(size=SIZE - 3), "turned": turn_k,
    }

    # -- seats -----------------------------------------------------------------------------
    order = list(range(len(seats)))
    if me is not None:
        order = order[me:] + order[:me]
    selected = set(turn.get("selected") or [])
    solo = (view.get("options") or {}).get("mode") in ("solo", "solo_hard") or isinstance(view.get("challenger"), dict)
    seat_models = []
    for i in order:
        s = seats[i]
        mine = i == me
        dice = []
        for d in s.get("banner") or []:
            dice.append({**_die_icon(d.get("face")), "id": d.get("id"), "selected": d.get("id") in selected and
                         view.get("current") == i, "entry": die_actions.get(d.get("id")) if mine else None})
        res = s.get("resources") or {}
        tags = [{"seat": t, "colour": colour_name(t), "letter": colour_letter(t)} for t in s.get("tag_seats") or []]
        strategies = [_card(c, card_actions.get(c["id"]) if mine else None) for c in s.get("strategies") or []]
        leader = s.get("leader")
        seat_models.append({
            "seat": i, "mine": mine, "name": _seat_name(players, i), "colour": colour_name(i),
            "challenger": solo and i == CHALLENGER_SEAT,
            "letter": colour_letter(i), "current": view.get("current") == i,
            "to_act": i in (view.get("to_act") or []), "dice": dice, "spent": s.get("spent", 0),
            "spent_list": list(range(s.get("spent", 0))),
            "on_units": max(0, DICE_PER_COLOUR - len(s.get("banner") or []) - s.get("spent", 0)),
            "resources": [{"res": r, "n": res.get(r, 0), "name": resource_name(r, res.get(r, 0))}
                          for r in ("wood", "stone", "metal")],
            "resource_total": sum(res.values()) if res else 0,
            "tags": tags, "tags_left": s.get("tags_left", 0), "destroyed": s.get("destroyed", 0),
            "hand_count": s.get("hand_count", 0), "strategies": strategies,
            "leader": _card(leader) if leader else None, "base": s.get("base"),
            "hand": [_card(c, card_actions.get(c["id"])) for c in you.get("hand") or []] if mine else None,
            "leader_options": [_card(c, card_actions.get(c["id"])) for c in you.get("leader_options") or []]
            if mine else None,
        })

    # -- the fight ---------------------------------------------------------------------------
    fight = None
    if combat:
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
                             "name": _seat_name(players, int(key)), "turn": stage == "cards" and int(key) == turn_seat})
        revealed = []
        for e in combat.get("revealed") or []:
            side = e.get("side")
            side_text = {"attacker": _("helps the attacker"), "defender": _("helps the defender"),
                         "owner": _("a strategy: it works for its owner"), None: _("side not said yet")}.get(side, side)
            revealed.append({**_card(e["card"], card_actions.get(e["card"]["id"])), "seat": e.get("seat"),
                             "colour": colour_name(e.get("seat")), "side": side, "side_text": side_text})
        fight = {
            "attacker": att, "defender": dfd, "attacker_name": unit_name(att, view), "defender_name": unit_name(dfd, view),
            "attacker_seat": combat.get("attacker_seat"), "defender_seat": combat.get("defender_seat"),
            "attacker_colour": colour_name(combat.get("attacker_seat")),
            "defender_colour": colour_name(combat.get("defender_seat")),
            "ranged": combat.get("ranged"), "boost": combat.get("boost") or 0, "stage": stage, "stage_text": stage_text,
            "passes": combat.get("passes") or 0, "facedown": facedown, "revealed": revealed,
            "yours": [_card(c) for c in combat.get("yours") or []],
        }

    last_fight = None if combat else _last_fight(view.get("last_fight"))

    # -- the rest ----------------------------------------------------------------------------
    decks = view.get("decks") or {}
    supply = view.get("supply") or {}
    status = []
    cur = view.get("current")
    if view.get("phase") == "setup":
        status.append(_("Setting up"))
    elif cur is not None and view.get("outcome") is None:
        status.append(_("Round %(n)s") % {"n": view.get("round")})
        status.append(_("Turn: %(name)s, %(colour)s") % {"name": _seat_name(players, cur), "colour": colour_name(cur)})
        step = turn.get("step")
        status.append({"roll": _("rolling"), "reroll": _("rerolling"), "actions": _("taking actions"),
                       "draw": _("drawing scrolls"), "challenger": _("the Challenger acts")}.get(step, step or ""))
        if step == "actions":
            status.append(_("free action available") if turn.get("free") else _("free action used"))
        if turn.get("extra_moves"):
            status.append(ngettext("%(n)s extra move", "%(n)s extra moves", turn["extra_moves"]) % {"n": turn["extra_moves"]})
    pend_text = _pending_text(pending, view, units_by_id)
    catastrophe = None
    if view.get("catastrophe"):
        cat = view["catastrophe"]
        catastrophe = {**_card(cat["card"]), "colour": colour_name(cat.get("seat"))}
    stock = [_card(c, card_actions.get(c["id"])) for c in view.get("stock") or []]
    return {
        "island": island, "stacks": stacks, "seats": seat_models, "fight": fight, "last_fight": last_fight,
        "bar": bar,
        "status": [s for s in status if s], "pending": pend_text, "catastrophe": catastrophe,
        "events": list(view.get("events") or []), "stock": stock,
        "scroll_deck": decks.get("scroll", 0), "machine_deck": decks.get("machine", 0),
        "scroll_discard": [_card(c) for c in reversed(decks.get("scroll_discard") or [])],
        "machine_discard": [_card(c) for c in reversed(decks.get("machine_discard") or [])],
        "supply": [{"res": r, "n": supply.get(r, 0), "name": resource_name(r, supply.get(r, 0))}
                   for r in ("wood", "stone", "metal")],
        "shields": supply.get("shields", 0),
        "miniatures": [{"cls": c, "name": class_name(c), "n": n} for c, n in (supply.get("miniatures") or {}).items()],
        "challenger": challenger(view, units_by_id),
        "has_choices": bool(legal), "me": me,
    }


def _last_fight(last: dict | None) -> dict | None:
    """The "Last fight" panel: who fought whom, the revealed cards, strength against armor."""
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
        cards.append({**_card(c), "seat": c.get("seat"), "colour": colour_name(c.get("seat")),
                      "side": c.get("side") or "none",
                      "side_text": side_texts.get(c.get("side"), _("for nobody")),
                      "bonus_text": bonus_text})
    att, dfd = last.get("attacker") or {}, last.get("defender") or {}
    success = last.get("result") == "success"
    if success:
        result_text = {"shield": _("Success: %(name)s loses a shield."),
                       "destroyed": _("Success: %(name)s is destroyed."),
                       "humiliation": _("Success: %(name)s is humiliated."),
                       "no_tag": _("Success: %(name)s is beaten, but no humiliation tag can be placed."),
                       }.get(last.get("effect"), _("Success.")) % {"name": dfd.get("name", "")}
    else:
        result_text = _("Failure: the attack of %(name)s fails.") % {"name": att.get("name", "")}
    return {
        "attacker_name": att.get("name", ""), "attacker_seat": att.get("seat"),
        "attacker_colour": colour_name(att.get("seat")),
        "defender_name": dfd.get("name", ""), "defender_seat": dfd.get("seat"),
        "defender_colour": colour_name(dfd.get("seat")),
        "ranged": last.get("ranged"), "boost": last.get("boost") or 0, "round": last.get("round"),
        "strength": last.get("strength"), "armor": last.get("armor"), "success": success,
        "result_text": result_text, "cards": cards,
    }


def _pending_text(pending: dict, view: dict, units_by_id: dict) -> str:
    kind = pending.get("kind")
    if kind == "build":
        card = next((c for c in view.get("stock") or [] if c["id"] == pending.get("card")), None)
        need = (card or {}).get("pilots", 0)
        return _("Building %(name)s: %(got)s of %(need)s pilots picked.") % {
            "name": (card or {}).get("name", ""), "got": len(pending.get("pilots") or []), "need": need}
    if kind == "move":
        return ngettext("Moving %(n)s unit from %(hex)s: %(left)s step left.",
                        "Moving %(n)s units from %(hex)s: %(left)s steps left.", len(pending.get("group") or [])) % {
            "n": len(pending.get("group") or []), "hex": pending.get("hex"), "left": pending.get("left")}
    if kind == "retrieve":
        return ngettext("%(n)s more thing to retrieve.", "%(n)s more things to retrieve.", pending.get("left") or 0) % {
            "n": pending.get("left")}
    if kind == "target":
        return _("%(unit)s is ready to attack: choose the defender.") % {
            "unit": unit_name(units_by_id.get(pending.get("unit")), view)}
    if kind in ("discard_resources",):
        return _("Return resources until you hold %(n)s.") % {"n": pending.get("down_to")}
    if kind == "hit":
        return _("A hit of strength %(n)s: choose the unit.") % {"n": pending.get("strength")}
    if kind == "hurricane":
        return ngettext("Hurricane: return %(n)s more resource.", "Hurricane: return %(n)s more resources.",
                        pending.get("left") or 0) % {"n": pending.get("left")}
    return ""


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
                     "dice": [_die_icon(f) if f else None for f in faces], "count": len(faces),
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


@register.filter
def die_symbol(face) -> str:
    """The sprite id of a die face icon."""
    return {"1": "wd1", "2": "wd2", "3": "wd3", "claw": "wdc", "chicken": "wdh", "star": "wds"}.get(str(face), "wdx")


@register.filter
def hexdom(key) -> str:
    return hex_id(key)
