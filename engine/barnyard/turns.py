"""The turn: barns first, then for each player Action, Harvest, Marshal and one Transfer.

    {"type": "barn", "to": sq}                   place your barn next to the start grid
    {"type": "select", "piece": p}               choose a general (0-2) or your army ("army")
    {"type": "move", "to": sq}                   move the chosen piece there, or attack what stands there
    {"type": "deselect"}
    {"type": "form"}                             declare your Super Army
    {"type": "end_actions"}                      harvest, then marshal
    {"type": "marshal", "unit": u, "piece": p}
    {"type": "end_marshal"}
    {"type": "transfer", "from": p, "to": q, "unit": u}
    {"type": "end_turn"}
    {"type": "play", "card": id, ...}            a command card or battle plan
    {"type": "join"} / {"type": "decline"}       a joint attack
    {"type": "fight"}                            the defender lets the dice roll
    {"type": "set_auto_fight", "on": bool}       when attacked, let the dice roll without asking (public)
    {"type": "casualty", "piece": p, "unit": u}  choose a unit to lose
    {"type": "retreat", "to": sq}
"""

from __future__ import annotations

from ..errors import IllegalAction
from ..strict import is_legal
from . import army as A
from . import battle as BT
from . import board as B
from . import cards as C
from . import economy as E
from .movement import reach
from .state import SAFETY_ROUNDS, alive, copy, occupants, piece, pieces


def acting_seat(state: dict) -> int | None:
    if state["result"] is not None:
        return None
    who = BT.waiting(state)
    return state["turn"] if who is None else who


def legal_actions(state: dict, seat: int) -> list[dict]:
    if acting_seat(state) != seat:
        return []
    if state["casualties"]:
        return BT.casualty_options(state)
    battle = state["battle"]
    if battle is not None:
        if battle["stage"] == "join":
            return [{"type": "join"}, {"type": "decline"}]
        if battle["stage"] == "respond":
            return C.defender_cards(state, seat) + [{"type": "fight"}, _auto_fight(state, seat)]
        return [{"type": "retreat", "to": sq} for sq in _retreats(state)]
    phase = state["phase"]
    if phase == "barn":
        return [{"type": "barn", "to": sq} for sq in B.barn_sites(state["tiles"], state["players"])]
    return _turn_actions(state, seat, phase) + [_auto_fight(state, seat)]


def _auto_fight(state: dict, seat: int) -> dict:
    """The standing choice to let the dice roll at once when attacked, offered whenever you act
    in your turn or are asked to answer an attack (D-9)."""
    return {"type": "set_auto_fight", "on": not state["sides"][seat].get("auto_fight", False)}


def _turn_actions(state: dict, seat: int, phase: str) -> list[dict]:
    """The choices of the player whose turn it is: cards at any point (forming too), the Super
    Army whenever every general is home."""
    form = [{"type": "form"}] if A.may_form(state, seat) else []
    if phase == "forming":
        return E.marshal_actions(state, seat) + C.plays(state, seat, "turn") + [{"type": "end_marshal"}]
    if phase == "action":
        out = []
        if state["selected"] is not None:
            moves, attacks = reach(state, seat, state["selected"])
            out.extend({"type": "move", "to": sq} for sq in moves + attacks)
            out.append({"type": "deselect"})
        out.extend({"type": "select", "piece": p} for p in movable(state, seat) if p != state["selected"])
        out.extend(form)
        out.extend(C.plays(state, seat, "action"))
        out.append({"type": "end_actions"})
        return out
    if phase == "marshal":
        return E.marshal_actions(state, seat) + form + C.plays(state, seat, "turn") + [{"type": "end_marshal"}]
    return E.transfer_actions(state, seat) + form + C.plays(state, seat, "turn") + [{"type": "end_turn"}]


def _retreats(state: dict) -> list[int]:
    from .movement import retreats
    battle = state["battle"]
    return retreats(state, battle["defender"], battle["dpieces"][0])


def movable(state: dict, seat: int) -> list:
    """Pieces that may still move or attack this turn."""
    where = occupants(state)
    out = []
    for p in pieces(state, seat):
        if p in state["acted"] or [seat, p] in state["mud"]:
            continue
        moves, attacks = reach(state, seat, p, where)
        if moves or attacks:
            out.append(p)
    return out


