"""The production stack for the deployment tests (deploy/stack.py): nginx from Debian's package
in front of gunicorn, on the PostgreSQL test database. Outside CI these tests skip when nginx or
PostgreSQL is missing; under CI=true a skip fails the run (tests/conftest.py)."""

from __future__ import annotations

import shutil

import pytest
from django.db import connection

from deploy import stack
from tests.conftest import uses_postgres


def database_url_of_tests() -> str:
    db = connection.settings_dict
    return f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture(scope="session")
def nginx_installed():
    if stack.nginx_binary() is None:
        pytest.skip("needs nginx (apt-get install nginx; .ci/run installs it)")
    if shutil.which("openssl") is None:
        pytest.skip("needs openssl for the proxy's test certificate")


@pytest.fixture(scope="session")
def static_collected():
    """Production pages name their static files through collectstatic's manifest."""
    stack.collectstatic(stack.site_env("sqlite://"))


@pytest.fixture(scope="module")
def workdir():
    path = stack.workdir("chickenisland-deploy-")
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="module")
def site(nginx_installed, static_collected, django_db_setup, django_db_blocker, workdir):
    """One gunicorn node (the shipped gunicorn.conf.py, 1 process x 2 threads, so a stalled
    thread would show) behind nginx with the shipped proxy settings, on the test database."""
    if not uses_postgres():
        pytest.skip("needs PostgreSQL (set DATABASE_URL; .ci/run does)")
    env = stack.site_env(database_url_of_tests())
    port = stack.free_port()
    web = stack.gunicorn(port, env, workdir, workers=1, threads=2)
    try:
        proxy = stack.Nginx(workdir, [port])
    except BaseException:
        web.stop()
        raise
    proxy.web_port = port
    try:
        yield proxy
    finally:
        proxy.stop()
        web.stop()


from tests.production.live_stack import live_stack  # noqa: E402,F401 (the live tables' stack, for test_live_*)
