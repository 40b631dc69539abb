"""Log lines and prompts as messages (players by colour, squares as a1-e9).

A long line is built from nested messages: a move clause, then what the step does on
arriving and on leaving, then the outcome when the move ends the game.
"""

from __future__ import annotations

from ..messages import listing, msg
from . import board as B
from . import moves as M
from . import turns as T

P = "chickenrun."
PHASE_IDS = {M.FAMILY: "family", M.SPECTATORS: "spectators", M.TRANSPARENT: "transparent"}


def sentences(*lines) -> dict:
    return listing("engine.list.sentences", [line for line in lines if line])


def and_list(items: list) -> dict:
    return listing("engine.list.and", items)


def describe_phase(state: dict) -> dict | None:
    phase = state["phase"]
    if phase is None:
        return None
    kind = PHASE_IDS[phase["kind"]]
    return msg(f"{P}log.phase.{kind}", who=B.colour(phase["seat"]), n=phase["points"])


def describe_roll(state: dict) -> dict:
    white, black = state["dice"]
    rerolls = [msg(P + "log.reroll", white=w, black=b) for w, b in state["rerolls"]]
    roll = msg(P + ("log.roll_tie" if white == black else "log.roll"), round=state["round"], white=white, black=black)
    return sentences(*rerolls, roll, describe_phase(state))


def describe_outcome(result: dict | None, board: list[list[str]]) -> dict | None:
    if result is None:
        return None
    if not result["winners"]:
        return msg(P + "log.draw")
    seat = result["winners"][0]
    sizes = "".join(str(s) for s in sorted(M.captures(board)[seat]))
    return msg(P + "log.win", who=B.colour(seat), chickens=msg(f"{P}chickens.{sizes}"))


def describe(state: dict, seat: int, action: dict) -> dict:
    """One line for the log, from the state before the action (the action must be legal)."""
    who = B.colour(seat) if seat in (0, 1) else str(seat)
    kind = action.get("type") if isinstance(action, dict) else None
    try:
        after = T.apply_action(state, seat, action)
    except Exception:  # an illegal action still gets a harmless line
        return msg(P + "log.illegal", who=who, kind=str(kind))
    if kind == "end":
        line = msg(P + "log.end", who=who)
        if after["result"] is not None:
            return sentences(line, describe_outcome(after["result"], after["board"]))
        if after["round"] != state["round"]:
            return sentences(line, describe_roll(after))
        return sentences(line, describe_phase(after))
    if kind == "deselect":
        sq, height = T.selection(state)
        return msg(P + "log.deselect", who=who, piece=B.piece_name(state["board"][sq][height]))
    if kind == "select":
        sq = B.index(*action["square"])
        height = after["selected"]["height"]
        piece = B.piece_name(state["board"][sq][height])
        return msg(P + "log.select", who=who, piece=piece, square=B.square_name(sq))
    src, height = T.selection(state)
    code = state["board"][src][height]
    if kind == "step":
        line = _step(state["board"], src, height, B.index(*action["to"]), code, who)
    else:
        target = B.index(*action["target"])
        args = {
            "piece": B.piece_name(code),
            "victim": B.piece_name(state["board"][target][-1]),
            "square": B.square_name(target),
            "to": B.square_name(M.push_square(src, target)),
        }
        held = M.capture_holder(state["board"][target])
        if held is None:
            line = msg(P + "log.tackle", **args)
        else:
            line = msg(P + "log.tackle_frees", chicken=B.piece_name(B.chicken_code(held[1])), **args)
    return sentences(line, describe_outcome(after["result"], after["board"]))


def _step(board: list[list[str]], src: int, height: int, dest: int, code: str, who) -> dict:
    square = B.square_name(dest)
    if B.is_family(code):
        move = msg(P + "log.clause.steps", piece=B.piece_name(code), square=square)
    else:
        move = msg(P + "log.clause.moves", who=who, piece=B.piece_name(code), square=square)
    leaving = []
    left = board[src]
    rest = left[:height] + left[height + 1:]
    if height < len(left) - 1:
        leaving.append(msg(P + "log.effect.slips", piece=B.piece_name(left[-1])))
    elif M.capture_holder(left) is not None:
        leaving.append(msg(P + "log.effect.releases", chicken=B.piece_name(B.chicken_code(B.size(code)))))
    if height == len(left) - 1 and rest and not B.is_chicken(rest[-1]):
        leaving.append(msg(P + "log.effect.uncovers", piece=B.piece_name(rest[-1])))
    arriving = []
    target = board[dest]
    if B.is_family(code) and B.chicken_code(B.size(code)) in target:
        arriving.append(msg(P + "log.effect.captures", chicken=B.piece_name(B.chicken_code(B.size(code)))))
    trampled = [B.piece_name(p) for p in reversed(target) if not B.is_chicken(p)]
    if trampled:
        arriving.append(msg(P + "log.effect.tramples", pieces=and_list(trampled)))
    if arriving and leaving:
        return msg(P + "log.move_and_while", move=move, arriving=and_list(arriving), leaving=and_list(leaving))
    if arriving:
        return msg(P + "log.move_and", move=move, arriving=and_list(arriving))
    if leaving:
        return msg(P + "log.move_while", move=move, leaving=and_list(leaving))
    return msg(P + "log.move", move=move)


def prompt(state: dict, seat: int | None) -> dict:
    """What must be decided now, addressed to `seat` when it is theirs to act."""
    if state["result"] is not None:
        return describe_outcome(state["result"], state["board"])
    phase = state["phase"]
    kind = PHASE_IDS[phase["kind"]]
    points = phase["points"]
    if seat != phase["seat"]:
        return msg(f"{P}prompt.waiting.{kind}", who=B.colour(phase["seat"]), n=points)
    if not M.movers(state["board"], phase, state["rules"]):
        return msg(P + "prompt.stuck", n=points)
    sel = T.selection(state)
    must = msg(P + "prompt.use_every_point") if phase["forced"] else None
    if sel is not None:
        code = state["board"][sel[0]][sel[1]]
        piece = msg(f"{P}piece.own.{B.size(code)}") if B.owner(code) == seat else B.piece_name(code)
        return sentences(msg(P + "prompt.step", piece=piece, square=B.square_name(sel[0]), n=points), must)
    return sentences(msg(f"{P}prompt.pick.{kind}", n=points), must)
