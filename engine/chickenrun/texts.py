"""Plain-English lines for the game log (players by colour, squares as a1-e9)."""

from __future__ import annotations

from . import board as B
from . import moves as M
from . import turns as T


def describe_phase(state: dict) -> str:
    phase = state["phase"]
    if phase is None:
        return ""
    who = B.SEAT_NAMES[phase["seat"]]
    points = f"{phase['points']} point{'s' if phase['points'] != 1 else ''}"
    if phase["kind"] == M.FAMILY:
        return f"{who} moves their family with {points}."
    if phase["kind"] == M.SPECTATORS:
        return f"{who}'s family cannot move, so {who} moves spectators with {points}."
    return f"{who} moves chickens and spectators with {points}."


def describe_roll(state: dict) -> str:
    white, black = state["dice"]
    parts = []
    for w, b in state["rerolls"]:
        parts.append(f"White rolls {w}, Black rolls {b}: a tie in the first round, roll again.")
    line = f"Round {state['round']}: White rolls {white}, Black rolls {black}"
    line += " (a tie)." if white == black else "."
    parts.append(line)
    parts.append(describe_phase(state))
    return " ".join(parts)


def describe_outcome(result: dict | None, board: list[list[str]]) -> str:
    if result is None:
        return ""
    if not result["winners"]:
        return "The round limit is reached: the game is a draw."
    seat = result["winners"][0]
    sizes = M.captures(board)[seat]
    chickens = " and ".join(B.SIZE_NAMES[s] for s in sizes)
    return f"{B.SEAT_NAMES[seat]} holds the {chickens} chickens and wins!"


def describe(state: dict, seat: int, action: dict) -> str:
    """One line for the log, from the state before the action (the action must be legal)."""
    who = B.SEAT_NAMES[seat] if seat in (0, 1) else f"Seat {seat}"
    kind = action.get("type") if isinstance(action, dict) else None
    try:
        after = T.apply_action(state, seat, action)
    except Exception:  # an illegal action still gets a harmless line
        return f"{who} tries an illegal {kind!s} action."
    if kind == "end":
        line = f"{who} ends their moves."
        if after["result"] is not None:
            return f"{line} {describe_outcome(after['result'], after['board'])}"
        if after["round"] != state["round"]:
            return f"{line} {describe_roll(after)}"
        return f"{line} {describe_phase(after)}"
    if kind == "deselect":
        sq, height = T.selection(state)
        return f"{who} puts down {B.piece_name(state['board'][sq][height])}."
    if kind == "select":
        sq = B.index(*action["square"])
        height = after["selected"]["height"]
        return f"{who} picks up {B.piece_name(state['board'][sq][height])} on {B.square_name(sq)}."
    src, height = T.selection(state)
    code = state["board"][src][height]
    if kind == "step":
        dest = B.index(*action["to"])
        line = f"{_subject(code, who)} to {B.square_name(dest)}{_step_effects(state['board'], src, height, dest, code)}"
    else:
        target = B.index(*action["target"])
        victim = state["board"][target][-1]
        pushed_to = M.push_square(src, target)
        line = f"{_subject(code, who, 'tackles')} {B.piece_name(victim)} on {B.square_name(target)}, pushing it to {B.square_name(pushed_to)}"
        held = M.capture_holder(state["board"][target])
        if held is not None:
            line += f" and freeing the {B.SIZE_NAMES[held[1]]} chicken"
    line += "."
    if after["result"] is not None:
        line += " " + describe_outcome(after["result"], after["board"])
    return line


def _subject(code: str, who: str, verb: str = "steps") -> str:
    if B.is_family(code):
        return f"{B.piece_name(code)} {verb}"
    moved = "moves" if verb == "steps" else verb
    return f"{who} {moved} {B.piece_name(code)}"


def _step_effects(board: list[list[str]], src: int, height: int, dest: int, code: str) -> str:
    leaving = []
    left = board[src]
    rest = left[:height] + left[height + 1:]
    if height < len(left) - 1:
        leaving.append(f"slipping out from under {B.piece_name(left[-1])}")
    elif M.capture_holder(left) is not None:
        leaving.append(f"releasing the {B.SIZE_NAMES[B.size(code)]} chicken")
    if height == len(left) - 1 and rest and not B.is_chicken(rest[-1]):
        leaving.append(f"uncovering {B.piece_name(rest[-1])}")
    arriving = []
    target = board[dest]
    if B.is_family(code) and B.chicken_code(B.size(code)) in target:
        arriving.append(f"captures the {B.SIZE_NAMES[B.size(code)]} chicken")
    trampled = [p for p in reversed(target) if not B.is_chicken(p)]
    if trampled:
        arriving.append("tramples " + _join([B.piece_name(p) for p in trampled]))
    text = "".join(f" and {effect}" for effect in arriving)
    if leaving:
        text += ", " + " and ".join(leaving)
    return text


def _join(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def prompt(state: dict, seat: int | None) -> str:
    """What must be decided now, addressed to `seat` when it is theirs to act."""
    if state["result"] is not None:
        return describe_outcome(state["result"], state["board"])
    phase = state["phase"]
    who = B.SEAT_NAMES[phase["seat"]]
    points = f"{phase['points']} point{'s' if phase['points'] != 1 else ''} left"
    what = {M.FAMILY: "your family members", M.SPECTATORS: "the spectators"}.get(
        phase["kind"], "the chickens and spectators"
    )
    if seat != phase["seat"]:
        moving = "their family" if phase["kind"] == M.FAMILY else what
        return f"{who} is moving {moving} ({points})."
    if not M.movers(state["board"], phase, state["rules"]):
        return f"No move is possible ({points}): end your moves."
    sel = T.selection(state)
    must = " You must use every point you can." if phase["forced"] else ""
    if sel is not None:
        code = state["board"][sel[0]][sel[1]]
        name = f"your {B.SIZE_NAMES[B.size(code)]}" if B.owner(code) == seat else B.piece_name(code)
        return f"Step {name} on {B.square_name(sel[0])} ({points}), pick another pyramid, or end your moves.{must}"
    return f"Pick one of {what} to move ({points}), or end your moves.{must}"
