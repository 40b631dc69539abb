"""Spectators: the lobby's Watch list (public matches in progress only), how many watch, and
what a spectator is shown: the engine's spectator view and the public log, on the page and
in the API, never a card id hidden from them."""

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

import engine
from games.lobby import tables
from games.play import services
from games.models import Match
from tests.factories import human_match, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _quick_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def play(match, moves: int):
    """Both people move as the game's default bot would, through the write path."""
    game = engine.get_game(match.game)
    seats = {s.index: s for s in match.seats.select_related("user")}
    for _ in range(moves):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        seat = match.to_act[0]
        action = game.bot_action(game.deserialize(match.state), seat, game.default_bot())
        services.submit_action(match.pk, seats[seat].user, action, match.version)
    match.refresh_from_db()
    return match


def hidden_ids(match) -> set[str]:
    game = engine.get_game(match.game)
    return set(game.hidden_from(game.deserialize(match.state), None))


def leaks(text: str, ids: set[str]) -> list[str]:
    return [i for i in ids if re.search(re.escape(i) + r"(?![0-9])", text)]


def test_the_watch_list_holds_public_matches_in_progress_only(client):
    hen, rooster, fox = make_user("hen"), make_user("rooster"), make_user("fox")
    public = human_match(hen, rooster)
    private = tables.create_match(hen, "chickenrun", 2, private=True)
    tables.join_match(rooster, private, token=private.invite_token)
    waiting = tables.create_match(rooster, "chickenrun", 2)
    over = human_match(rooster, hen)
    Match.objects.filter(pk=over.pk).update(status=Match.Status.FINISHED)
    client.force_login(fox)
    html = client.get(reverse("lobby")).content.decode()
    listed = set(int(n) for n in re.findall(r'data-watch="(\d+)"', html))
    assert listed == {public.pk}
    assert private.pk not in listed and waiting.pk not in listed
    anonymous = Client().get(reverse("lobby")).content.decode()
    assert set(int(n) for n in re.findall(r'data-watch="(\d+)"', anonymous)) == {public.pk}
    client.force_login(hen)  # one's own matches are under My matches, not Watch
    assert 'data-watch="' not in client.get(reverse("lobby")).content.decode()


def test_the_page_says_how_many_people_watch(client):
    hen, rooster, fox, owl = make_user("hen"), make_user("rooster"), make_user("fox"), make_user("owl")
    match = human_match(hen, rooster)
    client.force_login(hen)
    assert 'id="watching"' not in client.get(match.get_absolute_url()).content.decode()
    for who in (fox, owl):
        viewer = Client()
        viewer.force_login(who)
        viewer.get(match.get_absolute_url())
        viewer.get(reverse("match_board", args=[match.pk]))  # polling does not count twice
    Client(HTTP_USER_AGENT="a visitor").get(match.get_absolute_url())
    page = client.get(match.get_absolute_url()).content.decode()
    assert re.search(r'id="watching"[^>]*>.*?3 watching', page, re.S)
    assert match.spectators.count() == 3  # players never count


@pytest.mark.parametrize("game, players, moves", [("wfci", 3, 60), ("chickendie", 3, 40), ("barnyard", 2, 12)])
def test_a_spectator_sees_no_hidden_card_on_the_page_or_in_the_api(client, game, players, moves):
    people = [make_user(n) for n in ("hen", "rooster", "duck")[:players]]
    match = tables.create_match(people[0], game, players)
    for person in people[1:]:
        tables.join_match(person, match)
    match = play(Match.objects.get(pk=match.pk), moves)
    ids = hidden_ids(match)
    assert ids, "the spectator must have something to miss"
    fox = make_user("fox")
    client.force_login(fox)
    page = client.get(match.get_absolute_url()).content.decode()
    board = client.get(reverse("match_board", args=[match.pk])).content.decode()
    api = Client()
    api.force_login(fox)
    detail = api.get(f"/api/matches/{match.pk}/")
    log = api.get(f"/api/matches/{match.pk}/log/")
    assert detail.status_code == 200 and detail.json()["your_seat"] is None
    spectator_view = engine.get_game(game).view(engine.get_game(game).deserialize(match.state), None)
    assert detail.json()["view"] == json.loads(json.dumps(spectator_view))
    for where, text in (("page", page), ("board", board), ("detail", detail.content.decode()),
                        ("log", log.content.decode())):
        assert leaks(text, ids) == [], f"{where} shows hidden cards"
    # A player's own answer does show their own cards: the check above can fail.
    rules, state = engine.get_game(game), engine.get_game(game).deserialize(match.state)
    shown = []
    for person in people:
        seat = match.seat_of(person)
        own = rules.hidden_from(state, None) - rules.hidden_from(state, seat)
        if own:
            player = Client()
            player.force_login(person)
            shown.append(bool(leaks(player.get(f"/api/matches/{match.pk}/").content.decode(), own)))
    assert shown and all(shown)


def test_a_private_match_has_no_spectators_at_all(client):
    hen, rooster, fox = make_user("hen"), make_user("rooster"), make_user("fox")
    match = tables.create_match(hen, "chickenrun", 2, private=True)
    tables.join_match(rooster, match, token=match.invite_token)
    client.force_login(fox)
    assert client.get(match.get_absolute_url()).status_code == 404
    assert client.get(reverse("match_board", args=[match.pk])).status_code == 404
    assert Client().get(f"/api/matches/{match.pk}/").status_code == 404
    assert not match.spectators.exists()
