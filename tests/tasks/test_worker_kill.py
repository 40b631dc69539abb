"""A worker killed (SIGKILL) in the middle of the Challenger's turn: the unacknowledged task is
handed out again once the broker's visibility timeout has passed, and a new worker finishes
the turn from where it stopped, each step once.

The test starts its own workers on a queue of its own, so it can kill one without touching
any other worker on the same broker; their bot steps pause a second each (slow_worker), so
the turn lasts long enough to be cut.
"""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

import engine
from chickenisland import celery_app
from games.lobby import tables
from games.play import visibility, services
from games import tasks
from games.models import Match, Turn
from tests.factories import make_user

ROOT = Path(__file__).resolve().parents[2]
QUEUE = f"worker-kill-{os.getpid()}"
# The test's workers hand a dead worker's task out again after 20 s instead of the site's 60 (a
# task here is one bot decision and a second's pause), so the test waits a third as long.
VISIBILITY = 20
# Visibility timeout + one sweep of the new worker + the rest of the turn, with room to spare.
REDONE_WITHIN = VISIBILITY + 40


def _database_url() -> str:
    db = connection.settings_dict
    return f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def _start_worker() -> subprocess.Popen:
    env = dict(os.environ, DATABASE_URL=_database_url(), CELERY_VISIBILITY_TIMEOUT=str(VISIBILITY))
    return subprocess.Popen(
        [sys.executable, "-m", "tests.tasks.slow_worker", QUEUE],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )


def _kill(worker: subprocess.Popen) -> None:
    """SIGKILL the worker and its pool children: nothing is acknowledged or rejected."""
    try:
        os.killpg(worker.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    worker.wait(timeout=10)


def _wait_for(check, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"not within {seconds:.0f} s: {what}")


def _challenger_turn(state, game) -> list[dict]:
    """The Challenger's steps from `state` until the person is to act again, by the engine alone."""
    steps = []
    while 1 in game.to_act(state):
        action = game.bot_action(state, 1, "challenger")
        steps.append(action)
        state = game.apply(state, 1, action)
    return steps


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_challenger_turn_cut_by_a_killed_worker_is_finished_once(broker, monkeypatch):
    monkeypatch.setitem(celery_app.conf, "task_always_eager", False)
    monkeypatch.setattr(tasks.play_bot_turns, "delay", lambda *args: tasks.play_bot_turns.apply_async(args, queue=QUEUE))
    alice = make_user("alice")
    match = tables.create_match(alice, "wfci", 2, {"mode": "solo"})
    match.refresh_from_db()
    game = engine.get_game("wfci")
    assert match.to_act == [0]

    worker = _start_worker()
    try:
        while match.to_act == [0]:  # the person's steps; the one that hands over queues the Challenger
            legal = game.legal_actions(game.deserialize(match.state), 0)
            action = next((a for a in legal if a["type"] in ("end", "pass")), legal[0])
            match = services.submit_action(match.pk, alice, action, match.version)
        handed_over = match.version
        expected = _challenger_turn(game.deserialize(match.state), game)
        assert len(expected) >= 3, "a turn of several steps, so it can be cut in the middle"

        _wait_for(lambda: Match.objects.get(pk=match.pk).version > handed_over, 60, "the Challenger's first step")
        _kill(worker)
        killed_at = time.monotonic()
        cut = Match.objects.get(pk=match.pk)
        assert 1 in cut.to_act and cut.version < handed_over + len(expected), "killed in the middle of the turn"

        worker = _start_worker()
        _wait_for(lambda: Match.objects.get(pk=match.pk).to_act == [0], REDONE_WITHIN, "the turn finished by the new worker")
        redone = time.monotonic() - killed_at
        print(f"\nturn finished {redone:.0f} s after the kill (bound {REDONE_WITHIN} s)")
    finally:
        _kill(worker)

    match.refresh_from_db()
    turns = list(Turn.objects.filter(match=match).order_by("version"))
    assert [t.version for t in turns] == list(range(1, match.version + 1))
    assert [t.action for t in turns if t.version > handed_over] == expected
    assert all(t.seat == 1 for t in turns if t.version > handed_over)
    assert visibility.replay(match) == match.state

