"""The WfCI expert bot's decision time (not a test).

    python bench/expert_wfci.py [--games 3] [--rollouts 24] [--budget 1.0]

Plays solo games with the expert as you against the Challenger and times every decision of
yours that it searches (the fights; the others are the skirmisher's, a millisecond or so), in
CPU seconds (process time: other programs on the machine do not count). Prints the median, the
99th percentile and the maximum; the budget caps a decision, so the maximum should stay near it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.wfci import bots, expert, positions, turn  # noqa: E402


def decision_times(games: int, rollouts: int, budget: float, max_decisions: int) -> list[float]:
    times = []
    for seed in range(games):
        state = positions.solo(seed, "solo", "dusty", "gizzard", layout=None)
        while state["result"] is None and len(times) < max_decisions * (seed + 1):
            seat = state["stack"][-1]["seat"]
            if seat == 1:
                action = bots.bot_action(state, 1, "challenger")
            else:
                legal = turn.legal(state, 0)
                searched = len(legal) > 1 and expert.weighty(state, 0, legal)
                t0 = time.process_time()
                action = expert.choose(state, 0, rollouts=rollouts, budget=budget)
                if searched:
                    times.append(time.process_time() - t0)
            state = turn.apply_action(state, seat, action)
    return times


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="WfCI expert decision time")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--rollouts", type=int, default=expert.ROLLOUTS)
    parser.add_argument("--budget", type=float, default=expert.BUDGET_SECONDS)
    parser.add_argument("--max-decisions", type=int, default=60, help="searched decisions per game")
    args = parser.parse_args(argv)
    times = sorted(decision_times(args.games, args.rollouts, args.budget, args.max_decisions))
    if not times:
        print("no decisions timed")
        return 1
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"WfCI expert bot, {args.rollouts} rollouts, budget {args.budget:.2f} s CPU: {len(times)} searched decisions, "
          f"median {statistics.median(times) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
