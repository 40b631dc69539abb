"""The hot path against its floor, in one run: what PostgreSQL alone does for a durable move, and
what the site does at 50 players under each web server, on the same cluster and the same cores.

The floor is pgbench with the move's bare statements (floor.sql): lock a match row FOR UPDATE,
update it, insert a turn row, commit; one match per client, 25 clients by default. The site is
http_chickenrun's closed loop (two players a match, one move in flight per match, every move
committed before its answer) against the same WSGI application under:

- gunicorn as deployed: `gunicorn chickenisland.wsgi` with the shipped gunicorn.conf.py (threaded
  workers, cores + 1 processes x 2 threads);
- granian's WSGI interface (`granian --interface wsgi`), as many processes as cores and four
  blocking threads each by default (--granian lists set-ups to try, WORKERSxTHREADS).

Both run on a PostgreSQL cluster of the benchmark's own (initdb in a temporary directory, fsync
on: every commit durable, as in production), so nothing else's databases weigh on it and the
floor and the site meet the same server. The phases alternate (floor, each server; again
--repeat times), so a machine shared with other work weighs on each alike, and the spread of the
repeats is printed. For each server: moves/s, move latency percentiles, answers other than 2xx
(moves, reads and new matches), web-worker CPU per move (every process of the server), PostgreSQL
CPU per move, statements per move (pg_stat_statements over the phase, polls and new matches
included), and the ratio of moves/s to the floor's transactions/s.

    nice -n 10 .venv/bin/python bench/floor.py                    # make bench-floor
    .venv/bin/python bench/floor.py --repeat 3 --seconds 20 --granian 2x1 3x1 2x2

Needs PostgreSQL's server binaries and pgbench (Debian's postgresql packages). Writes JSON to
bench/results/. A benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from http_chickenrun import (  # noqa: E402
    PY, ROOT, answers, cpu_seconds, free_port, machine_busy_seconds, percentiles, play, postgres_pids, prepare, server_env,
)

from deploy import stack  # noqa: E402

FLOOR_SQL = Path(__file__).resolve().parent / "floor.sql"
FLOOR_TABLES = """
DROP TABLE IF EXISTS floor_turn, floor_match;
CREATE TABLE floor_match (id integer PRIMARY KEY, version integer NOT NULL, state jsonb NOT NULL,
                          updated_at timestamptz NOT NULL);
CREATE TABLE floor_turn (id bigserial PRIMARY KEY, match_id integer NOT NULL REFERENCES floor_match,
                         version integer NOT NULL, action jsonb NOT NULL, created_at timestamptz NOT NULL,
                         UNIQUE (match_id, version));
"""


def pgbench_binary() -> str:
    found = shutil.which("pgbench") or (str(stack.postgres_bin() / "pgbench") if stack.postgres_bin() else None)
    if not found:
        raise SystemExit("pgbench is not installed (Debian's postgresql-client)")
    return found


def floor(url: str, clients: int, seconds: float, workdir: Path) -> dict:
    """pgbench with floor.sql: one match row per client, each transaction a durable move."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(FLOOR_TABLES)
        conn.execute("INSERT INTO floor_match SELECT g, 0, '{}', now() FROM generate_series(1, %s) g", [clients])
        conn.execute("VACUUM ANALYZE floor_match")
    logs = workdir / "pgbench"
    shutil.rmtree(logs, ignore_errors=True)
    logs.mkdir()
    pg, busy, client = PostgresCpu(), machine_busy_seconds(), children_cpu()
    out = subprocess.run(
        [pgbench_binary(), "-n", "-M", "simple", "-c", str(clients), "-j", str(min(clients, os.cpu_count() or 1)),
         "-T", str(int(seconds)), "-f", str(FLOOR_SQL), "-l", "--log-prefix", str(logs / "tx"), url],
        check=True, capture_output=True, text=True, cwd=logs,
    ).stdout
    pg_cpu, busy, client = pg.stop(), machine_busy_seconds() - busy, children_cpu() - client
    tps = float(re.search(r"tps = ([\d.]+) \(without initial connection time\)", out).group(1))
    latencies = []
    for log in logs.glob("tx*"):
        for line in log.read_text().splitlines():
            latencies.append(int(line.split()[2]) / 1e6)  # client, tx, latency in µs, ...
    done = len(latencies)
    return {
        "clients": clients, "tps": round(tps, 1), **percentiles(latencies),
        "postgres_cpu_ms_per_tx": round(pg_cpu * 1000 / max(done, 1), 3),
        "pgbench_cpu_ms_per_tx": round(client * 1000 / max(done, 1), 3),
        "others_cpu_ms_per_tx": round(max(0.0, busy - pg_cpu - client) * 1000 / max(done, 1), 3),
    }


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


