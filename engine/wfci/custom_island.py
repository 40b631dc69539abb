"""The hand-built island (`island: "build"`, rules 3.7; 2nd edition "Création d'une île
personnalisée"): before the bases are claimed, the players place the tiles in turn order.

Each round is one player's: a Territory tile, a Base tile next to it, a Lava/Neutral tile;
then every enclosed space turns to lava. The legal placements are exactly those the random
island draws from (`island.options`: the printed rules, D-3 and the minimum base distance),
so the two ways of making an island are one procedure. Each click is one action:

- a Territory tile covers a rhombus of 4 hexes (D-2) whose two far ends ("tips") are 2 hexes
  apart; `territory_from` picks one tip, `territory_to` the other (the six hexes 2 away along
  the rhombus's long axis are its six rotations), `territory_back` picks again;
- `place_base` puts the Base on a hex;
- `place_tile` puts the Lava/Neutral tile on a hex with the side shown up; `tile_side` turns it.

The frame: {"kind": "island", "seat", "from": a tip or None, "side": "lava" | "neutral"}.
"""

from __future__ import annotations

from ..errors import IllegalAction
from ..messages import listing, msg
from . import board, classic_island, fair_bases, island as islands
from .board import distance
from .state import hx, island, note, pt, ruleset, who

KIND = "island"
ACTIONS = ("territory_from", "territory_to", "territory_back", "place_base", "place_tile", "tile_side")
P = "wfci.refuse.island."


def playing(state: dict) -> bool:
    return bool(state["stack"]) and state["stack"][-1]["kind"] == KIND


def start(state: dict) -> dict:
    """The frame of the first round (the table holds only the central Lava tile)."""
    return {"kind": KIND, "seat": state["first"], "from": None, "side": "lava"}


def procedure(state: dict):
    """The 2nd edition's procedure (island.py: by seat), or classic's (classic_island.py: by kind)."""
    return classic_island if ruleset(state).island_procedure == "by_kind" else islands


def _step(state: dict) -> tuple[str, int]:
    return procedure(state).next_step(island(state), state["players"])


def _options(state: dict) -> list:
    return procedure(state).options(island(state), state["players"])


def tips(placement) -> tuple:
    """The two hexes of a rhombus that are 2 apart."""
    return next((a, b) for a in placement for b in placement if a < b and distance(a, b) == 2)


def _sides(options: list) -> dict[str, list]:
    out: dict[str, list] = {"lava": [], "neutral": []}
    for side, h in options:
        out[side].append(h)
    return out


def _side(frame: dict, options: list) -> str:
    """The side shown: the frame's, unless it has no legal hex and the other has."""
    sides = _sides(options)
    if not sides[frame["side"]] and sides[_other(frame["side"])]:
        return _other(frame["side"])
    return frame["side"]


def _other(side: str) -> str:
    return "neutral" if side == "lava" else "lava"


def reach(state: dict, frame: dict) -> list[dict]:
    """From the chosen tip: each legal other tip and the 4 hexes that placement covers."""
    start_hex = pt(frame["from"])
    out = []
    for p in _options(state):
        a, b = tips(p)
        if start_hex in (a, b):
            out.append({"hex": hx(b if a == start_hex else a), "hexes": [hx(h) for h in p]})
    return sorted(out, key=lambda e: pt(e["hex"]))


def legal(state: dict, frame: dict) -> list[dict]:
    step, _k = _step(state)
    options = _options(state)
    if step == "territory":
        if frame["from"] is None:
            ends = sorted({t for p in options for t in tips(p)})
            return [{"type": "territory_from", "hex": hx(h)} for h in ends]
        return ([{"type": "territory_to", "hex": e["hex"]} for e in reach(state, frame)]
                + [{"type": "territory_back"}])
    if step == "base":
        return [{"type": "place_base", "hex": hx(h)} for h in options]
    side = _side(frame, options)
    sides = _sides(options)
    out = [{"type": "place_tile", "hex": hx(h)} for h in sides[side]]
    if sides[_other(side)]:
        out.append({"type": "tile_side", "side": _other(side)})
    return out


def apply(state: dict, frame: dict, action: dict):
    kind = action["type"]
    step, k = _step(state)
    isl = island(state)
    if kind == "territory_from":
        frame["from"] = action["hex"]
        return
    if kind == "territory_back":
        frame["from"] = None
        return
    if kind == "tile_side":
        frame["side"] = action["side"]
        return
    if kind == "territory_to":
        ends = {pt(frame["from"]), pt(action["hex"])}
        choice = next(p for p in _options(state) if set(tips(p)) == ends)
        frame["from"] = None
        note(state, msg("wfci.event.island_territory", who=who(frame["seat"]), tile=f"T{k + 1}",
                        hexes=listing("engine.list.and", [hx(h) for h in choice])))
    elif kind == "place_base":
        choice = pt(action["hex"])
        paired = classic_island.pairs_with(isl, choice) if procedure(state) is classic_island else f"T{k + 1}"
        note(state, msg("wfci.event.island_base", who=who(frame["seat"]), hex=action["hex"], tile=paired))
    else:
        choice = (_side(frame, _options(state)), pt(action["hex"]))
        note(state, msg(f"wfci.event.island_{choice[0]}", who=who(frame["seat"]), hex=action["hex"]))
    state["island"] = procedure(state).place(isl, step, k, choice).to_json()
    _advance(state, frame)


