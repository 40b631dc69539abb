"""A move's writes (games/rows.py `Writes`): sent as one statement on PostgreSQL, one after
another elsewhere; both ways must store the same rows. CI runs on PostgreSQL, so the way the
default SQLite set-up takes is tested here too."""

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games.play import match_rows
from games.models import Match, Seat, Turn
from tests.factories import human_match, make_user

pytestmark = pytest.mark.django_db


def ways():
    return [False, True] if connection.vendor == "postgresql" else [False]


@pytest.mark.parametrize("combine", [False, True])
def test_both_ways_store_the_turn_the_seats_and_the_match(combine):
    if combine not in ways():
        pytest.skip("one statement needs PostgreSQL's data-modifying WITH")
    match = human_match(make_user("alice"), make_user("bob"))
    seats = list(match.seats.order_by("index"))
    turn = Turn(match=match, version=match.version + 1, seat=0, action={"type": "end"},
                public_action={"type": "end"}, text="ends the turn")
    seats[0].turn_moves, seats[1].turn_moves = 3, 7
    match.version += 1
    writes = match_rows.Writes(combine=combine)
    writes.insert(turn)
    writes.update(seats, ["turn_moves"])
    writes.update([match])
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        writes.send()
    assert len(queries) == (1 if combine else 3)
    assert turn.pk == Turn.objects.get(match=match).pk and turn.created_at is not None
    assert [s.turn_moves for s in Seat.objects.filter(match=match).order_by("index")] == [3, 7]
    assert Match.objects.get(pk=match.pk).version == match.version
    assert writes.parts == []


def _columns(match) -> dict:
    return {f.attname: getattr(match, f.attname) for f in Match._meta.concrete_fields}


def test_a_move_writes_every_column_it_changes():
    """A move writes only games.play.services.MATCH_FIELDS of the match: whatever the write path
    changes on it, through moves, an undo and a resignation, must be what the database holds."""
    import engine
    from games.play import services

    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob)
    game = engine.get_game(match.game)
    users = {match.seat_of(alice): alice, match.seat_of(bob): bob}
    for step in range(12):
        match = Match.objects.get(pk=match.pk)
        seat = match.to_act[0]
        legal = game.legal_actions(game.deserialize(match.state), seat)
        action = legal[step % len(legal)]
        done = services.submit_action(match.pk, users[seat], action, match.version)
        assert _columns(done) == _columns(Match.objects.get(pk=match.pk)), action
    for action in ({"type": "site.undo"}, {"type": "site.resign"}):
        match = Match.objects.get(pk=match.pk)
        seat = match.to_act[0] if action["type"] == "site.resign" else next(
            s for s in users if s not in match.to_act)
        try:
            done = services.submit_action(match.pk, users[seat], action, match.version)
        except services.ServiceError:
            continue  # an undo the match does not allow here changes nothing
        assert _columns(done) == _columns(Match.objects.get(pk=match.pk)), action
    assert Match.objects.get(pk=match.pk).status == Match.Status.FINISHED
