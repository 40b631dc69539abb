"""The live tables at scale: 5,000 open streams on loopback against the stream process
(uvicorn serving chickenisland.asgi with --workers, as deploy/systemd/chickenisland-live.service
runs it), on a PostgreSQL cluster and a Redis of the benchmark's own. CPU and memory are summed
over its processes; the CPU per open is CPU time (robust to other load), not wall time.

1. Opens the streams (anonymous spectators of --matches public Chicken Run matches, spread
   evenly) and reads them with a small asyncio client in this process.
2. Fan-out: another process makes --moves moves through the write path (`submit_action`, one
   every --gap seconds, round the matches); each move's clock starts at its commit (the
   on-commit hook that publishes it), and stops as each stream's `board` event of that version
   arrives here. Reports p50/p95/p99
   over every (move, stream) pair, the stream process's RSS and its CPU.
3. Reconnect storm: every stream is dropped at once and reconnects at a random moment within
   --storm seconds while moves go on; a probe in a process of its own asks the stream process
   every 20 ms on a new connection, by turns a stream (until its first frame) and /api/ping/; each
   worker's event-loop stalls (its /health/) are the pause;
   fan-out latency during the storm, the CPU it took and the connections the kernel turned
   away (accept queue full) are reported too.

    make bench-live                      # nice -n 10 .venv/bin/python bench/live.py
    .venv/bin/python bench/live.py --streams 1000 --moves 100

Raises this process's open-file limit to its hard limit (the stream process inherits it): a
stream is one socket at each end. Writes JSON to bench/results/. A benchmark: it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deploy import stack  # noqa: E402

# The 5,000 readers stand for 5,000 phones elsewhere: on this machine they share the two cores
# with the stream process they measure, so this process (the readers) runs at a lower priority
# than the server, and the probe and the mover, which the readers start, go back to the server's.
READERS_NICE = 5

MOVER = """
import json, os, sys, time
try:
    os.nice(-5)  # back to the server's priority (the readers that started it run lower)
except OSError:
    pass
import django
django.setup()
from accounts.models import User
from games.lobby import tables
from games.models import Match
from games.play.services import submit_action
from engine import get_game

mode = sys.argv[1]
if mode == "seed":
    ids = []
    for i in range(int(sys.argv[2])):
        hen = User.objects.create_user(f"hen{i}", f"hen{i}@example.com")  # no password: no hashing
        rooster = User.objects.create_user(f"rooster{i}", f"rooster{i}@example.com")
        match = tables.create_match(hen, "chickenrun", 2)
        tables.join_match(rooster, match)
        ids.append(match.pk)
    print(json.dumps(ids), flush=True)
