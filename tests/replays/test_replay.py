"""The replay of a finished match: one position at a time, rebuilt in bounded work from cached
checkpoints (the same state as the whole log replayed), a page of the same small size at any
length, steps by links and GET forms that HTMX turns into fragment requests, `?v=` kept
within the match or refused with a 400, and only ever the spectator's view."""

import html
import random
import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

import engine
from games.play import visibility, services
from games.models import Match
from games.replays import checkpoints, position
from tests.factories import human_match, make_user, until_a_select
from tests.longmatch import long_match, play_on

pytestmark = pytest.mark.django_db

CAP = 60 * 1024  # issue 35: no page over 60 KB of HTML


@pytest.fixture(autouse=True)
def _quick_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


def url(match, v=None) -> str:
    return reverse("replay", args=[match.pk]) + ("" if v is None else f"?v={v}")


def fragment(client, match, v) -> str:
    return client.get(url(match, v), headers={"HX-Request": "true"}).content.decode()


def step_text(page: str) -> str:
    return html.unescape(re.search(r'id="replay-step">(.*?)</p>', page, re.S).group(1))


def same(game, a, b) -> bool:
    return game.serialize(a) == game.serialize(b)


def match_with_site_and_undone_turns() -> Match:
    """A Chicken Run match whose log has a step taken back and a site turn early on, then a
    few hundred moves to its end."""
    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob, clock="1d")
    match, mover, select = until_a_select(match, alice, bob, tries=40)  # a select to take back
    match = services.submit_action(match.pk, mover, select, match.version)
    match = services.submit_action(match.pk, mover, {"type": "site.undo"}, match.version)
    other = bob if mover == alice else alice
    services.submit_action(match.pk, other, {"type": "site.extra_day", "seat": match.seat_of(mover)}, match.version)
    match = Match.objects.get(pk=match.pk)
    assert match.turns.filter(undone=True).exists() and match.turns.filter(kind="site").count() == 2
    return play_on(match, [alice, bob], 400, seed=3)


def test_any_position_is_the_log_replayed_to_it_whatever_the_cache_holds(monkeypatch):
    monkeypatch.setattr(checkpoints, "EVERY", 7)  # checkpoints fall on site and undone turns too
    match = match_with_site_and_undone_turns()
    game = engine.get_game(match.game)
    assert match.status == Match.Status.FINISHED and match.version > 300
    versions = list(range(0, 30)) + random.Random(5).sample(range(30, match.version), 40) + [match.version]
    expected = {v: visibility.state_at(match, v) for v in versions}
    high = max(v for v in versions if v < match.version)
    assert same(game, checkpoints.state_at(match, high), expected[high])  # a cold cache is filled
    for v in versions:  # then every other, warm
        assert same(game, checkpoints.state_at(match, v), expected[v]), v
    for n in (3, 20, 31):  # some checkpoints evicted
        cache.delete(checkpoints._key(match, n))
    for v in reversed(versions):
        assert same(game, checkpoints.state_at(match, v), expected[v]), v
    cache.set(checkpoints._key(match, 10), b"not a checkpoint")  # something else under its key
    assert same(game, checkpoints.state_at(match, 75), visibility.state_at(match, 75))

    class Down:
        def get(self, *args, **kwargs):
            raise ConnectionError("the cache is down")

        set_many = get

    monkeypatch.setattr(checkpoints, "cache", Down())
    for v in versions[::7]:
        assert same(game, checkpoints.state_at(match, v), expected[v]), v
    assert checkpoints.state_at(match, -4) is not None and checkpoints.state_at(match, 10**9) is not None


def test_a_position_costs_a_few_steps_and_queries_at_any_length(client, django_assert_max_num_queries):
    match = long_match("chickenrun", 2000, seed=3)
    assert match.version > 1500
    game = engine.get_game("chickenrun")
    applied = []
    real = game.apply

    def counting(state, seat, action):
        applied.append(1)
        return real(state, seat, action)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(game, "apply", counting)
        middle = match.version // 2
        fragment(client, match, middle)
        assert len(applied) <= match.version  # the first visitor pays the log once
        for v in (middle + 1, middle - 1, 3, match.version - 1, match.version, middle + 60, 1):
            applied.clear()
            with django_assert_max_num_queries(8):
                assert "replay-position" in fragment(client, match, v)
            assert len(applied) <= checkpoints.EVERY, v


