"""The site's production processes on one machine, for the deployment tests and the rehearsal:
nginx with the shipped proxy settings (deploy/nginx/chickenisland-proxy.conf) and TLS, gunicorn
nodes with the shipped gunicorn.conf.py, Celery workers and beat, and a Redis or PostgreSQL of
their own that a test may stop and start. Everything listens on loopback, on free ports, with its
files in one temporary directory; every process runs in its own process group, so stopping it
stops its children.
"""

from __future__ import annotations

import grp
import json
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
PROXY_CONF = ROOT / "deploy" / "nginx" / "chickenisland-proxy.conf"
LIVE_CONF = ROOT / "deploy" / "nginx" / "chickenisland-live.conf"
SECRET = "stack-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEFGHIJ"


def nginx_binary() -> str | None:
    return shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None)


def postgres_bin() -> Path | None:
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: int(p.parent.parent.name))
    return versions[-1].parent if versions else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def site_env(database_url: str, redis_url: str = "", **overrides) -> dict:
    """Production settings for a node on this machine, behind one proxy of ours (nginx)."""
    env = dict(os.environ)
    for name in ("REDIS_URL", "CELERY_TASK_ALWAYS_EAGER", "DATABASE_TEST_NAME"):
        env.pop(name, None)
    env.update(
        DJANGO_DEBUG="false",
        SECRET_KEY=SECRET,
        ALLOWED_HOSTS="127.0.0.1,localhost",
        CSRF_TRUSTED_ORIGINS="https://127.0.0.1,https://localhost",
        DATABASE_URL=database_url,
        EMAIL_URL="dummymail://",
        PROXY_COUNT="1",
        AXES_ENABLED="true",
        LOG_LEVEL="ERROR",
        IN_PROCESS_JOBS="false",
        CONN_MAX_AGE="60",
    )
    if redis_url:
        env["REDIS_URL"] = redis_url
    env.update({k: str(v) for k, v in overrides.items()})
    return env


class Process:
    """A child in its own process group: `stop` ends it gently, `kill` at once (SIGKILL)."""

    def __init__(self, name: str, command: list[str], env: dict | None = None, log: Path | None = None, cwd=ROOT):
        self.name = name
        self.log = log
        out = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115 (kept open with the child)
        self.proc = subprocess.Popen(
            command, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        self._signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self, timeout: float = 20) -> None:
        self._signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
        else:
            self._signal(signal.SIGKILL)  # anything of the group still there

    def _signal(self, sig) -> None:
        try:
            os.killpg(self.proc.pid, sig)
        except (ProcessLookupError, PermissionError):
            pass


def wait_until(check, what: str, seconds: float = 60, step: float = 0.2):
    deadline = time.monotonic() + seconds
    last = None
    while time.monotonic() < deadline:
        try:
            value = check()
            if value:
                return value
        except Exception as exc:  # noqa: BLE001 - still starting
            last = exc
        time.sleep(step)
    raise RuntimeError(f"{what} did not come up within {seconds:.0f} s ({last})")


def started(process: Process, check, what: str, seconds: float = 60) -> None:
    """Wait for a process to serve; stop it (and say so) if it does not."""
    try:
        wait_until(check, what, seconds)
    except BaseException:
        process.stop()
        raise


def manage(env: dict, *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True)


def ping(base_url: str) -> bool:
    """The node answers (as if through the TLS proxy, which production mode expects)."""
    answer = httpx.get(f"{base_url}/api/ping/", headers={"X-Forwarded-Proto": "https"}, timeout=2)
    return answer.status_code == 200


def collectstatic(env: dict) -> None:
    """Production pages name their static files through the manifest collectstatic writes."""
    manage(env, "collectstatic", "--noinput", "-v0")


def gunicorn(port: int, env: dict, workdir: Path, workers: int = 2, threads: int = 2, name: str = "web",
             wait: bool = True) -> Process:
    """A web node run by the shipped gunicorn.conf.py, on 127.0.0.1:port."""
    node_env = dict(env, GUNICORN_BIND=f"127.0.0.1:{port}", WEB_CONCURRENCY=str(workers), GUNICORN_THREADS=str(threads))
    node = Process(name, [sys.executable, "-m", "gunicorn", "chickenisland.wsgi"], node_env, workdir / f"{name}.log")
    if wait:
        started(node, lambda: ping(f"http://127.0.0.1:{port}"), f"{name} on {port}", 120)
    return node


LIVE_WORKERS = 2  # as deploy/systemd/chickenisland-live.service: one event loop per core


