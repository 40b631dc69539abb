"""Bot levels on the site: chosen in the lobby's bot buttons, the create form and the API, listed
in the catalog, named with their level on the seat chip, and the time-out stand-in at normal."""

from datetime import datetime, timedelta, timezone

import pytest
import time_machine
from django.core.management import call_command
from django.utils import translation
from rest_framework.test import APIClient

import engine
from games.bot_names import bot_with_level
from games.lobby import tables
from games.models import Match, QueueEntry, Seat, Turn
from tests.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_lobby_offers_each_level_of_every_game_and_posting_one_seats_that_bot(client):
    client.force_login(make_user("ann"))
    page = client.get("/").content.decode()
    for g in engine.all_games():
        for level, bot in g.levels().items():
            assert f'name="seat_1" value="{bot}" data-level="{level}"' in page
    strong = engine.get_game("barnyard").levels()["strong"]
    response = client.post("/matches/new/?game=barnyard", {"game": "barnyard", "players": "2", "seat_1": strong})
    assert response.status_code == 302
    match = Match.objects.get(game="barnyard")
    assert match.seats.get(index=1).bot == strong == "marshal"


def test_the_create_form_names_each_bot_with_its_level(client):
    client.force_login(make_user("ann"))
    page = client.get("/matches/new/?game=chickenrun").content.decode()
    assert "Bot: Chick (easy)" in page and "Bot: Hen (normal)" in page and "Bot: Fox (strong)" in page
    assert page.index("Bot: Chick (easy)") < page.index("Bot: Hen (normal)") < page.index("Bot: Fox (strong)")


def test_the_catalog_lists_the_levels_beside_the_bots():
    games = {g["slug"]: g for g in APIClient().get("/api/games/").json()}
    for slug in ("chickenrun", "chickendie", "barnyard", "wfci"):
        g = games[slug]
        assert set(g["levels"]) == {"easy", "normal", "strong"}, slug
        assert set(g["levels"].values()) <= set(g["bots"]), slug
    assert games["chickenrun"]["levels"] == {"easy": "chick", "normal": "hen", "strong": "fox"}


def test_the_api_creates_a_match_against_the_strong_bot_and_it_plays_as_that_bot():
    alice = make_user("alice")
    api = APIClient()
    api.force_authenticate(alice)
    slug = "chickenrun"
    strong = {g["slug"]: g for g in api.get("/api/games/").json()}[slug]["levels"]["strong"]
    response = api.post("/api/matches/", {"game": slug, "players": 2, "bots": {"1": strong}}, format="json")
    assert response.status_code == 201, response.content
    match = Match.objects.get(pk=response.json()["id"])
    seat = match.seats.get(index=1)
    assert seat.bot == strong
    assert seat.chip_name == bot_with_level(slug, strong)
    # Its moves are the strong bot's own: replaying the log, each bot move is what it would choose.
    game = engine.get_game(slug)
    state = game.setup(match.seed, 2, match.options or {})
    bot_moves = 0
    for turn in Turn.objects.filter(match=match, kind="game").order_by("version"):
        if turn.seat == 1:
            assert turn.action == game.bot_action(state, 1, strong)
            bot_moves += 1
        state = game.apply(state, turn.seat, turn.action)
    if match.to_act == [1]:
        pytest.fail("the bot's turn was left waiting")
    assert bot_moves or 0 in match.to_act


def test_the_seat_chip_says_the_bots_level_in_english_and_french(client):
    ann = make_user("ann")
    match = tables.create_match(ann, "chickenrun", 2, bots={1: "fox"})
    seat = Seat.objects.get(match=match, index=1)
    with translation.override("en"):
        assert seat.chip_name == "Fox (bot, strong)"
    with translation.override("fr"):
        assert seat.chip_name == "Renard (robot, fort)"
    client.force_login(ann)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Fox (bot, strong)" in page
    random_seat = Seat(match=match, index=1, bot="random")
    with translation.override("en"):
        assert random_seat.chip_name == "Random (bot)"


def test_a_timed_out_player_gets_the_normal_level_as_stand_in():
    start = datetime(2026, 11, 17, 10, 0, tzinfo=timezone.utc)
    with time_machine.travel(start, tick=False) as clock:
        ann, bob = make_user("ann", auto_vacation=False), make_user("bob", auto_vacation=False)
        match = tables.create_match(ann, "chickenrun", 2, clock="1d")
        tables.join_match(bob, match)
        match.refresh_from_db()
        waiting = match.to_act[0]
        clock.shift(timedelta(days=1, minutes=1))
        call_command("run_periodic_jobs", "handle_timeouts")
        seat = Seat.objects.get(match=match, index=waiting)
        assert seat.bot == engine.get_game("chickenrun").levels()["normal"] == "hen"
        assert seat.away


def test_quick_match_against_a_bot_at_a_level_starts_at_once(client):
    ann = make_user("ann")
    client.force_login(ann)
    assert 'name="opponent"' in client.get("/").content.decode()
    response = client.post("/matches/quick/", {"game": "chickendie", "players": "3", "clock": "1d", "opponent": "easy"})
    match = Match.objects.get(game="chickendie")
    assert response.status_code == 302 and response["Location"] == match.get_absolute_url()
    assert match.status == Match.Status.ACTIVE
    assert [s.bot for s in match.seats.order_by("index")] == ["", "farmhand", "farmhand"]
    assert not QueueEntry.objects.filter(user=ann).exists(), "a bot game never waits in the queue"
