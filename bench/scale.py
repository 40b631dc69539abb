"""Move latency as the database and a match grow (not a test; it asserts nothing).

    python bench/scale.py --database-url postgres://user:pass@127.0.0.1:5432/chicken_scale

Issue 16 asks that latency at 100,000 stored matches and at move 2,000 of a match stay within
10% of an empty database and of move 10. The script EMPTIES the database it is given (its name
must contain "bench" or "scale"), then:

1. Empty database: one Chicken Run match at a time between two API clients, one move in
   flight (http_chickenrun's --serial loop), for --seconds; move p50/p99.
2. Fills the database without the write path: the matches and turns of step 1 are copied
   server-side with INSERT ... SELECT over generate_series, 9 finished matches to 1 active one,
   each copy with its template's seats (players drawn from a pool of users) and every turn
   row, so rows have their real sizes. Then VACUUM ANALYZE, as autovacuum would have by then.
3. The same serial loop on fresh matches against the filled database; the change in percent.
4. One long match: Chicken Run ends within a few dozen moves, so the long match is a 4-player
   War for Chicken Island match played through the API. Random play ends somewhere between
   about 800 and 3,000 actions, so the script replays the engine offline on the match's own
   seed to pick a random action sequence that lasts past move --long-moves, then posts those
   actions one at a time. Compares move latency at moves 1-10 with the last ten (and windows of
   100, which are less noisy); the state and the log grow all the way.

Writes JSON to bench/results/.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import statistics
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urlparse

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from http_chickenrun import PY, ROOT, free_port, percentiles, play, server_env, start_server  # noqa: E402
from loadgen import Connection  # noqa: E402

import engine  # noqa: E402
from engine.testing import random_chooser  # noqa: E402


def recreate_database(url: str) -> None:
    name = urlparse(url).path.lstrip("/")
    if "bench" not in name and "scale" not in name:
        raise SystemExit(f"refusing to empty database {name!r}: its name must contain 'bench' or 'scale'")
    admin = urlparse(url)._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def prepare(env: dict) -> dict:
    """Migrate; four players with tokens, a Chicken Run match for the first two."""
    subprocess.run([PY, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([PY, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    script = """
import json
from rest_framework.authtoken.models import Token
from accounts.models import User
from games.lobby import tables
users = [User.objects.create_user(f"scale-{i}", f"scale-{i}@example.com", "pw") for i in range(4)]
m = tables.create_match(users[0], "chickenrun", 2)
tables.join_match(users[1], m)
print("PLAYERS=" + json.dumps({"match": m.pk, "tokens": [Token.objects.get_or_create(user=u)[0].key for u in users]}))
"""
    result = subprocess.run(
        [PY, "manage.py", "shell", "-c", script], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    return json.loads(next(x for x in result.stdout.splitlines() if x.startswith("PLAYERS="))[len("PLAYERS="):])


def serial_moves(port: int, first: dict, seconds: float) -> dict:
    """http_chickenrun's closed loop with one match: one request in flight."""
    pair = [{"match": first["match"], "seat": s, "token": first["tokens"][s]} for s in (0, 1)]
    asyncio.run(play(port, pair, 2))  # warm the worker's connection and caches
    run = asyncio.run(play(port, pair, seconds))
    return percentiles(run.moves)


def columns(cur, table: str) -> list[str]:
    cur.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = %s AND column_name <> 'id' "
        "ORDER BY ordinal_position",
        [table],
    )
    return [r[0] for r in cur.fetchall()]


def copy_rows(cur, table: str, join: str, overrides: dict, where: str, params: list) -> int:
    """INSERT ... SELECT every column of the template rows `t`, some replaced by SQL expressions."""
    cols = [c for c in columns(cur, table) if c not in overrides]
    names = ", ".join([*overrides, *cols])
    picks = ", ".join([*overrides.values(), *(f"t.{c}" for c in cols)])
    cur.execute(f"INSERT INTO {table} ({names}) SELECT {picks} FROM fill f {join} WHERE {where}", params)
    return cur.rowcount


