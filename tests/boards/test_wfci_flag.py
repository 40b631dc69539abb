"""Capture the flag on the site: the create form and the API catalog offer it and refuse what
cannot be played, a match of bots plays to its end and replays from its log, the page lists
every flag with who carries it and draws it on the island, and undo works."""

import html
import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

import engine
from games.lobby import tables
from games.play import visibility, services
from games.models import Match
from tests.factories import make_user

GAME = engine.get_game("wfci")
FLAG = {"variants": ["flag"]}


def state_of(match: Match) -> dict:
    match.refresh_from_db()
    return GAME.deserialize(match.state)


def flags_section(page: str) -> str:
    section = re.search(r'<section class="wf-flags".*?</section>', page, re.S).group(0)
    return html.unescape(re.sub(r"<[^>]+>", "", section))


@pytest.mark.django_db(transaction=True)
def test_a_match_of_bots_plays_to_the_end_and_replays(client, monkeypatch):
    monkeypatch.setattr(tables.secrets, "randbits", lambda n: 72)  # a deal the skirmishers finish quickly (flags as printed)
    match = tables.create_match(None, "wfci", 2, options=FLAG, bots={0: "skirmisher", 1: "skirmisher"})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert "flag home" in match.outcome["reason"] and len(match.outcome["winners"]) == 1
    assert visibility.replay(match) == match.state
    page = client.get(reverse("replay", args=[match.pk])).content.decode()
    text = flags_section(page)
    assert "Red's flag" in text and "Blue's flag" in text and "carried by" in text


@pytest.mark.django_db(transaction=True)
def test_people_see_the_flags_on_the_island_and_in_the_list(client):
    alice, bob = make_user("alice"), make_user("bob")
    match = tables.create_match(alice, "wfci", 2, options=FLAG)
    tables.join_match(bob, match)
    users = {0: alice, 1: bob}
    for _ in range(4):
        state = state_of(match)
        if state["stack"][-1]["kind"] != "claim_base":
            break
        seat = GAME.to_act(state)[0]
        services.submit_action(match, users[seat], GAME.legal_actions(state, seat)[0], match.version)
    state = state_of(match)
    assert not any(u["kind"] == "leader" for u in state["units"].values())
    client.force_login(alice)
    page = client.get(match.get_absolute_url()).content.decode()
    text = flags_section(page)
    assert "Red's flag R yours: carried by Red's chicken at " + state["seats"][0]["base"] in text
    assert "Blue's flag B: carried by Blue's chicken at " + state["seats"][1]["base"] in text
    assert page.count('<use href="#wflag" class="flag o0"') == 2  # on its chicken, and in the list
    assert "Red&#x27;s chicken carries Red's flag</title>" in page
    assert "Leaders to choose from" not in page


@pytest.mark.django_db(transaction=True)
def test_undo_takes_back_a_step_and_the_log_still_replays():
    alice, bob = make_user("alice"), make_user("bob")
    match = tables.create_match(alice, "wfci", 2, options=FLAG)
    tables.join_match(bob, match)
    users = {0: alice, 1: bob}
    for _ in range(40):
        state = state_of(match)
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if legal[0]["type"] == "toggle_die":
            break
        services.submit_action(match, users[seat], legal[0], match.version)
    match.refresh_from_db()
    before, v = match.state, match.version
    match = services.submit_action(match.pk, users[seat], legal[0], v)
    assert visibility.undoable_turn(match, seat) is not None
    match = services.submit_action(match.pk, users[seat], {"type": "site.undo"}, v + 1)
    assert match.state == before and visibility.replay(match) == match.state


@pytest.mark.django_db
def test_the_form_and_the_catalog_offer_the_flag_and_refuse_what_cannot_be_played(client):
    alice = make_user("alice")
    client.force_login(alice)
    form = html.unescape(client.get("/matches/new/?game=wfci").content.decode())
    assert "Capture the flag — No leaders. Each player's flag starts on a chicken in their base" in form
    wfci = next(g for g in APIClient().get("/api/games/").json() if g["slug"] == "wfci")
    assert any(v["id"] == "flag" and "your own base to win" in v["description"] for v in wfci["variants"])
    api = APIClient()
    api.force_authenticate(alice)
    for players, options, words in [(2, {"variants": ["flag", "hardcore"]}, "no leaders"),
                                    (2, {"mode": "solo", "variants": ["flag"]}, "cannot be played solo"),
                                    (4, {"variants": ["teams", "flag"]}, "choose one")]:
        response = api.post("/api/matches/", {"game": "wfci", "players": players, "options": options}, format="json")
        assert response.status_code == 400 and words in response.json()["detail"], response.json()
    response = api.post("/api/matches/", {"game": "wfci", "players": 3, "options": FLAG,
                                          "bots": {"1": "skirmisher", "2": "skirmisher"}}, format="json")
    assert response.status_code == 201
    view = response.json()["view"]
    assert view["flags"] == [] and all(s["leader"] is None for s in view["seats"])  # planted as bases are claimed