def _advance(state: dict, frame: dict):
    nxt = _step(state)
    if nxt is None:
        before = island(state)
        state["island"] = islands.finish(before).to_json()
        filled = len(islands.enclosed_spaces(before)) - len(islands.enclosed_spaces(island(state)))
        state["stack"].pop()
        note(state, msg("wfci.event.island_done"))
        if filled:
            note(state, msg("wfci.event.island_filled", n=filled))
        return
    step, k = nxt
    frame["seat"] = (state["first"] + k) % state["players"]
    if step == "lava_neutral":
        frame["side"] = "lava"


def what(state: dict, frame: dict) -> dict:
    """What the player must do, for the prompt."""
    step, _k = _step(state)
    if step == "territory":
        return msg("wfci.do.island.territory_to" if frame["from"] else "wfci.do.island.territory")
    if step == "base":
        return msg("wfci.do.island.base")
    return msg(f"wfci.do.island.{_side(frame, _options(state))}")


def describe(state: dict, seat: int, action: dict) -> dict:
    """The log line of one placement action, from the state before it."""
    kind = action["type"]
    w = who(seat)
    if kind in ("territory_from", "place_base", "place_tile"):
        side = _side(top_frame(state), _options(state)) if kind == "place_tile" else None
        return msg(f"wfci.log.{kind}" + (f".{side}" if side else ""), who=w, hex=action.get("hex"))
    if kind == "territory_to":
        return msg("wfci.log.territory_to", who=w, start=top_frame(state)["from"], hex=action.get("hex"))
    if kind == "tile_side":
        return msg("wfci.log.tile_side", who=w, side=msg(f"wfci.tile_side.{action.get('side')}"))
    return msg("wfci.log.territory_back", who=w)


def top_frame(state: dict) -> dict:
    return state["stack"][-1]


def view_block(state: dict) -> dict | None:
    """What everyone sees while the island is built: whose round, the step, the tiles left in
    the box, the rounds to come, the minimum base distance, and (after a first tip is picked)
    the placements it can still make."""
    if not playing(state):
        return None
    frame = top_frame(state)
    isl = island(state)
    step, k = _step(state)
    players = state["players"]
    total = islands.TILE_LIMITS
    out = {
        "seat": frame["seat"], "step": step, "round": k + 1, "rounds": islands.rounds(players),
        "procedure": ruleset(state).island_procedure,
        "from": frame["from"], "side": _side(frame, _options(state)) if step == "lava_neutral" else None,
        "left": {"territory": total["territory"] - len(isl.tile_ids("territory")),
                 "base": total["base"] - len(isl.tile_ids("base")),
                 "lava_neutral": total["lava_neutral"] - len(isl.tile_ids("lava")) - len(isl.tile_ids("neutral"))},
        "min_gap": fair_bases.min_base_gap(players),
        "order": [{"round": r + 1, "seat": (state["first"] + r) % players} for r in range(islands.rounds(players))],
        "reach": reach(state, frame) if step == "territory" and frame["from"] else [],
    }
    return out


# -- why a placement is refused -------------------------------------------------------------

def refusal(state: dict, frame: dict, action: dict) -> IllegalAction:
    """A refusal that says which rule the placement breaks."""
    step, k = _step(state)
    isl = island(state)
    kind = action.get("type")
    due = {"territory": ("territory_to", "territory_back") if frame["from"] else ("territory_from",),
           "base": ("place_base",), "lava_neutral": ("place_tile", "tile_side")}[step]
    if kind not in due:
        return IllegalAction(P + "step", who=who(frame["seat"]), what=what(state, frame))
    if kind == "tile_side":
        side = action.get("side")
        if side not in ("lava", "neutral") or side == _side(frame, _options(state)):
            return IllegalAction("wfci.refuse.not_legal", kind=kind)  # no such side, or already shown
        return IllegalAction(P + "no_side", side=msg(f"wfci.tile_side.{side}"))
    try:
        h = pt(action.get("hex"))
    except (TypeError, ValueError, AttributeError):
        return IllegalAction(P + "hex", hex=repr(action.get("hex")))
    if h in isl.tiles:
        return IllegalAction(P + "covered", hex=hx(h))
    if procedure(state) is classic_island:
        return _classic_refusal(state, frame, kind, h)
    players = state["players"]
    if kind == "place_base":
        if h not in islands.legal_base_placements(isl, f"T{k + 1}"):
            return IllegalAction(P + "base_rule", tile=f"T{k + 1}")
        return _checks_refusal(isl, players, h)
    if kind == "place_tile":
        side = _side(frame, _options(state))
        if h not in islands.legal_lava_neutral_placements(isl, side):
            return IllegalAction(P + f"{side}_rule")
        return _checks_refusal(isl, players, (side, h))
    if kind == "territory_from":
        wanted = lambda p: h in tips(p)  # noqa: E731
    else:
        start_hex = pt(frame["from"])
        if distance(start_hex, h) != 2 or board.direction_index(start_hex, h) is not None:
            return IllegalAction(P + "shape", hex=frame["from"])
        covered = [hx(c) for c in _rhombus(start_hex, h) if c in isl.tiles]
        if covered:
            return IllegalAction(P + "covered", hex=covered[0])
        wanted = lambda p: set(tips(p)) == {start_hex, h}  # noqa: E731
    ours = [p for p in islands.legal_territory_placements(isl) if wanted(p)]
    if ours:
        return _checks_refusal(isl, players, ours[0])
    roomless = islands.legal_territory_placements(isl, need_base_room=False)
    if any(wanted(p) for p in roomless):
        return IllegalAction(P + "territory_room")
    return IllegalAction(P + ("territory_first" if not isl.tile_ids("territory") else "territory_rule"))


