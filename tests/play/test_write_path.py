"""The one write path: locking, versions, replay, bots and notifications."""

import threading
import time

import pytest
from django.core import mail
from django.core.management import call_command
from django.db import connection

import engine
from games.lobby import tables
from games.play import visibility, services
from games.models import Match, Turn
from tests.factories import acting_user, human_match, make_user, until_a_select


@pytest.mark.django_db
def test_replaying_the_log_reproduces_the_snapshot():
    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob)
    game = engine.get_game("chickenrun")
    moves = 0
    while moves < 40 and match.status == Match.Status.ACTIVE:
        mover = acting_user(match, alice, bob)
        legal = game.legal_actions(game.deserialize(match.state), match.seat_of(mover))
        action = legal[moves * 7 % len(legal)]
        match = services.submit_action(match.pk, mover, action, match.version)
        moves += 1
    match.refresh_from_db()
    assert match.version == moves == Turn.objects.filter(match=match).count()
    assert visibility.replay(match) == match.state


@pytest.mark.django_db(transaction=True)
def test_a_whole_bot_match_through_the_write_path():
    match = tables.create_match(None, "chickenrun", 2, bots={0: "sensible", 1: "random"})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.outcome is not None
    turns = list(match.turns.order_by("version"))
    assert [t.version for t in turns] == list(range(1, match.version + 1))
    assert visibility.replay(match) == match.state


@pytest.mark.django_db(transaction=True)
def test_bot_replies_after_commit_and_the_creator_of_a_bot_match_gets_no_mail(monkeypatch):
    # In about 1 deal of 40 the bot wins every roll and captures two chickens before the person
    # ever acts (the printed rules allow it): a deal where the person gets a round.
    monkeypatch.setattr(tables.secrets, "randbits", lambda n: 1)
    alice = make_user("alice")
    match = tables.create_match(alice, "chickenrun", 2, bots={1: "sensible"})
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert match.to_act == [0], "bot moves run after commit until the person must act"
    assert not mail.outbox, "nobody waits on alice: she is the one playing"


@pytest.mark.django_db(transaction=True)
def test_no_turn_mail_when_the_player_said_no():
    alice = make_user("alice", notify_prefs={"turn": {"site": True, "push": False, "mail": "off"}})
    bob = make_user("bob", notify_prefs={"turn": {"site": True, "push": False, "mail": "now"}})
    human_match(bob, alice)
    human_match(alice, bob)  # whoever is to act first, one of the two starts on alice's turn
    assert [m.to for m in mail.outbox] in ([["bob@example.com"]], [["bob@example.com"]] * 2, [])
    assert all(m.to != ["alice@example.com"] for m in mail.outbox)


@pytest.mark.django_db(transaction=True)
@pytest.mark.services
def test_two_submissions_of_the_same_version_one_wins(postgres):
    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob)
    mover = acting_user(match, alice, bob)
    game = engine.get_game("chickenrun")
    legal = game.legal_actions(game.deserialize(match.state), match.seat_of(mover))
    barrier = threading.Barrier(2)
    results = []

    def submit(action):
        try:
            barrier.wait()
            services.submit_action(match.pk, mover, action, match.version)
            results.append("ok")
        except services.ServiceError as exc:
            results.append(exc.status)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(legal[i % len(legal)],)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results, key=str) == [409, "ok"] or sorted(results, key=str) == [403, "ok"]
    assert results.count("ok") == 1
    assert Turn.objects.filter(match=match).count() == 1
    match.refresh_from_db()
    assert match.version == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.services
def test_a_person_move_leads_to_bot_turns_on_the_real_worker(celery_worker):
    alice = make_user("alice")
    match = tables.create_match(alice, "chickenrun", 2, bots={1: "sensible"})
    deadline = time.time() + 30
    game = engine.get_game("chickenrun")
    person_moves = 0
    while person_moves < 5 and time.time() < deadline:
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        if 0 not in match.to_act:
            time.sleep(0.1)
            continue
        legal = game.legal_actions(game.deserialize(match.state), 0)
        end = next(a for a in legal if a["type"] == "end")
        services.submit_action(match.pk, alice, end, match.version)
        person_moves += 1
    match.refresh_from_db()
    assert person_moves >= 1
    while 1 in match.to_act and time.time() < deadline:
        time.sleep(0.1)
        match.refresh_from_db()
    assert 1 not in match.to_act or match.status == Match.Status.FINISHED
    versions = list(match.turns.values_list("version", flat=True))
    assert versions == list(range(1, match.version + 1))
    assert match.turns.filter(seat=1).exists(), "the worker played the bot"
    assert visibility.replay(match) == match.state


