"""The production rehearsal (`make rehearse`): several machines' worth of the site on this one.

Two gunicorn web nodes and the stream process (uvicorn) behind nginx (the shipped proxy and
live settings, TLS), two Celery workers and beat, all on one PostgreSQL and one Redis of the rehearsal's own (initdb and redis-server in a
temporary directory, or an existing PostgreSQL with --database-url). Players play human and bot
matches through nginx; a third of the way in one web node is killed (SIGKILL), half-way one
worker. A client whose answer was lost with its node sends the same move again, as a real
client would (the version makes the repeat harmless). Then the load stops, the queue drains and
deploy/rehearsal_checks.py checks that no move was lost or duplicated, every bot turn was played
once and every notification delivered once, and a page's stream held open all along heard its
match's every version (deploy/rehearsal_live.py). The figures go to docs/deployment.md.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

import httpx

from deploy import rehearsal_checks, rehearsal_live, stack

BOT_GAMES = [("chickenrun", 2, {"1": "sensible"}), ("chickendie", 3, {"1": "farmer", "2": "farmer"})]


class Load:
    """The players: each table is a thread that creates a match through the API, plays it to the
    end with its people's tokens and starts the next, until the deadline."""

    def __init__(self, url: str, tokens: list[str], tables: int, bot_tables: int, deadline: float, think: float):
        self.url, self.tokens, self.deadline, self.think = url, tokens, deadline, think
        self.lock = threading.Lock()
        self.submissions: list[dict] = []
        self.matches: list[int] = []
        self.statuses: dict = {}
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.threads = [
            threading.Thread(target=self._table, args=(n, n < bot_tables), daemon=True) for n in range(tables)
        ]

    def start(self):
        for thread in self.threads:
            thread.start()

    def join(self):
        for thread in self.threads:
            thread.join(timeout=120)

    def _count(self, status):
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1

    def _call(self, client, method, path, token, **kwargs):
        """One request; None for an answer lost on the way (the node died, nginx gave up)."""
        started = time.monotonic()
        try:
            answer = client.request(method, path, headers={"Authorization": f"Token {token}"}, **kwargs)
        except httpx.HTTPError:
            self._count("error")
            return None
        self._count(answer.status_code)
        if method == "POST" and path.endswith("/actions/"):
            with self.lock:
                self.latencies.append(time.monotonic() - started)
        return answer

    def _table(self, n: int, bots: bool):
        rng = random.Random(n)
        people = [self.tokens[2 * n]] if bots else [self.tokens[2 * n], self.tokens[2 * n + 1]]
        with httpx.Client(base_url=self.url, verify=False, timeout=30) as client:
            while time.monotonic() < self.deadline:
                try:
                    match_id = self._new_match(client, people, bots, n)
                    if match_id is not None:
                        self._play(client, match_id, people, rng)
                except Exception as exc:  # noqa: BLE001 - recorded, the checks fail on it
                    with self.lock:
                        self.errors.append(f"table {n}: {type(exc).__name__}: {exc}")
                    time.sleep(0.5)

    def _new_match(self, client, people, bots, n):
        game, players, seats = BOT_GAMES[n % len(BOT_GAMES)] if bots else ("chickenrun", 2, {})
        created = self._call(client, "POST", "/api/matches/", people[0], json={"game": game, "players": players, "bots": seats})
        if created is None or created.status_code != 201:
            time.sleep(0.2)
            return None
        match_id = created.json()["id"]
        with self.lock:
            self.matches.append(match_id)
        if not bots:
            while time.monotonic() < self.deadline:
                joined = self._call(client, "POST", f"/api/matches/{match_id}/join/", people[1])
                if joined is not None and joined.status_code in (200, 403, 409):
                    break
                time.sleep(0.2)
        return match_id

    def _play(self, client, match_id, people, rng):
        while time.monotonic() < self.deadline:
            moved = False
            for token in people:
                read = self._call(client, "GET", f"/api/matches/{match_id}/", token)
                if read is None or read.status_code != 200:
                    continue
                state = read.json()
                if state["status"] != "active":
                    return
                if state["legal_actions"]:
                    self._move(client, match_id, token, state["version"], rng.choice(state["legal_actions"]))
                    moved = True
            time.sleep(self.think if moved else 0.05)

    def _move(self, client, match_id, token, version, action):
        """Send a move; if its answer is lost, send the same move again (once answered, stop)."""
        for _attempt in range(5):
            answer = self._call(client, "POST", f"/api/matches/{match_id}/actions/", token,
                                json={"version": version, "action": action})
            status = None if answer is None else answer.status_code
            with self.lock:
                self.submissions.append({"match": match_id, "version": version, "action": action, "status": status})
            if status is not None and status < 500:
                return
            time.sleep(0.3)


