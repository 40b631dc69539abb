"""The island as SVG: the land hexes turned once for good, the sea rim, each hex's units drawn as
tokens, and on top the island's choices: a tap on a hex, a stack or a unit makes its one
choice, and where one spot holds several (a stack whose units may each attack) the tap opens
a stack card listing them."""

from __future__ import annotations

from collections import Counter

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .cockfight import token as rank_badge
from .geometry import DIRECTIONS, SIZE, extent, half_extent, hex_id, num, orientation, parse_hex, place, token_slots
from .geometry import turned_hex_points
from games.texts import labelled

from .labels import action_label, class_name, colour_letter, colour_name, machine_face, tile_kind_name, unit_name, unit_symbol

MARGIN = 6  # SVG units of sea around the land


def island(view: dict, me: int | None, placed: dict) -> dict:
    """The island's model: hexes, sea, stacks of tokens, the choices on top and their cards."""
    units = list(view.get("units") or [])
    tiles = (view.get("island") or {}).get("hexes") or []
    keys = [t["hex"] for t in tiles]
    built = (view.get("options") or {}).get("island") == "build"
    angle = 0 if built else orientation(keys)

    def at(key):
        return place(key, angle)

    occupied: dict[str, list] = {}
    for u in units:
        occupied.setdefault(u["hex"], []).append(u)
    flags_by_hex: dict[str, list] = {}
    for f in view.get("flags") or []:
        if isinstance(f, dict) and f.get("hex") and f.get("unit") is None:  # lying loose; carried ones ride on tokens
            flags_by_hex.setdefault(f["hex"], []).append(f)
    hexes = [tile_model(t, at(t["hex"]), flags_by_hex.get(t["hex"], [])) for t in tiles]
    land = set(keys)
    ghosts = ghost_cells(view.get("island_build") or {}, land)
    # while the island is built, its choices and the chosen tile's footprint lie on the Sea
    grows = sorted({k for k in placed["hex"] if k not in land} | {g["key"] for g in ghosts}, key=parse_hex)
    for g in ghosts:
        g["x"], g["y"] = (num(v) for v in at(g["key"]))
    sea, seen = [], set(grows)
    for key in grows:
        sea.append(_cell(key, at))
    for key in keys + grows:
        q, r = parse_hex(key)
        for dq, dr in DIRECTIONS:
            n = f"{q + dq},{r + dr}"
            if n not in land and n not in seen:
                seen.add(n)
                sea.append(_cell(n, at))
    stacks, tokens_at = stack_models(view, occupied, at)
    choices, cards = choice_models(view, placed, occupied, tokens_at, at)
    x, y, w, h = extent(keys + grows, angle)
    x, y, w, h = x - MARGIN, y - MARGIN, w + 2 * MARGIN, h + 2 * MARGIN
    return {
        "viewbox": f"{num(x)} {num(y)} {num(w)} {num(h)}", "x": num(x), "y": num(y), "w": num(w), "h": num(h),
        "ratio": num(w / h if h else 1), "angle": angle,
        "hexes": hexes, "sea_svg": mark_safe("".join(f'<use href="#wh" x="{c["x"]}" y="{c["y"]}"/>' for c in sea)),
        "stacks": stacks, "choices": choices, "cards": cards, "ghosts": ghosts,
        "hex_points": turned_hex_points(angle), "hit_points": turned_hex_points(angle, SIZE - 2),
        "half": half_extent(angle),
    }


def _cell(key: str, at) -> dict:
    x, y = at(key)
    return {"key": key, "x": num(x), "y": num(y)}


def tile_model(t: dict, xy: tuple, flags: list) -> dict:
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
    # A letter only where it has one meaning: the owner's colour on claimed land.
    letter = colour_letter(owner) if kind in ("territory", "base") and owner is not None else ""
    h = {"key": t["hex"], "x": num(xy[0]), "y": num(xy[1]), "cls": cls, "letter": letter,
         "title": labelled(t["hex"], desc), "base": kind == "base", "kind": kind,
         "flags": [{"seat": f.get("seat"), "colour": colour_name(f.get("seat"))} for f in flags]}
    h["svg"] = tile_svg(h)
    return h


