"""A committed move is answered as committed, whatever fails after the commit; what its
after-commit work could not queue, the periodic jobs do later, once."""

from datetime import timedelta

import pytest
from django.db import OperationalError, connection
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

import engine
from django.core import mail

from accounts.models import User
from games.models import Match, Notification
from games.notifications import delivery, outbox
from games.notifications import tasks as notification_tasks
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
    monkeypatch.setattr(notification_tasks.deliver, "delay", _broker_down)
    game = engine.get_game(match.game)
    seat = match.to_act[0]
    action = game.legal_actions(game.deserialize(match.state), seat)[0]
    gone = DatabaseGoneAfterTheWrite()
    with connection.execute_wrapper(gone):
        response = clients[seat].post(f"/api/matches/{match.pk}/actions/", {"version": match.version, "action": action}, format="json")
    assert gone.updated
    assert response.status_code == 200, response.content
    assert response.json()["version"] == match.version + 1 == Match.objects.get(pk=match.pk).version


MAIL_AT_ONCE = {"turn": {"site": True, "push": False, "mail": "now"}}


def test_a_turn_notice_the_broker_lost_is_sent_by_the_sweep_once(match_and_clients, monkeypatch):
    """The notice and its delivery are rows of the move: a broker that is down loses nothing,
    and the sweep delivers it once."""
    match, clients = match_and_clients
    User.objects.update(notify_prefs=MAIL_AT_ONCE)
    with monkeypatch.context() as patch:
        patch.setattr(notification_tasks.deliver, "delay", _broker_down)
        response = _handover(match, clients)
    assert response.status_code == 200
    waiting = Match.objects.get(pk=match.pk).seats.select_related("user").get(index=response.json()["to_act"][0])
    [notice] = Notification.objects.filter(kind=Notification.Kind.YOUR_TURN, user_id=waiting.user_id,
                                           created_at__gte=waiting.turn_started_at)
    mail.outbox.clear()
    assert outbox.sweep(now=timezone.now()) == 0  # queued a moment ago: not left behind yet
    later = timezone.now() + timedelta(minutes=5)
    assert outbox.sweep(now=later) == 1
    outbox.sweep(now=later + timedelta(minutes=5))
    assert [m.to for m in mail.outbox] == [[waiting.user.email]]
    assert notice.deliveries.get(channel="mail").outcome == "sent"


def test_a_late_queued_delivery_after_the_sweep_adds_nothing(match_and_clients, monkeypatch):
    match, clients = match_and_clients
    User.objects.update(notify_prefs=MAIL_AT_ONCE)
    queued = []
    monkeypatch.setattr(notification_tasks.deliver, "delay", lambda *args: queued.append(args))
    _handover(match, clients)
    outbox.sweep(now=timezone.now() + timedelta(minutes=5))
    assert len(queued) == 2 and queued[0] == queued[1]  # once by the move, once by the sweep
    mail.outbox.clear()
    results = [delivery.deliver(*args) for args in queued]
    assert results[1] == "not mine" and len(mail.outbox) == 1
