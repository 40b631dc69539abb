"""Replay pages of short and long finished matches: time and HTML size per position (not a test).

    python bench/replay.py [--games chickenrun,barnyard] [--long 2000] [--short 20] [--repeat 5]

Issue 35 asks that a replay stay light at any length: a 2,000-turn replay loads as fast as a
20-turn one, and no replay page is over 60 KB of HTML. For each game this plays two matches
through the site's write path on an in-memory SQLite database, with random legal moves from
people (two; four at Chicken Die, whose games are short): a short one (`--short` moves, then
resignations) and a long one (up to `--long` moves, then resignations if the game has not
ended by itself); each game's deal is fixed (`GAMES`) so that its long match is long. Then it
asks for the replay's first, middle and last positions, as a whole page and as the fragment
the replay's buttons fetch (an HTMX request), through Django's test client:

- `ended`: the first request for the position with the cache as the match's end leaves it
  (its checkpoints made, `games.replays.checkpoints.prepare`): what the first visitor pays;
- `cold`: the first request after the cache was emptied (lost, evicted): the log is replayed
  once to make the checkpoints again;
- `warm`: the median of `--repeat` requests after it.

Prints one line per match and position and writes JSON to bench/results/. It asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

from inmemory import ROOT  # sets Django up: before anything of it

from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from accounts.models import User  # noqa: E402
from games.lobby import tables
from games.play import visibility, services  # noqa: E402
from games.models import Match  # noqa: E402
from games.replays import checkpoints  # noqa: E402

# Players and seed per game: the seed deals a long game with random moves (Chicken Die is
# never long: 324 moves with four players is among its longest).
GAMES = {"chickenrun": (2, 3), "chickendie": (4, 4), "barnyard": (2, 2), "wfci": (2, 1)}


def play(slug: str, players: int, moves: int, seed: int) -> Match:
    """A finished match of people: random legal moves, then resignations if still going."""
    tables.secrets.randbits = random.Random(seed).getrandbits  # the same deal on every run
    users = [User.objects.create_user(f"{slug}{seed}-{i}-{moves}", f"{slug}{seed}-{i}-{moves}@example.com", "pw")
             for i in range(players)]
    match = tables.create_match(users[0], slug, players)
    for user in users[1:]:
        tables.join_match(user, match)
    match = Match.objects.get(pk=match.pk)
    rng = random.Random(seed)
    by_seat = {match.seat_of(u): u for u in users}
    made = 0
    while made < moves and match.status == Match.Status.ACTIVE:
        seat = match.to_act[0]
        _, legal = visibility.game_view(match, seat)
        match = services.submit_action(match.pk, by_seat[seat], rng.choice(legal), match.version)
        made += 1
    while match.status == Match.Status.ACTIVE:  # with more than two, the others play on: all resign
        seat = next(s.index for s in match.seats.all() if not s.bot and not s.forfeited)
        services.submit_action(match.pk, by_seat[seat], {"type": "site.resign"}, match.version)
        match = Match.objects.get(pk=match.pk)
    return match


def timed_get(client: Client, url: str, **headers) -> tuple[float, int, int]:
    began = time.perf_counter()
    response = client.get(url, headers=headers)
    return time.perf_counter() - began, len(response.content), response.status_code


def measure(match: Match, repeat: int) -> list[dict]:
    client = Client()
    url = f"/matches/{match.pk}/replay/"
    client.get(f"{url}?v=1")  # templates and code loaded: the times below are the replay's own
    rows = []
    for name, v in (("first", 0), ("middle", match.version // 2), ("last", match.version)):
        for kind, headers in (("page", {}), ("fragment", {"HX-Request": "true"})):
            cache.clear()
            checkpoints.prepare(match)  # as the match's end leaves the cache
            ended, size, status = timed_get(client, f"{url}?v={v}", **headers)
            if status != 200:
                raise SystemExit(f"{url}?v={v} answered {status}")
            cache.clear()
            cold = timed_get(client, f"{url}?v={v}", **headers)[0]
            warm = statistics.median(timed_get(client, f"{url}?v={v}", **headers)[0] for _ in range(repeat))
            rows.append({"position": name, "v": v, "kind": kind, "bytes": size, "ended_ms": round(ended * 1000, 1),
                         "cold_ms": round(cold * 1000, 1), "warm_ms": round(warm * 1000, 1)})
    # Steps from a position just shown, as the Next button makes them.
    middle = match.version // 2
    steps = [timed_get(client, f"{url}?v={middle + 1 + i}", **{"HX-Request": "true"})[0] for i in range(repeat)]
    rows.append({"position": "next from middle", "v": middle + 1, "kind": "fragment", "bytes": None,
                 "ended_ms": None, "cold_ms": None, "warm_ms": round(statistics.median(steps) * 1000, 1)})
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game slugs")
    parser.add_argument("--seed", type=int, help="deal and moves (default: a long game's, per game)")
    parser.add_argument("--long", type=int, default=2000, help="moves of the long match at most")
    parser.add_argument("--short", type=int, default=20, help="moves of the short match")
    parser.add_argument("--repeat", type=int, default=5, help="warm requests timed per position")
    parser.add_argument("--out", default=str(ROOT / "bench" / "results"))
    args = parser.parse_args(argv)
    call_command("migrate", "--noinput", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)  # the production storage reads its manifest
    results = []
    print(f"{'game':<11}{'turns':>6}  {'position':<17}{'v':>5}  {'kind':<9}{'KB':>7}"
          f"{'ended ms':>9}{'cold ms':>9}{'warm ms':>9}")
    for slug in args.games.split(","):
        players, seed = GAMES[slug]
        for moves in (args.short, args.long):
            began = time.perf_counter()
            match = play(slug, players, moves, args.seed if args.seed is not None else seed)
            played = time.perf_counter() - began
            rows = measure(match, args.repeat)
            results.append({"game": slug, "players": players, "turns": match.version, "played_s": round(played, 1),
                            "rows": rows})
            for r in rows:
                kb = f"{r['bytes'] / 1024:.1f}" if r["bytes"] is not None else "-"
                ended, cold = (r[k] if r[k] is not None else "-" for k in ("ended_ms", "cold_ms"))
                print(f"{slug:<11}{match.version:>6}  {r['position']:<17}{r['v']:>5}  {r['kind']:<9}{kb:>7}"
                      f"{ended:>9}{cold:>9}{r['warm_ms']:>9}")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"replay-{datetime.now(timezone.utc):%Y%m%dT%H%M%S}.json"
    path.write_text(json.dumps({"when": datetime.now(timezone.utc).isoformat(), "database": "sqlite in memory",
                                "matches": results}, indent=2))
    print(f"results: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
