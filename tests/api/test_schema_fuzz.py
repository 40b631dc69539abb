"""Schemathesis over the whole OpenAPI schema, signed in: no generated request may cause a
server error, and every answer's status code is one the schema documents (issue 17)."""

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token

from games.lobby import tables
from games.tournaments import services
from tests.factories import make_user

pytestmark = pytest.mark.django_db

# Bounded: at most this many generated requests per operation (plus schemathesis's coverage cases).
MAX_EXAMPLES = 30

CHECKS = [schemathesis.checks.not_a_server_error, schemathesis.checks.status_code_conformance]


@pytest.fixture
def api_schema():
    """The site's own WSGI app. Like Django's test client, it must not close the database
    connection at the end of each request: on PostgreSQL that would end the test's transaction."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


schema = schemathesis.pytest.from_fixture("api_schema")


@pytest.fixture
def signed_in(db):
    """A player with a token, an open match and an active one, so ids 1 and 2 exist, and a Swiss
    of theirs open to join (tournament 1)."""
    hen, rooster = make_user("hen"), make_user("rooster")
    tables.create_match(hen, "chickenrun", 2)
    tables.create_match(rooster, "chickenrun", 2, bots={"1": "sensible"})
    services.create(hen, game="chickenrun", format="swiss", seats=2, entrants=8, rounds=3)  # tournament 1
    return {"Authorization": f"Token {Token.objects.create(user=hen).key}"}


@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_is_a_server_error(case, signed_in):
    response = case.call_and_validate(headers=signed_in, checks=CHECKS)
    print(f"schemathesis-case {case.method} {case.path} {response.status_code}")
