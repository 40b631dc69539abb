"""The action vocabulary: listing legal atomic actions and applying one to a state.

    {"type": "select", "square": [col, row]}   pick a pyramid that may move this phase
    {"type": "step", "to": [col, row]}         move the selected pyramid one square
    {"type": "tackle", "target": [col, row]}   S2: push a smaller opposing family member
    {"type": "deselect"}                       drop the selection
    {"type": "end"}                            finish the phase (and usually the round)
"""

from __future__ import annotations

from ..errors import IllegalAction
from ..messages import msg
from . import board as B
from . import moves as M
from .rounds import finish_phase

ACTION_KEYS = {
    "select": {"type", "square"},
    "step": {"type", "to"},
    "tackle": {"type", "target"},
    "deselect": {"type"},
    "end": {"type"},
}


def square_of(sq: int) -> list[int]:
    col, row = B.coords(sq)
    return [col, row]


def copy_state(state: dict) -> dict:
    new = dict(state)
    new["board"] = [list(stack) for stack in state["board"]]
    new["rules"] = list(state["rules"])
    new["dice"] = list(state["dice"])
    new["rerolls"] = [list(pair) for pair in state["rerolls"]]
    new["queue"] = [dict(spec) for spec in state["queue"]]
    new["phase"] = dict(state["phase"]) if state["phase"] is not None else None
    new["selected"] = dict(state["selected"]) if state["selected"] is not None else None
    new["result"] = copy_result(state["result"])
    return new


def copy_result(result):
    if result is None:
        return None
    return {"winners": list(result["winners"]), "losers": list(result["losers"]), "reason": result["reason"]}


def acting_seat(state: dict) -> int | None:
    if state["result"] is not None or state["phase"] is None:
        return None
    return state["phase"]["seat"]


def selection(state: dict) -> tuple[int, int] | None:
    sel = state["selected"]
    return (sel["square"], sel["height"]) if sel else None


def may_end(state: dict) -> bool:
    """End is always legal, except under S3 while any move remains."""
    phase = state["phase"]
    return not phase["forced"] or not M.movers(state["board"], phase, state["rules"])


def legal_actions(state: dict, seat: int) -> list[dict]:
    if acting_seat(state) != seat:
        return []
    board, phase, rules = state["board"], state["phase"], state["rules"]
    actions: list[dict] = []
    sel = selection(state)
    if sel is not None:
        sq, height = sel
        for dest in M.steps_from(board, sq, height, phase["points"], rules):
            actions.append({"type": "step", "to": square_of(dest)})
        if phase["kind"] == M.FAMILY:
            for target in M.tackles_from(board, sq, phase["points"], rules):
                actions.append({"type": "tackle", "target": square_of(target)})
    for sq, height in M.movers(board, phase, rules):
        if sel is None or sel[0] != sq:
            actions.append({"type": "select", "square": [*B.coords(sq)]})
    if sel is not None:
        actions.append({"type": "deselect"})
    if may_end(state):
        actions.append({"type": "end"})
    return actions


def _parse_square(value, what: str) -> int:
    """A square is a JSON list [column, row]: a tuple is refused like any other type."""
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        or not B.on_board(value[0], value[1])
    ):
        raise IllegalAction(f"chickenrun.refuse.bad_{what}")
    return B.index(value[0], value[1])


def parse(action) -> tuple[str, int | None]:
    if not isinstance(action, dict):
        raise IllegalAction("chickenrun.refuse.not_a_dict")
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in ACTION_KEYS:
        raise IllegalAction("chickenrun.refuse.unknown_action", kind=str(kind))
    if set(action) != ACTION_KEYS[kind]:
        expected = sorted(ACTION_KEYS[kind] - {"type"})
        if not expected:
            raise IllegalAction("chickenrun.refuse.takes_nothing", kind=kind)
        raise IllegalAction("chickenrun.refuse.takes", kind=kind, keys=expected)
    if kind == "select":
        return kind, _parse_square(action["square"], "square")
    if kind == "step":
        return kind, _parse_square(action["to"], "destination")
    if kind == "tackle":
        return kind, _parse_square(action["target"], "target")
    return kind, None


def apply_action(state: dict, seat: int, action) -> dict:
    """The state after `seat` plays `action`; raises IllegalAction with the reason otherwise."""
    kind, sq = parse(action)
    if state["result"] is not None:
        raise IllegalAction("chickenrun.refuse.over")
    actor = acting_seat(state)
    if seat != actor:
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 2:
            raise IllegalAction("chickenrun.refuse.not_your_round", actor=B.colour(actor), who=B.colour(seat))
        raise IllegalAction("chickenrun.refuse.not_a_seat", actor=B.colour(actor), seat=repr(seat))
    new = copy_state(state)
    new["ply"] += 1  # actions applied so far: no two states of a game are ever equal
    board, phase, rules = new["board"], new["phase"], new["rules"]
    if kind == "end":
        if not may_end(new):
            raise IllegalAction("chickenrun.refuse.keep_moving")
        finish_phase(new)
        return new
    if kind == "deselect":
        if new["selected"] is None:
            raise IllegalAction("chickenrun.refuse.nothing_selected")
        new["selected"] = None
        return new
    if kind == "select":
        height = M.movable_height(board, sq, phase, rules)
        if height is None:
            raise IllegalAction("chickenrun.refuse.not_movable", square=B.square_name(sq), who=B.colour(seat), what=_what(phase))
        if not M.has_moves(board, sq, height, phase, rules):
            raise IllegalAction("chickenrun.refuse.stuck", square=B.square_name(sq), n=phase["points"])
        if selection(new) == (sq, height):
            raise IllegalAction("chickenrun.refuse.already_selected", square=B.square_name(sq))
        new["selected"] = {"square": sq, "height": height}
        return new
    sel = selection(new)
    if sel is None:
        raise IllegalAction("chickenrun.refuse.select_first")
    src, height = sel
    if kind == "step":
        problem = M.step_problem(board, src, height, sq, phase["points"], rules)
        if problem:
            raise IllegalAction(problem)
        code = M.do_step(board, src, height, sq)
        phase["points"] -= B.step_cost(code)
        new["selected"] = {"square": sq, "height": len(board[sq]) - 1}
    else:  # tackle
        if phase["kind"] != M.FAMILY:
            raise IllegalAction("chickenrun.refuse.tackle_phase")
        problem = M.tackle_problem(board, src, sq, phase["points"], rules)
        if problem:
            raise IllegalAction(problem)
        phase["points"] -= B.step_cost(board[src][-1])
        M.do_tackle(board, src, sq)
    _after_move(new)
    return new


def _after_move(state: dict) -> None:
    won = M.winner(state["board"])
    if won is not None:
        state["result"] = {"winners": [won], "losers": [1 - won], "reason": "two chickens captured"}
        state["phase"] = None
        state["queue"] = []
        state["selected"] = None
        return
    sel = selection(state)
    if sel is not None and not M.has_moves(state["board"], sel[0], sel[1], state["phase"], state["rules"]):
        state["selected"] = None  # the selected pyramid cannot go on: free the player's hands


def _what(phase: dict) -> dict:
    if phase["kind"] == M.FAMILY:
        return msg("chickenrun.refuse.only_family", who=B.colour(phase["seat"]))
    if phase["kind"] == M.SPECTATORS:
        return msg("chickenrun.refuse.only_spectators")
    return msg("chickenrun.refuse.only_transparent")
