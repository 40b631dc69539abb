""""Your turn" notices that respect people, with a controlled clock: none while the match is
open or the player moved in it in the last ten minutes (so bot replies never notify move by
move), one mail per match until the player comes back, and reading the notices marks them read."""

from datetime import datetime, timedelta, timezone

import pytest
import time_machine
from django.core import mail

from games.lobby import tables
from games.play import services
from games.models import Delivery, Match, Notification, Seat
from games.notifications import events, outbox, reminders
from tests.factories import make_user

UTC = timezone.utc
T0 = datetime(2026, 11, 17, 10, 0, tzinfo=UTC)

pytestmark = pytest.mark.django_db(transaction=True)


MAIL_AT_ONCE = {"turn": {"site": True, "push": False, "mail": "now"}}


def race():
    a, b = make_user("p0", notify_prefs=MAIL_AT_ONCE), make_user("p1", notify_prefs=MAIL_AT_ONCE)
    match = tables.create_match(a, "race", 2, clock="1d")
    tables.join_match(b, match)
    match.refresh_from_db()
    return match, a, b


def move(match, user):
    match.refresh_from_db()
    services.submit_action(match.pk, user, {"type": "add", "n": 1}, match.version)


def turn_notes(user):
    return Notification.objects.filter(user=user, kind=Notification.Kind.YOUR_TURN)


def mails_to(user):
    return [m for m in mail.outbox if m.to == [user.email]]


def test_nothing_while_the_match_is_open():
    with time_machine.travel(T0, tick=False):
        match, a, b = race()
        Seat.objects.filter(match=match, index=1).update(last_seen_at=T0)
        mail.outbox.clear()
        move(match, a)
        assert not turn_notes(b).exists() and not mails_to(b)


def test_nothing_within_ten_minutes_of_the_players_own_move_then_the_missed_turn_job_tells_them():
    with time_machine.travel(T0, tick=False) as clock:
        match, a, b = race()
        move(match, a)
        assert turn_notes(b).count() == 1
        clock.shift(timedelta(minutes=1))
        move(match, b)
        clock.shift(timedelta(minutes=3))
        move(match, a)  # b moved 3 minutes ago
        assert turn_notes(b).count() == 1
        clock.shift(timedelta(minutes=8))  # 11 minutes since b's move, nobody looked
        reminders.send_missed_turn_notices()
        assert turn_notes(b).count() == 2
        reminders.send_missed_turn_notices()  # told once
        assert turn_notes(b).count() == 2


def test_at_most_one_mail_per_match_until_the_player_comes_back():
    with time_machine.travel(T0, tick=False) as clock:
        match, a, b = race()
        mail.outbox.clear()
        move(match, a)
        assert len(mails_to(b)) == 1
        clock.shift(timedelta(hours=1))
        move(match, b)
        clock.shift(timedelta(hours=1))
        move(match, a)  # b came back and moved: a new mail is welcome
        assert len(mails_to(b)) == 2
        # Later b has a new turn but has not come back since that mail: a notice, no second mail.
        clock.shift(timedelta(hours=1))
        Seat.objects.filter(match=match, index=1).update(turn_started_at=T0 + timedelta(hours=3))
        seat = Seat.objects.select_related("user", "match").get(match=match, index=1)
        outbox.record([events.your_turn(seat.match, seat)])
        assert turn_notes(b).count() == 3 and len(mails_to(b)) == 2
        last = Delivery.objects.get(notice=turn_notes(b).order_by("-created_at")[0], channel="mail")
        assert (last.outcome, last.how) == ("skipped", "skipped: already told about this match")


def test_bot_replies_never_notify_move_by_move():
    with time_machine.travel(T0, tick=False) as clock:
        ann = make_user("ann")
        match = tables.create_match(ann, "chickenrun", 2, bots={1: "sensible"})
        mail.outbox.clear()
        for _ in range(6):
            match.refresh_from_db()
            if match.status != Match.Status.ACTIVE or 0 not in match.to_act:
                break
            from engine import get_game

            game = get_game("chickenrun")
            action = game.legal_actions(game.deserialize(match.state), 0)[0]
            services.submit_action(match.pk, ann, action, match.version)
            clock.shift(timedelta(seconds=20))
        assert turn_notes(ann).count() <= 1
        assert len(mails_to(ann)) <= 1


def test_reading_the_notifications_page_marks_them_read(client):
    with time_machine.travel(T0, tick=False):
        match, a, b = race()
        move(match, a)
        assert turn_notes(b).filter(read_at__isnull=True).count() == 1
        client.force_login(b)
        assert client.get("/notifications/").status_code == 200
        assert turn_notes(b).filter(read_at__isnull=True).count() == 0


def test_a_notice_about_the_one_other_player_names_them_once():
    """"alice ran out of time in Chicken Run and lost", not "... in Chicken Run with alice and
    lost"; with more players the match keeps its full name."""
    from tests.factories import human_match

    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob)
    notice = Notification(user=bob, match=match, kind="timeout", params={"who": "alice", "lost": True, "game": "chickenrun"})
    assert events.text(notice) == "alice ran out of time in Chicken Run and lost."
    notice = Notification(user=bob, match=match, kind="turn", params={"game": "chickenrun"})
    assert events.text(notice) == "Your turn in Chicken Run with alice"
