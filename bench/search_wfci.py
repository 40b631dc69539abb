"""The WfCI warlord's strength and think time (not a test).

    nice -n 10 python bench/search_wfci.py run --out results.jsonl [--procs 2] [--games 40] [--only 2p-standard,...]
        [--few 4p-standard:6,solo-hard:4] [--first 26]
    python bench/search_wfci.py report results.jsonl

`run` plays, on `--procs` processes, interleaved so that a run stopped at any time has a bit of
everything: the warlord against the expert at two players (standard, classic, capture the
flag, cockfight; the warlord takes seat 0 in even games and seat 1 in odd ones), against the
skirmisher, the level below it (`2p-vs-skirmisher`, standard, and `2p-flag-vs-skirmisher`), the
warlord against two experts in three-player capture the flag (`3p-flag`, its seat g mod 3),
against three experts at four players (standard and `4p-flag`), a warlord team against an
expert team (teams), and the warlord as you against the Challenger in the standard, hard and
classic solo set-ups (game g gives you leader g mod 9 and the Challenger another one, as the
self-play report does). Each game is one line of JSON as soon as it ends (with the round it
ended in). `report` prints the win rate per match-up with its 95% Wilson interval and the
rounds the decided games ended in, and the warlord's CPU time per searched decision (median,
p95, max).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bots import wilson  # bench/bots.py, beside this script

from engine.wfci import bots, cards, expert, positions, search, setup, turn
from engine.wfci.search.choices import searched

MATCHUPS = {  # name: (players, options, seats the warlord plays in game g)
    "2p-standard": (2, {}, lambda g: (g % 2,)),
    "2p-vs-skirmisher": (2, {}, lambda g: (g % 2,)),  # the level below (normal) instead of the expert
    "2p-classic": (2, {"preset": "classic"}, lambda g: (g % 2,)),
    "2p-flag": (2, {"variants": ["flag"]}, lambda g: (g % 2,)),
    "2p-cockfight": (2, {"variants": ["cockfight"]}, lambda g: (g % 2,)),
    "2p-flag-vs-skirmisher": (2, {"variants": ["flag"]}, lambda g: (g % 2,)),
    "3p-flag": (3, {"variants": ["flag"]}, lambda g: (g % 3,)),
    "4p-standard": (4, {}, lambda g: (g % 4,)),
    "4p-flag": (4, {"variants": ["flag"]}, lambda g: (g % 4,)),
    "4p-teams": (4, {"variants": ["teams"]}, lambda g: (g % 2, g % 2 + 2)),
    "solo-standard": ("solo", "solo", {}),
    "solo-hard": ("solo", "solo_hard", {}),
    "solo-classic": ("solo", "solo", {"preset": "classic"}),
}


# match-ups whose other seats are not the expert
AGAINST = {"2p-vs-skirmisher": "skirmisher", "2p-flag-vs-skirmisher": "skirmisher"}


def _leaders(g: int) -> tuple[str, str]:
    keys = [c["key"] for c in cards.catalog()["leader"].values()]
    you = keys[g % len(keys)]
    others = [k for k in keys if k != you]
    return you, others[(g // len(keys)) % len(others)]


def play(name: str, g: int, max_steps: int = 20_000) -> dict:
    spec = MATCHUPS[name]
    if spec[0] == "solo":
        you, it = _leaders(g)
        state, mine = positions.solo(g, spec[1], you, it, spec[2], layout=None), (0,)
    else:
        players, options, seats = spec
        state, mine = setup.new_game(g, players, options), seats(g)
    times = []
    while state["result"] is None and state["steps"] < max_steps:
        seat = state["stack"][-1]["seat"]
        if seat in mine:
            legal = turn.atomic_legal(state, seat)
            timed = len(legal) > 1 and searched(state, seat, legal)
            t0 = time.process_time()
            action = search.choose(state, seat)
            if timed:
                times.append(time.process_time() - t0)
        elif spec[0] == "solo":
            action = bots.bot_action(state, seat, "challenger")
        elif name in AGAINST:
            action = bots.bot_action(state, seat, AGAINST[name])
        else:
            action = expert.choose(state, seat)
        state = turn.apply_action(state, seat, action)
    winners = (state["result"] or {"winners": []})["winners"]
    return {"matchup": name, "game": g, "won": any(s in winners for s in mine), "finished": bool(winners),
            "winners": winners,
            "steps": state["steps"], "rounds": state["round"], "times": [round(t, 4) for t in times]}


def _jobs(only: list[str], games: int, few: dict[str, int], first: int = 0) -> list[tuple[str, int]]:
    return [(name, g) for g in range(first, games) for name in only if g < few.get(name, games)]


def _play(job):
    return play(*job)


def run(out: str, procs: int, games: int, only: list[str], few: dict[str, int], first: int = 0) -> None:
    done = set()
    if os.path.exists(out):
        with open(out) as f:
            done = {(r["matchup"], r["game"]) for r in map(json.loads, f)}
    jobs = [j for j in _jobs(only, games, few, first) if j not in done]
    with multiprocessing.Pool(procs) as pool, open(out, "a") as f:
        for row in pool.imap_unordered(_play, jobs):
            f.write(json.dumps(row) + "\n")
            f.flush()


def _by_seat(name: str, rows: list[dict]) -> str:
    """The warlord's wins by the seat it played (one seat a game), and every seat's wins, from
    the games that recorded the winners: how much of a score the seats explain."""
    if MATCHUPS[name][0] == "solo":
        return ""
    rows = [dict(r, seats=list(MATCHUPS[name][2](r["game"]))) for r in rows if "winners" in r]
    rows = [r for r in rows if len(r["seats"]) == 1]
    if not rows:
        return ""
    seats = sorted({r["seats"][0] for r in rows} | {w for r in rows for w in r["winners"]})
    mine = ", ".join(f"{sum(r['won'] for r in rows if r['seats'][0] == s)} of "
                     f"{sum(r['seats'][0] == s for r in rows)} in seat {s}" for s in seats)
    anyone = ", ".join(f"seat {s} {sum(s in r['winners'] for r in rows)}" for s in seats)
    return f"{mine}; games won by seat (anyone): {anyone}"


def report(path: str) -> str:
    with open(path) as f:
        rows = [json.loads(line) for line in f]
    lines = []
    for name in MATCHUPS:
        mine = [r for r in rows if r["matchup"] == name]
        if not mine:
            continue
        wins, n = sum(r["won"] for r in mine), len(mine)
        lo, hi = wilson(wins, n)
        unfinished = sum(not r["finished"] for r in mine)
        won_rounds = sorted(r["rounds"] for r in mine if r["finished"] and "rounds" in r)
        lines.append(f"{name:14s} warlord won {wins}/{n} = {wins / n:.0%} (95% interval {lo:.0%}-{hi:.0%})"
                     + (f", {unfinished} unfinished" if unfinished else "")
                     + (f"; won by someone in round {won_rounds[0]}-{won_rounds[-1]} (median "
                        f"{statistics.median(won_rounds)})" if won_rounds else ""))
        by_seat = _by_seat(name, mine)
        if by_seat:
            lines.append(f"{'':14s} by its seat: {by_seat}")
    times = sorted(t for r in rows for t in r["times"])
    if times:
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        lines.append(f"think time per searched decision ({len(times)} decisions, CPU): median "
                     f"{statistics.median(times) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms")
        per_game = statistics.mean(len(r["times"]) for r in rows)
        lines.append(f"searched decisions per game and warlord seat: {per_game:.0f} on average")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("--out", required=True)
    r.add_argument("--procs", type=int, default=2)
    r.add_argument("--games", type=int, default=40, help="play games (seeds) below this, per match-up")
    r.add_argument("--only", default=",".join(MATCHUPS), help="match-ups, comma separated")
    r.add_argument("--first", type=int, default=0, help="the first game (seed) to play, to add games to a match-up already run")
    r.add_argument("--few", default="", help="match-ups played fewer times, e.g. 4p-standard:6,solo-hard:4")
    p = sub.add_parser("report")
    p.add_argument("path")
    args = parser.parse_args(argv)
    if args.command == "run":
        few = {k: int(v) for k, v in (item.split(":") for item in args.few.split(",") if item)}
        run(args.out, args.procs, args.games, args.only.split(","), few, args.first)
    else:
        print(report(args.path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
