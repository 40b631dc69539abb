"""What the outbox tests run against, all on this machine and all their own: a Redis server
they may stop, an SMTP sink (aiosmtpd) they may stop or make hang, and Celery workers on a
queue of their own, consuming from that Redis and connected to the test database."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from email import message_from_bytes
from email.header import decode_header, make_header
from pathlib import Path

from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(check, seconds: float, what: str, every: float = 0.1):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"not within {seconds:.0f} s: {what}")


class RedisServer:
    """redis-server on a port of its own, no persistence: stopping it loses every message."""

    def __init__(self):
        self.port = free_port()
        self.process = None
        self.dir = tempfile.mkdtemp(prefix="outbox-redis-")

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @staticmethod
    def available() -> bool:
        return shutil.which("redis-server") is not None

    def start(self):
        self.process = subprocess.Popen(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--save", "", "--appendonly", "no",
             "--dir", self.dir],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )

        def up():
            with socket.socket() as s:
                return s.connect_ex(("127.0.0.1", self.port)) == 0

        wait_for(up, 10, "redis-server answering")

    def stop(self):
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None


class Sink:
    """Keeps every message an SMTP client finished sending. With `hold`, the next message's
    DATA is not answered until the client goes away, and then not kept (as any mail server
    does with a transaction the client never saw through)."""

    def __init__(self):
        self.messages: list = []
        self.hold = False
        self.holding = threading.Event()

    async def handle_DATA(self, server, session, envelope):
        if self.hold:
            self.holding.set()
            try:
                while True:
                    await asyncio.sleep(0.05)
                    transport = getattr(session, "transport", None) or getattr(server, "transport", None)
                    if transport is None or transport.is_closing():
                        return "451 the client went away"
            except asyncio.CancelledError:
                raise
        self.messages.append(message_from_bytes(envelope.content))
        return "250 kept"

    def to(self, address: str) -> list:
        return [m for m in self.messages if address in m["To"]]

    @staticmethod
    def subject(message) -> str:
        return str(make_header(decode_header(message["Subject"])))


class SmtpServer:
    def __init__(self):
        self.port = free_port()
        self.sink = Sink()
        self.controller = None

    def start(self):
        from aiosmtpd.controller import Controller

        self.controller = Controller(self.sink, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self):
        if self.controller is not None:
            self.controller.stop()
            self.controller = None


def database_url() -> str:
    db = connection.settings_dict
    return f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


class Worker:
    """A Celery worker process group on `queue`; `kill()` is SIGKILL to all of it."""

    def __init__(self, queue: str, env: dict):
        self.queue, self.env, self.process = queue, env, None
        self.log = Path(tempfile.mkdtemp(prefix="outbox-worker-")) / "worker.log"

    def start(self):
        env = dict(os.environ, **self.env)
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tests.notifications.notify_worker", self.queue],
                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            )

    def tail(self, n: int = 40) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-n:]) if self.log.exists() else ""

    def kill(self):
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(timeout=10)
        self.process = None