@pytest.mark.django_db(transaction=True)
def test_stalled_bot_turns_are_picked_up_by_the_periodic_job(monkeypatch):
    from games import tasks

    calls = []
    monkeypatch.setattr(tasks.play_bot_turns, "delay", lambda *a: calls.append(a))
    alice = make_user("alice")
    match = tables.create_match(alice, "chickenrun", 2, bots={1: "sensible"})
    match.refresh_from_db()
    Match.objects.filter(pk=match.pk).update(to_act=[1])
    calls.clear()
    call_command("run_periodic_jobs", "advance_stalled_bots")
    assert calls == []  # updated just now: not stalled yet
    Match.objects.filter(pk=match.pk).update(updated_at=match.updated_at.replace(year=2000))
    call_command("run_periodic_jobs", "advance_stalled_bots")
    assert calls and calls[0][0] == match.pk


@pytest.mark.django_db(transaction=True)
def test_undo_takes_back_own_steps_until_an_irreversible_one():
    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob)
    match, mover, select = until_a_select(match, alice, bob)
    start_state, v = match.state, match.version
    match = services.submit_action(match.pk, mover, select, v)
    assert visibility.undoable_turn(match, match.seat_of(mover)) is not None
    match = services.submit_action(match.pk, mover, {"type": "site.undo"}, v + 1)
    assert match.state == start_state and match.version == v + 2
    assert Turn.objects.get(match=match, version=v + 1).undone
    assert visibility.replay(match) == match.state
    with pytest.raises(services.IllegalMove):
        services.submit_action(match.pk, mover, {"type": "site.undo"}, v + 2)  # nothing left to take back
    match = services.submit_action(match.pk, mover, {"type": "end"}, v + 2)
    assert visibility.undoable_turn(match, match.seat_of(mover)) is None
    other = bob if mover == alice else alice
    with pytest.raises(services.ServiceError):
        services.submit_action(match.pk, other, {"type": "site.undo"}, v + 3)


@pytest.mark.django_db(transaction=True)
@pytest.mark.services
def test_a_solo_move_leads_to_exactly_one_challenger_turn_on_the_real_worker(celery_worker):
    from games import tasks

    alice = make_user("alice")
    match = tables.create_match(alice, "wfci", 2, options={"mode": "solo"})
    game = engine.get_game("wfci")
    deadline = time.time() + 60

    def wait_for_person():
        while time.time() < deadline:
            match.refresh_from_db()
            if match.to_act == [0] or match.status != Match.Status.ACTIVE:
                return
            time.sleep(0.1)

    wait_for_person()
    before = match.version
    while match.to_act == [0] and match.status == Match.Status.ACTIVE:
        # set-up choices, then the person's first turn, until the Challenger is to act
        legal = game.legal_actions(game.deserialize(match.state), 0)
        ending = [a for a in legal if a["type"] in ("end_turn", "end_actions", "skip_roll", "draw")]
        services.submit_action(match.pk, alice, (ending or legal)[0], match.version)
        match.refresh_from_db()
    handed_over = match.version

    def challenger_draws():
        return [
            a for seat, a in match.turns.filter(version__gt=handed_over).values_list("seat", "action")
            if seat == 1 and a.get("step") == "draw"
        ]

    wait_for_person()
    while match.status == Match.Status.ACTIVE and not challenger_draws() and time.time() < deadline:
        # the person answers the fight the Challenger started (scroll rounds), then it goes on
        legal = game.legal_actions(game.deserialize(match.state), 0)
        passing = [a for a in legal if a["type"] == "pass"]
        services.submit_action(match.pk, alice, (passing or legal)[0], match.version)
        wait_for_person()
    assert len(challenger_draws()) == 1 or match.status == Match.Status.FINISHED, "one Challenger turn, not two"
    assert all(seat == 1 for seat, a in match.turns.filter(version__gt=handed_over).values_list("seat", "action")
               if a.get("type") == "challenger")
    settled = match.version
    tasks.play_bot_turns.delay(match.pk, handed_over)  # a retried task for an old version
    time.sleep(2)
    match.refresh_from_db()
    assert match.version == settled
    assert list(match.turns.values_list("version", flat=True)) == list(range(1, settled + 1))
    assert before <= handed_over
    assert visibility.replay(match) == match.state
