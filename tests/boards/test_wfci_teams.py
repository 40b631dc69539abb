"""The teams variant on the site: the create form and the API catalog offer it, a match of
bots plays to its end and replays from its log, people see their team, their partner and the
result said per team, undo works, and ratings count a team result against the other team."""

import html
import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

import engine
from games.play import glicko2, ratings, visibility, services
from games.lobby import tables
from games.models import Match, Rating
from tests.factories import make_user

GAME = engine.get_game("wfci")
TEAMS = {"variants": ["teams"]}
CARD_ID = re.compile(r"\b(?:scroll|machine|leader)-\d\d\b")


def state_of(match: Match) -> dict:
    match.refresh_from_db()
    return GAME.deserialize(match.state)


def people_and_bots():
    """Alice (Red) and Bob (Blue) against each other, each with a skirmisher partner."""
    alice, bob = make_user("alice"), make_user("bob")
    match = tables.create_match(alice, "wfci", 4, options=TEAMS, bots={2: "skirmisher", 3: "skirmisher"})
    tables.join_match(bob, match)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    return match, {0: alice, 1: bob}


def until(match, users, done, steps=400):
    """The people take the first legal action until `done(state)`."""
    for _ in range(steps):
        state = state_of(match)
        if done(state):
            return state
        seat = GAME.to_act(state)[0]
        services.submit_action(match, users[seat], GAME.legal_actions(state, seat)[0], match.version)
    raise AssertionError("never got there")


@pytest.mark.django_db(transaction=True)
def test_a_match_of_bots_plays_to_the_end_and_replays(client, monkeypatch):
    monkeypatch.setattr(tables.secrets, "randbits", lambda n: 7)  # a deal the skirmishers finish quickly
    match = tables.create_match(None, "wfci", 4, options=TEAMS, bots={s: "skirmisher" for s in range(4)})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    winners = sorted(match.outcome["winners"])
    assert winners in ([0, 2], [1, 3]) and match.outcome["teams"] == [[0, 2], [1, 3]]
    assert match.outcome["placement"] == [winners, [s for s in range(4) if s not in winners]]
    assert visibility.replay(match) == match.state
    page = client.get(reverse("replay", args=[match.pk])).content.decode()
    colours = "Red and Yellow" if winners == [0, 2] else "Blue and Green"
    assert f'<p class="team-result" id="team-result">{colours} win</p>' in page


@pytest.mark.django_db(transaction=True)
def test_people_see_their_team_partner_and_no_partner_hand(client):
    match, users = people_and_bots()
    state = until(match, users, lambda s: s["stack"][-1]["kind"] == "turn")
    client.force_login(users[0])
    page = client.get(match.get_absolute_url(), {"tab": "players"}).content.decode()  # with the players
    teams = re.search(r'<section class="wf-teams".*?</section>', page, re.S).group(0)
    text = html.unescape(re.sub(r"<[^>]+>", "", teams))
    assert "Team 1, Red and Yellow: R alice you, Y " in text and "Team 2, Blue and Green: B bob, G " in text
    assert page.count('class="team-b t1"') == 2 and page.count('class="team-b t2"') == 2  # the players list
    partner = match.seats.get(index=2).display_name
    assert f"team 1 with {html.escape(partner)}" in page
    assert not GAME.hidden_from(state, 0) & set(CARD_ID.findall(page))
    assert set(state["seats"][2]["hand"]) <= GAME.hidden_from(state, 0)


@pytest.mark.django_db(transaction=True)
def test_undo_takes_back_a_step_and_the_log_still_replays():
    match, users = people_and_bots()
    until(match, users, lambda s: s["stack"][-1]["kind"] == "turn" and s["stack"][0]["step"] == "roll"
          and s["stack"][0]["seat"] in users and s["seats"][s["stack"][0]["seat"]]["banner"])
    match.refresh_from_db()
    seat = match.to_act[0]
    before, v = match.state, match.version
    die = GAME.legal_actions(GAME.deserialize(before), seat)[0]
    assert die["type"] == "toggle_die"
    match = services.submit_action(match.pk, users[seat], die, v)
    assert visibility.undoable_turn(match, seat) is not None
    match = services.submit_action(match.pk, users[seat], {"type": "site.undo"}, v + 1)
    assert match.state == before and visibility.replay(match) == match.state