else:
    from games.live import publish
    committed = {}
    announce = publish.board

    def board(match_id, version, *args, **kwargs):  # runs on commit: the clock starts here
        committed[(match_id, version)] = time.time()
        announce(match_id, version, *args, **kwargs)

    publish.board = board
    ids, moves, gap = json.loads(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    game = get_game("chickenrun")
    print("ready", flush=True)  # started (Django set up): the moves wait for the word
    sys.stdin.readline()
    for n in range(moves):
        match = Match.objects.get(pk=ids[n % len(ids)])
        seat = match.to_act[0]
        user = match.seats.get(index=seat).user
        action = game.legal_actions(game.deserialize(match.state), seat)[0]
        match = submit_action(match, user, action, match.version)
        t = committed[(match.pk, match.version)]
        print(json.dumps({"match": match.pk, "version": match.version, "t": t}), flush=True)
        time.sleep(gap)
"""


class Streams:
    """The client side: many SSE readers on raw sockets, timing each `board` event."""

    def __init__(self, port: int):
        self.port = port
        self.arrivals: dict[tuple[int, int], list[float]] = {}
        self.opened = 0  # connections answered 200, ever
        self.now = 0  # open at this moment
        self.failed = 0
        self.refusals: dict[str, int] = {}
        self.tasks: list[asyncio.Task] = []

    async def read(self, match_id: int, last_id: str = "", until: float | None = None, answered=None):
        """One stream; returns its last event id when `until` (monotonic) passes. `answered` (an
        asyncio.Event) is set once the stream process has answered, 200 or not."""
        counted = False
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        except OSError:
            self.failed += 1
            self.refusals["connect"] = self.refusals.get("connect", 0) + 1
            answered and answered.set()
            return last_id
        try:
            head = f"GET /matches/{match_id}/events/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
            head += "X-Forwarded-Proto: https\r\n"
            if last_id:
                head += f"Last-Event-ID: {last_id}\r\n"
            writer.write((head + "\r\n").encode())
            status = await reader.readline()
            answered and answered.set()
            if b" 200 " not in status:
                self.failed += 1
                code = status.decode(errors="replace").strip() or "closed"
                self.refusals[code] = self.refusals.get(code, 0) + 1
                return last_id
            self.opened += 1
            self.now += 1
            counted = True
            kind, first = None, True
            while True:
                timeout = None if until is None else max(0.0, until - time.monotonic())
                try:
                    line = await asyncio.wait_for(reader.readline(), timeout)
                except asyncio.TimeoutError:
                    return last_id
                if not line:
                    return last_id
                if line.startswith(b"event: "):
                    kind = line[7:].strip()
                elif line.startswith(b"id: "):
                    last_id = line[4:].strip().decode()
                elif line.startswith(b"data: ") and kind == b"board":
                    at = time.time()
                    if first:  # what the stream says on (re)connect is not a fan-out
                        first = False
                        continue
                    version = json.loads(line[6:])["version"]
                    self.arrivals.setdefault((match_id, version), []).append(at)
        finally:
            self.now -= counted
            writer.close()

    async def storm_one(self, match_id: int, within: float):
        """Come back at a random moment within `within` s, and read on."""
        await asyncio.sleep(random.uniform(0, within))
        await self.read(match_id)


def percentiles(values: list[float]) -> dict:
    if not values:
        return {}
    values = sorted(values)
    pick = lambda q: values[min(len(values) - 1, int(q * len(values)))]  # noqa: E731
    return {"n": len(values), "p50_ms": round(pick(0.50) * 1000, 1), "p95_ms": round(pick(0.95) * 1000, 1),
            "p99_ms": round(pick(0.99) * 1000, 1), "max_ms": round(values[-1] * 1000, 1)}


def latencies(moves: list[dict], arrivals: dict, per_match: int) -> tuple[list[float], int]:
    out, missing = [], 0
    for move in moves:
        got = arrivals.get((move["match"], move["version"]), [])
        missing += max(0, per_match - len(got))
        out += [at - move["t"] for at in got]
    return out, missing


def tree(pid: int) -> list[int]:
    """The stream process and its workers (uvicorn's supervisor forks one per core)."""
    out, todo = [], [pid]
    while todo:
        here = todo.pop()
        out.append(here)
        for task in Path(f"/proc/{here}/task").glob("*/children"):
            todo += [int(c) for c in task.read_text().split()]
    return out


def rss_mb(pid: int) -> float:
    """Resident memory of the stream process, all its workers together."""
    total = 0
    for one in tree(pid):
        for line in Path(f"/proc/{one}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total / 1024


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of the stream process and its workers: robust to other load on
    the machine, unlike wall time."""
    total = 0
    for one in tree(pid):
        fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def listen_overflows() -> int:
    """Connections the kernel turned away (this machine, every listening socket) because their
    listener's accept queue was full: a stream process too busy to accept shows here."""
    lines = [line.split() for line in Path("/proc/net/netstat").read_text().splitlines() if line.startswith("TcpExt:")]
    return int(dict(zip(lines[0], lines[1])).get("ListenOverflows", 0))


def threads(pid: int) -> int:
    return sum(len(os.listdir(f"/proc/{one}/task")) for one in tree(pid))


async def mover(env, ids, moves: int, gap: float):
    """The process that moves, started and ready (its start-up is a second of CPU that would
    otherwise land in what is measured); `await moving(proc)` sets it going."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", MOVER, "move", json.dumps(ids), str(moves), str(gap),
        cwd=ROOT, env=env, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
    assert (await proc.stdout.readline()).strip() == b"ready"
    return proc


async def moving(proc) -> list[dict]:
    proc.stdin.write(b"go\n")
    await proc.stdin.drain()
    out = []
    async for line in proc.stdout:
        out.append(json.loads(line))
    await proc.wait()
    return out


PROBE = """
import json, os, socket, sys, time
try:
    os.nice(-5)  # as the mover
except OSError:
    pass
port, seconds, match_id = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
head = "Host: 127.0.0.1\\r\\nX-Forwarded-Proto: https\\r\\nConnection: close\\r\\n\\r\\n"
asks = {"stream": f"GET /matches/{match_id}/events/ HTTP/1.1\\r\\n{head}".encode(),
        "ping": f"GET /api/ping/ HTTP/1.1\\r\\n{head}".encode()}
took, end, n = {"stream": [], "ping": []}, time.monotonic() + seconds, 0
while time.monotonic() < end:
    kind = ("stream", "ping")[n % 2]
    n += 1
    started = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=60) as conn:
            conn.sendall(asks[kind])
            got = b""
            while True:
                chunk = conn.recv(65536)
                got += chunk
                if not chunk or (kind == "stream" and b"event: board" in got):
                    break
    except OSError:  # no answer within the timeout: a pause that long, at least
        pass
    took[kind].append((time.time(), time.monotonic() - started))
    time.sleep(0.02)
print(json.dumps(took))
"""


async def probe(port: int, seconds: float, match_id: int) -> dict[str, list]:
    """Every 20 ms for `seconds`, from a process of its own and on a new connection each time
    (so either worker may answer, and the readers' client in this process delays nothing it
    measures), by turns: a stream opened on a public match until its first `board` frame (what
    the stream process is for: its answer waits behind anything that holds the process), and
    /api/ping/ (Django's own path through the process, a thread hop and the whole middleware;
    production's nginx never sends it there). For each kind: (when it was asked, how long its
    answer took)."""
    proc = await asyncio.create_subprocess_exec(sys.executable, "-c", PROBE, str(port), str(seconds), str(match_id),
                                                stdout=asyncio.subprocess.PIPE)
    out, _ = await proc.communicate()
    return json.loads(out)


async def loop_stalls(port: int, since: float, until: float, workers: int) -> dict:
    """Each worker's event-loop stalls from `since` to `until` (wall time), as its /health/
    reports them (games.live.stall): asked on new connections until every worker has answered."""
    seen: dict[int, dict] = {}
    for _ in range(200):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET /health/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Proto: https\r\nConnection: close\r\n\r\n")
        answer = await reader.read()
        writer.close()
        loop = json.loads(answer.split(b"\r\n\r\n", 1)[1]).get("live", {}).get("loop")
        if loop:
            seen[loop["pid"]] = loop
        if len(seen) >= workers:
            break
    heard = sorted((round(at - since, 2), ms) for loop in seen.values() for at, ms in loop["stalls"] if since <= at <= until)
    stalls = sorted(ms for _, ms in heard)
    return {"workers_heard": len(seen), "worst_ms": stalls[-1] if stalls else 0.0,
            "over_50ms": sum(ms > 50 for ms in stalls), "over_100ms": sum(ms > 100 for ms in stalls),
            "worst_five_ms": stalls[-5:], "over_50ms_at": [(at, ms) for at, ms in heard if ms > 50]}


def database_connections(url: str) -> int:
    import psycopg

    with psycopg.connect(url) as conn:
        return conn.execute("SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'").fetchone()[0] - 1


async def run(args, env, ids, live) -> dict:
    pid = live.proc.pid
    streams = Streams(args.port)
    per_match = args.streams // len(ids)
    base_rss, started = rss_mb(pid), time.monotonic()
    sem = asyncio.Semaphore(args.open_concurrency)

    async def open_one(match_id):
        async with sem:  # at most --open-concurrency streams waiting for their answer
            answered = asyncio.Event()
            task = asyncio.get_running_loop().create_task(streams.read(match_id, answered=answered))
            streams.tasks.append(task)
            await answered.wait()

    cpu0 = cpu_seconds(pid)
    await asyncio.gather(*(open_one(ids[i % len(ids)]) for i in range(per_match * len(ids))))
    opened_in = time.monotonic() - started
    await asyncio.sleep(3)  # the opening frames and presence settle
    open_cpu = cpu_seconds(pid) - cpu0  # everything the opens cost: answers, first frames, presence
    result = {"streams": streams.now, "refused": dict(streams.refusals), "open_s": round(opened_in, 1),
              "open_cpu_s": round(open_cpu, 2), "open_cpu_ms_per_stream": round(1000 * open_cpu / max(1, streams.opened), 2),
              "workers": args.workers, "rss_idle_mb": round(base_rss, 1),
              "rss_open_mb": round(rss_mb(pid), 1), "threads_open": threads(pid),
              "database_connections_open": database_connections(env["DATABASE_URL"])}
    print(f"opened {streams.opened} streams in {opened_in:.1f} s ({streams.failed} refused), "
          f"{result['open_cpu_ms_per_stream']} ms of the stream process's CPU each; "
          f"RSS {result['rss_open_mb']} MB, {result['threads_open']} threads, "
          f"{result['database_connections_open']} database connections", flush=True)

    ready = await mover(env, ids, args.moves, args.gap)
    cpu0, t0 = cpu_seconds(pid), time.monotonic()
    moves = await moving(ready)
    await asyncio.sleep(1)
    fan, missing = latencies(moves, streams.arrivals, per_match)
    result["fan_out"] = {**percentiles(fan), "missing": missing, "moves": len(moves),
                         "cpu_pct": round(100 * (cpu_seconds(pid) - cpu0) / (time.monotonic() - t0), 1)}
    result["rss_after_moves_mb"] = round(rss_mb(pid), 1)
    print(f"fan-out {result['fan_out']}", flush=True)

    # the storm: every stream dropped at once (a network blip), all back within args.storm seconds
    ready = await mover(env, ids, max(1, int(args.storm / args.gap)), args.gap)
    prober = asyncio.get_running_loop().create_task(probe(args.port, args.storm + 2, ids[0]))
    await asyncio.sleep(0.5)
    cpu0, t0, storm_at, overflows = cpu_seconds(pid), time.monotonic(), time.time(), listen_overflows()
    print(f"storm at {storm_at:.2f}", flush=True)
    for task in streams.tasks:
        task.cancel()
    await asyncio.gather(*streams.tasks, return_exceptions=True)
    streams.arrivals.clear()
    streams.opened = 0
    storm = [asyncio.get_running_loop().create_task(streams.storm_one(ids[i % len(ids)], args.storm))
             for i in range(per_match * len(ids))]
    moved = await moving(ready)
    await asyncio.sleep(1)
    took = await prober
    stalls = await loop_stalls(args.port, storm_at, time.time(), args.workers)
    slow = {kind: [(round(at - storm_at, 2), round(t * 1000)) for at, t in answers if t > 0.1]
            for kind, answers in took.items()}
    fan, missing = latencies(moved, streams.arrivals, per_match)
    result["storm"] = {"seconds": args.storm, "fan_out": {**percentiles(fan), "missing": missing},
                       "loop_stalls": stalls,
                       "probe": percentiles([t for _, t in took["stream"]]),
                       "probes_over_100ms": slow["stream"][:40],
                       "ping": percentiles([t for _, t in took["ping"]]), "pings_over_100ms": slow["ping"][:40], "cpu_pct": round(100 * (cpu_seconds(pid) - cpu0) / (time.monotonic() - t0), 1),
                       "cpu_s": round(cpu_seconds(pid) - cpu0, 2), "wall_s": round(time.monotonic() - t0, 1),
                       "listen_overflows": listen_overflows() - overflows,
                       "streams_back": streams.now, "refused": streams.refusals}
    result["load_average"] = os.getloadavg()
    result["rss_peak_mb"] = round(max(rss_mb(pid), result["rss_after_moves_mb"]), 1)
    print(f"storm {result['storm']}", flush=True)
    for task in storm:
        task.cancel()
    await asyncio.gather(*storm, return_exceptions=True)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=5000)
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--gap", type=float, default=0.05, help="seconds between moves")
    parser.add_argument("--storm", type=float, default=10.0)
    parser.add_argument("--open-concurrency", type=int, default=50)
    parser.add_argument("--workers", type=int, default=stack.LIVE_WORKERS, help="the stream process's workers")
    args = parser.parse_args()

    gc.freeze()  # the readers' client: 5,000 tasks walked by every full collection otherwise
    gc.set_threshold(50_000, 20, 20)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if hard < 2 * args.streams + 200:
        sys.exit(f"needs an open-file limit of {2 * args.streams + 200} (ulimit -Hn is {hard})")
    workdir = stack.workdir("chickenisland-bench-live-")
    pg = stack.Postgres(workdir)
    redis = stack.Redis(workdir)
    live = None
    try:
        env = stack.site_env(pg.url, redis.url)
        env["DJANGO_SETTINGS_MODULE"] = "chickenisland.settings"
        stack.manage(env, "migrate", "--noinput", "-v0")
        stack.collectstatic(env)
        seeded = subprocess.run([sys.executable, "-c", MOVER, "seed", str(args.matches)], cwd=ROOT, env=env,
                                check=True, capture_output=True, text=True).stdout
        ids = json.loads(seeded.strip().splitlines()[-1])
        args.port = stack.free_port()
        live = stack.uvicorn(args.port, env, workdir, workers=args.workers)
        os.nice(READERS_NICE)  # the readers yield the cores to what they measure
        result = asyncio.run(run(args, env, ids, live))
        result["args"] = {k: v for k, v in vars(args).items() if k != "port"}
        out = ROOT / "bench" / "results"
        out.mkdir(exist_ok=True)
        path = out / f"live-{time.strftime('%Y%m%d-%H%M%S')}.json"
        path.write_text(json.dumps(result, indent=2))
        print(json.dumps(result, indent=2))
        print(f"written to {path.relative_to(ROOT)}")
    finally:
        if live:
            live.stop()
        redis.stop()
        pg.close()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
