"""HTTP benchmark: concurrent players on the API playing Chicken Run, under gunicorn + PostgreSQL.

Prints p50/p95/p99 latency and throughput of POST /api/matches/{id}/actions/, next to the same
figures for a trivial JSON endpoint (/api/ping/) measured in the same run: the framework's floor.
Results are written to bench/results/. A benchmark, not a test: it asserts nothing.

    python bench/http_chickenrun.py --players 16 --seconds 20 --workers 4

Needs PostgreSQL: --database-url, or BENCH_DATABASE_URL / DATABASE_URL.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentiles(samples: list[float]) -> dict:
    if not samples:
        return {"count": 0}
    ordered = sorted(samples)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return {
        "count": len(ordered),
        "p50_ms": round(pick(0.50) * 1000, 2),
        "p95_ms": round(pick(0.95) * 1000, 2),
        "p99_ms": round(pick(0.99) * 1000, 2),
        "mean_ms": round(statistics.fmean(ordered) * 1000, 2),
    }


def server_env(database_url: str) -> dict:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=database_url,
        DJANGO_DEBUG="false",
        SECRET_KEY="bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
        SECURE_SSL_REDIRECT="false",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        EMAIL_URL="dummymail://",
        AXES_ENABLED="false",
        CONN_MAX_AGE="60",
        LOG_LEVEL="ERROR",
    )
    env.pop("REDIS_URL", None)  # tasks in-process: the figures are the write path's own
    return env


def ensure_database(url: str) -> None:
    """Create the benchmark's database if the server does not have it yet."""
    import psycopg
    from urllib.parse import urlparse

    parts = urlparse(url)
    name = parts.path.lstrip("/")
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def prepare(env: dict, pairs: int) -> list[dict]:
    """Migrate, then create 2*pairs players with tokens and one 2-person match per pair."""
    ensure_database(env["DATABASE_URL"])
    subprocess.run([PY, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([PY, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    script = f"""
import json
from rest_framework.authtoken.models import Token
from accounts.models import User
from games import lobby
out = []
for i in range({pairs}):
    a, _ = User.objects.get_or_create(username=f"bench-a{{i}}", defaults={{"email": f"bench-a{{i}}@example.com"}})
    b, _ = User.objects.get_or_create(username=f"bench-b{{i}}", defaults={{"email": f"bench-b{{i}}@example.com"}})
    m = lobby.create_match(a, "chickenrun", 2)
    lobby.join_match(b, m)
    for seat, u in ((0, a), (1, b)):
        out.append({{"match": m.pk, "seat": seat, "token": Token.objects.get_or_create(user=u)[0].key}})
print("PLAYERS=" + json.dumps(out))
"""
    result = subprocess.run(
        [PY, "manage.py", "shell", "-c", script], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    line = next(x for x in result.stdout.splitlines() if x.startswith("PLAYERS="))
    return json.loads(line[len("PLAYERS="):])


def start_server(env: dict, port: int, workers: int) -> subprocess.Popen:
    proc = subprocess.Popen(
        [PY, "-m", "gunicorn", "chickenisland.wsgi", "-b", f"127.0.0.1:{port}", "-w", str(workers), "--log-level", "warning"],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/ping/").status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("gunicorn did not start")


POLL_SECONDS = 0.25  # a waiting player's page polls; browsers poll every few seconds


def play(base, player, pair, stop, samples, counts, lock, seed, reads):
    """One simulated person: poll the match, and when it is their turn, post a legal action.

    When a match ends, seat 0 opens the next one through the API and seat 1 joins it.
    """
    rng = random.Random(seed)
    headers = {"Authorization": f"Token {player['token']}"}
    match = player["match"]
    with httpx.Client(base_url=base, headers=headers, timeout=30) as client:
        while time.time() < stop:
            began = time.perf_counter()
            data = client.get(f"/api/matches/{match}/").json()
            with lock:
                reads.append(time.perf_counter() - began)
            if data["status"] == "finished":
                with pair["cond"]:
                    if player["seat"] == 0:
                        counts["finished"] += 1
                        pair["match"] = client.post("/api/matches/", json={"game": "chickenrun", "players": 2}).json()["id"]
                        pair["cond"].notify_all()
                    else:
                        pair["cond"].wait_for(lambda: pair["match"] != match or time.time() > stop, timeout=5)
                        if pair["match"] != match:
                            client.post(f"/api/matches/{pair['match']}/join/")
                    match = pair["match"]
                continue
            if data["status"] != "active":
                time.sleep(0.02)
                continue
            legal = data["legal_actions"]
            if not legal:
                time.sleep(POLL_SECONDS)
                continue
            moves = [a for a in legal if a["type"] != "end"]
            action = rng.choice(moves) if moves and rng.random() < 0.7 else next(
                (a for a in legal if a["type"] == "end"), legal[0]
            )
            start = time.perf_counter()
            response = client.post(
                f"/api/matches/{match}/actions/", json={"version": data["version"], "action": action}
            )
            elapsed = time.perf_counter() - start
            with lock:
                samples.append(elapsed)
                counts[response.status_code] = counts.get(response.status_code, 0) + 1


def floor(base: str, clients: int, seconds: float) -> tuple[list, float]:
    samples: list = []
    lock = threading.Lock()
    stop = time.time() + seconds

    def hammer():
        with httpx.Client(base_url=base, timeout=30) as client:
            while time.time() < stop:
                start = time.perf_counter()
                client.get("/api/ping/")
                elapsed = time.perf_counter() - start
                with lock:
                    samples.append(elapsed)

    began = time.time()
    threads = [threading.Thread(target=hammer) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return samples, time.time() - began


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=16, help="concurrent simulated players (even)")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers")
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL") or os.environ.get("DATABASE_URL"))
    parser.add_argument("--out", default=str(ROOT / "bench" / "results"))
    args = parser.parse_args()
    if not args.database_url or not args.database_url.startswith("postgres"):
        raise SystemExit("needs PostgreSQL: pass --database-url postgres://user:pass@127.0.0.1:5432/name")
    env = server_env(args.database_url)
    players = prepare(env, max(1, args.players // 2))
    port = free_port()
    server = start_server(env, port, args.workers)
    base = f"http://127.0.0.1:{port}"
    try:
        samples: list = []
        reads: list = []
        counts = {"finished": 0}
        lock = threading.Lock()
        began = time.time()
        stop = began + args.seconds
        pairs = {p["match"]: {"match": p["match"], "cond": threading.Condition()} for p in players}
        threads = [
            threading.Thread(target=play, args=(base, p, pairs[p["match"]], stop, samples, counts, lock, i, reads))
            for i, p in enumerate(players)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        action_seconds = time.time() - began
        floor_samples, floor_seconds = floor(base, len(players), min(args.seconds, 10))
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)
    result = {
        "when": datetime.now(timezone.utc).isoformat(),
        "players": len(players),
        "gunicorn_workers": args.workers,
        "cpus": os.cpu_count(),
        "actions": {**percentiles(samples), "per_second": round(len(samples) / action_seconds, 1), "status": counts},
        "match_reads": {**percentiles(reads), "per_second": round(len(reads) / action_seconds, 1)},
        "floor_ping": {**percentiles(floor_samples), "per_second": round(len(floor_samples) / floor_seconds, 1)},
    }
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"http-chickenrun-{datetime.now(timezone.utc):%Y%m%dT%H%M%S}.json"
    path.write_text(json.dumps(result, indent=2))
    a, f, r = result["actions"], result["floor_ping"], result["match_reads"]
    print(f"{'endpoint':<34}{'n':>7}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'req/s':>9}")
    print(f"{'POST /api/matches/{id}/actions/':<34}{a['count']:>7}{a.get('p50_ms', 0):>9}{a.get('p95_ms', 0):>9}{a.get('p99_ms', 0):>9}{a['per_second']:>9}")
    print(f"{'GET /api/matches/{id}/':<34}{r['count']:>7}{r.get('p50_ms', 0):>9}{r.get('p95_ms', 0):>9}{r.get('p99_ms', 0):>9}{r['per_second']:>9}")
    print(f"{'GET /api/ping/ (floor)':<34}{f['count']:>7}{f.get('p50_ms', 0):>9}{f.get('p95_ms', 0):>9}{f.get('p99_ms', 0):>9}{f['per_second']:>9}")
    print(f"status codes of the action posts: {counts}")
    print(f"results: {path}")


if __name__ == "__main__":
    main()