def uvicorn(port: int, env: dict, workdir: Path, name: str = "live", wait: bool = True,
            workers: int = LIVE_WORKERS) -> Process:
    """The stream process (as deploy/systemd/chickenisland-live.service runs it), on 127.0.0.1:port:
    uvicorn's supervisor and `workers` processes sharing its socket, each an event loop of its own
    (streams, a Redis subscription and a presence batch each)."""
    node = Process(
        name,
        [sys.executable, "-m", "uvicorn", "chickenisland.asgi:application", "--host", "127.0.0.1", "--port", str(port),
         "--workers", str(workers), "--backlog", "4096", "--timeout-keep-alive", "75", "--timeout-graceful-shutdown", "5",
         "--no-access-log", "--log-level", "warning"],
        env, workdir / f"{name}.log",
    )
    if wait:
        started(node, lambda: ping(f"http://127.0.0.1:{port}"), f"{name} on {port}", 120)
    return node


def celery_worker(env: dict, workdir: Path, name: str, concurrency: int = 2) -> Process:
    return Process(
        name,
        [sys.executable, "-m", "celery", "-A", "chickenisland", "worker", "-n", f"{name}@%h",
         f"--concurrency={concurrency}", "--loglevel=warning", "--without-gossip", "--without-mingle"],
        env, workdir / f"{name}.log",
    )


def celery_beat(env: dict, workdir: Path) -> Process:
    return Process(
        "beat",
        [sys.executable, "-m", "celery", "-A", "chickenisland", "beat", "--loglevel=warning",
         f"--schedule={workdir / 'celerybeat-schedule'}"],
        env, workdir / "beat.log",
    )


def self_signed_certificate(workdir: Path) -> tuple[Path, Path]:
    cert, key = workdir / "site.crt", workdir / "site.key"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )
    return cert, key


def closed_to(user: str, path: Path) -> Path | None:
    """The first folder on the way to `path` that `user` may not enter (no search permission
    as its owner, its group or another user), if any."""
    who = pwd.getpwnam(user)
    groups = {g.gr_gid for g in grp.getgrall() if user in g.gr_mem} | {who.pw_gid}
    for folder in reversed([path, *path.parents]):
        mode = folder.stat()
        allowed = 0o100 if mode.st_uid == who.pw_uid else 0o010 if mode.st_gid in groups else 0o001
        if not mode.st_mode & allowed:
            return folder
    return None


class Nginx:
    """nginx in front of the given web nodes: the shipped proxy settings inside a TLS server on
    127.0.0.1:port, the static files from the collected directory; with `live` (the stream
    process's port), the live streams' locations of the shipped site and their snippet."""

    def __init__(self, workdir: Path, upstreams: list[int], port: int | None = None, live: int | None = None):
        self.workdir = workdir
        self.port = port or free_port()
        self.url = f"https://127.0.0.1:{self.port}"
        cert, key = self_signed_certificate(workdir)
        temp = workdir / "nginx"
        temp.mkdir(exist_ok=True)
        os.chmod(workdir, 0o755)
        os.chmod(temp, 0o777)
        servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=10s;" for p in upstreams)
        user = "user www-data;" if os.geteuid() == 0 else ""
        closed = closed_to("www-data", ROOT) if user else None
        if closed:  # else the static files answer 403 and tests fail far from the cause
            raise RuntimeError(f"nginx's workers run as www-data, which may not enter {closed}: "
                               "let other users enter the checkout's folders (chmod o+x)")
        streams = ""
        if live:
            streams = f"""
    upstream chickenisland_live {{
        server 127.0.0.1:{live} fail_timeout=0;
        keepalive 16;
    }}"""
        stream_locations = "".join(
            f"""
        location {where} {{
            include {LIVE_CONF};
        }}""" for where in ("~ ^/(api/)?matches/[0-9]+/events/$", "= /api/events/")) if live else ""
        (workdir / "nginx.conf").write_text(f"""
{user}
worker_processes 1;
pid {workdir}/nginx.pid;
error_log {workdir}/nginx-error.log warn;
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    access_log {workdir}/nginx-access.log;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    upstream chickenisland {{
{servers}
        keepalive 16;
    }}{streams}
    server {{
        listen 127.0.0.1:{self.port} ssl;
        server_name 127.0.0.1 localhost;
        ssl_certificate {cert};
        ssl_certificate_key {key};
        location /static/ {{
            alias {ROOT / 'staticfiles'}/;
            gzip_static on;
        }}{stream_locations}
        include {PROXY_CONF};
    }}
}}
""")
        binary = nginx_binary()
        if binary is None:
            raise RuntimeError("nginx is not installed")
        self.process = Process(
            "nginx", [binary, "-p", str(workdir), "-c", str(workdir / "nginx.conf"), "-e", str(workdir / "nginx-error.log"),
                      "-g", "daemon off;"], None, workdir / "nginx.log",
        )
        started(self.process, lambda: self.client().get("/api/ping/").status_code == 200, "nginx", 30)

    def client(self, source: str | None = None, **kwargs) -> httpx.Client:
        """A client of the site through nginx, connecting from `source` (any 127.x.y.z address)."""
        transport = httpx.HTTPTransport(verify=False, local_address=source) if source else None
        return httpx.Client(base_url=self.url, verify=False, transport=transport, timeout=kwargs.pop("timeout", 30), **kwargs)

    def stop(self) -> None:
        self.process.stop()