def tile_svg(h: dict) -> str:
    """One land hex as SVG, built here rather than in the template: a 4-player island has some
    sixty of them and the template engine spends most of the board's render on such loops.
    Its group is moved to the hex's centre once, so its parts carry short offsets only."""
    key = escape(h["key"])
    out = [f'<g class="tile {escape(h["cls"])}" data-hex="{key}" data-space="{key}" '
           f'transform="translate({h["x"]} {h["y"]})"><title>{text(h["title"])}</title>'
           f'<use href="#wh"/><text class="co" y="-25">{key}</text>']
    if h["letter"]:
        out.append(f'<text class="tk" y="33">{escape(h["letter"])}</text>')
    if h["base"]:
        out.append('<use href="#wo" class="bring"/><use href="#wbase" class="bmark" x="-7" y="17" width="14" height="14"/>')
    elif h["kind"] == "lava":
        out.append('<use href="#wlava" class="lmark" x="-7" y="17" width="14" height="14"/>')
    for f in h["flags"]:
        title = _("%(who)s's flag lies here") % {"who": f["colour"]}
        out.append(f'<use href="#wflag" class="flag o{escape(f["seat"])}" x="12" y="-30" width="18" height="18">'
                   f'<title>{text(title)}</title></use>')
    out.append("</g>")
    return mark_safe("".join(out))


def text(words: str) -> str:
    """Words for a text node: only &, < and > need escaping there (an apostrophe stays one byte)."""
    return str(words).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def stack_models(view: dict, occupied: dict, at) -> tuple[list, dict]:
    """The units of each hex as tokens in fixed slots; also {unit id: token} for the choices."""
    combat = view.get("combat")
    pending = view.get("pending") or {}
    moving = set(pending.get("group") or []) if pending.get("kind") == "move" else set()
    pilots = set(pending.get("pilots") or []) if pending.get("kind") == "build" else set()
    chosen = {pending.get("unit")} if pending.get("kind") in ("target", "leader_refuge") else set()
    fighters = {combat.get("attacker"): "attacker", combat.get("defender"): "defender"} if combat else {}
    stacks, tokens_at = [], {}
    for key in sorted(occupied, key=lambda k: (min(u["owner"] for u in occupied[k]), parse_hex(k))):
        members = sorted(occupied[key], key=lambda u: (u["owner"], {"leader": 0, "machine": 1}.get(u["kind"], 2),
                                                       u.get("layer") or 0, u["id"]))  # cockfight: top first
        x, y = at(key)
        slots, radius = token_slots(len(members))
        toks = []
        for (dx, dy), u in zip(slots, members):
            marks = [m for m, on in (("attacker", fighters.get(u["id"]) == "attacker"),
                                     ("defender", fighters.get(u["id"]) == "defender"), ("moving", u["id"] in moving),
                                     ("pilot", u["id"] in pilots), ("chosen", u["id"] in chosen)) if on]
            r = radius + (1.5 if u["kind"] == "leader" and len(members) > 1 else 0)
            tx, ty = x + dx, y + dy
            bs = max(r * 0.8, 7)
            fs = max(r * 1.5, 16)  # a carried flag flies big enough to see, over its stack
            tok = {
                "unit": u, "id": u["id"], "dom": "u-" + u["id"], "x": num(tx), "y": num(ty), "r": num(r),
                "ring": num(r + 3.5), "hit": num(r + 7), "ux": num(tx - r), "uy": num(ty - r), "us": num(2 * r),
                "symbol": unit_symbol(u), "bs": num(bs),
                "bx": num(tx + r * 0.4), "by": num(ty - r - bs * 0.2),
                "px": num(tx + r * 0.4), "py": num(ty + r - bs * 0.8),
                "ptx": num(tx + r * 0.4 + bs / 2), "pty": num(ty + r - bs * 0.8 + bs * 0.8),
                "pfont": num(bs * 0.85), "rank": rank_badge(u, tx, ty, r),
                "name": unit_name(u, view), "face": machine_face(u), "marks": marks,
                "class_name": class_name(u.get("class")),
                "flags": [{"seat": f, "colour": colour_name(f), "x": num(tx - fs * 0.15 + i * fs * 0.5),
                           "y": num(ty - r - fs * 0.8), "size": num(fs)} for i, f in enumerate(u.get("flags") or [])],
            }
            toks.append(tok)
            tokens_at[u["id"]] = tok
        owners = sorted({u["owner"] for u in members})
        parts = [unit_name(u, view) for u in members if u["kind"] != "chicken"]
        n_chickens = sum(1 for u in members if u["kind"] == "chicken")
        if n_chickens:
            parts.append(ngettext("%(n)s chicken", "%(n)s chickens", n_chickens) % {"n": n_chickens})
        summary = _("%(who)s at %(hex)s: %(units)s") % {
            "who": " / ".join(colour_name(o) for o in owners), "hex": key, "units": ", ".join(parts)}
        stacks.append({"key": key, "dom": "st-" + hex_id(key), "x": num(x), "y": num(y), "tokens": toks,
                       "owners": owners, "summary": summary, "fight": any(u["id"] in fighters for u in members)})
    return stacks, tokens_at


