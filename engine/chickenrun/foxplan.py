"""The fox's whole-phase search: every way to spend the points rolled, judged over the next roll.

The sensible bot moves one pyramid at a time towards the best square for that pyramid alone, so
it misses combinations (a small steps aside, then the medium goes through) and judges a threat
only by the board's rough "chance to act next round". The fox instead lists the boards its
whole phase can reach (a beam over sequences of pyramid moves), keeps the best few by the
sensible bot's board score, and weighs each of those over every roll of the next round, whose
odds are known exactly: for each roll the player who acts answers with the single pyramid move
that is best for them, and the board after it is scored. Nothing is sampled, so the answer is a
function of the board, the points left and the selection: after a step the same plan is found
again (every board the rest of the plan reaches was reachable before), and the fox follows it
through without dithering.
"""

from __future__ import annotations

from functools import lru_cache

from . import bots as S
from . import moves as M
from . import turns as T
from .houserules import BOTH_MOVE, SHARED_TIES, STAMPEDE
from .rounds import plan_round

BEAM = 24        # boards kept at each depth of the phase search
DEPTH = 3        # pyramid moves (or tackles) in one phase at most
JUDGED = 24      # best end boards (by the board score) weighed over the next roll


def plan_action(state: dict, seat: int) -> dict:
    """The first action of the best plan for the rest of this phase."""
    board, phase, rules = state["board"], state["phase"], state["rules"]
    stampede = STAMPEDE in rules
    ends = phase_ends(board, phase, rules, seat, stampede)
    context = (_next_tie_first(state), tuple(rules), tuple(_queued(state)))
    ranked = sorted(ends.items(), key=lambda kv: -kv[1][0])[:JUDGED]
    judged = sorted(((judge(key, seat, context), -i, key) for i, (key, _) in enumerate(ranked)), reverse=True)
    best_key = judged[0][2]
    return _first_action(state, ends[best_key][1], stampede)


def phase_ends(board, phase, rules, seat, stampede) -> dict[str, tuple[float, list]]:
    """Board key -> (board score for `seat`, shortest plan reaching it), the board as it stands
    included (ending the phase now)."""
    start = [list(stack) for stack in board]
    key = S._board_key(start)
    ends = {key: (S.evaluate(start, seat, stampede), [])}
    beam = [(start, phase["points"], [])]
    for _ in range(DEPTH):
        children = []
        for cur, points, plan in beam:
            for new, spent, move in _moves(cur, dict(phase, points=points), rules, stampede):
                k = S._board_key(new)
                if k in ends:
                    continue
                score = S.evaluate(new, seat, stampede)
                ends[k] = (score, plan + [move])
                if points - spent > 0:
                    children.append((score, len(children), new, points - spent, plan + [move]))
        children.sort(key=lambda c: (-c[0], c[1]))
        beam = [(b, p, pl) for _, _, b, p, pl in children[:BEAM]]
        if not beam:
            break
    return ends


def _moves(board, phase, rules, stampede):
    """(board after, points spent, move) for every single pyramid move or tackle."""
    for sq, height in M.movers(board, phase, rules):
        code = board[sq].pop(height)
        reach = S._reachable(board, code, sq, phase["points"], stampede)
        board[sq].insert(height, code)
        for dest, (spent, _) in reach.items():
            new = [list(stack) for stack in board]
            new[sq].pop(height)
            new[dest].append(code)
            yield new, spent, ("step", sq, dest)
        if phase["kind"] == M.FAMILY:
            for target in M.tackles_from(board, sq, phase["points"], rules):
                new = [list(stack) for stack in board]
                M.do_tackle(new, sq, target)
                yield new, S.B.step_cost(board[sq][-1]), ("tackle", sq, target)


def _first_action(state: dict, plan: list, stampede: bool) -> dict:
    if not plan:
        return {"type": "end"}
    kind, sq, dest = plan[0]
    sel = T.selection(state)
    if sel is None or sel[0] != sq:
        return {"type": "select", "square": T.square_of(sq)}
    if kind == "tackle":
        return {"type": "tackle", "target": T.square_of(dest)}
    board = [list(stack) for stack in state["board"]]
    code = board[sq].pop(sel[1])
    reach = S._reachable(board, code, sq, state["phase"]["points"], stampede)
    return {"type": "step", "to": T.square_of(reach[dest][1])}


def _next_tie_first(state: dict) -> int:
    """Who moves first on the next tie, read from what every seat sees: the low roller after a
    decided roll, else the player who did not open this tied round."""
    dice, phase = state["dice"], state["phase"]
    if dice[0] != dice[1]:
        return 0 if dice[0] < dice[1] else 1
    two = BOTH_MOVE in state["rules"] or SHARED_TIES in state["rules"]
    first = phase["seat"] if state["queue"] or not two else 1 - phase["seat"]
    return 1 - first


def _queued(state: dict) -> list[tuple]:
    return [(s["seat"], s["kind"], s["die"], s["tie"], s["fallback"]) for s in state["queue"]]


@lru_cache(maxsize=65536)
def judge(key: str, seat: int, context: tuple) -> float:
    """The mean board score for `seat` after the phases still queued this round and the next
    round, over its 36 rolls, each phase answered by its player's best single pyramid move."""
    tie_first, rules, queued = context
    rules = list(rules)
    stampede = STAMPEDE in rules
    board = [[stack[i:i + 2] for i in range(0, len(stack), 2)] for stack in key.split("/")]
    for spec in queued:
        if M.winner(board) is not None:
            break
        board = _reply(board, spec[0], spec[1], spec[2], spec[3], spec[4], rules, stampede)
    if M.winner(board) is not None:
        return S.evaluate(board, seat, stampede)
    total = 0.0
    outcomes: dict[tuple, int] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            specs = plan_round([a, b], tie_first, rules)
            sig = tuple((s["seat"], s["kind"], s["die"], s["tie"], s["fallback"]) for s in specs)
            outcomes[sig] = outcomes.get(sig, 0) + 1
    for sig, count in outcomes.items():
        after = board
        for spec in sig:
            if M.winner(after) is not None:
                break
            after = _reply(after, *spec, rules, stampede)
        total += count * S.evaluate(after, seat, stampede)
    return total / 36


def _reply(board, actor, kind, die, tie, fallback, rules, stampede):
    """The board after `actor` plays its best single pyramid move (or none) with `die` points."""
    phase = {"seat": actor, "kind": kind, "points": die, "tie": tie}
    if fallback and not M.movers(board, phase, rules):
        phase["kind"] = M.SPECTATORS
    if phase["kind"] != M.FAMILY:
        return board  # a tied roll's herding is left out: it moves no capture closer
    best, best_score = board, S.evaluate(board, actor, stampede)
    for new, _, _ in _moves([list(s) for s in board], phase, rules, stampede):
        score = S.evaluate(new, actor, stampede)
        if score > best_score + S.EPSILON:
            best, best_score = new, score
    return best
