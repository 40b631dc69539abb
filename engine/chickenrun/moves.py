"""Movement: who may move, where a pyramid may step, captures, trampling and tackles.

Every step is one orthogonal square and ends on that square, so "passing through" a square is
entering it and then leaving it: the same entering rules apply to every step, and leaving a
trample uncovers the pyramids underneath, which become free again.
"""

from __future__ import annotations

from ..messages import msg
from . import board as B
from .houserules import LOOSE_CHICKENS, STAMPEDE, TACKLING

FAMILY = "family"            # the acting player's own family members
TRANSPARENT = "transparent"  # chickens and spectators
SPECTATORS = "spectators"    # spectators only (the "Use every point" fallback)


def tramples(mover_size: int, victim_size: int, stampede: bool) -> bool:
    return victim_size < mover_size or (stampede and victim_size == mover_size)


def enter_problem(code: str, stack: list[str], stampede: bool) -> dict | None:
    """Why `code` may not step onto `stack` (a message), or None when it may."""
    if not stack:
        return None
    mover = B.size(code)
    name = B.size_word(mover)
    if B.is_chicken(code):
        return msg("chickenrun.refuse.chicken_tramples")
    if B.is_spectator(code):
        for piece in stack:
            if B.is_chicken(piece):
                return msg("chickenrun.refuse.spectator_captures")
            if B.is_family(piece):
                return msg("chickenrun.refuse.spectator_tramples_family")
            if not tramples(mover, B.size(piece), stampede):
                return _too_big(name, piece, stampede)
        return None
    for piece in stack:
        if B.is_chicken(piece):
            if B.size(piece) != mover:
                return msg("chickenrun.refuse.wrong_chicken", size=name, chicken=B.piece_name(piece))
        elif not tramples(mover, B.size(piece), stampede):
            if B.chicken_code(mover) in stack and B.is_family(piece):
                return msg("chickenrun.refuse.already_captured", size=name, piece=B.piece_name(piece))
            if B.owner(piece) == B.owner(code) and B.size(piece) > mover:
                return msg("chickenrun.refuse.climb", size=name)
            return _too_big(name, piece, stampede)
    return None


def _too_big(name: dict, piece: str, stampede: bool) -> dict:
    if stampede:
        return msg("chickenrun.refuse.too_big_stampede", size=name, piece=B.piece_name(piece))
    return msg("chickenrun.refuse.too_big", size=name, piece=B.piece_name(piece))


def movable_height(board: list[list[str]], sq: int, phase: dict, rules: list[str]) -> int | None:
    """The height in the stack at `sq` of the pyramid the phase's mover may move, or None.

    Only the top of a stack moves, except that a tied roll under "Loose chickens" (S1) may
    move a captured chicken out from under its captor.
    """
    stack = board[sq]
    if not stack:
        return None
    top = stack[-1]
    kind = phase["kind"]
    if kind == FAMILY:
        return len(stack) - 1 if B.owner(top) == phase["seat"] else None
    if kind == SPECTATORS:
        return len(stack) - 1 if B.is_spectator(top) else None
    if not B.is_family(top):
        return len(stack) - 1
    if phase.get("tie") and LOOSE_CHICKENS in rules:
        for height, piece in enumerate(stack):
            if B.is_chicken(piece):
                return height
    return None


def step_problem(board: list[list[str]], sq: int, height: int, dest: int, points: int, rules: list[str]) -> dict | None:
    """Why the pyramid at (sq, height) may not step to `dest` now, or None when it may."""
    code = board[sq][height]
    if dest not in B.NEIGHBOURS[sq]:
        return msg("chickenrun.refuse.orthogonal")
    cost = B.step_cost(code)
    if cost > points:
        return msg("chickenrun.refuse.step_cost", size=B.size_word(B.size(code)), n=cost, left=points)
    if not B.may_stand(code, dest):
        return msg("chickenrun.refuse.central")
    return enter_problem(code, board[dest], STAMPEDE in rules)


def steps_from(board: list[list[str]], sq: int, height: int, points: int, rules: list[str]) -> list[int]:
    return [dest for dest in B.NEIGHBOURS[sq] if step_problem(board, sq, height, dest, points, rules) is None]