def apply_action(state: dict, seat: int, action: dict) -> dict:
    if not isinstance(action, dict):
        raise IllegalAction("engine.not_a_dict")
    if acting_seat(state) != seat:
        raise IllegalAction("engine.not_your_turn")
    if not is_legal(action, legal_actions(state, seat)):
        raise IllegalAction("engine.not_legal")
    state = copy(state)
    state["ply"] += 1
    kind = action["type"]
    if kind == "barn":
        _place_barn(state, seat, action["to"])
    elif kind == "select":
        state["selected"] = action["piece"]
    elif kind == "deselect":
        state["selected"] = None
    elif kind == "move":
        _move(state, seat, action["to"])
    elif kind == "form":
        A.form(state, seat)
    elif kind == "end_actions":
        state["selected"] = None
        E.harvest(state, seat)
        state["phase"] = "marshal"
    elif kind == "marshal":
        E.marshal(state, seat, action["unit"], action["piece"])
    elif kind == "end_marshal":
        if state["phase"] == "forming":
            A.complete(state, seat)
        else:
            state["phase"] = "transfer"
        _end_if_nothing_left(state, seat)
    elif kind == "transfer":
        E.transfer(state, seat, action["from"], action["to"], action["unit"])
        end_turn(state)
    elif kind == "end_turn":
        end_turn(state)
    elif kind == "play":
        C.play(state, seat, action)
    elif kind in ("join", "decline"):
        BT.join(state, seat, kind == "join")
        C.open_window(state)
    elif kind == "set_auto_fight":
        state["sides"][seat]["auto_fight"] = action["on"]
        C.open_window(state)  # turned on while asked: the dice roll now
    elif kind == "fight":
        BT.fight(state)
        BT.settle(state)
    elif kind == "casualty":
        BT.take_casualty(state, action["piece"], action["unit"])
        BT.settle(state)
    elif kind == "retreat":
        BT.retreat(state, action["to"])
    if state["result"] is None and state["turn"] in alive(state) and state["phase"] == "action":
        _drop_stale_selection(state, seat)
    if state["result"] is None and state["sides"][state["turn"]]["out"] and acting_seat(state) == state["turn"]:
        end_turn(state)
    return state


def _end_if_nothing_left(state: dict, seat: int) -> None:
    """In the Transfer phase the turn ends by itself only when nothing is left to do on what
    everyone sees: no transfer and no card in hand. Whether a card could be played now is never
    asked, or the quick end would tell the table (D-9)."""
    side = state["sides"][seat]
    if state["phase"] == "transfer" and not E.transfer_actions(state, seat) and not side["hand"] and not side["plans"]:
        end_turn(state)


def _drop_stale_selection(state: dict, seat: int) -> None:
    sel = state["selected"]
    if sel is not None and (sel in state["acted"] or sel not in pieces(state, state["turn"])):
        state["selected"] = None


def _place_barn(state: dict, seat: int, sq: int) -> None:
    state["tiles"][sq] = f"barn:{seat}"
    state["barns"][seat] = sq
    state["barn_order"].pop(0)
    if state["barn_order"]:
        state["turn"] = state["barn_order"][0]
        return
    for i, tile in enumerate(state["tiles"]):  # D-2: fill the final grid around the barns
        if tile is None:
            state["tiles"][i] = state["pile"].pop()
    for s, side in enumerate(state["sides"]):
        barn = state["barns"][s]
        for g in side["generals"]:
            g["sq"] = barn
    state["phase"] = "action"
    state["round"] = 1
    state["turn"] = state["first"]


def _move(state: dict, seat: int, sq: int) -> None:
    p = state["selected"]
    where = occupants(state)
    state["selected"] = None
    if sq in where and where[sq][0][0] != seat:
        BT.declare(state, seat, p, sq)
        C.open_window(state)
        return
    piece(state, seat, p)["sq"] = sq
    state["acted"].append(p)


def end_turn(state: dict) -> None:
    seat = state["turn"]
    side = state["sides"][seat]
    side["effects"] = {}
    state["mud"] = [m for m in state["mud"] if m[0] != seat]
    state["acted"], state["selected"] = [], None
    players = state["players"]
    nxt = seat
    while True:
        nxt = (nxt + 1) % players
        if nxt == state["first"]:
            state["round"] += 1
            if state["round"] > SAFETY_ROUNDS:
                state["round"] = SAFETY_ROUNDS
                state["result"] = BT.round_limit_result(state)
                state["phase"] = "over"
                return
        other = state["sides"][nxt]
        if other["out"]:
            continue
        if other["skip"]:  # a joint attacker loses its next turn
            other["skip"] = False
            state["mud"] = [m for m in state["mud"] if m[0] != nxt]
            continue
        break
    state["turn"] = nxt
    state["phase"] = "action"
