"""What a seat (or a spectator) may see: flocks, piles and egg counts are public (D-7), a hand
only to its owner, the draw pile's order to nobody. The decision being waited for is public
too: who must decide and on what, never what they could answer with."""

from __future__ import annotations

from ..messages import msg
from . import cards as C
from . import flock as F
from .events import card_name, who
from .flow import asking
from .turn import legal_turn

P = "chickendie.prompt."


def build_view(state: dict, seat: int | None) -> dict:
    eggs_public = C.rules()["eggs_public"]
    seats = []
    for s in range(state["players"]):
        flock = state["flocks"][s]
        seats.append({
            "seat": s,
            "flock": [dict(C.card_view(e["id"]) if F.is_special(e) else {"id": e["id"], "kind": e["kind"],
                                                                         "category": "supply"},
                           infertile=e["infertile"]) for e in flock],
            "chickens": len(flock),
            "hens": len(F.of_kind(state, s, C.HEN)),
            "chicks": len(F.of_kind(state, s, C.CHICK)),
            "hand_count": len(state["hands"][s]),
            "eggs": state["eggs"][s] if eggs_public or s == seat else None,
            "out": F.is_out(state, s),
            "auto_pass": state["auto_pass"][s],
        })
    turn = state["turn"]
    view = {
        "game": "chickendie",
        "players": state["players"],
        "seats": seats,
        "draw_count": len(state["draw"]),
        "discard": [C.card_view(c) for c in reversed(state["discard"])],
        "graveyard": [C.card_view(c) for c in state["graveyard"]],
        "deaths": [{"seat": s, "kind": kind} for s, kind in state.get("dead", [])],
        "table": [C.card_view(c) for c in state["table"]],
        "direction": state["direction"],
        "turn": {key: turn[key] for key in ("seat", "step", "number", "no_roll", "may_skip", "take_or_leave")},
        "out_order": [e["seat"] for e in state["out"]],
        "pending": pending(state),
        "prompt": prompt(state, seat),
        "log": [line for _n, line in state["log"]],
        "outcome": state["result"],
        "eggs_public": eggs_public,
    }
    if seat is not None:
        view["you"] = {"seat": seat, "hand": [C.card_view(c) for c in state["hands"][seat]],
                       "eggs": state["eggs"][seat], "auto_pass": state["auto_pass"][seat]}
    return view


def pending(state: dict) -> dict | None:
    found = asking(state)
    if found is None:
        return None
    frame, seat = found
    out = {"seat": seat, "op": frame["op"]}
    if frame["op"] == "turn":
        out["step"] = state["turn"]["step"]
    if frame["op"] == "attack":
        out.update(card=C.card_view(frame["card"]), by=frame["by"], target=frame["target"], stage=frame["stage"])
    if frame["op"] == "deaths":
        out.update(cause=frame["cause"], chickens=list(frame["chickens"]))
    if frame["op"] == "pick":
        out.update(cause=frame["cause"], owner=frame["owner"], then=frame["then"])
    if frame["op"] == "roll":
        out.update(face=frame["face"])
    if frame["op"] == "swap":
        out.update(by=frame["by"], target=frame["target"], taken=list(frame["taken"]))
    return out


def prompt(state: dict, seat: int | None) -> dict:
    found = asking(state)
    if found is None:
        return msg(P + "over")
    frame, asked = found
    if seat != asked:
        return msg(P + "waiting", who=who(asked))
    op = frame["op"]
    if op == "turn":
        step = state["turn"]["step"]
        if step == "cash" and state["turn"]["no_roll"]:
            return msg(P + "cash_no_roll")
        if step == "draw" and any(a["type"] == "play" for a in legal_turn(state, frame, seat)):
            return msg(P + "draw_or_end")
        return msg(P + step)
    if op == "attack":
        key = "react" if frame["stage"] == "react" else "counter"
        other = frame["by"] if key == "react" else frame["target"]
        return msg(P + key, card=card_name(C.kind(frame["card"])), by=who(other))
    if op == "deaths":
        return msg(P + "deaths", card=card_name(frame["cause"]), n=len(frame["chickens"]))
    if op == "swap":
        n = C.rules()["hen_swap_max"] - len(frame["taken"])
        return msg(P + "pick_swap", card=card_name("hen_swap"), owner=who(frame["target"]), n=n)
    if op == "pick":
        if frame["then"] == "demote":
            return msg(P + "pick_demote")
        key = "pick_own" if frame["owner"] == asked else "pick_kill"
        return msg(P + key, card=card_name(frame["cause"]), owner=who(frame["owner"]))
    return msg(P + "take", face=frame["face"])
