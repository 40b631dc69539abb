"""The live tables' faults on the production stack (nginx, gunicorn, the stream process,
PostgreSQL, a Redis of the test's own): the stream process restarted mid-match, and Redis
stopped. Clients of the streams here are plain HTTP readers that reconnect as a browser does;
tests/production/test_live_browser.py checks a page in Chromium."""

from __future__ import annotations

import time

import pytest
from rest_framework.authtoken.models import Token

from games.models import ChatMessage, Match
from tests.factories import human_match, make_user
from tests.production.live_stack import Reader, act, to_act

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def _table():
    """A match of two players and their API tokens, by seat."""
    hen, rooster = make_user("hen"), make_user("rooster")
    match = human_match(hen, rooster)
    return match, {match.seat_of(u): Token.objects.create(user=u).key for u in (hen, rooster)}


def _readers(live_stack, match, tokens):
    """Both players' API streams and an anonymous reader of the page's stream."""
    path = f"/api/matches/{match.pk}/events/"
    readers = [Reader(live_stack.url, path, token).start() for token in tokens.values()]
    readers.append(Reader(live_stack.url, f"/matches/{match.pk}/events/").start())
    for reader in readers:
        assert reader.wait_for(lambda kind, data: kind == "presence", 20), "a stream did not open"
    return readers


def test_the_stream_process_restarted_mid_match_every_reader_resumes_with_nothing_lost(live_stack):
    match, tokens = _table()
    clients = {seat: live_stack.client(token) for seat, token in tokens.items()}
    readers = _readers(live_stack, match, tokens)
    try:
        version = act(to_act(clients, match.pk), match.pk)
        for reader in readers:
            assert reader.wait_for(lambda k, d: k == "board" and d["version"] == version, 5)

        live_stack.live.kill()  # a crash; systemd starts it again (Restart=always)
        for _ in range(3):  # moves and a chat line while no stream process runs
            version = act(to_act(clients, match.pk), match.pk)
        said = clients[0].post(f"/api/matches/{match.pk}/chat/", json={"text": "still here?"})
        assert said.status_code == 201, said.text
        connects = [len(r.connects) for r in readers]
        live_stack.start_streams()
        back = time.monotonic()

        chat_id = ChatMessage.objects.latest("pk").pk
        resumed = []
        for reader, before in zip(readers, connects):
            got = reader.wait_for(lambda k, d: k == "board" and d["version"] == version, 15)
            assert got, f"a reader never heard of version {version}: {reader.events[-5:]}"
            assert len(reader.connects) > before
            resumed.append(got[0] - back)
        for reader in readers[:2]:  # the players read the players' channel
            assert reader.wait_for(lambda k, d: k == "chat" and d["id"] == chat_id, 5)
        print(f"\nafter the stream process was back, readers resumed in {', '.join(f'{s:.2f} s' for s in resumed)}")
        assert max(resumed) < 5

        # live again: the next move reaches every reader through the new process
        seen = [len(r.events) for r in readers]
        version = act(to_act(clients, match.pk), match.pk)
        for reader, since in zip(readers, seen):
            assert reader.wait_for(lambda k, d: k == "board" and d["version"] == version, 5, since)
    finally:
        for reader in readers:
            reader.stop()
        for client in clients.values():
            client.close()


def test_with_redis_stopped_moves_and_chat_keep_working_and_streams_come_back_with_it(live_stack):
    match, tokens = _table()
    clients = {seat: live_stack.client(token) for seat, token in tokens.items()}
    readers = _readers(live_stack, match, tokens)
    try:
        live_stack.redis.stop()
        # every stream ends (its page polls); moves, chat and the board's poll keep working
        for reader in readers:
            count = len(reader.connects)
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline and reader.thread.is_alive() and len(reader.connects) == count:
                time.sleep(0.05)
        for _ in range(2):
            version = act(to_act(clients, match.pk), match.pk)
        said = clients[1].post(f"/api/matches/{match.pk}/chat/", json={"text": "no Redis, still talking"})
        assert said.status_code == 201, said.text
        chat = clients[0].get(f"/api/matches/{match.pk}/chat/").json()["messages"]
        assert [m["text"] for m in chat][-1] == "no Redis, still talking"
        assert Match.objects.get(pk=match.pk).version == version
        health = live_stack.client().get("/health/")
        assert health.status_code == 503 and health.json()["redis"] == "down"

        live_stack.redis.start()
        back = time.monotonic()
        chat_id = said.json()["id"]
        resumed = []
        for reader in readers:
            got = reader.wait_for(lambda k, d: k == "board" and d["version"] == version, 15)
            assert got, f"a reader did not come back with version {version}: {reader.events[-5:]}"
            resumed.append(got[0] - back)
        for reader in readers[:2]:
            assert reader.wait_for(lambda k, d: k == "chat" and d["id"] == chat_id, 5)
        print(f"\nafter Redis was back, readers were live again in {', '.join(f'{s:.2f} s' for s in resumed)}")

        seen = [len(r.events) for r in readers]
        version = act(to_act(clients, match.pk), match.pk)
        for reader, since in zip(readers, seen):
            assert reader.wait_for(lambda k, d: k == "board" and d["version"] == version, 5, since)
    finally:
        for reader in readers:
            reader.stop()
        for client in clients.values():
            client.close()
