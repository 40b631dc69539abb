"""The roll-off: dice at the start of every round decide who acts and what they may move.

A round is a queue of one or two phases. A phase is one player spending one die's worth of
movement points on one class of pyramids (their family, or the transparent pyramids).
"""

from __future__ import annotations

from ..rng import Rng
from . import moves as M
from .houserules import BOTH_MOVE, LOW_ROLLER_HERDS, SHARED_TIES, USE_EVERY_POINT

ROUND_LIMIT = 400  # after this many rounds without a winner the game is a draw


def phase_spec(seat: int, kind: str, die: int, *, tie: bool, role: str, forced: bool, fallback: bool) -> dict:
    return {"seat": seat, "kind": kind, "die": die, "tie": tie, "role": role, "forced": forced, "fallback": fallback}


def plan_round(dice: list[int], tie_first: int | None, rules: list[str]) -> list[dict]:
    """The phases of a round once the dice are known (never called on a first-round tie)."""
    strict = USE_EVERY_POINT in rules
    if dice[0] != dice[1]:
        high = 0 if dice[0] > dice[1] else 1
        low = 1 - high
        high_phase = phase_spec(high, M.FAMILY, dice[high], tie=False, role="high", forced=strict, fallback=strict)
        if BOTH_MOVE in rules:
            return [high_phase, phase_spec(low, M.FAMILY, dice[low], tie=False, role="low", forced=False, fallback=False)]
        if LOW_ROLLER_HERDS in rules:
            return [phase_spec(low, M.TRANSPARENT, dice[low], tie=False, role="low", forced=False, fallback=False), high_phase]
        return [high_phase]
    first = tie_first
    phases = [phase_spec(first, M.TRANSPARENT, dice[first], tie=True, role="tie", forced=strict, fallback=False)]
    if BOTH_MOVE in rules or SHARED_TIES in rules:
        phases.append(phase_spec(1 - first, M.TRANSPARENT, dice[first], tie=True, role="tie", forced=strict, fallback=False))
    return phases


def next_tie_first(dice: list[int], tie_first: int | None) -> int:
    """Who goes first on the next tie: the least recently favoured player.

    After a decided roll that is the low roller (the high roller just acted); after a tie it is
    the player who did not go first in it. This is the printed "least recently had a round to
    act" and, for R4/R5/B6, their "previous low roller".
    """
    if dice[0] != dice[1]:
        return 0 if dice[0] < dice[1] else 1
    return 1 - tie_first


def start_round(state: dict) -> None:
    """Roll both dice for a new round and open its first phase (state is a private copy)."""
    rng = Rng(state["rng"])
    state["round"] += 1
    state["rerolls"] = []
    while True:
        dice = [rng.randint(1, 6), rng.randint(1, 6)]
        if dice[0] == dice[1] and state["tie_first"] is None:
            state["rerolls"].append(dice)  # a tie before anyone has acted: roll again
            continue
        break
    state["rng"] = rng.state
    state["dice"] = dice
    state["queue"] = plan_round(dice, state["tie_first"], state["rules"])
    state["tie_first"] = next_tie_first(dice, state["tie_first"])
    open_next_phase(state)


def open_next_phase(state: dict) -> None:
    spec = state["queue"].pop(0)
    phase = dict(spec)
    phase["points"] = spec["die"]
    phase["fell_back"] = False
    if spec["fallback"] and not M.movers(state["board"], phase, state["rules"]):
        phase["kind"] = M.SPECTATORS  # S3: a family that cannot move sends spectators instead
        phase["fell_back"] = True
    state["phase"] = phase
    state["selected"] = None


def finish_phase(state: dict) -> None:
    """The acting player ended their phase: open the next phase, the next round, or the draw."""
    state["selected"] = None
    if state["queue"]:
        open_next_phase(state)
    elif state["round"] >= ROUND_LIMIT:
        state["phase"] = None
        state["result"] = {"winners": [], "losers": [], "reason": "draw"}
    else:
        start_round(state)
