"""gunicorn's set-up for `gunicorn chickenisland.wsgi` (read from the working directory).

Chosen with bench/http_chickenrun.py on 2 cores (docs/deployment.md has the table): threaded
workers, one more process than cores and two threads each, measured best at 10 and 50 players.
WEB_CONCURRENCY and GUNICORN_THREADS override it on a bigger machine.
"""

import os

worker_class = "gthread"
workers = int(os.environ.get("WEB_CONCURRENCY", (os.cpu_count() or 1) + 1))
threads = int(os.environ.get("GUNICORN_THREADS", 2))
bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
