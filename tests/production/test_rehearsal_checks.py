"""The rehearsal's checks (deploy/rehearsal_checks.py) find what they look for: a clean run
passes, and a move answered but not logged, a move nobody sent, a second "your turn" notice for
one turn, a mail the outbox says it sent but nobody got, a match left waiting for a bot each fail it.
(`make rehearse`, which .ci/run runs, is the real run.)"""

from __future__ import annotations

import pytest

from deploy import rehearsal_checks
from games.lobby import tables
from games.play import visibility, services
from games.models import Delivery, Match, Notification, Turn
from tests.factories import make_user
from tests.production.conftest import database_url_of_tests

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def played(postgres, tmp_path):
    """One person against a bot, a few moves played, each answered 200."""
    alice = make_user("alice")
    match = tables.create_match(alice, "chickenrun", 2, bots={"1": "sensible"})
    submissions = []
    for _ in range(6):
        match = Match.objects.get(pk=match.pk)
        if match.status != Match.Status.ACTIVE or 0 not in match.to_act:
            break
        action = visibility.match_payload(match, alice)["legal_actions"][0]
        submissions.append({"match": match.pk, "version": match.version, "action": action, "status": 200})
        services.submit_action(match.pk, alice, action, match.version)
    Delivery.objects.filter(channel="mail").delete()  # mailed in memory here, not to the mail directory
    mail_dir = tmp_path / "mail"
    mail_dir.mkdir()
    return match.pk, submissions, mail_dir


def run(match_id, submissions, mail_dir):
    return rehearsal_checks.check(database_url_of_tests(), [match_id], submissions, mail_dir).problems


def test_a_clean_run_passes(played):
    match_id, submissions, mail_dir = played
    assert len(submissions) >= 2
    assert run(match_id, submissions, mail_dir) == []


def test_a_move_nobody_sent_fails_it(played):
    match_id, submissions, mail_dir = played
    problems = run(match_id, submissions[1:], mail_dir)
    assert any("no client sent" in p for p in problems)


def test_a_move_answered_but_not_logged_fails_it(played):
    match_id, submissions, mail_dir = played
    last = submissions[-1]
    Turn.objects.filter(match_id=match_id, version__gt=last["version"]).delete()
    problems = run(match_id, submissions, mail_dir)
    assert any("not 1.." in p for p in problems) or any("not in the log" in p for p in problems)


def test_a_lost_answer_whose_move_landed_passes(played):
    match_id, submissions, mail_dir = played
    submissions[0]["status"] = None  # its node died before answering; the client sent it again
    submissions.insert(1, {**submissions[0], "status": 409})
    assert run(match_id, submissions, mail_dir) == []


def test_a_second_turn_notice_for_one_turn_and_an_unsent_mail_fail_it(played):
    match_id, submissions, mail_dir = played
    alice = Match.objects.get(pk=match_id).seats.get(index=0).user
    from django.utils import timezone

    for n in range(2):
        notice = Notification.objects.create(user=alice, match_id=match_id, kind=Notification.Kind.YOUR_TURN,
                                             key=f"test.turn.{n}", text="Your turn")
        Delivery.objects.create(notice=notice, channel="mail", due_at=timezone.now(), outcome="sent",
                                done_at=timezone.now())
    problems = run(match_id, submissions, mail_dir)
    assert any("'your turn' notices for one turn" in p for p in problems)
    assert any("was sent 0 times" in p for p in problems)


def test_a_match_left_waiting_for_its_bot_fails_it(played):
    match_id, submissions, mail_dir = played
    Match.objects.filter(pk=match_id).update(to_act=[1], status=Match.Status.ACTIVE)
    problems = run(match_id, submissions, mail_dir)
    assert any("still waiting for a bot" in p for p in problems)
