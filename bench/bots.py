"""How strong each game's bots are (not a test): `make bench-bots`, figures in docs/bots.md.

    python bench/bots.py [--game chickenrun,wfci] [--bots a,b] [--games N] [--baseline-games N]
        [--players 2,4] [--seed 0] [--budget SECONDS] [--playouts N] [--processes 2] [--no-baseline]
        [--out results.jsonl [--report]]

For each game: every pair of its bots (seats alternated game by game) and every bot against the
generic search baseline (engine/baseline.py), with WfCI also at four players (one bot against
three of another, its seat turning round the table). The bots are read from the game at run
time (`game.bots()`, less the Challenger, which only plays its solo seat), so a new bot is
measured without a change here. Per match-up it prints the first bot's score (a win 1, a shared
first place split, a loss 0) with a 95% Wilson interval, the first-to-act seat's score, and the
share of games that ended by the printed victory rather than a turn limit or a draw; per bot,
its think time per decision (CPU seconds, p50 and p95). Games run in worker processes, one per
core asked for; every game is seeded, so a run repeats (the baseline's budget aside). With
`--out`, each game is written as a line of JSON as soon as it ends and a run started again
plays only the games missing, so a long run (WfCI's) can be stopped and resumed; `--report`
prints the tables of the games written so far without playing any.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from itertools import combinations, permutations
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import baseline, get_game  # noqa: E402

GAMES = ("chickenrun", "chickendie", "barnyard", "wfci")
BASELINE = "baseline"
SOLO_ONLY = ("challenger",)
MAX_STEPS = 20_000  # a safety cap on one game (counted as unfinished)
# Default games per match-up: bot pairs, against the baseline, and at four players. 400 games
# give a 95% interval of at most +-5 points; the slow match-ups play fewer and say so.
DEFAULTS = {
    "chickenrun": {"games": 400, "baseline_games": 20, "budget": 0.01, "horizon": 40, "players": [2]},
    "chickendie": {"games": 400, "baseline_games": 40, "budget": 0.02, "horizon": 100, "players": [2]},
    "barnyard": {"games": 400, "baseline_games": 20, "budget": 0.03, "horizon": 60, "players": [2]},
    "wfci": {"games": 40, "baseline_games": 8, "budget": 0.03, "horizon": 40, "players": [2, 4], "four_games": 8},
}
# Bots that think for a while: a match-up with one of them plays at most this many games (by
# default; --games asks for more), so the default run takes hours, not days. The warlord plays
# its longer runs in bench/search_wfci.py, whose results resume.
SLOW = {"fox": 200, "rooster": 200, "marshal": 100, "expert": 40, "warlord": 6}
# The printed way to win, per game (the others: our turn or round limits, draws, everyone losing).
PRINTED = {
    "chickenrun": lambda reason: reason == "two chickens captured",
    "chickendie": lambda reason: reason in ("last", "together"),
    "barnyard": lambda reason: reason == "last_standing",
    "wfci": lambda reason: "humiliated" in reason,
}


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate (`score` successes, draws as halves, of `n`)."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def seat_score(placement: list[list[int]], seat: int) -> float:
    """1 alone in first place, 1/k sharing it with k - 1 others, 0 otherwise."""
    first = placement[0] if placement else []
    return 1 / len(first) if seat in first else 0.0


def play(task: dict) -> dict:
    """One game: `task["seats"]` names the bot in each seat. Returns what the tables need."""
    game = get_game(task["game"])
    seats = task["seats"]
    state = game.setup(task["seed"], len(seats), {})
    first = game.to_act(state)[0]
    times: dict[str, list[float]] = {}
    for _ in range(MAX_STEPS):
        acting = game.to_act(state)
        if not acting:
            break
        seat = acting[0]
        bot = seats[seat]
        began = time.process_time()
        if bot == BASELINE:
            action = baseline.decide(game, state, seat, seed=task["seed"], playouts=task["playouts"],
                                     horizon=task["horizon"], budget=task["budget"])
        else:
            action = game.bot_action(state, seat, bot)
        times.setdefault(bot, []).append(time.process_time() - began)
        state = game.apply(state, seat, action)
    outcome = game.outcome(state)
    placement = outcome["placement"] if outcome else [list(range(len(seats)))]
    reason = outcome["reason"] if outcome else "unfinished"
    return {"key": task["key"], "seats": seats, "placement": placement, "first": first,
            "printed": PRINTED[task["game"]](reason), "times": times, "task": task}


def matchups(slug: str, bots: list[str], args) -> list[tuple[str, str, int, int]]:
    """(bot, other, players, games): pairs both ways round at two players, one against three."""
    conf = DEFAULTS[slug]
    game = get_game(slug)
    players = [int(p) for p in args.players.split(",")] if args.players else conf["players"]
    players = [p for p in players if game.min_players <= p <= game.max_players]
    out = []
    for n in players:
        if n == 2:
            games = args.games or conf["games"]
            out += [(a, b, 2, _capped(games, args.games, a, b)) for a, b in combinations(bots, 2)]
            if not args.no_baseline:
                out += [(a, BASELINE, 2, _capped(args.baseline_games or conf["baseline_games"], args.baseline_games, a))
                        for a in bots]
        else:
            games = args.games or conf.get("four_games", conf["games"])
            out += [(a, b, n, _capped(games, args.games, a, b)) for a, b in permutations(bots, 2)]
    return out


def _capped(games: int, asked: int | None, *bots: str) -> int:
    """The default number of games, less for a slow bot (SLOW); a number asked for stands."""
    if asked:
        return games
    return min([games, *[SLOW[b] for b in bots if b in SLOW]])


def tasks_for(slug: str, ups, args) -> list[dict]:
    budget = args.budget if args.budget is not None else DEFAULTS[slug]["budget"]
    horizon = args.horizon or DEFAULTS[slug]["horizon"]
    tasks = []
    for key, (a, b, n, games) in enumerate(ups):
        for g in range(games):
            seats = [b] * n
            seats[g % n] = a  # the first bot's seat turns: no seat is favoured
            tasks.append({"game": slug, "key": key, "seed": args.seed + g, "seats": seats,
                          "budget": budget if budget > 0 else None, "playouts": args.playouts,
                          "horizon": horizon})
    return tasks


def _identity(task: dict) -> str:
    """What makes two games the same game: a resumed run skips the ones already written."""
    return json.dumps([task["game"], task["seats"], task["seed"], task["budget"], task["playouts"], task["horizon"]])


def played(tasks: list[dict], pool, out: str | None, play_missing: bool = True) -> list[dict]:
    """Every task's result: read from `out` where a line for it is there, else played (and, with
    `out`, written there at once); with `play_missing` false, only the games written already."""
    kept: dict[str, dict] = {}
    if out and os.path.exists(out):
        with open(out, encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                kept[row.pop("task")] = row
    todo = [t for t in tasks if _identity(t) not in kept] if play_missing else []
    games = pool.imap_unordered(play, todo) if pool else map(play, todo)
    sink = open(out, "a", encoding="utf-8") if out else None
    try:
        for row in games:
            ident = _identity(row.pop("task"))
            kept[ident] = row
            if sink:
                sink.write(json.dumps({**row, "task": ident}) + "\n")
                sink.flush()
    finally:
        if sink:
            sink.close()
    return [{**kept[_identity(t)], "key": t["key"]} for t in tasks if _identity(t) in kept]


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def report(slug: str, ups, results: list[dict], seconds: float, task: dict) -> str:
    game = get_game(slug)
    lines = [f"== {game.name} ({slug}) -- {seconds:.0f} s wall; baseline {task['playouts']} playouts, "
             f"horizon {task['horizon']} steps, budget {task['budget'] or 0:.2f} s CPU per decision"]
    head = f"{'bot':>12} {'vs':>12} {'seats':>5} {'games':>5}  {'score':>6} {'95% interval':>15}  {'first seat':>10}  {'victory':>7}"
    lines.append(head)
    for key, (a, b, n, _games) in enumerate(ups):
        rows = [r for r in results if r["key"] == key]
        if not rows:
            continue
        score = sum(seat_score(r["placement"], r["seats"].index(a)) for r in rows)
        lo, hi = wilson(score, len(rows))
        first = sum(seat_score(r["placement"], r["first"]) for r in rows) / len(rows)
        printed = sum(r["printed"] for r in rows) / len(rows)
        lines.append(f"{a:>12} {b + (f' x{n - 1}' if n > 2 else ''):>12} {n:>5} {len(rows):>5}  {score / len(rows):>6.1%} "
                     f"{f'{lo:.0%}-{hi:.0%}':>15}  {first:>10.1%}  {printed:>7.0%}")
    times: dict[str, list[float]] = {}
    for r in results:
        for bot, ts in r["times"].items():
            times.setdefault(bot, []).extend(ts)
    lines.append(f"{'think time':>12} {'decisions':>10} {'p50 ms':>8} {'p95 ms':>8}")
    for bot in sorted(times):
        ts = times[bot]
        lines.append(f"{bot:>12} {len(ts):>10} {percentile(ts, 0.5) * 1000:>8.2f} {percentile(ts, 0.95) * 1000:>8.2f}")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Bot strength per game")
    parser.add_argument("--game", default=",".join(GAMES), help="comma-separated slugs")
    parser.add_argument("--bots", default="", help="comma-separated bot names (default: all the game's seat bots)")
    parser.add_argument("--games", type=int, default=0, help="games per bot pair (default per game)")
    parser.add_argument("--baseline-games", type=int, default=0, help="games per bot against the baseline")
    parser.add_argument("--players", default="", help="player counts, e.g. 2,4 (default per game)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=float, default=None, help="baseline CPU seconds per decision, 0: none")
    parser.add_argument("--playouts", type=int, default=baseline.PLAYOUTS, help="baseline rollouts per decision")
    parser.add_argument("--horizon", type=int, default=0, help="baseline rollout steps (default per game)")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--out", default=None, help="a JSON-lines file: each game written as it ends, a rerun resumes")
    parser.add_argument("--report", action="store_true", help="with --out: the tables of the games written so far, none played")
    args = parser.parse_args(argv)
    pool = Pool(args.processes) if args.processes > 1 else None
    try:
        for slug in args.game.split(","):
            game = get_game(slug)
            bots = args.bots.split(",") if args.bots else [b for b in game.bots() if b not in SOLO_ONLY]
            ups = matchups(slug, bots, args)
            tasks = tasks_for(slug, ups, args)
            started = time.perf_counter()
            results = played(tasks, pool, args.out, play_missing=not args.report)
            print(report(slug, ups, results, time.perf_counter() - started, tasks[0]), flush=True)
            print()
    finally:
        if pool:
            pool.close()
            pool.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
