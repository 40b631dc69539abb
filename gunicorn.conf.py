"""gunicorn's set-up for `gunicorn chickenisland.wsgi` (read from the working directory).

Chosen with bench/http_chickenrun.py on 2 cores (docs/deployment.md has the table): threaded
workers, one more process than cores and two threads each, measured best at 10 and 50 players.
WEB_CONCURRENCY and GUNICORN_THREADS override it on a bigger machine.

It listens on loopback only (GUNICORN_BIND, e.g. `unix:/run/chickenisland/web.sock` as the
systemd unit in deploy/ sets): the site trusts the proxy's X-Forwarded-* headers (PROXY_COUNT),
so nothing but the proxy may reach it. nginx in front buffers each request and answer whole, so
a slow client holds an nginx connection, never one of these few threads.
"""

import gc
import os

worker_class = "gthread"
workers = int(os.environ.get("WEB_CONCURRENCY", (os.cpu_count() or 1) + 1))
threads = int(os.environ.get("GUNICORN_THREADS", 2))
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
# Keep-alive to the proxy (nginx reuses its upstream connections); a request stuck past
# `timeout` has its worker restarted.
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", 5))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", 30))


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

# gunicorn's control socket (in $HOME by default) is not used; several nodes on one machine
# would share its path.
control_socket_disable = True
