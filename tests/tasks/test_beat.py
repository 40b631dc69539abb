"""Celery beat + a real worker + Redis: a due reminder is sent exactly once."""

import os
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection
from django.utils import timezone

from games.lobby import tables
from games.models import Notification, Seat
from tests.factories import make_user

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_due_reminder_is_sent_once_by_beat_and_the_worker(celery_worker, tmp_path):
    a, b = make_user("alice"), make_user("bob")
    match = tables.create_match(a, "chickenrun", 2, clock="1d")
    tables.join_match(b, match)
    match.refresh_from_db()
    seat = Seat.objects.get(match=match, index=match.to_act[0])
    now = timezone.now()
    Seat.objects.filter(pk=seat.pk).update(turn_started_at=now - timedelta(hours=13), deadline=now + timedelta(hours=11))

    db = connection.settings_dict
    env = dict(os.environ)
    env.update(
        BEAT_REMINDERS_SECONDS="1",
        DATABASE_URL=f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}",
    )
    beat = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "chickenisland", "beat", "--loglevel=warning",
         "--schedule", str(tmp_path / "beat-schedule"), "--max-interval", "1"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        reminders = Notification.objects.filter(kind="reminder", user_id=seat.user_id, match=match)
        deadline = time.time() + 40
        while time.time() < deadline and not reminders.exists():
            time.sleep(0.5)
        assert reminders.count() == 1, "beat sent the job and the worker reminded the player"
        time.sleep(5)  # several more beats
        assert reminders.count() == 1
        seat.refresh_from_db()
        assert seat.reminders_sent == ["half"]  # the half-time reminder of a one-day clock
        notice = reminders.get()
        channels = list(notice.deliveries.values_list("channel", flat=True))
        assert len(channels) == len(set(channels)) and not notice.deliveries.filter(outcome="failed").exists()
    finally:
        beat.terminate()
        beat.wait(timeout=10)
