"""Defect 1 of issue 17, second half: under `make run` (eager tasks, no worker, no beat) a bot
turn whose run died is resumed by the serving process itself."""

import threading
from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone

from games.lobby import tables
from games.play import visibility, services
from games import periodic, tasks
from games.models import Match
from tests.factories import make_user


def _stuck_bot_match():
    """A match whose bot is to act but whose bot task was lost."""
    hen = make_user("hen")
    with mock.patch.object(tasks.play_bot_turns, "delay"):
        match = tables.create_match(hen, "chickenrun", 2, bots={"1": "sensible"})
        for _ in range(200):
            match.refresh_from_db()
            if 1 in match.to_act:
                break
            action = visibility.match_payload(match, hen)["legal_actions"][0]
            services.submit_action(match.pk, hen, action, match.version)
    Match.objects.filter(pk=match.pk).update(updated_at=timezone.now() - timedelta(minutes=1))
    match.refresh_from_db()
    assert 1 in match.to_act
    return match


@pytest.mark.django_db
def test_a_pass_of_the_runner_plays_the_stuck_bot_turn():
    match = _stuck_bot_match()
    version = match.version
    assert periodic.run_once() == 1
    match.refresh_from_db()
    assert match.version > version and 1 not in match.to_act


@pytest.mark.django_db
def test_a_failing_pass_is_logged_and_the_next_one_retries(caplog):
    match = _stuck_bot_match()
    with mock.patch.object(tasks, "advance_stalled_bots", side_effect=RuntimeError("database is locked")):
        assert periodic.run_once() == 0
    assert "resuming bot turns failed" in caplog.text
    assert periodic.run_once() == 1
    match.refresh_from_db()
    assert 1 not in match.to_act


def test_the_thread_runs_the_job_again_and_again():
    passes, stop = [], threading.Event()
    done = threading.Event()

    def count():
        passes.append(1)
        if len(passes) == 3:
            done.set()
            stop.set()

    with mock.patch.object(periodic, "run_once", side_effect=count):
        periodic._thread = None
        thread = periodic.start(period=0.01, stop=stop)
        assert done.wait(30)
        thread.join(30)
    assert len(passes) == 3


@pytest.mark.parametrize(
    "argv, environ, serves",
    [
        (["manage.py", "runserver", "127.0.0.1:8000"], {"RUN_MAIN": "true"}, True),
        (["manage.py", "runserver", "--noreload"], {}, True),
        (["manage.py", "runserver"], {}, False),  # the autoreloader's parent
        (["manage.py", "migrate"], {"RUN_MAIN": "true"}, False),
        (["pytest"], {}, False),
    ],
)
def test_only_the_serving_development_server_runs_the_jobs(argv, environ, serves):
    assert periodic.serving(argv, environ) is serves