def test_the_checkpoints_are_made_when_the_match_ends(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):  # the end's follow-ups run, as after a commit
        match = long_match("barnyard", 2000, seed=2)
    game = engine.get_game("barnyard")
    assert match.version > 1000
    real, applied = game.apply, []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(game, "apply", lambda *args: applied.append(1) or real(*args))
        fragment(client, match, match.version // 2 + 17)  # the very first visitor
    assert 0 < len(applied) <= checkpoints.EVERY


@pytest.mark.parametrize("slug, players", [("chickenrun", 2), ("chickendie", 4), ("barnyard", 2), ("wfci", 2)])
def test_a_long_replay_weighs_the_same_small_page_at_every_position(client, slug, players):
    match = long_match(slug, 2000, seed=1, players=players)
    assert match.status == Match.Status.FINISHED and match.version > 100
    for v in (0, 1, match.version // 2, match.version - 1, match.version):
        page = client.get(url(match, v)).content.decode()
        assert len(page.encode()) <= CAP, (slug, v, len(page.encode()))
        board = page[page.index('<div class="match-layout">'):page.index("<aside>")]
        assert len(page.encode()) - len(board.encode()) <= 10 * 1024  # the replay's own part, the site's frame included
        links = re.findall(r'href="\?v=(\d+)"', page)
        assert len(links) <= 4 + 2 * position.WINDOW + 1  # the steps and the lines around: never the whole log
        assert f'value="{v}"' in page and f'max="{match.version}"' in page  # slider and box at v
        part = fragment(client, match, v)
        assert "<html" not in part and len(part.encode()) < len(page.encode())


def test_the_steps_lead_to_the_neighbours_and_the_log_shows_the_turns_around(client):
    match = long_match("chickenrun", 300, seed=4)
    last = match.version
    page = client.get(url(match, 10)).content.decode()
    for name, v in (("first", 0), ("previous", 9), ("next", 11), ("last", last)):
        assert re.search(rf'id="replay-{name}" href="\?v={v}" data-hx-get="\?v={v}"', page), name
    assert f"Position 10 of {last}" in page
    turns = {t.version: t for t in match.turns.filter(version__range=(7, 13))}
    assert step_text(page) == turns[10].text
    log = page[page.index('<ol class="log replay-log">'):]
    log = log[:log.index("</ol>")]
    assert re.findall(r'href="\?v=(\d+)"', log) == [str(v) for v in range(7, 14)]
    assert re.search(r'<li aria-current="step"><a href="\?v=10"', log)
    start = client.get(url(match, 0)).content.decode()
    assert step_text(start) == "The starting position."
    assert '<span class="button off" id="replay-first">' in start and 'id="replay-next" href="?v=1"' in start
    end = client.get(url(match)).content.decode()  # no ?v=: the end
    assert f"Position {last} of {last}" in end and '<span class="button off" id="replay-last">' in end
    # The fragment the buttons fetch: the steps swapped out of band, then the position.
    part = fragment(client, match, 11)
    assert part.lstrip().startswith('<nav id="replay-nav"') and 'data-hx-swap-oob="true"' in part
    assert 'id="replay-position" data-version="11"' in part and 'id="replay-slider"' not in part
    response = client.get(url(match, 11), headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    assert "<html" in response.content.decode()  # going back in history rebuilds the whole page
    assert "HX-Request" in response["Vary"]


def test_a_version_outside_the_match_shows_the_nearest_end_and_junk_is_refused(client):
    match = long_match("chickenrun", 30, seed=5)
    last = match.version
    for raw, shown in (("-5", 0), ("0", 0), (" 7 ", 7), ("+3", 3), ("99999999", last), ("", last),
                       (str(10**40), last)):
        page = client.get(reverse("replay", args=[match.pk]), {"v": raw}).content.decode()
        assert f'data-version="{shown}"' in page, raw
    for raw in ("abc", "1.5", "1e3", "0x10", "9" * 5000, "½", "-"):
        for headers in ({}, {"HX-Request": "true"}):
            response = client.get(reverse("replay", args=[match.pk]), {"v": raw}, headers=headers)
            assert response.status_code == 400, raw[:20]
    assert 'data-version="4"' in client.get(url(match) + "?v=3&v=4").content.decode()  # the last, as forms do


def test_a_match_that_never_started_has_no_replay(client):
    from games.lobby import tables

    alice = make_user("alice")
    match = tables.create_match(alice, "chickenrun", 2)
    tables.leave_match(alice, match)
    assert Match.objects.get(pk=match.pk).status == Match.Status.ABANDONED
    response = client.get(url(match))
    assert response.status_code == 302 and response["Location"] == match.get_absolute_url()


def leaks(text: str, ids: set[str]) -> list[str]:
    return [i for i in ids if re.search(re.escape(i) + r"(?![0-9])", text)]


@pytest.mark.parametrize("slug, players", [("chickendie", 3), ("wfci", 2)])
def test_a_replay_shows_the_spectator_view_even_to_a_player(slug, players):
    match = long_match(slug, 400, seed=7, players=players)
    game = engine.get_game(slug)
    player = Client()
    player.force_login(match.seats.first().user)
    found_hidden = False
    for v in sorted({1, 5, match.version // 3, match.version // 2, match.version - 2}):
        state = visibility.state_at(match, v)
        ids = set(game.hidden_from(state, None))
        if not ids:
            continue
        own = [seat for seat in range(players) if leaks(str(game.view(state, seat)), ids)]
        assert own, "a seat's own view shows cards a spectator does not see: the check can fail"
        found_hidden = True
        for who in (player, Client()):
            for text in (who.get(url(match, v)).content.decode(), fragment(who, match, v)):
                assert leaks(text, ids) == [], (v, "a replay shows a hidden card")
    assert found_hidden


def test_a_private_match_s_replay_is_for_its_people_only(client):
    match = long_match("chickenrun", 40, seed=9)
    Match.objects.filter(pk=match.pk).update(private=True)
    assert Client().get(url(match, 3)).status_code == 404
    client.force_login(make_user("fox"))
    assert client.get(url(match, 3), headers={"HX-Request": "true"}).status_code == 404
    client.force_login(match.seats.first().user)
    assert client.get(url(match, 3)).status_code == 200
