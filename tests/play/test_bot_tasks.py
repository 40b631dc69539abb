"""A bot task plays for one decision's budget, then queues the next decision as a task of its own."""

import pytest

import engine
from games import tasks
from games.lobby import tables
from games.models import Match
from games.play import services
from tests.factories import make_user


def _bot_to_act(match_id: int, alice) -> Match:
    """Alice's first legal actions until the bot is to act."""
    game = engine.get_game("chickenrun")
    for _ in range(500):
        match = Match.objects.get(pk=match_id)
        if 1 in match.to_act or match.status != Match.Status.ACTIVE:
            return match
        action = game.legal_actions(game.deserialize(match.state), 0)[0]
        services.submit_action(match.pk, alice, action, match.version)
    raise AssertionError("the bot never came to act")


@pytest.fixture
def bot_match(monkeypatch):
    """(alice, her match against the sensible bot, the bot tasks queued), with nothing played
    by a queued task: the test plays them."""
    queued = []
    monkeypatch.setattr(tasks.play_bot_turns, "delay", lambda *a: queued.append(a))
    alice = make_user("alice")
    return alice, tables.create_match(alice, "chickenrun", 2, bots={1: "sensible"}), queued


@pytest.mark.django_db(transaction=True)
def test_a_spent_budget_hands_the_next_decision_to_a_task_of_its_own(bot_match):
    alice, match, queued = bot_match
    handed_over = 0
    for _ in range(40):
        match = _bot_to_act(match.pk, alice)
        if match.status != Match.Status.ACTIVE:
            break
        queued.clear()
        assert services.play_bot_turns(match.pk, budget=0) == 1  # one decision, never none
        after = Match.objects.get(pk=match.pk)
        assert after.version == match.version + 1
        if 1 in after.to_act and after.status == Match.Status.ACTIVE:
            assert queued == [(match.pk, after.version)]  # the next decision is a task of its own
            handed_over += 1
        else:
            assert queued == []
        if handed_over >= 3:
            break
    assert handed_over >= 3


@pytest.mark.django_db(transaction=True)
def test_without_a_budget_the_bots_play_on_and_queue_nothing(bot_match):
    alice, match, queued = bot_match
    match = _bot_to_act(match.pk, alice)
    queued.clear()
    moves = services.play_bot_turns(match.pk)
    after = Match.objects.get(pk=match.pk)
    assert moves >= 1 and (1 not in after.to_act or after.status != Match.Status.ACTIVE)
    assert queued == []


def test_a_task_run_in_process_plays_on_whatever_the_settings_say(monkeypatch, settings):
    """Tests run tasks in-process while the settings name a worker (REDIS_URL set): a handover
    there would run the next task inside this one, a stack frame deeper each time, until a
    long match of bots stopped at Python's recursion limit. Celery's request decides."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    budgets = []
    monkeypatch.setattr(services, "play_bot_turns", lambda match_id, budget: budgets.append(budget) or 0)
    tasks.play_bot_turns.delay(1, 0)  # in-process: the tests' Celery app is eager
    assert budgets == [None]
    tasks.play_bot_turns.run(1, 0)  # as a worker runs it: a request of its own, not eager
    assert budgets == [None, tasks.BOT_TASK_SECONDS]
