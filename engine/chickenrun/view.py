"""What a seat (or a spectator) sees. Chicken Run hides nothing except the RNG state."""

from __future__ import annotations

from . import board as B
from . import moves as M
from . import turns as T
from .texts import prompt
from .houserules import HOUSE_RULES, rule_description, rule_name
from .rounds import ROUND_LIMIT


def build_view(state: dict, seat: int | None) -> dict:
    board = state["board"]
    phase = state["phase"]
    movable = {sq for sq, _ in M.movers(board, phase, state["rules"])} if phase is not None else set()
    sel = T.selection(state)
    rows = []
    for row in range(B.ROWS):
        squares = []
        for col in range(B.COLS):
            sq = B.index(col, row)
            squares.append(
                {
                    "square": [col, row],
                    "name": B.square_name(sq),
                    "central": B.IS_CENTRAL[sq],
                    "stack": [B.piece_view(code) for code in board[sq]],
                    "movable": sq in movable,
                    "selected": sel is not None and sel[0] == sq,
                }
            )
        rows.append(squares)
    steps: list[int] = []
    tackles: list[int] = []
    if sel is not None:
        steps = M.steps_from(board, sel[0], sel[1], phase["points"], state["rules"])
        if phase["kind"] == M.FAMILY:
            tackles = M.tackles_from(board, sel[0], phase["points"], state["rules"])
    held = M.captures(board)
    view = {
        "game": "chickenrun",
        "columns": B.COLS,
        "rows": B.ROWS,
        "board": rows,
        "players": list(B.SEAT_NAMES),
        "round": state["round"],
        "round_limit": ROUND_LIMIT,
        "dice": list(state["dice"]),
        "rerolls": [list(pair) for pair in state["rerolls"]],
        "tie": state["dice"][0] == state["dice"][1],
        "acting": phase["seat"] if phase is not None else None,
        "moves": phase["kind"] if phase is not None else None,
        "points": phase["points"] if phase is not None else 0,
        "die": phase["die"] if phase is not None else None,
        "must_use_all": bool(phase and phase["forced"]),
        "spectators_instead": bool(phase and phase["fell_back"]),
        "movable": [T.square_of(sq) for sq in sorted(movable)],
        "selected": T.square_of(sel[0]) if sel else None,
        "selected_piece": B.piece_view(board[sel[0]][sel[1]]) if sel else None,
        "step_targets": [T.square_of(sq) for sq in steps],
        "tackle_targets": [T.square_of(sq) for sq in tackles],
        "captures": [[B.SIZE_NAMES[s] for s in sizes] for sizes in held],
        "capture_counts": [len(sizes) for sizes in held],
        "next_phases": [
            {"seat": spec["seat"], "moves": spec["kind"], "die": spec["die"]} for spec in state["queue"]
        ],
        "house_rules": [
            {"id": rule["id"], "name": rule["name"], "description": rule["description"],
             "name_message": rule_name(rule["id"]), "description_message": rule_description(rule["id"])}
            for rule in HOUSE_RULES
            if rule["id"] in state["rules"]
        ],
        "outcome": T.copy_result(state["result"]),
        "prompt": prompt(state, seat),
    }
    if seat is not None:
        view["you"] = {"seat": seat, "colour": B.SEAT_NAMES[seat] if seat in (0, 1) else None}
    return view
