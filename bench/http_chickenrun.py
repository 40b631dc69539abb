"""HTTP benchmark: Chicken Run matches between API clients, under gunicorn + PostgreSQL.

Closed loop like boardgame.io's: two players per match and one move in flight per match; the
player to act posts a random legal action, and the other player reads the match when the turn
passes to them (a polling client must). Every move is committed before its answer. The same
run measures the site's trivial /api/ping/ (the framework's floor), the CPU the server, the
PostgreSQL processes and this load generator spent, and writes JSON to bench/results/.
A benchmark, not a test: it asserts nothing.

    python bench/http_chickenrun.py --players 50 --seconds 20 --worker-class gthread --workers 3 --threads 2
    python bench/http_chickenrun.py --serial --seconds 10   # one request in flight: the latency floor

--serial is the issue's "one request at a time": a single match whose two players take turns
on one loop, so exactly one request is ever in flight, and the ping floor from one client.

Needs PostgreSQL: --database-url, or BENCH_DATABASE_URL / DATABASE_URL.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from loadgen import Connection  # noqa: E402

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
from games.lobby import tables
out = []
for i in range({pairs}):
    a, _ = User.objects.get_or_create(username=f"bench-a{{i}}", defaults={{"email": f"bench-a{{i}}@example.com"}})
    b, _ = User.objects.get_or_create(username=f"bench-b{{i}}", defaults={{"email": f"bench-b{{i}}@example.com"}})
    m = tables.create_match(a, "chickenrun", 2)
    tables.join_match(b, m)
    for seat, u in ((0, a), (1, b)):
        out.append({{"match": m.pk, "seat": seat, "token": Token.objects.get_or_create(user=u)[0].key}})
print("PLAYERS=" + json.dumps(out))
"""
    result = subprocess.run(
        [PY, "manage.py", "shell", "-c", script], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    line = next(x for x in result.stdout.splitlines() if x.startswith("PLAYERS="))
    return json.loads(line[len("PLAYERS="):])


def start_server(env: dict, port: int, args) -> subprocess.Popen:
    command = [PY, "-m", "gunicorn", "chickenisland.wsgi", "-b", f"127.0.0.1:{port}", "--log-level", "warning",
               "-k", args.worker_class, "-w", str(args.workers), "--threads", str(args.threads)]
    proc = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
    if not answers(port, 30):
        proc.kill()
        raise SystemExit("gunicorn did not start")
    return proc


def answers(port: int, seconds: float) -> bool:
    """Whether a server on this port answers /api/ping/ within `seconds` (it is starting)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/ping/").status_code == 200:
                return True
        except httpx.HTTPError:
            time.sleep(0.2)
    return False


def cpu_seconds(pids) -> float:
    """User + system CPU of these processes so far (Linux /proc)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def server_pids(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children")
    return [master, *map(int, children.read_text().split())] if children.exists() else [master]


def postgres_pids() -> list[int]:
    pids = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if (d / "comm").read_text().strip().startswith("postgres"):
                    pids.append(int(d.name))
            except OSError:
                continue
    return pids


class Run:
    def __init__(self, port: int, seconds: float, seed: int):
        self.port, self.stop = port, time.perf_counter() + seconds
        self.rng = random.Random(seed)
        self.moves: list = []
        self.reads: list = []
        self.status: dict = {}
        self.answers: dict = {}  # every request's status, moves, reads and new matches alike
        self.finished = 0

    async def timed(self, conn: Connection, method: str, path: str, body=None, into=None):
        began = time.perf_counter()
        code, data = await conn.request(method, path, body)
        self.answers[code] = self.answers.get(code, 0) + 1
        if into is not None:
            into.append(time.perf_counter() - began)
        return code, data

    async def match(self, pair: list[dict]) -> None:
        """One match at a time between two players, one move in flight; a new one when it ends."""
        conns = [Connection("127.0.0.1", self.port, p["token"]) for p in pair]
        match = pair[0]["match"]
        _, data = await self.timed(conns[0], "GET", f"/api/matches/{match}/", into=self.reads)
        holder = 0
        while time.perf_counter() < self.stop:
            if data.get("status") == "finished":
                self.finished += 1
                _, made = await self.timed(conns[0], "POST", "/api/matches/", {"game": "chickenrun", "players": 2})
                match = made["id"]
                await self.timed(conns[1], "POST", f"/api/matches/{match}/join/")
                _, data = await self.timed(conns[0], "GET", f"/api/matches/{match}/", into=self.reads)
                holder = 0
            seat = data["to_act"][0]
            if data["your_seat"] != seat:  # the turn passed: the other player reads the match
                holder = 1 - holder
                _, data = await self.timed(conns[holder], "GET", f"/api/matches/{match}/", into=self.reads)
                continue
            legal = data["legal_actions"]
            steps = [a for a in legal if a["type"] != "end"]
            action = self.rng.choice(steps) if steps and self.rng.random() < 0.7 else next(
                (a for a in legal if a["type"] == "end"), legal[0])
            code, answer = await self.timed(
                conns[holder], "POST", f"/api/matches/{match}/actions/", {"version": data["version"], "action": action},
                into=self.moves)
            self.status[code] = self.status.get(code, 0) + 1
            if code == 200:
                data = answer
            else:
                _, data = await self.timed(conns[holder], "GET", f"/api/matches/{match}/", into=self.reads)
        for conn in conns:
            conn.close()


async def play(port: int, players: list[dict], seconds: float) -> Run:
    run = Run(port, seconds, 1)
    pairs = [players[i:i + 2] for i in range(0, len(players), 2)]
    await asyncio.gather(*(run.match(pair) for pair in pairs))
    return run


async def ping_floor(port: int, clients: int, seconds: float) -> list:
    samples: list = []
    stop = time.perf_counter() + seconds

    async def hammer():
        conn = Connection("127.0.0.1", port)
        while time.perf_counter() < stop:
            began = time.perf_counter()
            await conn.request("GET", "/api/ping/")
            samples.append(time.perf_counter() - began)
        conn.close()

    await asyncio.gather(*(hammer() for _ in range(clients)))
    return samples


def machine_busy_seconds() -> float:
    """CPU seconds the whole machine spent busy so far (all cores; Linux /proc/stat)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def measured(fn, server: subprocess.Popen):
    """Run fn(); return its result, wall seconds and CPU seconds of server, PostgreSQL, us, and
    of everything else on the machine ("others": zero on a quiet machine)."""
    pids, pg = server_pids(server.pid), postgres_pids()
    before = (cpu_seconds(pids), cpu_seconds(pg), time.process_time(), machine_busy_seconds(), time.perf_counter())
    result = fn()
    pg = postgres_pids()
    after = (cpu_seconds(pids), cpu_seconds(pg), time.process_time(), machine_busy_seconds(), time.perf_counter())
    wall = after[4] - before[4]
    spent = {k: round(a - b, 2) for k, a, b in zip(("server", "postgres", "loadgen", "machine"), after, before)}
    spent["others"] = round(max(0.0, spent.pop("machine") - spent["server"] - spent["postgres"] - spent["loadgen"]), 2)
    spent["idle_cores"] = round(max(0.0, (os.cpu_count() or 1) - sum(spent.values()) / wall), 2)
    return result, wall, spent


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=50, help="concurrent players, two per match")
    parser.add_argument("--serial", action="store_true", help="one match, one request in flight (overrides --players)")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--worker-class", default="gthread", help="gunicorn worker class")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers")
    parser.add_argument("--threads", type=int, default=2, help="threads per worker (gthread)")
    parser.add_argument("--no-gc-freeze", action="store_true", help="run the workers without gc.freeze() (gunicorn.conf.py)")
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL") or os.environ.get("DATABASE_URL"))
    parser.add_argument("--out", default=str(ROOT / "bench" / "results"))
    args = parser.parse_args()
    if not args.database_url or not args.database_url.startswith("postgres"):
        raise SystemExit("needs PostgreSQL: pass --database-url postgres://user:pass@127.0.0.1:5432/name")
    if args.serial:
        args.players = 2
    env = server_env(args.database_url)
    env["GC_FREEZE"] = "0" if args.no_gc_freeze else "1"
    players = prepare(env, max(1, args.players // 2))
    port = free_port()
    server = start_server(env, port, args)
    try:
        asyncio.run(play(port, players, 2))  # warm every worker's connection and caches
        run, seconds, cpu = measured(lambda: asyncio.run(play(port, players, args.seconds)), server)
        floor, floor_seconds, floor_cpu = measured(
            lambda: asyncio.run(ping_floor(port, 1 if args.serial else len(players), min(args.seconds, 10))), server)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)
    moves = len(run.moves)
    result = {
        "when": datetime.now(timezone.utc).isoformat(),
        "players": len(players),
        "serial": args.serial,
        "gunicorn": {"worker_class": args.worker_class, "workers": args.workers, "threads": args.threads,
                     "gc_freeze": not args.no_gc_freeze},
        "cpus": os.cpu_count(),
        "moves": {**percentiles(run.moves), "per_second": round(moves / seconds, 1), "status": run.status,
                  "matches_finished": run.finished},
        "match_reads": {**percentiles(run.reads), "per_second": round(len(run.reads) / seconds, 1)},
        "floor_ping": {**percentiles(floor), "per_second": round(len(floor) / floor_seconds, 1)},
        "cpu_ms_per_move": {k: round(v * 1000 / max(moves, 1), 2) for k, v in cpu.items() if k != "idle_cores"},
        "cpu_seconds": {"moves_phase": cpu, "ping_phase": floor_cpu},
    }
    result["moves"]["ping_ratio"] = round(result["moves"]["per_second"] / max(result["floor_ping"]["per_second"], 1), 3)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    label = "serial" if args.serial else f"{len(players)}p"
    path = out / f"http-chickenrun-{label}-{args.worker_class}-{datetime.now(timezone.utc):%Y%m%dT%H%M%S}.json"
    path.write_text(json.dumps(result, indent=2))
    print(f"{'endpoint':<34}{'n':>7}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'req/s':>9}")
    for name, key in (("POST /api/matches/{id}/actions/", "moves"), ("GET /api/matches/{id}/", "match_reads"),
                      ("GET /api/ping/ (floor)", "floor_ping")):
        r = result[key]
        print(f"{name:<34}{r['count']:>7}{r.get('p50_ms', 0):>9}{r.get('p95_ms', 0):>9}{r.get('p99_ms', 0):>9}{r['per_second']:>9}")
    print(f"CPU ms per move: {result['cpu_ms_per_move']}  idle cores: {cpu['idle_cores']}  status codes: {run.status}")
    print(f"results: {path}")


if __name__ == "__main__":
    main()
