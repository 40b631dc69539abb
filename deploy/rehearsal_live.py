"""The stream process in the rehearsal: uvicorn beside the gunicorn nodes, behind the same nginx
with the shipped live snippet. A reader holds the page's stream of the first match the players
start; at the end its last `board` event must carry the match's final version (every move, the
bots' from the workers included, reached an open stream through Redis), and /health/ must report
the stream (the stream process holds it, Redis knows the channel)."""

from __future__ import annotations

import threading
import time

import httpx

from deploy import stack

HTTPS = {"X-Forwarded-Proto": "https"}


class Watch:
    def __init__(self, proxy_url: str, live_port: int):
        self.proxy_url, self.live_port = proxy_url, live_port
        self.reader: stack.Reader | None = None
        self.match_id: int | None = None

    def start(self, load) -> None:
        """Open the stream of the first match the players start (in a thread: it waits for one)."""

        def follow():
            deadline = time.monotonic() + 30
            while not load.matches and time.monotonic() < deadline:
                time.sleep(0.05)
            if load.matches:
                self.match_id = load.matches[0]
                self.reader = stack.Reader(self.proxy_url, f"/matches/{self.match_id}/events/").start()

        threading.Thread(target=follow, daemon=True).start()

    def check(self, database_url: str) -> tuple[dict, list[str]]:
        """While the stream is still open: what it heard against the database, and /health/."""
        if self.reader is None:
            return {}, ["live: no match to watch"]
        problems = []
        final = _version(database_url, self.match_id)
        heard = self.reader.wait_for(lambda kind, data: kind == "board" and data["version"] == final, 10)
        boards = [data["version"] for _, kind, data in self.reader.events if kind == "board"]
        if not heard:
            problems.append(f"live: the stream of match {self.match_id} last heard version "
                            f"{boards[-1] if boards else None}, the match is at {final}")
        here = _stream_health(self.live_port)
        site = httpx.get(f"{self.proxy_url}/health/", verify=False, timeout=5).json().get("live", {})
        if here.get("fan_out") != "redis" or not here.get("streams_here"):
            problems.append(f"live: the stream process's /health/ says {here}")
        if not site.get("channels_listened"):
            problems.append(f"live: the site's /health/ says {site}")
        self.reader.stop()
        figures = {"live_match": self.match_id, "live_board_events": len(boards), "live_connects": len(self.reader.connects),
                   "live_health": here}
        return figures, problems


def _version(database_url: str, match_id: int) -> int:
    import psycopg

    with psycopg.connect(database_url) as conn:
        return conn.execute("SELECT version FROM games_match WHERE id = %s", [match_id]).fetchone()[0]


def _stream_health(port: int, within: float = 10.0) -> dict:
    """The stream process's /health/ "live": its workers share one socket and each counts its own
    streams, and the kernel hands a run of connections to one worker, so ask (each time on a fresh
    connection) until a worker that holds some answers, or `within` seconds pass; what each worker
    said comes back under "workers" for the problem's message."""
    by_pid, deadline, asks = {}, time.monotonic() + within, 0
    while time.monotonic() < deadline:
        asks += 1
        seen = httpx.get(f"http://127.0.0.1:{port}/health/", headers=HTTPS, timeout=5).json().get("live", {})
        if seen.get("streams_here"):
            return seen
        by_pid[seen.get("loop", {}).get("pid")] = seen.get("streams_here")
        time.sleep(0.03 * (asks % 2))  # a pause now and then lets the other worker's turn come
    return {**seen, "workers": by_pid}
