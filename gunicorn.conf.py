"""gunicorn's set-up for `gunicorn chickenisland.wsgi` (read from the working directory).

Chosen with bench/http_chickenrun.py on 2 cores (docs/deployment.md has the table): threaded
workers, one more process than cores and two threads each, measured best at 10 and 50 players.
WEB_CONCURRENCY and GUNICORN_THREADS override it on a bigger machine.
"""

import gc
import os

worker_class = "gthread"
workers = int(os.environ.get("WEB_CONCURRENCY", (os.cpu_count() or 1) + 1))
threads = int(os.environ.get("GUNICORN_THREADS", 2))
bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")


def post_worker_init(worker):
    """Freeze what the worker loaded (Django, the apps, the engines) out of the garbage collector:
    a full collection then scans only what requests made, a few milliseconds instead of tens,
    which were the slowest moves' pauses. GC_FREEZE=0 turns it off (bench/http_chickenrun.py
    --no-gc-freeze measures the difference)."""
    if os.environ.get("GC_FREEZE", "1") != "0":
        from django.urls import get_resolver

        import engine

        get_resolver().url_patterns  # noqa: B018 (built on the first request otherwise)
        engine.all_games()
        gc.freeze()
