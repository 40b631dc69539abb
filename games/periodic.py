"""Periodic jobs inside the serving process when no Celery worker and beat run (`make run`:
tasks are eager). Without this a bot turn whose in-request run failed would wait forever."""

from __future__ import annotations

import logging
import os
import sys
import threading

from django.conf import settings
from django.db import close_old_connections, connection

from . import tasks

PERIOD_SECONDS = 20.0  # with the job's 30-second age, a turn left behind resumes within a minute
log = logging.getLogger(__name__)
_thread: threading.Thread | None = None
_lock = threading.Lock()


def serving(argv=None, environ=None) -> bool:
    """Whether this process is the development server's serving one (not the reloader's parent,
    not a management command, not the test runner)."""
    argv = sys.argv if argv is None else argv
    environ = os.environ if environ is None else environ
    if len(argv) < 2 or argv[1] != "runserver":
        return False
    return environ.get("RUN_MAIN") == "true" or "--noreload" in argv


def run_once() -> int:
    """One pass of the jobs; a failure is logged and retried on the next pass."""
    try:
        return tasks.advance_stalled_bots()
    except Exception:
        log.exception("resuming bot turns failed; retrying in %s s", PERIOD_SECONDS)
        return 0
    finally:
        if not connection.in_atomic_block:  # the thread's own connection, never a caller's transaction
            close_old_connections()


def start(period: float = PERIOD_SECONDS, stop: threading.Event | None = None) -> threading.Thread:
    """Start the daemon thread once per process."""
    global _thread
    with _lock:
        if _thread is None or not _thread.is_alive():
            stop = stop or threading.Event()

            def loop():
                while not stop.wait(period):
                    run_once()

            _thread = threading.Thread(target=loop, name="periodic-jobs", daemon=True)
            _thread.start()
        return _thread


def start_if_serving() -> None:
    if settings.CELERY_TASK_ALWAYS_EAGER and settings.IN_PROCESS_JOBS and serving():
        start()