class PostgresCpu:
    """CPU of the benchmark's PostgreSQL cluster over a phase (its postmaster and every child,
    never another server's on the machine), those that start and end within it included
    (pgbench's backends live only as long as its run): /proc sampled every 0.2 s."""

    postmaster = 0  # set by main() once the cluster is up

    def __init__(self):
        self.first = {p: cpu_seconds([p]) for p in self.pids()}
        self.last = dict(self.first)
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)
        self.thread.start()

    def _sample(self):
        while not self.done.wait(0.2):
            for p in self.pids():
                self.last[p] = max(self.last.get(p, 0.0), cpu_seconds([p]))

    def stop(self) -> float:
        self.done.set()
        self.thread.join()
        for p in self.pids():
            self.last[p] = max(self.last.get(p, 0.0), cpu_seconds([p]))
        return sum(v - self.first.get(p, 0.0) for p, v in self.last.items())

    def pids(self) -> list[int]:
        return descendants(self.postmaster) if self.postmaster else postgres_pids()


def descendants(pid: int) -> list[int]:
    """A process and all its children's children (granian's workers are its main's children)."""
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        for task in Path(f"/proc/{p}/task").glob("*") if Path(f"/proc/{p}/task").exists() else []:
            try:
                todo += [int(c) for c in (task / "children").read_text().split()]
            except OSError:
                continue
    return sorted(set(found))


def server_command(kind: str, port: int) -> tuple[list[str], dict]:
    """The command line and extra environment of a server named `gunicorn` or `granian:WxT`."""
    if kind == "gunicorn":  # as deployed: the shipped gunicorn.conf.py, read from the working directory
        return [PY, "-m", "gunicorn", "chickenisland.wsgi"], {"GUNICORN_BIND": f"127.0.0.1:{port}"}
    workers, threads = kind.split(":")[1].split("x")
    return [PY, "-m", "granian", "--interface", "wsgi", "--host", "127.0.0.1", "--port", str(port),
            "--workers", workers, "--blocking-threads", threads, "--log-level", "warning", "--no-ws",
            "chickenisland.wsgi:application"], {}


def stop(server: subprocess.Popen) -> None:
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def start(kind: str, env: dict, port: int, log: Path) -> subprocess.Popen:
    command, extra = server_command(kind, port)
    with open(log, "ab") as out:
        proc = subprocess.Popen(command, cwd=ROOT, env={**env, **extra}, start_new_session=True, stdout=out,
                                stderr=subprocess.STDOUT)
    if answers(port, 60):
        return proc
    os.killpg(proc.pid, signal.SIGKILL)
    raise SystemExit(f"{kind} did not start (log: {log})")


def statements(url: str, reset: bool = False) -> dict:
    """Statements the site sent its database since the last reset (pg_stat_statements; BEGIN and
    COMMIT included, the foreign-key checks PostgreSQL runs itself left out), and of them the
    connection health checks (`SELECT 1`)."""
    with psycopg.connect(url, autocommit=True) as conn:
        if reset:
            conn.execute("SELECT pg_stat_statements_reset()")
            return {}
        rows = conn.execute(
            "SELECT s.query, s.calls FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid "
            "WHERE d.datname = 'site' AND s.query NOT ILIKE '%%pg_stat_statements%%' "
            "AND s.query NOT LIKE 'SELECT 1 FROM ONLY %%FOR KEY SHARE OF x'"
        ).fetchall()
    checks = sum(int(c) for q, c in rows if q.strip() == "SELECT $1")
    return {"all": sum(int(c) for _, c in rows), "health_checks": checks}


