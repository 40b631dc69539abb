"""A Celery worker on one queue whose bot turns pause after each committed step, so a test can
cut a turn in the middle. Usage: python -m tests.tasks.slow_worker <queue>"""

import os
import sys
import time

import django

STEP_PAUSE = 1.0  # seconds after each committed bot step

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chickenisland.settings")
django.setup()

from chickenisland import celery_app  # noqa: E402
from games.play import services  # noqa: E402

_submit = services.submit_action


def _submit_then_pause(match, user, action, expected_version):
    result = _submit(match, user, action, expected_version)
    if isinstance(user, services.Bot):
        time.sleep(STEP_PAUSE)
    return result


if __name__ == "__main__":
    services.submit_action = _submit_then_pause
    # a bot task that hands over (its budget spent) queues the next one here, not on the default queue
    from games import tasks
    tasks.play_bot_turns.delay = lambda *a: tasks.play_bot_turns.apply_async(a, queue=sys.argv[1])
    celery_app.worker_main(
        ["worker", "-Q", sys.argv[1], "--concurrency=1", "--loglevel=warning",
         "--without-gossip", "--without-mingle", "--without-heartbeat"]
    )