def tackle_problem(board: list[list[str]], sq: int, target: int, points: int, rules: list[str]) -> dict | None:
    """Why the family member on top of `sq` may not tackle the top of `target` (S2)."""
    if TACKLING not in rules:
        return msg("chickenrun.refuse.tackling_off")
    stack = board[sq]
    if not stack or not B.is_family(stack[-1]):
        return msg("chickenrun.refuse.tackler")
    code = stack[-1]
    if target not in B.NEIGHBOURS[sq]:
        return msg("chickenrun.refuse.tackle_reach")
    victims = board[target]
    if not victims or not B.is_family(victims[-1]) or B.owner(victims[-1]) == B.owner(code):
        return msg("chickenrun.refuse.tackle_victim")
    if B.size(victims[-1]) >= B.size(code):
        return msg("chickenrun.refuse.tackle_larger")
    cost = B.step_cost(code)
    if cost > points:
        return msg("chickenrun.refuse.tackle_cost", n=cost, left=points)
    dest = push_square(sq, target)
    if dest is None or not B.IS_CENTRAL[dest]:
        return msg("chickenrun.refuse.tackle_off_centre")
    if board[dest]:
        return msg("chickenrun.refuse.tackle_onto")
    return None


def push_square(sq: int, target: int) -> int | None:
    """The square straight beyond `target`, seen from `sq`, or None off the board."""
    c0, r0 = B.coords(sq)
    c1, r1 = B.coords(target)
    c2, r2 = 2 * c1 - c0, 2 * r1 - r0
    return B.index(c2, r2) if B.on_board(c2, r2) else None


def tackles_from(board: list[list[str]], sq: int, points: int, rules: list[str]) -> list[int]:
    if TACKLING not in rules:
        return []
    return [t for t in B.NEIGHBOURS[sq] if tackle_problem(board, sq, t, points, rules) is None]


def has_moves(board: list[list[str]], sq: int, height: int, phase: dict, rules: list[str]) -> bool:
    """Whether the pyramid has any step or tackle: stops at the first (every view asks it of
    every pyramid)."""
    points = phase["points"]
    if any(step_problem(board, sq, height, dest, points, rules) is None for dest in B.NEIGHBOURS[sq]):
        return True
    return phase["kind"] == FAMILY and TACKLING in rules and any(
        tackle_problem(board, sq, t, points, rules) is None for t in B.NEIGHBOURS[sq])


def movers(board: list[list[str]], phase: dict, rules: list[str]) -> list[tuple[int, int]]:
    """(square, height) of every pyramid the phase's mover may move and that can still move."""
    out = []
    for sq in range(B.SQUARES):
        height = movable_height(board, sq, phase, rules)
        if height is not None and has_moves(board, sq, height, phase, rules):
            out.append((sq, height))
    return out


def do_step(board: list[list[str]], sq: int, height: int, dest: int) -> str:
    """Move the pyramid (in place on a board the caller owns); returns its code."""
    code = board[sq].pop(height)
    board[dest].append(code)
    return code


def do_tackle(board: list[list[str]], sq: int, target: int) -> tuple[str, int]:
    """Push the top of `target` away from `sq`; returns (pushed code, square it lands on)."""
    dest = push_square(sq, target)
    code = board[target].pop()
    board[dest].append(code)
    return code, dest


def capture_holder(stack: list[str]) -> tuple[int, int] | None:
    """(seat, chicken size) when this stack holds a captured chicken, else None.

    A chicken is captured by a family member of its own size sitting on top of the stack.
    """
    if len(stack) < 2:
        return None
    top = stack[-1]
    if not B.is_family(top):
        return None
    chicken = B.chicken_code(B.size(top))
    if chicken in stack:
        return B.owner(top), B.size(top)
    return None


def captures(board: list[list[str]]) -> list[list[int]]:
    """Chicken sizes each seat currently holds, e.g. [[2, 3], []]."""
    held: list[list[int]] = [[], []]
    for stack in board:
        got = capture_holder(stack)
        if got:
            held[got[0]].append(got[1])
    for sizes in held:
        sizes.sort()
    return held


def winner(board: list[list[str]]) -> int | None:
    for seat, sizes in enumerate(captures(board)):
        if len(sizes) >= 2:
            return seat
    return None
