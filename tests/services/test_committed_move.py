"""A committed move is answered as committed, whatever fails after the commit; what its
after-commit work could not queue, the periodic jobs do later, once."""

from datetime import timedelta

import pytest
from django.db import OperationalError, connection
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

import engine
from games import notifications, tasks
from games.models import Match, Notification
from tests.factories import human_match, make_user


def _client(user):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


def _handover(match, clients):
    """Post steps until one hands the turn to the other seat; returns that move's answer."""
    game = engine.get_game(match.game)
    for _ in range(40):
        match.refresh_from_db()
        seat = match.to_act[0]
        legal = game.legal_actions(game.deserialize(match.state), seat)
        action = next((a for a in legal if a["type"] == "end"), legal[0])
        response = clients[seat].post(f"/api/matches/{match.pk}/actions/", {"version": match.version, "action": action}, format="json")
        if seat not in response.json().get("to_act", [seat]):
            return response
    raise AssertionError("the turn never passed")


class DatabaseGoneAfterTheWrite:
    """Every statement after the match's UPDATE fails, as while PostgreSQL restarts."""

    def __init__(self):
        self.updated = False

    def __call__(self, execute, sql, params, many, context):
        if self.updated and "SAVEPOINT" not in sql:
            raise OperationalError("server closed the connection unexpectedly")
        result = execute(sql, params, many, context)
        self.updated = self.updated or 'UPDATE "games_match"' in sql  # alone, or in the move's one statement
        return result


@pytest.fixture
def match_and_clients(transactional_db):
    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob)
    return match, {match.seat_of(alice): _client(alice), match.seat_of(bob): _client(bob)}


def _broker_down(*args, **kwargs):
    raise OperationalError("Error 111 connecting to the broker. Connection refused.")


def test_a_move_committed_before_the_database_went_away_is_answered_as_committed(match_and_clients, monkeypatch):
    match, clients = match_and_clients
    monkeypatch.setattr(tasks.notify_turn, "delay", _broker_down)
    game = engine.get_game(match.game)
    seat = match.to_act[0]
    action = game.legal_actions(game.deserialize(match.state), seat)[0]
    gone = DatabaseGoneAfterTheWrite()
    with connection.execute_wrapper(gone):
        response = clients[seat].post(f"/api/matches/{match.pk}/actions/", {"version": match.version, "action": action}, format="json")
    assert gone.updated
    assert response.status_code == 200, response.content
    assert response.json()["version"] == match.version + 1 == Match.objects.get(pk=match.pk).version


def test_a_turn_notice_the_broker_lost_is_sent_by_the_periodic_job_once(match_and_clients, monkeypatch):
    match, clients = match_and_clients
    monkeypatch.setattr(tasks.notify_turn, "delay", _broker_down)
    response = _handover(match, clients)
    assert response.status_code == 200
    waiting = Match.objects.get(pk=match.pk).seats.get(index=response.json()["to_act"][0])
    notices = Notification.objects.filter(kind=Notification.Kind.YOUR_TURN, user_id=waiting.user_id, created_at__gte=waiting.turn_started_at)
    assert not notices.exists()
    later = timezone.now() + timedelta(minutes=5)
    assert notifications.send_missed_turn_notices(now=timezone.now()) == 0  # not late yet
    notifications.send_missed_turn_notices(now=later)
    notifications.send_missed_turn_notices(now=later)
    assert notices.count() == 1


def test_a_late_queued_notice_after_the_catch_up_adds_nothing(match_and_clients, monkeypatch):
    match, clients = match_and_clients
    queued = []
    monkeypatch.setattr(tasks.notify_turn, "delay", lambda *args: queued.append(args))
    response = _handover(match, clients)
    waiting = Match.objects.get(pk=match.pk).seats.get(index=response.json()["to_act"][0])
    notifications.send_missed_turn_notices(now=timezone.now() + timedelta(minutes=5))
    assert queued
    for args in queued:
        notifications.send_your_turn(*args)
    notices = Notification.objects.filter(kind=Notification.Kind.YOUR_TURN, user_id=waiting.user_id, created_at__gte=waiting.turn_started_at)
    assert notices.count() == 1
