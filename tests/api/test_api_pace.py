"""The API and a table's pace: POST /api/matches/ takes "pace" (optional, defaulted from the
clock), refuses what does not exist or does not fit with a JSON reason, every match payload shows
it, the lobby list filters by it, and the schema documents it."""

import pytest
from rest_framework.test import APIClient

from games.models import Match
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def api(user=None) -> APIClient:
    client = APIClient()
    if user:
        client.force_authenticate(user)
    return client


@pytest.mark.parametrize(
    ("given", "pace", "clock"),
    [
        ({}, "slow", "standard"),  # as before paces
        ({"pace": "live"}, "live", "1d"),
        ({"pace": "fast"}, "fast", "fast"),
        ({"clock": "1d"}, "fast", "1d"),
        ({"clock": "10d"}, "slow", "10d"),
        ({"pace": "live", "clock": "none"}, "live", "none"),
        ({"pace": None, "clock": None}, "slow", "standard"),
    ],
)
def test_create_takes_a_pace_or_defaults_it_from_the_clock(given, pace, clock):
    ann = make_user("ann")
    created = api(ann).post("/api/matches/", {"game": "chickenrun", "players": 2, **given}, format="json")
    assert created.status_code == 201, created.content
    assert (created.json()["pace"], created.json()["time_control"]) == (pace, clock)
    shown = api(ann).get(f"/api/matches/{created.json()['id']}/").json()
    assert shown["pace"] == pace


@pytest.mark.parametrize(
    ("given", "reason"),
    [
        ({"pace": "turbo"}, "pace:"),
        ({"pace": 3}, "pace:"),
        ({"pace": "live", "clock": "14d"}, "A Live table takes only the Fast clock, 1 day per move or no clock."),
        ({"pace": "fast", "clock": "relaxed"}, "A Fast table takes no clock longer than Standard or 3 days per move."),
    ],
)
def test_create_refuses_a_bad_pace_with_a_json_reason(given, reason):
    ann = make_user("ann")
    refused = api(ann).post("/api/matches/", {"game": "chickenrun", "players": 2, **given}, format="json")
    assert refused.status_code == 400
    assert refused["Content-Type"] == "application/json"
    assert reason in refused.json()["detail"]
    assert not Match.objects.exists()


def test_the_lobby_list_shows_and_filters_the_pace():
    ann = make_user("ann")
    live = api(ann).post("/api/matches/", {"game": "chickenrun", "players": 2, "pace": "live"}, format="json").json()
    api(ann).post("/api/matches/", {"game": "chickenrun", "players": 2}, format="json")
    listed = api().get("/api/matches/").json()
    assert sorted(m["pace"] for m in listed) == ["live", "slow"]
    assert [m["id"] for m in api().get("/api/matches/?pace=live").json()] == [live["id"]]
    bad = api().get("/api/matches/?pace=turbo")
    assert bad.status_code == 400 and bad.json() == {"detail": "pace must be live, fast or slow."}
    assert [m["pace"] for m in api(ann).get("/api/matches/?mine=1&pace=slow").json()] == ["slow"]


def test_the_schema_documents_the_pace():
    schema = api().get("/api/schema/?format=json").json()
    schemas = schema["components"]["schemas"]
    create = schemas["MatchCreate"]["properties"]["pace"]
    assert create["nullable"] and "several moves a day" in create["description"]
    assert set(schemas["PaceEnum"]["enum"]) == {"live", "fast", "slow"}
    for payload in ("Match", "MatchSummary"):
        assert schemas[payload]["properties"]["pace"] == {"$ref": "#/components/schemas/PaceEnum"}
    params = schema["paths"]["/api/matches/"]["get"]["parameters"]
    assert any(p["name"] == "pace" and set(p["schema"]["enum"]) == {"live", "fast", "slow"} for p in params)
