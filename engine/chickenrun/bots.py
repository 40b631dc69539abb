"""Bots: "sensible" (plays to win), "random" (uniform over legal actions), and the levels, in
levels.py: "chick" (easy) and "hen" (normal), the sensible bot with slips, and "fox" (strong),
which plans its whole phase (foxplan.py).

The sensible bot looks one phase ahead, one pyramid at a time: for every pyramid it may move
it tries every square that pyramid can reach with the points left (and every tackle), scores
the resulting board, and takes the first step towards the best one; it ends its moves when
nothing beats the board as it stands. Called again after each step, it spends what is left the
same way. The score weighs, for both players, how many movement points each family member
still needs to reach and capture its own-size chicken (a shortest-path search through the
squares it may enter, with surcharges for blocked squares and for being covered), held
captures, and the chance that either player captures next round. One evaluation serves family
rounds (capture, approach, trample or tackle threats, never release a capture) and tied rounds
(chickens away from the opponent and towards its own family, spectators in the way).
"""

from __future__ import annotations

import heapq
import json
import zlib
from functools import lru_cache

from ..errors import IllegalAction
from ..rng import Rng, seed_state
from . import board as B
from . import moves as M
from . import turns as T
from .houserules import STAMPEDE

BOTS = ("sensible", "random", "chick", "hen", "fox")
LEVELS = {"easy": "chick", "normal": "hen", "strong": "fox"}

HELD = 100.0         # value of a held capture
WIN = 10_000.0       # two held captures
UNREACHABLE = 40     # points assumed for a chicken no path leads to now
BLOCKED = 5          # extra points for a square something now blocks
OWN_COVER = 3        # extra points when the piece sits under its own family
OTHER_COVER = 12     # ... under someone else's pyramid (it must wait to be uncovered)
EPSILON = 1e-6

# Chance that a player acts next round with at least `c` points: they roll d >= c and the other
# rolls lower (ties move only chickens and spectators).
ACT_CHANCE = [sum((d - 1) / 36 for d in range(max(c, 1), 7)) for c in range(8)]


def choose(state: dict, seat: int, bot: str) -> dict:
    legal = T.legal_actions(state, seat)
    if not legal:
        raise IllegalAction("chickenrun.refuse.bot_idle", who=B.colour(seat) if seat in (0, 1) else str(seat))
    if bot == "random":
        return legal[_state_rng(state, seat).below(len(legal))]
    if bot == "sensible":
        return _sensible(state, seat, legal)
    raise IllegalAction("chickenrun.refuse.unknown_bot", bot=str(bot), choices=list(BOTS))


LEVEL_BOTS = ("chick", "hen", "fox")  # levels.py, which stands on this module: the game calls it


def _state_rng(state: dict, seat: int) -> Rng:
    """An RNG seeded from the whole state, so the game's own RNG is never advanced."""
    text = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return Rng(seed_state(zlib.crc32(text.encode("utf-8")) * 2 + seat))


# --- the sensible bot -------------------------------------------------------------------------

def _sensible(state: dict, seat: int, legal: list[dict]) -> dict:
    return ranked(state, seat, legal)[0]


def ranked(state: dict, seat: int, legal: list[dict]) -> list[dict]:
    """The sensible bot's choices, best first, each action once: its pick heads the list, the
    others follow by the score of the board they lead to (the levels pick from it too)."""
    board = [list(stack) for stack in state["board"]]
    phase, rules = state["phase"], state["rules"]
    stampede = STAMPEDE in rules
    current = evaluate(board, seat, stampede)
    found = []  # (score, -points spent, order, square, first action)
    order = 0
    for sq, height in M.movers(board, phase, rules):
        code = board[sq].pop(height)
        for dest, (spent, first) in _reachable(board, code, sq, phase["points"], stampede).items():
            board[dest].append(code)
            score = evaluate(board, seat, stampede)
            board[dest].pop()
            order -= 1
            found.append((score, -spent, order, sq, {"type": "step", "to": T.square_of(first)}))
        board[sq].insert(height, code)
        if phase["kind"] == M.FAMILY:
            for target in M.tackles_from(board, sq, phase["points"], rules):
                pushed, landed = M.do_tackle(board, sq, target)
                score = evaluate(board, seat, stampede)
                board[landed].pop()
                board[target].append(pushed)
                order -= 1
                found.append((score, -B.step_cost(board[sq][-1]), order, sq, {"type": "tackle", "target": T.square_of(target)}))
    found.sort(key=lambda c: c[:3], reverse=True)
    may_end = {"type": "end"} in legal
    sel = T.selection(state)
    out: list[dict] = []
    for score, _, _, sq, action in found:
        if may_end and {"type": "end"} not in out and score <= current + EPSILON:
            out.append({"type": "end"})
        pick = action if sel is not None and sel[0] == sq else {"type": "select", "square": T.square_of(sq)}
        if pick not in out:
            out.append(pick)
    if may_end and {"type": "end"} not in out:
        out.append({"type": "end"})
    return out or [legal[0]]


