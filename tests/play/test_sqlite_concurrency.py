"""Defect 1 of issue 17: on the embedded SQLite default, racing submissions of one move must
answer 200 once and 409 to the rest, never 500 "database is locked"."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("rounds, racers", [(15, 16)])
def test_racing_submissions_on_sqlite_answer_one_winner_and_no_errors(tmp_path, rounds, racers):
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path / 'race.sqlite3'}", REDIS_URL="", CELERY_TASK_ALWAYS_EAGER="true")
    env.pop("DATABASE_TEST_NAME", None)
    done = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "play" / "sqlite_race.py"), str(rounds), str(racers)],
        env=env, cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    print(result)
    statuses = result["statuses"]
    assert set(statuses) <= {"200", "409"}, statuses
    assert result["winners_per_version"] == [1]
    assert statuses["200"] == 2 * result["versions_won"]  # one winner per version, plus that round's page read
    assert result["replays"]