def choice_models(view: dict, placed: dict, occupied: dict, tokens_at: dict, at) -> tuple[list, list]:
    """The island's choices, per hex and mode: one choice is made by tapping its hex, stack or
    unit; several on one hex become a stack card opened by a tap on the hex."""
    groups: dict[tuple, list] = {}
    for key, es in placed["hex"].items():
        for e in es:
            groups.setdefault((key, e["mode"]), []).append(("hex", key, e))
    for key, es in placed["stack"].items():
        for e in es:
            groups.setdefault((key, e["mode"]), []).append(("stack", key, e))
    for uid, es in placed["unit"].items():
        tok = tokens_at.get(uid)
        for e in es:
            groups.setdefault((tok["unit"]["hex"], e["mode"]), []).append(("unit", uid, e))
    choices, cards = [], []
    for (key, mode), members in sorted(groups.items(), key=lambda kv: (parse_hex(kv[0][0]), kv[0][1])):
        x, y = (num(v) for v in at(key))
        if len(members) == 1:
            kind, target, e = members[0]
            if kind == "unit":
                tok = tokens_at[target]
                choices.append({"kind": "unit", "x": tok["x"], "y": tok["y"], "r": tok["hit"], "ring": tok["ring"],
                                "mode": mode, "entry": e, "type": e["action"].get("type")})
            else:
                choices.append({"kind": kind, "x": x, "y": y, "mode": mode, "entry": e, "key": key,
                                "type": e["action"].get("type")})
            continue
        dom = f"sc-{hex_id(key)}" + (f"-{mode}" if mode else "")
        owners = sorted({u["owner"] for u in occupied.get(key, [])})
        title = _("%(who)s at %(hex)s") % {"who": " / ".join(colour_name(o) for o in owners) or _("The hex"),
                                           "hex": key}
        rows = []
        for kind, target, e in members:
            tok = tokens_at.get(target) if kind == "unit" else None
            short = None
            if tok and len(owners) == 1:  # the card names the owner once, each row only the unit
                short = {"chicken": _("chicken"), "leader": (tok["unit"].get("leader_name") or _("leader"))}.get(
                    tok["unit"]["kind"], tok["class_name"] if not tok["face"] else tok["face"]["name"])
            rows.append({"entry": e, "token": tok, "unit": tok["unit"] if tok else None,
                         "short": short or (tok["name"] if tok else ""),
                         "do": action_label(e["action"], view, "unit") if tok else e["name"],
                         "copy": ""})  # always set: a missing key would print the dict's .copy()
        alike = Counter((r["short"], r["do"]) for r in rows)
        seen: Counter = Counter()
        for r in rows:  # six chickens a pilot each: a screen reader tells them apart by number
            k = (r["short"], r["do"])
            if alike[k] > 1:
                seen[k] += 1
                r["copy"] = _("(%(n)s of %(total)s)") % {"n": seen[k], "total": alike[k]}
        choices.append({"kind": "pick", "x": x, "y": y, "mode": mode, "card": dom, "key": key, "n": len(members),
                        "name": ngettext("%(n)s choice at %(hex)s: show it", "%(n)s choices at %(hex)s: show them",
                                         len(members)) % {"n": len(members), "hex": key}})
        cards.append({"dom": dom, "key": key, "mode": mode, "title": title, "rows": rows, "y": float(y)})
    return choices, cards


def ghost_cells(build: dict, land: set) -> list[dict]:
    """While a Territory tile is being placed: its first end, and the hexes each of its
    possible placements would cover (the page draws them faintly under the choices)."""
    start = build.get("from")
    if not start:
        return []
    cells = {h for r in build.get("reach") or [] for h in r.get("hexes") or []} - land - {start}
    out = [{"key": start, "cls": "ghost from", "title": _("%(hex)s: the Territory tile's first end") % {"hex": start}}]
    out += [{"key": k, "cls": "ghost", "title": _("%(hex)s: the Territory tile may cover it") % {"hex": k}}
            for k in sorted(cells, key=parse_hex)]
    return out


def arrows(news: dict | None, angle: int) -> list[dict]:
    """The moves and attacks of the turns told, as SVG paths ending short of the last hex so
    the arrowhead does not hide the units there."""
    if not news:
        return []
    out = []
    for p in news["paths"]:
        pts = [place(k, angle) for k in p["hexes"]]
        out.append({"d": _path(pts, 16), "owner": p["owner"], "kind": "move"})
    for a in news["attacks"]:
        out.append({"d": _path([place(a["from"], angle), place(a["to"], angle)], 18), "owner": a["owner"],
                    "kind": "attack"})
    return out


def _path(pts: list, short: float) -> str:
    (x1, y1), (x2, y2) = pts[-2], pts[-1]
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 or 1
    pts = pts[:-1] + [(x2 - (x2 - x1) * short / length, y2 - (y2 - y1) * short / length)]
    return "M" + " L".join(f"{num(x)} {num(y)}" for x, y in pts)
