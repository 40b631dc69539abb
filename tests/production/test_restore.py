"""The backup and restore recipe of docs/deployment.md, run as written: the backup command on a
database with played matches, then the restore block into a new database owned by an ordinary
(non-superuser) role, as the site's own role is. The restored site must pass verify_matches."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from urllib.parse import urlparse

import psycopg
import pytest
from django.db import connection

from deploy.stack import ROOT
from games.models import Match
from tests.factories import human_match, make_user
from tests.production.conftest import database_url_of_tests

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

DOCS = ROOT / "docs" / "deployment.md"
VENV_PYTHON = "/srv/chickenisland/venv/bin/python"


def recipe(marker: str) -> str:
    """The shell block that follows `<!-- marker -->` in docs/deployment.md."""
    text = DOCS.read_text()
    found = re.search(rf"<!-- {marker} -->\s*```sh\n(.*?)```", text, re.S)
    assert found, f"docs/deployment.md has no block marked {marker}"
    return found.group(1)


def superuser_env(url: str) -> dict:
    """What `runuser -u postgres --` gives the commands when this machine's cluster is not the
    test server's (or this is not root): the test server's superuser, by the PG* variables."""
    parts = urlparse(url)
    return {"PGHOST": parts.hostname, "PGPORT": str(parts.port or 5432), "PGUSER": parts.username,
            "PGPASSWORD": parts.password or ""}


def local_cluster_is_the_test_server(port: int) -> bool:
    if os.geteuid() != 0 or shutil.which("runuser") is None:
        return False
    answer = subprocess.run(["runuser", "-u", "postgres", "--", "psql", "-Atc", "SHOW port"], capture_output=True, text=True)
    return answer.returncode == 0 and answer.stdout.strip() == str(port)


def run_block(block: str, env: dict, cwd) -> None:
    result = subprocess.run(["bash", "-euo", "pipefail", "-c", block], cwd=cwd, env=env, capture_output=True, text=True)
    assert result.returncode == 0, f"{block}\n--- stdout\n{result.stdout[-2000:]}\n--- stderr\n{result.stderr[-2000:]}"


@pytest.fixture
def restored_role():
    name, password = "restore_owner", "restore-pw"
    admin = database_url_of_tests()
    with psycopg.connect(urlparse(admin)._replace(path="/postgres").geturl(), autocommit=True) as conn:
        conn.execute("DROP DATABASE IF EXISTS restore_target WITH (FORCE)")
        conn.execute(f"DROP ROLE IF EXISTS {name}")
        conn.execute(f"CREATE ROLE {name} LOGIN PASSWORD '{password}'")  # no CREATEDB, not a superuser
    yield name, password
    with psycopg.connect(urlparse(admin)._replace(path="/postgres").geturl(), autocommit=True) as conn:
        conn.execute("DROP DATABASE IF EXISTS restore_target WITH (FORCE)")
        conn.execute(f"DROP ROLE IF EXISTS {name}")


def test_the_documented_backup_and_restore_give_back_every_match(postgres, restored_role, tmp_path):
    if shutil.which("pg_dump") is None or shutil.which("pg_restore") is None:
        pytest.skip("needs PostgreSQL's client tools (.ci/run installs them)")
    for n in range(3):
        match = human_match(make_user(f"a{n}"), make_user(f"b{n}"))
        assert match.status == Match.Status.ACTIVE
    source = database_url_of_tests()
    role, password = restored_role
    port = urlparse(source).port or 5432
    target = f"postgres://{role}:{password}@127.0.0.1:{port}/restore_target"
    env = dict(os.environ, DATABASE_URL=source, DB="restore_target", OWNER=role, DUMP=str(tmp_path / "site.dump"))
    env.pop("DATABASE_TEST_NAME", None)

    backup = recipe("backup").replace("chickenisland-$(date +%F).dump", '"$DUMP"')
    run_block(backup, env, tmp_path)
    assert (tmp_path / "site.dump").stat().st_size > 0

    restore = recipe("restore").replace(VENV_PYTHON, sys.executable)
    restore = "\n".join(line for line in restore.splitlines() if not line.startswith(("DB=", "OWNER=", "DUMP=")))
    if not local_cluster_is_the_test_server(port):
        restore = restore.replace("runuser -u postgres -- ", "")
        env.update(superuser_env(source))
    env["DATABASE_URL"] = target
    run_block(restore, env, ROOT)

    with psycopg.connect(target) as conn:
        restored = conn.execute("SELECT count(*), sum(version) FROM games_match").fetchone()
        owner = conn.execute("SELECT pg_catalog.pg_get_userbyid(datdba) FROM pg_database WHERE datname = 'restore_target'").fetchone()
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*), sum(version) FROM games_match")
        assert restored == cursor.fetchone()
    assert owner == (role,)
