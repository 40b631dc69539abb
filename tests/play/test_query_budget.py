"""Query budgets of the hot path: a move, and the match GET, over the API with a token.

Runs on SQLite and, with DATABASE_URL set, on PostgreSQL. The issue's budgets are 5 and 3; the
code does better, and these tighter figures guard it: the token is checked by the query that
reads (and for a move, locks) the match, and on PostgreSQL a move's writes are one statement.
"""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

import engine
from games.models import Match, Notification
from games.notifications import tasks as notification_tasks
from tests.factories import human_match, make_user

GET_BUDGET = 1


def move_budget(notices: bool = True) -> int:
    """Read and lock; then the writes: one statement on PostgreSQL, else turn, seats and match,
    and when the move causes notices, their rows and their deliveries' (games.notifications)."""
    return 2 if connection.vendor == "postgresql" else 4 + 2 * notices


def _client(user):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


@pytest.fixture
def players(db):
    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob)
    clients = {match.seat_of(alice): _client(alice), match.seat_of(bob): _client(bob)}
    return match, clients


def _pick(match, keep_turn: bool):
    """A legal action for the seat to act that keeps the turn (a step) or hands it on ("end")."""
    game = engine.get_game(match.game)
    seat = match.to_act[0]
    legal = game.legal_actions(game.deserialize(match.state), seat)
    steps = [a for a in legal if a["type"] != "end"]
    ends = [a for a in legal if a["type"] == "end"]
    return seat, (steps[0] if keep_turn and steps else (ends or legal)[0])


def _post(client, match, action):
    with CaptureQueriesContext(connection) as queries:
        response = client.post(f"/api/matches/{match.pk}/actions/", {"version": match.version, "action": action}, format="json")
    assert response.status_code == 200, response.content
    return response, _statements(queries)


def _statements(queries) -> list[str]:
    """The statements sent; savepoints stand for the BEGIN and COMMIT of a request outside tests."""
    return [q["sql"] for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]]


def test_a_move_that_keeps_the_turn_fits_the_budget(players):
    match, clients = players
    seat, action = _pick(match, keep_turn=True)
    response, sql = _post(clients[seat], match, action)
    assert len(sql) <= move_budget(notices=False), "\n".join(sql)
    assert response.json()["version"] == match.version + 1


def test_every_move_fits_the_budget_also_when_it_hands_the_turn_on(players, monkeypatch, django_capture_on_commit_callbacks):
    """A "your turn" notice is rows of the move's own statement, and its push is queued after
    the commit, only for a player who has not moved in the match lately (the others are
    playing: nothing can be due)."""
    queued = []
    monkeypatch.setattr(notification_tasks.deliver, "delay", lambda *args: queued.append(args))
    match, clients = players
    handovers, moved = [], set()
    for step in range(40):
        seat, action = _pick(match, keep_turn=step % 3 != 2)
        before, notices = len(queued), Notification.objects.count()
        with django_capture_on_commit_callbacks(execute=True):
            response, sql = _post(clients[seat], match, action)
        assert len(sql) <= move_budget(notices=Notification.objects.count() > notices), "\n".join(sql)
        moved.add(seat)
        match.refresh_from_db()
        if seat not in match.to_act:
            fresh = [i for i in match.to_act if i not in moved]
            handovers.append(fresh)
            notes = Notification.objects.filter(kind="turn", match=match, created_at__gte=match.last_move_at)
            assert sorted(n.params["seat"] for n in notes) == fresh
            assert queued[before:] == [(n.key, "push") for n in notes]
        if match.status != Match.Status.ACTIVE:
            break
    assert len(handovers) >= 2 and handovers[0] and not handovers[-1]


def test_a_handover_to_a_player_who_moved_long_ago_queues_the_notice(players, monkeypatch, django_capture_on_commit_callbacks):
    queued = []
    monkeypatch.setattr(notification_tasks.deliver, "delay", lambda *args: queued.append(args))
    match, clients = players
    while True:  # play until the turn has gone round once: both players have moved
        seat, action = _pick(match, keep_turn=False)
        with django_capture_on_commit_callbacks(execute=True):
            _post(clients[seat], match, action)
        match.refresh_from_db()
        if match.seats.filter(last_moved_at__isnull=True).count() == 0:
            break
    waiting = [i for i in range(2) if i not in match.to_act][0]
    match.seats.filter(index=waiting).update(last_moved_at=timezone.now() - timedelta(minutes=11))
    queued.clear()
    while waiting not in match.to_act:
        seat, action = _pick(match, keep_turn=False)
        with django_capture_on_commit_callbacks(execute=True):
            _post(clients[seat], match, action)
        match.refresh_from_db()
    note = Notification.objects.filter(kind="turn", match=match, params__seat=waiting).order_by("-created_at")[0]
    assert queued == [(note.key, "push")]
    assert sorted(note.deliveries.values_list("channel", flat=True)) == ["mail", "push"]  # the mail waits


def test_the_answer_to_a_move_is_what_a_fresh_get_shows(players):
    match, clients = players
    seat, action = _pick(match, keep_turn=True)
    response, _ = _post(clients[seat], match, action)
    answer, fresh = response.json(), clients[seat].get(f"/api/matches/{match.pk}/").json()
    for body in (answer, fresh):
        for row in body["seats"]:
            row.pop("time_left_seconds")  # the clock runs between the two
    assert answer == fresh


def test_the_match_get_fits_the_budget(players):
    match, clients = players
    for seat, client in clients.items():
        with CaptureQueriesContext(connection) as queries:
            response = client.get(f"/api/matches/{match.pk}/")
        assert response.status_code == 200
        sql = _statements(queries)
        assert len(sql) <= GET_BUDGET, "\n".join(sql)
        assert (response.json()["legal_actions"] != []) == (seat in Match.objects.get(pk=match.pk).to_act)