def site(kind: str, port: int, pid: int, players: list[dict], seconds: float, admin_url: str) -> dict:
    """The site at len(players) players under one running server: moves/s, latency, statuses,
    CPU of the server's processes, of PostgreSQL, of this load generator and of the rest of the
    machine (others' work), statements."""
    asyncio.run(play(port, players, 2))  # every worker's connection and caches warm
    pids = descendants(pid)
    statements(admin_url, reset=True)
    pg = PostgresCpu()
    before = (cpu_seconds(pids), 0.0, time.process_time(), machine_busy_seconds(), time.perf_counter())
    run = asyncio.run(play(port, players, seconds))
    after = (cpu_seconds(pids), pg.stop(), time.process_time(), machine_busy_seconds(), time.perf_counter())
    ran = statements(admin_url)
    wall = after[4] - before[4]
    moves = max(len(run.moves), 1)
    requests = max(len(run.moves) + len(run.reads), 1)
    spent = {k: a - b for k, a, b in zip(("server", "postgres", "loadgen", "machine"), after, before)}
    spent["others"] = max(0.0, spent.pop("machine") - spent["server"] - spent["postgres"] - spent["loadgen"])
    return {
        "server": kind,
        "players": len(players),
        "moves_per_s": round(len(run.moves) / wall, 1),
        "moves": percentiles(run.moves),
        "reads_per_s": round(len(run.reads) / wall, 1),
        "answers": {str(k): v for k, v in sorted(run.answers.items())},
        "non_2xx": sum(v for k, v in run.answers.items() if not 200 <= k < 300),
        "cpu_ms_per_move": {k: round(v * 1000 / moves, 3) for k, v in spent.items()},
        "idle_cores": round(max(0.0, (os.cpu_count() or 1) - sum(spent.values()) / wall), 2),
        "statements_per_move": round(ran["all"] / moves, 2),
        "statements_per_request": round(ran["all"] / requests, 2),
        "health_checks_per_request": round(ran["health_checks"] / requests, 2),
    }


def cpu_per_op(phase: dict) -> float:
    """The CPU one durable move costs on this machine, everything it needs counted: for the floor
    PostgreSQL and pgbench, for the site the web server, PostgreSQL and the load generator."""
    if "tps" in phase:
        return phase["postgres_cpu_ms_per_tx"] + phase["pgbench_cpu_ms_per_tx"]
    cpu = phase["cpu_ms_per_move"]
    return cpu["server"] + cpu["postgres"] + cpu["loadgen"]


def spread(values: list[float]) -> str:
    lo, hi = min(values), max(values)
    return f"{lo:,.0f}" if round(lo) == round(hi) else f"{lo:,.0f}–{hi:,.0f}"


