"""Cockfight on the site: the form and the API catalog offer it and refuse what cannot be
played, a match of bots plays to its end and replays from its log, each person's page and API
response show their own chickens' ranks and never another's face-down ones, and undo works."""

import html
import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

import engine
from engine.wfci import cockfight
from games.lobby import tables
from games.play import visibility, services
from games.models import Match
from tests.factories import make_user

GAME = engine.get_game("wfci")
COCKFIGHT = {"variants": ["cockfight"]}
BOARD = re.compile(r'<div class="wfci.*</script>', re.S)
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def board_of(page: str) -> str:
    """The board, without the per-request CSRF token of its forms."""
    return CSRF.sub("", BOARD.search(page).group(0))


def state_of(match: Match) -> dict:
    match.refresh_from_db()
    return GAME.deserialize(match.state)


def people_past_setup():
    """Alice (Red) and Bob (Blue) with leaders chosen and bases claimed."""
    alice, bob = make_user("alice"), make_user("bob")
    match = tables.create_match(alice, "wfci", 2, options=COCKFIGHT)
    tables.join_match(bob, match)
    users = {0: alice, 1: bob}
    while state_of(match)["stack"][-1]["kind"] in ("choose_leader", "claim_base"):
        state = state_of(match)
        seat = GAME.to_act(state)[0]
        services.submit_action(match, users[seat], GAME.legal_actions(state, seat)[0], match.version)
    return match, users


def reshuffle_face_down(match: Match, seat: int):
    """Store the same position with `seat`'s face-down chickens holding their ranks in another order."""
    state = state_of(match)
    cf = state["cockfight"]
    tokens = sorted(t for t in cf["ranks"] if cockfight.owner(t) == seat and t not in cf["up"])
    ranks = [cf["ranks"][t] for t in tokens]
    cf["ranks"].update(zip(tokens, ranks[1:] + ranks[:1]))
    assert ranks != ranks[1:] + ranks[:1]
    Match.objects.filter(pk=match.pk).update(state=GAME.serialize(state))


@pytest.mark.django_db(transaction=True)
def test_a_match_of_bots_plays_to_the_end_and_replays(client):
    match = tables.create_match(None, "wfci", 2, options=COCKFIGHT, bots={s: "skirmisher" for s in range(2)})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and len(match.outcome["winners"]) == 1
    assert visibility.replay(match) == match.state
    page = client.get(reverse("replay", args=[match.pk])).content.decode()
    assert "Cockfight: hidden ranks" in page and "Machine stock" not in page and "data-action" not in page


def page_and_units(client, match) -> str:
    """The match page and the Island tab's list of units, which the page fetches when opened."""
    units = client.get(reverse("match_board", args=[match.pk]), {"pane": "island"})
    assert units.status_code == 200
    return client.get(match.get_absolute_url()).content.decode() + units.content.decode()


@pytest.mark.django_db(transaction=True)
def test_each_person_sees_only_their_own_ranks_on_the_page_and_in_the_api(client):
    match, users = people_past_setup()
    state = state_of(match)
    ranks = state["cockfight"]["ranks"]
    client.force_login(users[0])
    mine = page_and_units(client, match)
    for hen in (t for t in ranks if cockfight.owner(t) == 0):
        assert re.search(rf'id="ui-{hen}".*?rank {ranks[hen]}, face down: only you see it', mine, re.S)
    assert "face down: its rank is hidden" in mine  # Bob's chickens
    assert 'class="rsc"' not in mine and "Machine stock" not in mine  # no resources, no machines

    client.force_login(users[1])
    api = APIClient()
    api.force_authenticate(users[1])
    before_page = board_of(page_and_units(client, match))
    before_api = api.get(f"/api/matches/{match.pk}/").json()
    assert all(u["rank"] is None for u in before_api["view"]["units"] if u["kind"] == "chicken" and u["owner"] == 0)
    assert all(u["rank"] == ranks[u["id"]] for u in before_api["view"]["units"]
               if u["kind"] == "chicken" and u["owner"] == 1)
    reshuffle_face_down(match, 0)  # Bob cannot tell the difference, in any byte
    after_page = board_of(page_and_units(client, match))
    after_api = api.get(f"/api/matches/{match.pk}/").json()
    assert after_page == before_page
    assert after_api["view"] == before_api["view"] and after_api["legal_actions"] == before_api["legal_actions"]
    log = api.get(f"/api/matches/{match.pk}/log/").json()
    assert "rank" not in str(log)


@pytest.mark.django_db(transaction=True)
def test_undo_takes_back_a_reorder_and_the_log_still_replays():
    match, users = people_past_setup()
    state = state_of(match)
    seat = GAME.to_act(state)[0]
    for action in ({"type": "skip_roll"}, {"type": "retrieve", "pay": "free"}):
        match = services.submit_action(match.pk, users[seat], action, match.version)
    before, v = match.state, match.version
    top = next(a for a in GAME.legal_actions(state_of(match), seat) if a["type"] == "to_top")
    match = services.submit_action(match.pk, users[seat], top, v)
    assert visibility.undoable_turn(match, seat) is not None
    match = services.submit_action(match.pk, users[seat], {"type": "site.undo"}, v + 1)
    assert match.state == before and visibility.replay(match) == match.state


@pytest.mark.django_db
def test_the_form_and_the_catalog_offer_the_cockfight_and_refuse_what_cannot_be_played(client):
    alice = make_user("alice")
    client.force_login(alice)
    form = html.unescape(client.get("/matches/new/?game=wfci").content.decode())
    assert "Cockfight — No resources and no machines: chickens only" in form
    wfci = next(g for g in APIClient().get("/api/games/").json() if g["slug"] == "wfci")
    assert any(v["id"] == "cockfight" and "hidden ranks" in v["description"] for v in wfci["variants"])
    api = APIClient()
    api.force_authenticate(alice)
    for players, options, words in [(2, {"variants": ["cockfight", "quickplay"]}, "no machines to build"),
                                    (2, {"mode": "solo", "variants": ["cockfight"]}, "cannot be played solo"),
                                    (2, {"variants": ["cockfight", "base_bonus"]}, "give none")]:
        response = api.post("/api/matches/", {"game": "wfci", "players": players, "options": options}, format="json")
        assert response.status_code == 400 and words in response.json()["detail"], response.json()
    response = api.post("/api/matches/", {"game": "wfci", "players": 2, "options": COCKFIGHT,
                                          "bots": {"1": "skirmisher"}}, format="json")
    assert response.status_code == 201
    assert response.json()["view"]["cockfight"]["ranks"] == [0, 0, 1, 1, 2, 2]
