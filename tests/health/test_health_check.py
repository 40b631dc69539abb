"""The persistent connection's health check (chickenisland/postgresql/base.py): skipped for a
connection that served a request without error in the last half second, made as Django makes it
otherwise, and a connection the server dropped is replaced either way."""

import psycopg
import pytest
from django.db import OperationalError, connection

from chickenisland.postgresql import base


def _request():
    """One request's life as Django's request signals drive it: old connections checked at its
    start, a query, the connection kept or closed at its end."""
    connection.close_if_unusable_or_obsolete()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM games_match")
            return cursor.fetchone()[0]
    finally:
        connection.close_if_unusable_or_obsolete()


def _drop_from_the_server():
    """The server ends this connection's backend, as a restart does."""
    pid = connection.connection.info.backend_pid
    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])


@pytest.fixture
def checks(postgres, transactional_db, monkeypatch):
    assert connection.settings_dict["CONN_HEALTH_CHECKS"]
    made = []
    real = connection.is_usable
    monkeypatch.setattr(connection, "is_usable", lambda: made.append(1) or real())
    connection.close()
    return made


def test_a_connection_that_just_served_is_not_checked_again(checks):
    for _ in range(5):
        _request()
    assert len(checks) == 0  # the first request opened the connection: nothing to check
    connection.good_until = 0.0  # as if idle past the window
    _request()
    assert len(checks) == 1
    _request()
    assert len(checks) == 1


def test_a_connection_idle_past_the_window_is_checked_and_replaced_if_dropped(checks, monkeypatch):
    monkeypatch.setattr(base, "FRESH_SECONDS", 0.0)
    _request()
    first = connection.connection.info.backend_pid
    _drop_from_the_server()
    assert _request() == 0  # served, on a new connection
    assert len(checks) == 1
    assert connection.connection.info.backend_pid != first


def test_a_connection_dropped_within_the_window_fails_one_request_then_is_replaced(checks):
    _request()
    first = connection.connection.info.backend_pid
    _drop_from_the_server()
    with pytest.raises(OperationalError):  # OutageMiddleware answers it 503 with Retry-After
        _request()
    assert connection.connection is None  # Django's own check after the error closed it
    assert _request() == 0
    assert connection.connection.info.backend_pid != first


def test_a_request_with_an_error_is_not_proof_of_health(checks):
    _request()
    connection.close_if_unusable_or_obsolete()
    connection.errors_occurred = True  # as after an OperationalError the request survived
    connection.close_if_unusable_or_obsolete()  # Django's own check, which passes
    assert len(checks) == 1
    connection.errors_occurred = True
    _request()  # checked at its start by Django, then served
    assert connection.good_until > 0.0
