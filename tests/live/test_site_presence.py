"""On the site now: a user counts while any of their streams is open (a match page, the API's
match or player stream), keeps GRACE seconds after the last one closes, and expires after TTL
when a stream dies without a word; one lookup answers for a whole page."""

import json
import time

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from games.live import presence, stream
from games.lobby import tables
from tests.factories import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _in_memory(settings):
    settings.REDIS_URL = ""
    presence._memory.clear()
    presence._users.clear()


def test_a_user_is_on_the_site_while_a_stream_is_open_and_a_grace_after():
    now = time.time()
    page, other_tab = presence.entry(0, ""), presence.entry(None, "v1")
    presence.user_arrive(5, page, now)
    presence.user_arrive(5, other_tab, now)
    assert presence.users_here([5, 6, None], now + 1) == {5}
    presence.user_leave(5, page, now + 2)  # one tab closed: the other still counts
    assert presence.users_here([5], now + 2 + presence.GRACE + 1) == {5}
    presence.user_leave(5, other_tab, now + 3)  # the last one closed (a reload?) ...
    assert presence.users_here([5], now + 3 + presence.GRACE - 1) == {5}  # ... no flicker
    assert presence.users_here([5], now + 3 + presence.GRACE + 1) == set()


def test_a_silent_stream_expires_and_nobody_is_asked_for_nothing():
    now = time.time()
    presence.user_arrive(8, presence.entry(1, ""), now)
    assert presence.users_here([8], now + presence.TTL - 1) == {8}
    assert presence.users_here([8], now + presence.TTL + 1) == set()  # died silently
    presence.user_arrive(None, presence.entry(None, "v2"), now)  # an anonymous spectator: no user
    assert presence.users_here([], now) == set() and presence._users == {8: presence._users[8]}


def test_a_match_stream_keeps_its_reader_on_the_site():
    live = stream.MatchStream(match_id=3, version=1, status="active", chat_id=0, chat_channel=None, seat=0, user_id=11)
    live.started()
    assert presence.users_here([11]) == {11}
    live.beat()
    live.ended()
    assert presence.users_here([11], time.time() + presence.GRACE + 1) == set()


def test_the_players_own_stream_counts_too():
    a, b = make_user("p0"), make_user("p1")
    tables.join_match(b, tables.create_match(a, "race", 2))
    c = Client(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=a)[0].key}")
    response = c.get("/api/events/")
    it = iter(response.streaming_content)
    try:
        assert "retry" in next(it).decode()
        assert presence.users_here([a.pk, b.pk]) == {a.pk}
    finally:
        response.close()
    assert presence.users_here([a.pk]) == {a.pk}  # the grace
    assert presence.users_here([a.pk], time.time() + presence.GRACE + 1) == set()
    assert json.loads(Client().get("/health/").content)["live"]["streams_here"] == 0