def _reachable(board: list[list[str]], code: str, start: int, points: int, stampede: bool) -> dict[int, tuple[int, int]]:
    """Squares the lifted pyramid `code` can reach from `start` within `points`, each with
    (points spent, first square of a shortest path). The board is left as given."""
    cost = B.step_cost(code)
    found: dict[int, tuple[int, int]] = {}
    frontier = [(start, None)]
    seen = {start}
    spent = 0
    while frontier and spent + cost <= points:
        spent += cost
        nxt = []
        for sq, first in frontier:
            for dest in B.NEIGHBOURS[sq]:
                if dest in seen or not B.may_stand(code, dest):
                    continue
                if M.enter_problem(code, board[dest], stampede) is not None:
                    continue
                seen.add(dest)
                step_one = dest if first is None else first
                found[dest] = (spent, step_one)
                nxt.append((dest, step_one))
        frontier = nxt
    return found


def _board_key(board: list[list[str]]) -> str:
    return "/".join("".join(stack) for stack in board)


def evaluate(board: list[list[str]], seat: int, stampede: bool) -> float:
    """How good the board is for `seat` (higher is better)."""
    values = _values(_board_key(board), stampede)
    return values[seat] - values[1 - seat]


@lru_cache(maxsize=16384)
def _values(key: str, stampede: bool) -> tuple[float, float]:
    board = [[stack[i:i + 2] for i in range(0, len(stack), 2)] for stack in key.split("/")]
    costs, held = capture_costs(board, stampede)
    values = []
    for p in (0, 1):
        caps = len(held[p])
        if caps >= 2:
            return (WIN, -WIN) if p == 0 else (-WIN, WIN)
        need = 2 - caps
        open_costs = sorted(costs[p][s - 1] for s in (1, 2, 3) if s not in held[p])
        value = HELD * caps - sum(open_costs[:need]) - 0.1 * sum(open_costs[need:])
        stake = WIN / 20 if caps == 1 else HELD / 2
        soonest = open_costs[0] if open_costs else 99
        if soonest <= 6:
            value += ACT_CHANCE[soonest] * stake
        values.append(value)
    return values[0], values[1]


def capture_costs(board: list[list[str]], stampede: bool) -> tuple[list[list[int]], list[list[int]]]:
    """costs[seat][size - 1]: movement points that family member still needs to capture its
    chicken (0 when it holds it); held: the sizes each seat holds now."""
    where: dict[str, tuple[int, int]] = {}
    for sq, stack in enumerate(board):
        for height, code in enumerate(stack):
            where[code] = (sq, height)
    held = M.captures(board)
    costs: list[list[int]] = [[0, 0, 0], [0, 0, 0]]
    step_costs = {}
    for seat in (0, 1):
        for s in (1, 2, 3):
            if s in held[seat]:
                continue
            if s in held[1 - seat] and not stampede:
                costs[seat][s - 1] = UNREACHABLE * 3
                continue
            if s not in step_costs:
                step_costs[s] = _square_costs(board, s, stampede)
            sq, height = where[B.family_code(seat, s)]
            goal = where[B.chicken_code(s)][0]
            cost = _path_cost(sq, goal, step_costs[s])
            for above in board[sq][height + 1:]:
                cost += OWN_COVER if B.owner(above) == seat else OTHER_COVER
            costs[seat][s - 1] = cost
    return costs, held


def _square_costs(board: list[list[str]], piece_size: int, stampede: bool) -> list[int | None]:
    """What entering each square costs a family member of this size: its step cost when it
    may enter, plus BLOCKED when something in the way might move later; None off the area."""
    code = B.family_code(0, piece_size)
    out: list[int | None] = []
    for sq, stack in enumerate(board):
        if not B.IS_CENTRAL[sq]:
            out.append(None)
        elif not stack or M.enter_problem(code, stack, stampede) is None:
            out.append(piece_size)
        else:
            out.append(piece_size + BLOCKED)
    return out


def _path_cost(start: int, goal: int, square_costs: list[int | None]) -> int:
    if start == goal:
        return 0
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        spent, sq = heapq.heappop(queue)
        if sq == goal:
            return spent
        if spent > best.get(sq, spent):
            continue
        for n in B.NEIGHBOURS[sq]:
            step = square_costs[n]
            if step is None:
                continue
            total = spent + step
            if total < best.get(n, total + 1):
                best[n] = total
                heapq.heappush(queue, (total, n))
    return UNREACHABLE * 3
