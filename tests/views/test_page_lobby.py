"""The lobby invites: readable match names, player counts as people say them, one click to play
against a bot, and finished matches with their result and date."""

import pytest

import engine
from games.lobby import tables
from games.play import services, site_actions
from games.models import Match
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def test_open_matches_have_readable_names(client):
    ann = make_user("ann")
    tables.create_match(ann, "wfci", 3, options=engine.get_game("wfci").make_options("standard", []))
    page = client.get("/").content.decode()
    assert "War for Chicken Island · Standard (2nd edition) · 3 players" in page
    assert "wfci #" not in page and "preset:" not in page
    assert "Chicken Run</h3>" in page and "2 players" in page and "2–2" not in page


def test_one_click_plays_any_game_against_a_bot(client):
    ann = make_user("ann")
    client.force_login(ann)
    page = client.get("/").content.decode()
    for g in engine.all_games():
        assert f'id="bot-{g.slug}"' in page
    response = client.post("/matches/new/?game=chickenrun", {"game": "chickenrun", "players": "2", "seat_1": "sensible"})
    assert response.status_code == 302
    match = Match.objects.get(game="chickenrun")
    assert match.status == Match.Status.ACTIVE
    assert match.seats.get(index=1).bot == "sensible"


def test_finished_matches_show_result_and_date(client):
    ann, bob = make_user("ann"), make_user("bob")
    m = tables.create_match(ann, "chickenrun", 2)
    tables.join_match(bob, m)
    m = Match.objects.get(pk=m.pk)
    services.submit_action(m.pk, bob, {"type": site_actions.RESIGN}, m.version)
    client.force_login(ann)
    page = client.get("/matches/mine/").content.decode()
    assert "Game over: bob resigned, so you won!" in page
    finished = Match.objects.get(pk=m.pk).finished_at
    from django.utils import dateformat, formats

    assert dateformat.format(finished, formats.get_format("DATE_FORMAT")) in page
