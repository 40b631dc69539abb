"""War for Chicken Island engine throughput (not a test).

    python bench/engine_wfci.py [--games 20] [--skirmisher-games 50]

1. The full web-path step over random 2- and 4-player games: the stored JSON snapshot is
   loaded (json.loads + deserialize), the seat's legal actions listed, one applied, and the new
   state serialized and dumped back to JSON. Prints atomic actions per second and the median
   and 90th-percentile step (target: median under 2 ms on one core).
2. Whole skirmisher-vs-skirmisher 2-player games per second (bots choosing every action).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from engine.testing import random_chooser  # noqa: E402


def web_steps(game, players: int, games: int, max_steps: int = 3000) -> list[float]:
    times = []
    for seed in range(games):
        text = json.dumps(game.serialize(game.setup(seed, players, {})))
        choose = random_chooser(seed)
        for _ in range(max_steps):
            t0 = time.perf_counter()
            state = game.deserialize(json.loads(text))
            seats = game.to_act(state)
            if not seats:
                break
            legal = game.legal_actions(state, seats[0])
            state = game.apply(state, seats[0], legal[choose(legal)])
            text = json.dumps(game.serialize(state))
            times.append(time.perf_counter() - t0)
    return times


def skirmisher_games(game, games: int) -> tuple[float, int]:
    t0 = time.perf_counter()
    steps = 0
    for seed in range(games):
        state = game.setup(seed, 2, {})
        while game.to_act(state):
            seat = game.to_act(state)[0]
            state = game.apply(state, seat, game.bot_action(state, seat, "skirmisher"))
            steps += 1
    return time.perf_counter() - t0, steps


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="WfCI engine throughput")
    parser.add_argument("--games", type=int, default=20, help="random games per player count")
    parser.add_argument("--skirmisher-games", type=int, default=50)
    args = parser.parse_args(argv)
    game = engine.get_game("wfci")
    print("War for Chicken Island engine benchmark (one core, pure Python)")
    for players in (2, 4):
        times = web_steps(game, players, args.games)
        median = statistics.median(times) * 1000
        p90 = sorted(times)[int(len(times) * 0.9)] * 1000
        print(f"  random {players}-player games: {len(times)} web-path steps, {len(times) / sum(times):,.0f} actions/s, "
              f"median {median:.3f} ms, p90 {p90:.3f} ms, max {max(times) * 1000:.1f} ms "
              f"({'meets' if median < 2 else 'MISSES'} the 2 ms median target)")
    seconds, steps = skirmisher_games(game, args.skirmisher_games)
    print(f"  skirmisher 2-player games: {args.skirmisher_games / seconds:.1f} games/s "
          f"({steps / args.skirmisher_games:.0f} actions per game, {steps / seconds:,.0f} actions/s with the bot)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