class Redis:
    """A redis-server of its own on a free port, which may be stopped and started again."""

    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = None
        self.start()

    def start(self) -> None:
        self.process = Process(
            "redis", ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--save", "", "--appendonly", "no",
                      "--dir", str(self.workdir)], None, self.workdir / "redis.log",
        )
        import redis

        started(self.process, lambda: redis.Redis(port=self.port, socket_connect_timeout=1).ping(), "redis", 20)

    def stop(self) -> None:
        if self.process:
            self.process.stop()
            self.process = None


class Postgres:
    """A PostgreSQL cluster of its own (initdb in the work directory, run as `postgres` when this
    is root), with a database `site` owned by a password role; stop and start restart it.
    Durability is off unless asked (`durable=True`: fsync on, as in production), which the tests
    do not need; the benchmarks of a committed move do."""

    def __init__(self, workdir: Path, durable: bool = False, settings: tuple[str, ...] = ()):
        self.bin = postgres_bin()
        if self.bin is None:
            raise RuntimeError("PostgreSQL's server binaries are not installed")
        self.data = workdir / "pgdata"
        self.port = free_port()
        self.url = f"postgres://site:site@127.0.0.1:{self.port}/site"
        self.log = workdir / "postgres.log"
        self.options = "" if durable else " -c fsync=off"
        self.options += "".join(f" -c {setting}" for setting in settings)
        os.chmod(workdir, 0o755)
        self.data.mkdir()
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
        self.start()
        self._run("psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "-q", "-c",
                  "CREATE ROLE site LOGIN PASSWORD 'site' CREATEDB")
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "-O", "site", "site")

    def _as_owner(self, command: list[str]) -> list[str]:
        if os.geteuid() == 0:
            shutil.chown(self.data, "postgres")
            if not self.log.exists():
                self.log.touch()
            shutil.chown(self.log, "postgres")
            return ["runuser", "-u", "postgres", "--", *command]
        return command

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run(self._as_owner([str(self.bin / tool), *args]), check=True, capture_output=True)

    def start(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60", "start",
                  "-o", f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1{self.options}")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-w", "-t", "60", "-m", "fast", "stop")

    def close(self) -> None:
        try:
            self.stop()
        except subprocess.CalledProcessError:
            pass


@dataclass
class Reader:
    """One client of a live stream (Server-Sent Events) in a thread of its own, reconnecting as a
    browser does (`Last-Event-ID`, the server's `retry`): every event it read (with the monotonic
    time it arrived), the connections it opened, and the id it resumes from."""

    url: str
    path: str
    token: str | None = None
    events: list = field(default_factory=list)
    connects: list = field(default_factory=list)
    last_id: str = ""
    retry: float = 3.0
    running: bool = True

    def start(self) -> "Reader":
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        return self

    def _run(self) -> None:
        with httpx.Client(base_url=self.url, verify=False, timeout=httpx.Timeout(10, read=60),
                          headers={"X-Forwarded-Proto": "https"}) as client:
            while self.running:
                headers = {"Accept": "text/event-stream"}
                if self.token:
                    headers["Authorization"] = f"Token {self.token}"
                if self.last_id:
                    headers["Last-Event-ID"] = self.last_id
                try:
                    with client.stream("GET", self.path, headers=headers) as answer:
                        if answer.status_code == 200:
                            self.connects.append(time.monotonic())
                            self._read(answer)
                except httpx.HTTPError:
                    pass
                if self.running:
                    time.sleep(self.retry)

    def _read(self, answer) -> None:
        kind, data, event_id = None, None, None
        for line in answer.iter_lines():
            if not self.running:
                return
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: "):
                data = json.loads(line[6:])
            elif line.startswith("id: "):
                event_id = line[4:]
            elif line.startswith("retry: "):
                self.retry = int(line[7:]) / 1000
            elif line == "" and kind:
                if event_id:
                    self.last_id = event_id
                self.events.append((time.monotonic(), kind, data))
                kind, data, event_id = None, None, None

    def wait_for(self, check, seconds: float, since: int = 0):
        """The first event after the first `since` ones for which check(kind, data) holds."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for at, kind, data in self.events[since:]:
                if check(kind, data):
                    return at, kind, data
            time.sleep(0.01)
        return None

    def newest(self, kind: str):
        found = [data for _, k, data in self.events if k == kind]
        return found[-1] if found else None

    def stop(self) -> None:
        self.running = False


def workdir(prefix: str) -> Path:
    path = Path(tempfile.mkdtemp(prefix=prefix))
    os.chmod(path, 0o755)
    return path