@pytest.mark.django_db
def test_ratings_count_a_team_result_against_the_other_team_only():
    people = [make_user(n) for n in ("ann", "ben", "cat", "dan")]
    match = tables.create_match(people[0], "wfci", 4, options=TEAMS, rated=True)
    for p in people[1:]:
        tables.join_match(p, match)
    match.refresh_from_db()
    start = {0: 1700.0, 1: 1500.0, 2: 1300.0, 3: 1500.0}
    for i, p in enumerate(people):
        Rating.objects.create(user=p, game="wfci", rating=start[i], rd=100.0)
    before = {i: glicko2.Rating(start[i], 100.0, 0.06) for i in range(4)}
    match.outcome = {"winners": [0, 2], "losers": [1, 3], "reason": "test", "teams": [[0, 2], [1, 3]]}
    ratings.record(match, list(match.seats.order_by("index")))
    after = {i: Rating.objects.get(user=p, game="wfci").rating for i, p in enumerate(people)}
    assert after[0] == pytest.approx(glicko2.update(before[0], [(before[1], 1.0), (before[3], 1.0)]).rating)
    assert after[2] == pytest.approx(glicko2.update(before[2], [(before[1], 1.0), (before[3], 1.0)]).rating)
    assert after[1] == pytest.approx(glicko2.update(before[1], [(before[0], 0.0), (before[2], 0.0)]).rating)
    assert after[0] > start[0] and after[2] > start[2] and after[1] < start[1] and after[3] < start[3]


@pytest.mark.django_db
def test_the_form_and_the_catalog_offer_teams_and_refuse_what_cannot_be_played(client):
    alice = make_user("alice")
    client.force_login(alice)
    form = html.unescape(client.get("/matches/new/?game=wfci").content.decode())
    assert "Teams — Four players in two teams (seats 1 and 3 against 2 and 4)" in form
    wfci = next(g for g in APIClient().get("/api/games/").json() if g["slug"] == "wfci")
    assert any(v["id"] == "teams" and "two teams" in v["description"] for v in wfci["variants"])
    api = APIClient()
    api.force_authenticate(alice)
    for players, variants, words in [(3, ["teams"], "exactly 4 players"), (4, ["teams", "flag"], "choose one")]:
        response = api.post("/api/matches/", {"game": "wfci", "players": players,
                                              "options": {"variants": variants}}, format="json")
        assert response.status_code == 400 and words in response.json()["detail"]
    response = api.post("/api/matches/", {"game": "wfci", "players": 4, "options": TEAMS,
                                          "bots": {"1": "skirmisher", "2": "skirmisher", "3": "skirmisher"}}, format="json")
    assert response.status_code == 201 and response.json()["view"]["teams"] == [[0, 2], [1, 3]]


@pytest.mark.django_db(transaction=True)
def test_a_team_that_has_all_resigned_loses_at_once():
    people = [make_user(n) for n in ("ann", "ben", "cat", "dan")]
    match = tables.create_match(people[0], "wfci", 4, options=TEAMS)
    for p in people[1:]:
        tables.join_match(p, match)
    match.refresh_from_db()
    match = services.submit_action(match.pk, people[0], {"type": "site.resign"}, match.version)
    assert match.status == Match.Status.ACTIVE  # Cat plays on beside a bot in Ann's seat
    match = services.submit_action(match.pk, people[2], {"type": "site.resign"}, match.version)
    assert match.status == Match.Status.FINISHED
    assert match.outcome["winners"] == [1, 3] and match.outcome["losers"] == [0, 2]
    assert match.outcome["placement"] == [[1, 3], [0, 2]]
    assert match.outcome["teams"] == [[0, 2], [1, 3]]


@pytest.mark.django_db
def test_the_lobby_says_who_will_play_together(client):
    alice = make_user("alice")
    match = tables.create_match(alice, "wfci", 4, options=TEAMS, bots={2: "skirmisher"})
    page = client.get(match.get_absolute_url()).content.decode()
    seats = re.findall(r"<li>Seat (\d): ([^<]*) <span class=\"team-b t(\d)\">team \d</span></li>", page)
    assert [(n, team) for n, _who, team in seats] == [("1", "1"), ("2", "2"), ("3", "1"), ("4", "2")]