def fill(url: str, matches: int, chunk: int = 10_000) -> dict:
    """Copy the stored Chicken Run matches until `matches` more are stored; returns row counts."""
    began = time.perf_counter()
    with psycopg.connect(url, autocommit=True) as conn, conn.cursor() as cur:
        cur.execute(
            "SELECT m.id FROM games_match m JOIN games_turn t ON t.match_id = m.id "
            "GROUP BY m.id ORDER BY bool_or(m.status = 'finished') DESC, count(*) DESC LIMIT 1"
        )
        finished = cur.fetchone()[0]
        cur.execute("SELECT id FROM games_match WHERE status = 'active' ORDER BY version DESC LIMIT 1")
        active = (cur.fetchone() or [finished])[0]
        users = max(4, matches // 20)
        cur.execute("SELECT min(id) FROM accounts_user")
        template_user = cur.fetchone()[0]
        cur.execute("CREATE TEMP TABLE fill AS SELECT g, g AS id FROM generate_series(1, %s) g", [users])
        copy_rows(
            cur, "accounts_user", "JOIN accounts_user t ON t.id = %s",
            {"username": "'pool-' || f.g", "email": "'pool-' || f.g || '@example.com'"}, "true", [template_user],
        )
        cur.execute("DROP TABLE fill")
        cur.execute(
            "CREATE TEMP TABLE pool AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM accounts_user "
            "WHERE username LIKE 'pool-%%'"
        )
        cur.execute("CREATE INDEX ON pool (n)")
        cur.execute(
            "CREATE TEMP TABLE fill AS SELECT g, nextval(pg_get_serial_sequence('games_match', 'id')) AS id, "
            "CASE WHEN g %% 10 = 0 THEN %s ELSE %s END AS template FROM generate_series(1, %s) g",
            [active, finished, matches],
        )
        cur.execute("CREATE INDEX ON fill (g)")
        ago = "f.g * interval '7 minutes'"
        counts = {"matches": 0, "seats": 0, "turns": 0, "users": users}
        for low in range(1, matches + 1, chunk):
            where, params = "f.g BETWEEN %s AND %s", [low, low + chunk - 1]
            with conn.transaction():
                counts["matches"] += copy_rows(
                    cur, "games_match", "JOIN games_match t ON t.id = f.template",
                    {"id": "f.id", "seed": "f.g", "invite_token": "md5(f.g::text)", "rematch_of_id": "NULL",
                     **{c: f"t.{c} - {ago}" for c in ("created_at", "updated_at", "started_at", "finished_at",
                                                       "last_move_at")}},
                    where, params,
                )
                counts["seats"] += copy_rows(
                    cur, "games_seat",
                    "JOIN games_seat t ON t.match_id = f.template LEFT JOIN pool p ON p.n = (f.g * 4 + t.index) %% "
                    + str(users),
                    {"match_id": "f.id", "user_id": "CASE WHEN t.user_id IS NULL THEN NULL ELSE p.id END",
                     "joined_at": f"t.joined_at - {ago}"},
                    where, params,
                )
                counts["turns"] += copy_rows(
                    cur, "games_turn", "JOIN games_turn t ON t.match_id = f.template",
                    {"match_id": "f.id", "created_at": f"t.created_at - {ago}"}, where, params,
                )
            print(f"  filled {counts['matches']:,} matches, {counts['turns']:,} turns", flush=True)
        cur.execute("VACUUM ANALYZE")
        cur.execute("SELECT pg_database_size(current_database())")
        counts["database_mb"] = round(cur.fetchone()[0] / 2**20)
    counts["seconds"] = round(time.perf_counter() - began, 1)
    return counts


def long_match_plan(url: str, tokens: list, moves: int) -> tuple[int, list]:
    """Create a 4-player WfCI match; pick a random action sequence that lasts past `moves`."""
    async def create():
        conns = [Connection("127.0.0.1", PORT, t) for t in tokens]
        _, made = await conns[0].request("POST", "/api/matches/", {"game": "wfci", "players": 4})
        for c in conns[1:]:
            await c.request("POST", f"/api/matches/{made['id']}/join/")
        for c in conns:
            c.close()
        return made["id"]

    match = asyncio.run(create())
    with psycopg.connect(url) as conn:
        seed, players, options = conn.execute("SELECT seed, players, options FROM games_match WHERE id = %s", [match]).fetchone()
        seats = dict(conn.execute(
            "SELECT s.index, k.key FROM games_seat s JOIN authtoken_token k ON k.user_id = s.user_id WHERE s.match_id = %s",
            [match]).fetchall())
    game = engine.get_game("wfci")
    for choices in range(200):
        state, choose, plan = game.setup(seed, players, options), random_chooser(choices), []
        while game.to_act(state) and len(plan) < moves:
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            action = legal[choose(legal)]
            plan.append((seats[seat], action))
            state = game.apply(state, seat, action)
        if len(plan) == moves and game.to_act(state):
            return match, plan
    raise SystemExit("no random action sequence lasted long enough")


def long_match(match: int, plan: list) -> list[float]:
    async def go():
        conns: dict = {}
        _, data = await Connection("127.0.0.1", PORT, plan[0][0]).request("GET", f"/api/matches/{match}/")
        version, times = data["version"], []
        for token, action in plan:
            conn = conns.setdefault(token, Connection("127.0.0.1", PORT, token))
            began = time.perf_counter()
            code, answer = await conn.request("POST", f"/api/matches/{match}/actions/", {"version": version, "action": action})
            times.append(time.perf_counter() - began)
            if code != 200:
                raise SystemExit(f"move {len(times)} refused ({code}): {answer}")
            version = answer["version"]
            if len(times) % 500 == 0:
                print(f"  long match: move {len(times)}", flush=True)
        return times

    return asyncio.run(go())


def change(before: float, after: float) -> float:
    return round((after - before) / before * 100, 1)


PORT = 0


def main():
    global PORT
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database-url", default=os.environ.get("BENCH_SCALE_DATABASE_URL"))
    parser.add_argument("--matches", type=int, default=100_000, help="matches stored before the second run")
    parser.add_argument("--seconds", type=float, default=20, help="length of each serial run")
    parser.add_argument("--long-moves", type=int, default=2000, help="moves of the long match")
    parser.add_argument("--out", default=str(ROOT / "bench" / "results"))
    args = parser.parse_args()
    if not args.database_url or not args.database_url.startswith("postgres"):
        raise SystemExit("needs PostgreSQL: --database-url postgres://user:pass@127.0.0.1:5432/chicken_scale")
    env = server_env(args.database_url)
    recreate_database(args.database_url)
    first = prepare(env)
    server_args = argparse.Namespace(worker_class="gthread", workers=1, threads=1)

    def serve():
        global PORT
        PORT = free_port()
        return start_server(env, PORT, server_args)

    def stop(server):
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)

    server = serve()
    try:
        print("empty database: serial Chicken Run moves", flush=True)
        empty = serial_moves(PORT, first, args.seconds)
    finally:
        stop(server)
    print(f"filling {args.matches:,} matches", flush=True)
    stored = fill(args.database_url, args.matches)
    server = serve()
    try:
        print("filled database: serial Chicken Run moves", flush=True)
        full = serial_moves(PORT, first, args.seconds)
        print(f"long match: planning {args.long_moves} War for Chicken Island moves", flush=True)
        match, plan = long_match_plan(args.database_url, first["tokens"], args.long_moves)
        times = long_match(match, plan)
    finally:
        stop(server)
    median = lambda xs: round(statistics.median(xs) * 1000, 2)  # noqa: E731
    n = len(times)
    result = {
        "when": datetime.now(timezone.utc).isoformat(),
        "stored": stored,
        "empty_database": empty,
        "filled_database": full,
        "stored_matches_change_pct": {k: change(empty[k], full[k]) for k in ("p50_ms", "p99_ms")},
        "long_match": {
            "game": "wfci", "players": 4, "moves": n,
            "moves_1_10_median_ms": median(times[:10]), f"moves_{n - 9}_{n}_median_ms": median(times[-10:]),
            "moves_1_100_median_ms": median(times[:100]), f"moves_{n - 99}_{n}_median_ms": median(times[-100:]),
            "first_10_vs_last_10_pct": change(median(times[:10]), median(times[-10:])),
            "first_100_vs_last_100_pct": change(median(times[:100]), median(times[-100:])),
        },
    }
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"scale-{args.matches}-{datetime.now(timezone.utc):%Y%m%dT%H%M%S}.json"
    path.write_text(json.dumps(result, indent=2))
    print(f"stored: {stored}")
    print(f"{'serial Chicken Run move':<34}{'n':>7}{'p50 ms':>9}{'p99 ms':>9}")
    for name, r in (("empty database", empty), (f"{stored['matches']:,} matches stored", full)):
        print(f"{name:<34}{r['count']:>7}{r['p50_ms']:>9}{r['p99_ms']:>9}")
    pct = result["stored_matches_change_pct"]
    print(f"change with the stored matches: p50 {pct['p50_ms']:+}%, p99 {pct['p99_ms']:+}%")
    lm = result["long_match"]
    print(f"long 4-player WfCI match, {n} moves: median moves 1-10 {lm['moves_1_10_median_ms']} ms, "
          f"moves {n - 9}-{n} {lm[f'moves_{n - 9}_{n}_median_ms']} ms ({lm['first_10_vs_last_10_pct']:+}%); "
          f"moves 1-100 {lm['moves_1_100_median_ms']} ms, moves {n - 99}-{n} {lm[f'moves_{n - 99}_{n}_median_ms']} ms "
          f"({lm['first_100_vs_last_100_pct']:+}%)")
    print(f"results: {path}")


if __name__ == "__main__":
    main()
