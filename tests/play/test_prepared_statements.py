"""The hot path's statements are prepared on PostgreSQL (settings.py: server-side binding and
psycopg's prepare threshold): after some moves on one connection, the move's locking read and
its write (of each shape it takes often) run as prepared statements, and a move answers exactly as before."""

import pytest
from django.conf import settings
from django.db import connection
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

import engine
from tests.factories import human_match, make_user


def _prepared() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


@pytest.fixture
def moves(postgres, db):
    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob)
    clients = {}
    for user in (alice, bob):
        clients[match.seat_of(user)] = APIClient()
        clients[match.seat_of(user)].credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    game = engine.get_game(match.game)

    def play(count: int):
        answer = None
        for _ in range(count):
            match.refresh_from_db()
            seat = match.to_act[0]
            legal = game.legal_actions(game.deserialize(match.state), seat)
            action = next((a for a in legal if a["type"] != "end"), legal[0])
            answer = clients[seat].post(f"/api/matches/{match.pk}/actions/", {"version": match.version, "action": action},
                                        format="json")
            assert answer.status_code == 200, answer.content
        return answer

    return match, play


def test_the_settings_ask_for_prepared_statements(postgres):
    options = settings.DATABASES["default"]["OPTIONS"]
    assert options["server_side_binding"] is True
    assert options["prepare_threshold"] >= 1
    assert connection.features.uses_server_side_binding


def test_a_moves_read_and_write_are_prepared_after_some_moves(moves):
    match, play = moves
    play(40)  # a write's text and parameter types vary with what the move changes
    prepared = _prepared()
    assert any("FOR UPDATE OF" in sql and "games_seat" in sql for sql in prepared), prepared
    assert any(sql.startswith("WITH w0 AS (INSERT INTO") for sql in prepared), [s[:60] for s in prepared if "migrations" not in s and "content_type" not in s and "permission" not in s]


def test_a_prepared_move_answers_with_the_new_version(moves):
    match, play = moves
    before = match.version
    answer = play(12)
    match.refresh_from_db()
    assert answer.json()["version"] == match.version == before + 12
    assert match.turns.count() == 12
