"""A Celery worker on one queue for the outbox tests, with the test-only game registered.
Usage: python -m tests.notifications.notify_worker <queue>   (settings come from the environment)"""

import os
import sys

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chickenisland.settings")
django.setup()

from chickenisland import celery_app  # noqa: E402
from tests import racegame  # noqa: E402,F401  registers "race"

if __name__ == "__main__":
    # a bot task that hands over (its budget spent) queues the next one here, not on the default queue
    from games import tasks
    tasks.play_bot_turns.delay = lambda *a: tasks.play_bot_turns.apply_async(a, queue=sys.argv[1])
    celery_app.worker_main(
        ["worker", "-Q", sys.argv[1], "--concurrency=1", "--loglevel=warning",
         "--without-gossip", "--without-mingle", "--without-heartbeat"]
    )
