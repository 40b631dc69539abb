"""The API speaks the caller's language: the prompt of the match payload and the log lines come
as text in that language, with the message id and arguments beside them."""

import pytest
from rest_framework.test import APIClient

from engine.messages import ids_in, render
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def bot_match(user, language: str) -> tuple[APIClient, dict]:
    client = APIClient(HTTP_ACCEPT_LANGUAGE=language)
    client.force_authenticate(user)
    created = client.post("/api/matches/", {"game": "chickenrun", "players": 2, "bots": {"1": "random"}},
                          format="json")
    assert created.status_code == 201, created.content
    return client, created.json()


def test_the_prompt_reads_in_french_with_its_message_beside_it():
    client, payload = bot_match(make_user("poule"), "fr")
    prompt = client.get(f"/api/matches/{payload['id']}/").json()["prompt"]
    assert any(i.startswith("chickenrun.") for i in ids_in(prompt["message"]))
    assert prompt["message"] == client.get(f"/api/matches/{payload['id']}/").json()["view"]["prompt"]
    assert prompt["text"] and prompt["text"] != render(prompt["message"], ["poule", "random"])


def test_the_prompt_reads_in_english_for_an_english_caller():
    client, payload = bot_match(make_user("hen"), "en")
    prompt = client.get(f"/api/matches/{payload['id']}/").json()["prompt"]
    assert prompt["text"] == render(prompt["message"], [s["name"] for s in payload["seats"]])


def test_log_lines_read_in_french_with_their_messages():
    poule, hen = make_user("poule"), make_user("hen")
    clients = {}
    for user in (poule, hen):
        clients[user.username] = APIClient(HTTP_ACCEPT_LANGUAGE="fr")
        clients[user.username].force_authenticate(user)
    created = clients["poule"].post("/api/matches/", {"game": "chickenrun", "players": 2}, format="json").json()
    url = f"/api/matches/{created['id']}/"
    assert clients["hen"].post(url + "join/").status_code == 200
    mover = next(c for c in clients.values() if c.get(url).json()["legal_actions"])
    match = mover.get(url).json()
    moved = mover.post(url + "actions/", {"version": match["version"], "action": match["legal_actions"][0]},
                       format="json")
    assert moved.status_code == 200, moved.content
    log = mover.get(url + "log/").json()
    assert log and all(e["message"] for e in log)
    names = [s["name"] for s in match["seats"]]
    for entry in log:
        assert entry["text"] and entry["text"] != render(entry["message"], names)
