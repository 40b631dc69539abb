"""The island as SVG: the land hexes turned for the viewer, the sea rim, each hex's stack of
units laid out as tokens, and the hex choices as keyboard buttons."""

from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from .geometry import (DIRECTIONS, MIN_PX_PER_COLUMN, SIZE, SQ3, best_rotation, hex_center, hex_id, hex_points,
                       num, parse_hex, rotate, token_slots)
from .cockfight import token as rank_badge
from .labels import class_letter, class_name, colour_letter, colour_name, machine_face, tile_kind_name, unit_name


def island(view: dict, me: int | None, placed: dict) -> dict:
    """The island's SVG model; its "stacks" are also listed below the island."""
    seats = view.get("seats") or []
    units = list(view.get("units") or [])
    tiles = (view.get("island") or {}).get("hexes") or []
    tile_keys = {t["hex"] for t in tiles}
    combat = view.get("combat")
    pending = view.get("pending") or {}
    unit_actions, stack_actions, hex_action = placed["unit"], placed["stack"], placed["hex"]
    occupied = {}
    for u in units:
        occupied.setdefault(u["hex"], []).append(u)
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
        if isinstance(f, dict) and f.get("hex") and f.get("unit") is None:  # lying loose; carried ones ride on tokens
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
        h = {"key": t["hex"], "x": num(x), "y": num(y), "cls": cls, "letter": letter,
             "title": f"{t['hex']}: {desc}", "base": kind == "base",
             "flags": [{"seat": f.get("seat"), "colour": colour_name(f.get("seat"))}
                       for f in flags_by_hex.get(t["hex"], [])]}
        h["svg"] = tile_svg(h)
        hexes.append(h)
    land = set(tile_keys)
    build = view.get("island_build") or {}
    ghosts = ghost_cells(build, land)
    # while the island is built, its choices and the chosen tile's footprint lie on the Sea
    grows = sorted({k for k in hex_action if k not in land} | {g["key"] for g in ghosts}, key=parse_hex)
    for g in ghosts:
        g["x"], g["y"] = (num(v) for v in at(g["key"]))
    sea = [{"key": k, "x": num(at(k)[0]), "y": num(at(k)[1])} for k in grows]
    seen = set(grows)
    for key in keys + grows:
        q, r = parse_hex(key)
        for dq, dr in DIRECTIONS:
            n = f"{q + dq},{r + dr}"
            if n not in land and n not in seen:
                seen.add(n)
                x, y = at(n)
                sea.append({"key": n, "x": num(x), "y": num(y)})

    # stacks: the units on each hex, laid out as tokens
    stacks = []
    for key in sorted(occupied, key=lambda k: (min(u["owner"] for u in occupied[k]), parse_hex(k))):
        members = sorted(occupied[key], key=lambda u: (u["owner"], {"leader": 0, "machine": 1}.get(u["kind"], 2),
                                                       u.get("layer") or 0, u["id"]))  # cockfight: top first
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
            fs = max(r_tok * 1.6, 16)  # a carried flag flies big enough to see, over its stack
            toks.append({
                "unit": u, "id": u["id"], "dom": "u-" + u["id"], "x": num(tx), "y": num(ty),
                "ring": num(r_tok + 3), "ux": num(tx - r_tok), "uy": num(ty - r_tok), "us": num(2 * r_tok),
                "ty": num(ty + r_tok * 0.42), "bs": num(bs),
                "bx": num(tx + r_tok * 0.45), "by": num(ty - r_tok - bs * 0.25),
                "px": num(tx + r_tok * 0.45), "py": num(ty + r_tok - bs * 0.75),
                "ptx": num(tx + r_tok * 0.45 + bs / 2), "pty": num(ty + r_tok - bs * 0.75 + bs * 0.8),
                "pfont": num(bs * 0.85), "rank": rank_badge(u, tx, ty, r_tok),
                "name": unit_name(u, view), "face": face, "actions": acts, "marks": marks,
                "letter": colour_letter(u["owner"]) if u["kind"] != "machine" else class_letter(u.get("class")),
                "class_name": class_name(u.get("class")),
                "font": num(r_tok * (0.95 if u["kind"] == "machine" and u.get("class") == "cannon" else 1.15)),
                "flags": [{"seat": f, "colour": colour_name(f), "x": num(tx - fs * 0.15 + i * fs * 0.5),
                           "y": num(ty - r_tok - fs * 0.8), "size": num(fs)} for i, f in enumerate(u.get("flags") or [])],
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
        stacks.append({"key": key, "dom": "st-" + hex_id(key), "x": num(x), "y": num(y), "tokens": toks,
                       "owners": owners, "summary": summary, "actions": s_acts, "has_choice": has_choice,
                       "moving": any(u["id"] in moving for u in members),
                       "fight": any(u["id"] in fighters for u in members)})

    overlays = []
    for key, entry in hex_action.items():
        x, y = at(key)
        overlays.append({"key": key, "x": num(x), "y": num(y), **entry,
                         "aria": _("%(what)s (%(hex)s)") % {"what": entry["label"], "hex": key}})

    xs = [float(h["x"]) for h in hexes + sea[:len(grows)]] or [0.0]
    ys = [float(h["y"]) for h in hexes + sea[:len(grows)]] or [0.0]
    margin_x, margin_y = SIZE * SQ3 * 0.5 + SIZE * 0.6, SIZE + SIZE * 0.5
    vx, vy = min(xs) - margin_x, min(ys) - margin_y
    vw, vh = max(xs) - min(xs) + 2 * margin_x, max(ys) - min(ys) + 2 * margin_y
    columns = vw / (SIZE * SQ3)
    return {
        "viewbox": f"{num(vx)} {num(vy)} {num(vw)} {num(vh)}", "x": num(vx), "y": num(vy),
        "w": num(vw), "h": num(vh), "min_width": int(columns * MIN_PX_PER_COLUMN),
        "hexes": hexes, "sea": sea, "sea_svg": mark_safe("".join(
            f'<use href="#wh" x="{h["x"]}" y="{h["y"]}"/>' for h in sea)), "stacks": stacks, "overlays": overlays, "hex_points": hex_points(), "ghosts": ghosts,
        "overlay_points": hex_points(size=SIZE - 3), "turned": turn_k,
    }


def tile_svg(h: dict) -> str:
    """One land hex as SVG, built here rather than in the template: a 4-player island has some
    sixty of them and the template engine spends most of the board's render on such loops."""
    x, y = h["x"], h["y"]
    out = [f'<g class="tile {escape(h["cls"])}"><title>{escape(h["title"])}</title><use href="#wh" x="{x}" y="{y}"/>'
           f'<text class="co" x="{x}" y="{y}" dy="-27">{escape(h["key"])}</text>'
           f'<text class="tk" x="{x}" y="{y}" dy="36">{escape(h["letter"])}</text>']
    if h["base"]:
        out.append(f'<use href="#wo" class="bring" x="{x}" y="{y}"/>')
    for f in h["flags"]:
        title = _("%(who)s's flag lies here") % {"who": f["colour"]}
        out.append(f'<use href="#wflag" class="flag o{escape(f["seat"])}" x="{x}" y="{y}" width="18" height="18" '
                   f'transform="translate(12 -30)"><title>{escape(title)}</title></use>')
    out.append("</g>")
    return mark_safe("".join(out))


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
