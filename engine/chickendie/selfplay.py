"""Self-play report: game length, first-seat advantage, cards played, how games end, and the
farmer's and the rooster's win rates against random bots.

    python -m engine.chickendie.selfplay [--games 200] [--seed 0] [--players 2,3,4,5,6] [--bot-games 200]

Each player count plays farmer bots in every seat; the bot lines seat one farmer or rooster
(seat g mod n in game g, so no seat is favoured) among random bots. The rooster searches, so
its games are slow (a few seconds each): --bot-games 0 leaves it out.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from ..places import Places
from . import cards as C
from . import flow
from .bots import choose

MAX_STEPS = 50_000


def play(seed: int, bots: list[str], counts: Counter | None = None) -> dict:
    state = flow.setup(seed, len(bots), {})
    for steps in range(MAX_STEPS):
        seats = flow.to_act(state)
        if not seats:
            break
        seat = seats[0]
        action = choose(state, seat, bots[seat])
        if counts is not None and action["type"] in ("play", "respond") and action["card"].startswith("cd-"):
            counts[C.kind(action["card"])] += 1
        seq = state["seq"]
        state = flow.apply(state, seat, action)
        if counts is not None:
            for n, line in state["log"]:
                if n > seq and line["id"] == "chickendie.log.instant":
                    counts[line["args"]["card"]["id"].split(".")[2]] += 1
    return state


def table(games: int, seed: int, players: list[int]) -> dict:
    rows, counts = [], Counter()
    for n in players:
        places, turns = Places(n), 0
        reasons: Counter = Counter()
        for g in range(games):
            state = play(seed + g, ["farmer"] * n, counts)
            places.add(flow.setup(seed + g, n, {})["turn"]["seat"], state["result"]["winners"])
            turns += state["turns"]
            reasons[state["result"]["reason"]] += 1
        rows.append({"players": n, "turns": turns / games, "first": places.rates()[0][0], "fair": 1 / n,
                     "places": places, "reasons": dict(reasons)})
    return {"rows": rows, "cards": counts}


def bot_rate(games: int, seed: int, players: int = 4, bot: str = "farmer") -> float:
    won = 0.0
    for g in range(games):
        seat = g % players
        bots = ["random"] * players
        bots[seat] = bot
        winners = play(seed + g, bots)["result"]["winners"]
        won += 1 / len(winners) if seat in winners else 0
    return won / games


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", default="2,3,4,5,6")
    parser.add_argument("--bot-games", type=int, default=200, help="games for the rooster's win rate")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    report = table(args.games, args.seed, [int(p) for p in args.players.split(",")])
    print(f"Chicken Die! self-play, farmer bots, {args.games} games per player count\n")
    print("| players | turns per game | first seat wins | fair share | how games end |")
    print("|---|---|---|---|---|")
    for row in report["rows"]:
        ends = ", ".join(f"{k} {v}" for k, v in sorted(row["reasons"].items()))
        print(f"| {row['players']} | {row['turns']:.1f} | {row['first']:.0%} | {row['fair']:.0%} | {ends} |")
    print()
    for row in report["rows"]:
        print(f"{row['players']} players: {row['places'].line()}")
    print("\nCards played or drawn (instants), all games:\n")
    print("| card | times |")
    print("|---|---|")
    for kind in C.card_types():
        print(f"| {kind} | {report['cards'][kind]} |")
    for bot, games in (("farmer", args.games), ("rooster", args.bot_games)):
        for n in (2, 4):
            if games:
                rate = bot_rate(games, args.seed, n, bot)
                print(f"\n{bot.capitalize()} against {n - 1} random bot(s), {games} games: wins {rate:.0%}"
                      f" (fair share {1 / n:.0%})")
    print(f"\n({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
