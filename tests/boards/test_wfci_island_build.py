"""The hand-built island on the site: the create form and the API catalog offer it, a solo game
refuses it, a match of bots builds its island, plays to the end and replays from its log, an
illegal placement is refused with the rule's words, undo takes a placement back, and the page
shows the set-up panel with exactly the legal hexes."""

import html
import json
import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

import engine
from games.lobby import tables
from games.play import visibility, services
from games.models import Match
from games.templatetags.page_tags import match_name
from tests.factories import make_user

GAME = engine.get_game("wfci")
BUILD = {"island": "build"}


def state_of(match: Match) -> dict:
    match.refresh_from_db()
    return GAME.deserialize(match.state)


def people():
    alice, bob = make_user("alice"), make_user("bob")
    match = tables.create_match(alice, "wfci", 2, options=BUILD)
    tables.join_match(bob, match)
    match.refresh_from_db()
    return match, {0: alice, 1: bob}


def to_the_island(match, users):
    """The people choose their leaders: the first Territory is due."""
    while (state := state_of(match))["stack"][-1]["kind"] != "island":
        seat = GAME.to_act(state)[0]
        services.submit_action(match, users[seat], GAME.legal_actions(state, seat)[0], match.version)
    return state


@pytest.mark.django_db
def test_the_form_and_the_catalog_offer_the_hand_built_island(client):
    alice = make_user("alice")
    client.force_login(alice)
    form = html.unescape(client.get(reverse("new_match") + "?game=wfci").content.decode())
    assert "Build the island — Players place the tiles themselves before the game starts." in form
    response = client.post(reverse("new_match"), {"game": "wfci", "players": 2, "island": "build",
                                                  "seat_1": "skirmisher"})
    match = Match.objects.get()
    assert response.status_code == 302 and match.options["island"] == "build"
    assert match_name(match) == "War for Chicken Island · Standard (2nd edition) · Build the island · 2 players"
    wfci = next(g for g in APIClient().get("/api/games/").json() if g["slug"] == "wfci")
    assert [i["id"] for i in wfci["islands"]] == ["starter", "random", "build"]
    api = APIClient()
    api.force_authenticate(alice)
    response = api.post("/api/matches/", {"game": "wfci", "players": 2, "options": {"mode": "solo", "island": "build"}},
                        format="json")
    assert response.status_code == 400 and "cannot place tiles" in response.json()["detail"]


@pytest.mark.django_db(transaction=True)
def test_a_match_of_bots_builds_its_island_plays_to_the_end_and_replays(client):
    match = tables.create_match(None, "wfci", 2, options=BUILD, bots={0: "skirmisher", 1: "skirmisher"})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert visibility.replay(match) == match.state
    kinds = [t["kind"] for t in match.state["island"]["tiles"].values()]
    assert kinds.count("base") == 2 and kinds.count("territory") == 8
    placed = [t.version for t in match.turns.order_by("version") if "lays the Territory tile from" in t.text]
    assert len(placed) == 2
    for v in placed:  # the replay shows each placement as the step that led to its position
        page = client.get(reverse("replay", args=[match.pk]) + f"?v={v}").content.decode()
        step = re.search(r'id="replay-step">(.*?)</p>', page, re.S).group(1)
        assert "lays the Territory tile from" in html.unescape(step)


@pytest.mark.django_db
def test_an_illegal_placement_is_refused_with_the_rule():
    match, users = people()
    state = to_the_island(match, users)
    seat = GAME.to_act(state)[0]
    api = APIClient()
    api.force_authenticate(users[seat])
    response = api.post(f"/api/matches/{match.pk}/actions/",
                        {"version": match.version, "action": {"type": "territory_from", "hex": "0,0"}}, format="json")
    assert response.status_code == 400 and "0,0 is already covered by a tile" in response.json()["detail"]
    response = api.post(f"/api/matches/{match.pk}/actions/",
                        {"version": match.version, "action": {"type": "place_base", "hex": "1,1"}}, format="json")
    assert response.status_code == 400 and "must place a Territory tile" in response.json()["detail"]
    assert state_of(match) == state


@pytest.mark.django_db
def test_undo_takes_a_placement_back_and_the_log_still_replays():
    match, users = people()
    state = to_the_island(match, users)
    seat = GAME.to_act(state)[0]
    before, v = match.state, match.version
    match = services.submit_action(match.pk, users[seat], GAME.legal_actions(state, seat)[0], v)
    assert visibility.undoable_turn(match, seat) is not None
    match = services.submit_action(match.pk, users[seat], {"type": "site.undo"}, v + 1)
    assert match.state == before and visibility.replay(match) == match.state


@pytest.mark.django_db
def test_the_page_shows_the_panel_and_exactly_the_legal_hexes(client):
    match, users = people()
    state = to_the_island(match, users)
    seat = GAME.to_act(state)[0]
    client.force_login(users[seat])
    raw = client.get(match.get_absolute_url()).content.decode()
    page = html.unescape(raw)
    assert 'id="wf-build"' in page and "Building the island: round 1 of 2" in page
    assert "Left in the box:" in page and "6 Territory tiles" in page and "at least 3 steps apart" in page
    legal = {json.dumps(a, sort_keys=True) for a in GAME.legal_actions(state, seat)}
    shown = {json.dumps(json.loads(html.unescape(a)), sort_keys=True)
             for a in re.findall(r'data-action="([^"]*)"', raw)}
    assert shown == legal
    client.force_login(users[1 - seat])
    other = html.unescape(client.get(match.get_absolute_url()).content.decode())
    assert 'id="wf-build"' in other and "data-action" not in other.split('id="wf-build"')[1].split("</section>")[0]