def summary(floors: list[dict], runs: dict[str, list[dict]]) -> list[str]:
    """The table: each figure as min–max over the repeats."""
    fmt = lambda xs, d=2: (f"{min(xs):.{d}f}" if min(xs) == max(xs) else f"{min(xs):.{d}f}–{max(xs):.{d}f}")  # noqa: E731
    lines = [
        f"floor (pgbench, {floors[0]['clients']} clients, durable commits): {spread([f['tps'] for f in floors])} tx/s, "
        f"p50 {fmt([f['p50_ms'] for f in floors])} ms, p99 {fmt([f['p99_ms'] for f in floors])} ms; CPU ms a tx: "
        f"PostgreSQL {fmt([f['postgres_cpu_ms_per_tx'] for f in floors], 3)} + pgbench "
        f"{fmt([f['pgbench_cpu_ms_per_tx'] for f in floors], 3)}",
        f"{'server':<14}{'moves/s':>10}{'ratio':>13}{'CPU ratio':>13}{'p50 ms':>13}{'p99 ms':>13}{'non-2xx':>8}"
        f"{'web CPU/move':>13}{'PG CPU/move':>13}{'stmts/move':>12}{'others/move':>13}",
    ]
    for kind, rs in runs.items():
        cpu = lambda k: [r["cpu_ms_per_move"][k] for r in rs]  # noqa: E731
        lines.append(
            f"{kind:<14}{spread([r['moves_per_s'] for r in rs]):>10}{fmt([r['ratio'] for r in rs], 3):>13}"
            f"{fmt([r['cpu_ratio'] for r in rs], 3):>13}"
            f"{fmt([r['moves']['p50_ms'] for r in rs], 0):>13}{fmt([r['moves']['p99_ms'] for r in rs], 0):>13}"
            f"{sum(r['non_2xx'] for r in rs):>8}{fmt(cpu('server')):>13}{fmt(cpu('postgres')):>13}"
            f"{fmt([r['statements_per_move'] for r in rs]):>12}{fmt(cpu('others'), 1):>13}"
        )
    lines.append("ratio: moves/s over the floor's tx/s in the same round; CPU ratio: the floor's CPU a transaction "
                 "over the site's CPU a move (web server + PostgreSQL + load generator), which other work on the "
                 "machine moves less; CPU in ms; others/move: CPU the rest of the machine spent meanwhile")
    base = runs.get("gunicorn")
    for kind, rs in runs.items():
        if base and kind != "gunicorn":
            mean = lambda xs: statistics.fmean(xs)  # noqa: E731
            gain = mean([r["moves_per_s"] for r in rs]) / mean([r["moves_per_s"] for r in base]) - 1
            cpu = mean([cpu_per_op(r) for r in base]) / mean([cpu_per_op(r) for r in rs]) - 1
            lines.append(f"{kind} vs gunicorn: {gain * 100:+.0f}% moves/s, {cpu * 100:+.0f}% moves per CPU second "
                         "(means of the repeats)")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=50, help="concurrent players, two per match (default 50)")
    parser.add_argument("--clients", type=int, default=25, help="pgbench clients for the floor (default 25)")
    parser.add_argument("--seconds", type=float, default=15, help="length of each measured phase (default 15)")
    parser.add_argument("--repeat", type=int, default=2, help="rounds of floor + every server (default 2)")
    parser.add_argument("--granian", nargs="*", default=[f"{os.cpu_count() or 1}x4"],
                        help="granian set-ups to run, WORKERSxTHREADS (default: cores x 4); none for gunicorn alone")
    parser.add_argument("--no-gunicorn", action="store_true", help="leave gunicorn out")
    parser.add_argument("--out", default=str(ROOT / "bench" / "results"))
    parser.add_argument("--keep", action="store_true", help="keep the cluster's directory and the servers' logs")
    args = parser.parse_args()
    kinds = ([] if args.no_gunicorn else ["gunicorn"]) + [f"granian:{g}" for g in args.granian]
    if args.granian and importlib.util.find_spec("granian") is None:
        raise SystemExit("granian is not installed: `make bench-floor` installs it (the `bench` extra)")
    workdir = stack.workdir("chickenisland-floor-")
    cluster = stack.Postgres(workdir, durable=True, settings=(
        "shared_preload_libraries=pg_stat_statements", "max_connections=200"))
    admin = cluster.url.replace("site:site@", "postgres@")
    try:
        PostgresCpu.postmaster = int((cluster.data / "postmaster.pid").read_text().split()[0])
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
            conn.execute("CREATE DATABASE floor OWNER site")
        floor_url = cluster.url.rsplit("/", 1)[0] + "/floor"
        env = server_env(cluster.url)
        print(f"PostgreSQL of our own on port {cluster.port} (fsync on); preparing {args.players} players", flush=True)
        players = prepare(env, max(1, args.players // 2))
        servers = {}
        try:
            for kind in kinds:  # all started first, measured in turn: an idle server costs nothing
                port = free_port()
                servers[kind] = (port, start(kind, env, port, workdir / f"{kind.replace(':', '-')}.log"))
            floors, runs = [], {k: [] for k in kinds}
            for round_ in range(1, args.repeat + 1):
                f = floor(floor_url, args.clients, args.seconds, workdir)
                floors.append(f)
                print(f"round {round_}: floor {f['tps']:,.0f} tx/s (p50 {f['p50_ms']} ms), CPU ms a tx: PostgreSQL "
                      f"{f['postgres_cpu_ms_per_tx']}, pgbench {f['pgbench_cpu_ms_per_tx']}, others "
                      f"{f['others_cpu_ms_per_tx']}", flush=True)
                for kind in kinds:
                    port, server = servers[kind]
                    r = site(kind, port, server.pid, players, args.seconds, admin)
                    r["ratio"] = round(r["moves_per_s"] / f["tps"], 4)
                    r["cpu_ratio"] = round(cpu_per_op(f) / cpu_per_op(r), 4)
                    runs[kind].append(r)
                    print(f"round {round_}: {kind}: {r['moves_per_s']:,.0f} moves/s, ratio {r['ratio']:.3f} "
                          f"(CPU ratio {r['cpu_ratio']:.3f}), p50 {r['moves']['p50_ms']} ms, p99 {r['moves']['p99_ms']} ms, "
                          f"non-2xx {r['non_2xx']}, CPU ms a move {r['cpu_ms_per_move']}, statements a move "
                          f"{r['statements_per_move']}, health checks a request {r['health_checks_per_request']}",
                          flush=True)
        finally:
            for _, server in servers.values():
                stop(server)
    finally:
        cluster.close()
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    result = {"when": datetime.now(timezone.utc).isoformat(), "cpus": os.cpu_count(), "players": args.players,
              "seconds": args.seconds, "floor": floors, "site": runs}
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"floor-{args.players}p-{datetime.now(timezone.utc):%Y%m%dT%H%M%S}.json"
    path.write_text(json.dumps(result, indent=2))
    print("\n".join(["", *summary(floors, runs), f"results: {path}"]))


if __name__ == "__main__":
    main()
