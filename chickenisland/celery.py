"""The Celery app: bot turns and periodic jobs. Without REDIS_URL tasks run in-process."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chickenisland.settings")

app = Celery("chickenisland")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