def seed_players(env: dict, count: int) -> list[str]:
    """Players who play with API tokens (no password: hashing one costs a second of CPU) and want
    their e-mails at once, so the rehearsal counts mails going through the outbox."""
    script = (
        "from accounts.models import User\nfrom rest_framework.authtoken.models import Token\n"
        f"for n in range({count}):\n"
        "    user = User.objects.create_user(f'player{n}', f'player{n}@example.com', None)\n"
        # mails at once, so the rehearsal counts real mails through the outbox
        "    user.notify_prefs = {k: {'mail': 'now'} for k in ('turn', 'reminder', 'finished')}\n"
        "    user.save(update_fields=['notify_prefs'])\n"
        "    print('TOKEN', Token.objects.create(user=user).key)\n"
    )
    out = subprocess.run([sys.executable, "manage.py", "shell", "-c", script], cwd=stack.ROOT, env=env,
                         check=True, capture_output=True, text=True).stdout
    return [line.split()[1] for line in out.splitlines() if line.startswith("TOKEN ")]


def fresh_database(url: str) -> None:
    """Drop and create the rehearsal's database (it must be one of its own)."""
    import psycopg

    parts = urlparse(url)
    name = parts.path.lstrip("/")
    with psycopg.connect(parts._replace(path="/postgres").geturl(), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def queue_empty(redis_url: str) -> bool:
    import redis

    client = redis.Redis.from_url(redis_url, socket_connect_timeout=2)
    return client.llen("celery") == 0 and client.hlen("unacked") == 0


def run(seconds: float = 60, tables: int = 12, bot_tables: int = 6, database_url: str | None = None,
        think: float = 0.05, workdir: Path | None = None, log=print) -> dict:
    workdir = workdir or stack.workdir("chickenisland-rehearsal-")
    mail_dir = workdir / "mail"
    mail_dir.mkdir()
    processes, pg, redis_server, proxy = [], None, None, None
    timings = {}
    try:
        started = time.monotonic()
        if database_url:
            fresh_database(database_url)
        else:
            pg = stack.Postgres(workdir)
            database_url = pg.url
        redis_server = stack.Redis(workdir)
        log(f"PostgreSQL and Redis up: {time.monotonic() - started:.1f} s")
        env = stack.site_env(
            database_url, redis_server.url, EMAIL_URL=f"filemail:///{mail_dir}", CELERY_VISIBILITY_TIMEOUT=30,
            BEAT_REMINDERS_SECONDS=15, AXES_ENABLED="false",
        )
        stack.manage(env, "migrate", "--noinput", "-v0")
        stack.collectstatic(env)
        tokens = seed_players(env, 2 * tables)
        log(f"migrated, static files collected, {len(tokens)} players: {time.monotonic() - started:.1f} s")
        ports = [stack.free_port(), stack.free_port()]
        webs = [stack.gunicorn(port, env, workdir, 2, 2, f"web{i + 1}", wait=False) for i, port in enumerate(ports)]
        workers = [stack.celery_worker(env, workdir, f"worker{i + 1}") for i in range(2)]
        processes += webs + workers + [stack.celery_beat(env, workdir)]
        live_port = stack.free_port()
        processes.append(stack.uvicorn(live_port, env, workdir, wait=False))
        for port in ports + [live_port]:
            stack.wait_until(lambda port=port: stack.ping(f"http://127.0.0.1:{port}"), f"web node on {port}", 120)
        proxy = stack.Nginx(workdir, ports, live=live_port)
        timings["start_s"] = round(time.monotonic() - started, 1)
        log(f"started in {timings['start_s']} s: nginx {proxy.url}, web nodes {ports}, the stream process on "
            f"{live_port}, 2 workers, beat")

        load_started = time.monotonic()
        load = Load(proxy.url, tokens, tables, bot_tables, load_started + seconds, think)
        load.start()
        watch = rehearsal_live.Watch(proxy.url, live_port)
        watch.start(load)
        time.sleep(seconds / 3)
        webs[0].kill()
        timings["web_killed_at_s"] = round(time.monotonic() - load_started, 1)
        log(f"killed web node 1 at {timings['web_killed_at_s']} s")
        time.sleep(max(0.0, load_started + seconds / 2 - time.monotonic()))
        workers[0].kill()
        timings["worker_killed_at_s"] = round(time.monotonic() - load_started, 1)
        log(f"killed worker 1 at {timings['worker_killed_at_s']} s")
        load.join()
        timings["load_s"] = round(time.monotonic() - load_started, 1)

        drain_started = time.monotonic()
        stack.wait_until(lambda: queue_empty(redis_server.url) and _no_bot_waiting(database_url, load.matches),
                         "the queue draining and every bot turn played", 150, 1.0)
        time.sleep(2)  # the last tasks' mails
        timings["drain_s"] = round(time.monotonic() - drain_started, 1)
        report = rehearsal_checks.check(database_url, sorted(set(load.matches)), load.submissions, mail_dir)
        report.problems += load.errors[:10]
        live_figures, live_problems = watch.check(database_url)
        report.problems += live_problems
        moves = sorted(load.latencies)
        figures = {
            **timings,
            **report.figures,
            **live_figures,
            "statuses": {str(k): v for k, v in sorted(load.statuses.items(), key=lambda kv: str(kv[0]))},
            "moves_answered_200": sum(1 for s in load.submissions if s["status"] == 200),
            "moves_409": sum(1 for s in load.submissions if s["status"] == 409),
            "moves_lost_answers": sum(1 for s in load.submissions if s["status"] is None or s["status"] >= 500),
            "moves_per_s": round(sum(1 for s in load.submissions if s["status"] == 200) / timings["load_s"], 1),
            "move_p50_ms": round(statistics.median(moves) * 1000, 1) if moves else None,
            "move_p99_ms": round(moves[int(len(moves) * 0.99) - 1] * 1000, 1) if len(moves) > 100 else None,
            "total_s": round(time.monotonic() - started, 1),
            "problems": report.problems,
        }
        return figures
    finally:
        if proxy:
            proxy.stop()
        for process in processes:
            process.stop()
        if redis_server:
            redis_server.stop()
        if pg:
            pg.close()


def _no_bot_waiting(database_url: str, match_ids: list[int]) -> bool:
    import psycopg

    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            """SELECT count(*) FROM games_match m WHERE m.id = ANY(%s) AND m.status = 'active' AND EXISTS (
                   SELECT 1 FROM games_seat s WHERE s.match_id = m.id AND s.bot <> ''
                   AND m.to_act @> to_jsonb(s.index))""",
            [list(set(match_ids))],
        ).fetchone()
    return rows[0] == 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60, help="how long the players play (default 60)")
    parser.add_argument("--tables", type=int, default=12, help="matches played at once (default 12)")
    parser.add_argument("--bot-tables", type=int, default=6, help="of which against bots (default 6)")
    parser.add_argument("--database-url", help="an existing PostgreSQL database to empty and use "
                        "(default: a PostgreSQL cluster of the rehearsal's own)")
    parser.add_argument("--json", type=Path, help="write the figures here too")
    parser.add_argument("--keep", action="store_true", help="keep the logs and data (always kept on failure)")
    args = parser.parse_args(argv)
    if stack.nginx_binary() is None:
        parser.error("nginx is not installed (apt-get install nginx)")
    workdir = stack.workdir("chickenisland-rehearsal-")
    figures = run(args.seconds, args.tables, args.bot_tables, args.database_url, workdir=workdir)
    print(json.dumps(figures, indent=2))
    if figures["problems"] or args.keep:
        print(f"logs and data kept in {workdir}")
    else:
        shutil.rmtree(workdir, ignore_errors=True)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    if figures["problems"]:
        print("REHEARSAL FAILED:", *figures["problems"], sep="\n  ")
        return 1
    print("rehearsal passed: no move lost or duplicated, every bot turn played once, every notification once")
    return 0


if __name__ == "__main__":
    sys.exit(main())