def _classic_refusal(state: dict, frame: dict, kind: str, h) -> IllegalAction:
    """Classic: which of the 1st edition's rules (set-up 3b-3d) the placement breaks."""
    if kind == "territory_to":
        start_hex = pt(frame["from"])
        if distance(start_hex, h) != 2 or board.direction_index(start_hex, h) is not None:
            return IllegalAction(P + "shape", hex=frame["from"])
        covered = [hx(c) for c in _rhombus(start_hex, h) if c in island(state).tiles]
        if covered:
            return IllegalAction(P + "covered", hex=covered[0])
    step, _k = _step(state)
    return IllegalAction(P + f"classic_{step}")


def _rhombus(a, b) -> list:
    """The 4 hexes of the rhombus with tips a and b (2 apart, off any straight line)."""
    middle = [n for n in board.neighbors(a) if distance(n, b) == 1]
    return [a, b, *middle]


def _territory_rule(isl) -> str:
    return "territory_first" if not isl.tile_ids("territory") else "territory_rule"


def _checks_refusal(isl, players: int, choice) -> IllegalAction:
    """The placement meets the printed rules but not this project's checks: say which."""
    step, k = islands.next_step(isl, players)
    after = islands.place(isl, step, k, choice)
    least = fair_bases.min_base_gap(players)
    close = fair_bases.closest_bases(after)
    if least and close and close[0] < least:
        return IllegalAction(P + "too_close", gap=close[0], least=least, a=hx(close[1]), b=hx(close[2]))
    if step == "territory" and least and not any(
            fair_bases.bases_far_apart(islands.place(after, "base", k, s), players)
            for s in islands.legal_base_placements(after, f"T{k + 1}")):
        return IllegalAction(P + "no_far_base", least=least)
    return IllegalAction(P + "dead_end_far", least=least) if least else IllegalAction(P + "dead_end")


# -- a sensible placement (the bots) ----------------------------------------------------------

def _land_edges(isl, hexes) -> int:
    return sum(1 for h in hexes for n in board.neighbors(h)
               if n in isl.tiles and isl.tiles[n]["kind"] in ("territory", "base", "neutral"))


def sensible(state: dict, frame: dict) -> dict:
    """The printed advice: no bottlenecks, join the hexes as much as possible, neutral tiles
    where they join most land. A Territory touching the most land (then the most tiles), a Base
    far from the others, a Neutral tile joining the most tiles, else lava where it blocks least."""
    isl = island(state)
    step, _k = _step(state)
    options = _options(state)
    if step == "territory":
        if frame["from"]:
            start_hex = pt(frame["from"])
            options = [p for p in options if start_hex in tips(p)]
        best = max(options, key=lambda p: (_land_edges(isl, p), sum(n in isl.tiles for h in p
                                                                      for n in board.neighbors(h))))
        if frame["from"]:
            a, b = tips(best)
            return {"type": "territory_to", "hex": hx(b if a == pt(frame["from"]) else a)}
        return {"type": "territory_from", "hex": hx(min(tips(best)))}
    if step == "base":
        bases = [isl.tile_hexes(b)[0] for b in isl.tile_ids("base")]
        best = max(options, key=lambda h: min((distance(h, b) for b in bases), default=0))
        return {"type": "place_base", "hex": hx(best)}

    def score(choice):
        side, h = choice
        near = {isl.tiles[n]["tile"] for n in board.neighbors(h) if n in isl.tiles}
        return (len(near), 1) if side == "neutral" else (-_land_edges(isl, [h]), 0)

    side, h = max(options, key=score)
    if side != _side(frame, options):
        return {"type": "tile_side", "side": side}
    return {"type": "place_tile", "hex": hx(h)}
