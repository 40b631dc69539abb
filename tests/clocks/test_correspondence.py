"""Clocks on matches, reminders, vacations, time-outs, digests and unsubscribing."""

from datetime import datetime, timedelta, timezone

import pytest
import time_machine
from django.core import mail
from django.core.management import call_command

from games.clocks import controls as C
from accounts.models import User
from engine.placement import agrees
from games.lobby import tables
from games.play import services
from games.players import vacations
from games.models import Delivery, Match, Notification, Rating, Seat, Turn
from games.notifications import preferences
from games.notifications import onsite as notice_site
from tests.factories import make_user

UTC = timezone.utc
T0 = datetime(2026, 11, 17, 10, 0, tzinfo=UTC)  # a Tuesday

pytestmark = pytest.mark.django_db(transaction=True)


def race(players=2, clock="1d", **kwargs):
    users = [make_user(f"p{i}") for i in range(players)]
    match = tables.create_match(users[0], "race", players, clock=clock, **kwargs)
    for u in users[1:]:
        tables.join_match(u, match)
    match.refresh_from_db()
    return match, users


def seat(match, index) -> Seat:
    return Seat.objects.get(match=match, index=index)


def move(match, user, n=1):
    match.refresh_from_db()
    return services.submit_action(match.pk, user, {"type": "add", "n": n}, match.version)


REMINDER_MAILS = {"reminder": {"site": True, "push": False, "mail": "now"}}


def run(job):
    call_command("run_periodic_jobs", job)


def test_per_move_clock_runs_only_for_the_player_to_act():
    with time_machine.travel(T0, tick=False) as clock:
        match, (a, b) = race(clock="2d")
        assert seat(match, 0).deadline == T0 + timedelta(days=2)
        assert seat(match, 1).deadline is None
        clock.shift(timedelta(hours=5))
        move(match, a)
        assert seat(match, 0).deadline is None
        assert seat(match, 1).deadline == T0 + timedelta(hours=5, days=2)
        assert Turn.objects.get(match=match, version=1).think_seconds == 5 * 3600


def test_fischer_bank_is_kept_in_the_database():
    with time_machine.travel(T0, tick=False) as clock:
        match, (a, b) = race(clock="standard")
        assert seat(match, 0).time_left == 3 * C.DAY
        clock.shift(timedelta(days=1))
        move(match, a)
        assert seat(match, 0).time_left == 3 * C.DAY  # 3d - 1d + 1d
        assert seat(match, 1).deadline == T0 + timedelta(days=4)


def test_reminders_at_half_time_and_a_twelfth_left_never_twice():
    with time_machine.travel(T0, tick=False) as clock:
        match, (a, b) = race(clock="3d")
        User.objects.filter(pk=a.pk).update(notify_prefs=REMINDER_MAILS)
        mail.outbox.clear()
        run("send_reminders")
        assert not Notification.objects.filter(kind="reminder").exists()
        clock.shift(timedelta(hours=36))  # half of 3 days
        run("send_reminders")
        run("send_reminders")
        assert Notification.objects.filter(kind="reminder", user=a).count() == 1
        assert len(mail.outbox) == 1 and "left for your move" in mail.outbox[0].subject
        clock.shift(timedelta(hours=29))  # 7 h left: not yet the last call (6 h, a twelfth)
        run("send_reminders")
        assert Notification.objects.filter(kind="reminder", user=a).count() == 1
        clock.shift(timedelta(hours=1))
        run("send_reminders")
        run("send_reminders")
        assert Notification.objects.filter(kind="reminder", user=a).count() == 2
        assert seat(match, 0).reminders_sent == ["half", "last"]
        assert not Notification.objects.filter(kind="reminder", user=b).exists()


def test_a_one_day_clock_reminds_at_half_time_and_two_hours_before():
    with time_machine.travel(T0, tick=False) as clock:
        match, (a, b) = race(clock="1d")
        clock.shift(timedelta(hours=12))
        run("send_reminders")
        clock.shift(timedelta(hours=9, minutes=59))  # 2 h 1 min left
        run("send_reminders")
        assert seat(match, 0).reminders_sent == ["half"]
        clock.shift(timedelta(minutes=2))
        run("send_reminders")
        notes = Notification.objects.filter(kind="reminder", user=a).order_by("created_at")
        assert [n.key.split(".")[3] for n in notes] == ["half", "last"]


def test_reminders_missed_together_make_one_notice_and_none_while_the_match_is_open():
    with time_machine.travel(T0, tick=False) as clock:
        match, (a, b) = race(clock="1d")
        clock.shift(timedelta(hours=23))  # both thresholds passed since the job last ran
        run("send_reminders")
        assert Notification.objects.filter(kind="reminder", user=a).count() == 1
        assert seat(match, 0).reminders_sent == ["half", "last"]
        move(match, a)
        clock.shift(timedelta(hours=12))
        Seat.objects.filter(match=match, index=1).update(last_seen_at=T0 + timedelta(hours=35))
        run("send_reminders")
        assert seat(match, 1).reminders_sent == ["half"]
        assert not Notification.objects.filter(kind="reminder", user=b).exists()


def test_no_reminder_mail_for_who_said_no():
    with time_machine.travel(T0, tick=False) as clock:
        match, (a, b) = race(clock="1d")
        User.objects.filter(pk=a.pk).update(notify_prefs={"reminder": {"site": True, "push": False, "mail": "off"}})
        mail.outbox.clear()
        clock.shift(timedelta(hours=13))
        run("send_reminders")
        clock.shift(timedelta(hours=1))
        run("sweep_outbox")
        assert Notification.objects.filter(kind="reminder", user=a).count() == 1
        assert [m.subject for m in mail.outbox if "left for your move" in m.subject] == []
        assert [m.subject for m in mail.outbox] == [f"Your turn in Race to Ten with {b.username}"]  # a was away: that one comes


def test_vacation_pauses_every_clock_and_spends_days():
    with time_machine.travel(T0, tick=False) as clock:
        match, (a, b) = race(clock="1d")
        a.refresh_from_db()
        before = vacations.balance(a)
        clock.shift(timedelta(hours=4))
        vacations.start(a)
        assert seat(match, 0).deadline is None
        clock.shift(timedelta(days=3))
        vacations.end(a)
        assert seat(match, 0).deadline == T0 + timedelta(days=4)  # 1 day of clock + 3 paused
        a.refresh_from_db()
        accrued = 30 / 365 * (3 + 4 / 24)
        assert vacations.balance(a) == pytest.approx(before - 3 + accrued, abs=0.001)


def test_time_out_hands_the_seat_to_a_bot_then_the_player_takes_it_back():
    with time_machine.travel(T0, tick=False) as clock:
        match, (a, b) = race(clock="1d")
        a.auto_vacation = False
        a.save()
        clock.shift(timedelta(days=1, minutes=1))
        run("handle_timeouts")
        match.refresh_from_db()
        timeout = Turn.objects.get(match=match, version=1)
        assert (timeout.kind, timeout.seat, timeout.action) == ("site", 0, {"type": "site.timeout"})
        assert "ran out of time" in timeout.text
        s = seat(match, 0)
        assert (s.bot, s.away, s.timed_out) == ("steady", True, 1)
        assert Turn.objects.filter(match=match, kind="game", seat=0).exists(), "the bot moved for them"
        assert match.to_act == [1]
        with pytest.raises(services.Forbidden):
            move(match, a)  # a bot holds the seat: take it back first
        services.submit_action(match.pk, a, {"type": "site.return"}, match.version)
        assert seat(match, 0).bot == ""
        move(match, b)
        move(match, a)


def test_time_out_loses_a_rated_two_player_match_and_rates_it():
    with time_machine.travel(T0, tick=False) as clock:
        match, (a, b) = race(clock="1d", rated=True)
        assert match.timeout_policy == "lose"
        a.auto_vacation = False
        a.save()
        clock.shift(timedelta(days=2))
        run("handle_timeouts")
        match.refresh_from_db()
        assert match.status == Match.Status.FINISHED
        assert match.outcome == {"winners": [1], "losers": [0], "reason": "lost on time",
                                 "placement": [[1], [0]]}
        assert Rating.objects.get(user=b, game="race").rating > 1500 > Rating.objects.get(user=a, game="race").rating


def test_time_out_in_three_players_loses_and_a_bot_plays_on():
    with time_machine.travel(T0, tick=False) as clock:
        match, (a, b, c) = race(players=3, clock="1d", rated=True)
        a.auto_vacation = False
        a.save()
        clock.shift(timedelta(days=2))
        run("handle_timeouts")
        match.refresh_from_db()
        assert match.status == Match.Status.ACTIVE
        assert seat(match, 0).forfeited and seat(match, 0).bot == "steady"
        while match.status == Match.Status.ACTIVE:
            mover = {1: b, 2: c}[match.to_act[0]]
            move(match, mover, 2)
            match.refresh_from_db()
        assert 0 in match.outcome["losers"] and 0 not in match.outcome["winners"]
        # the race game's outcome has no placement: the site reads it from the winners, the one who timed out last
        assert agrees(match.outcome, 3) and match.outcome["placement"][-1] == [0]


def test_vacation_starts_by_itself_instead_of_a_time_out():
    with time_machine.travel(T0, tick=False) as clock:
        match, (a, b) = race(clock="1d")
        clock.shift(timedelta(days=1, minutes=5))
        run("handle_timeouts")
        assert vacations.current(a) is not None and vacations.current(a).automatic
        assert seat(match, 0).deadline is None
        assert not Turn.objects.filter(match=match).exists()
        assert Notification.objects.filter(user=a, kind="vacation").exists()
        clock.shift(timedelta(days=2))
        vacations.end(a)
        assert seat(match, 0).deadline == T0 + timedelta(days=3, minutes=5) + vacations.RETURN_GRACE


def test_an_opponent_gives_a_day():
    with time_machine.travel(T0, tick=False):
        match, (a, b) = race(clock="1d")
        services.submit_action(match.pk, b, {"type": "site.extra_day", "seat": 0}, match.version)
        assert seat(match, 0).deadline == T0 + timedelta(days=2)
        match.refresh_from_db()
        with pytest.raises(services.ServiceError):
            services.submit_action(match.pk, b, {"type": "site.extra_day", "seat": 0}, match.version)
        with pytest.raises(services.Forbidden):
            services.submit_action(match.pk, a, {"type": "site.extra_day", "seat": 0}, match.version)
        with pytest.raises(services.Forbidden):
            services.submit_action(match.pk, a, {"type": "site.timeout"}, match.version)


def test_a_match_without_clock_is_abandoned_after_three_weeks():
    with time_machine.travel(T0, tick=False) as clock:
        match, (a, b) = race(clock="none")
        assert seat(match, 0).deadline is None
        clock.shift(timedelta(days=20))
        run("abandon_idle")
        match.refresh_from_db()
        assert match.status == Match.Status.ACTIVE
        clock.shift(timedelta(days=2))
        run("abandon_idle")
        match.refresh_from_db()
        assert match.status == Match.Status.ABANDONED


def test_bot_matches_never_time_out():
    alice = make_user("alice")
    match = tables.create_match(alice, "race", 2, bots={1: "steady"}, clock="1d")
    assert match.time_control == "none"
    assert seat(match, 0).deadline is None


def test_digest_collects_notices_and_sends_one_mail_at_the_chosen_hour():
    with time_machine.travel(T0, tick=False) as clock:
        a, b = make_user("a", notify_prefs={"turn": {"mail": "digest"}}), make_user("b")
        a.digest_hour = 18
        a.time_zone = "Europe/Paris"  # 18:00 in Paris is 17:00 UTC in November
        a.save()
        for _ in range(2):
            m = tables.create_match(b, "race", 2, clock="1d")
            tables.join_match(a, m)
            clock.shift(timedelta(minutes=11))
            move(m, b)
        assert not [msg for msg in mail.outbox if msg.to == ["a@example.com"]]
        assert Delivery.objects.filter(notice__user=a, digest=True, outcome="").count() == 2
        clock.move_to(datetime(2026, 11, 17, 16, 0, tzinfo=UTC))
        run("sweep_outbox")
        assert not [msg for msg in mail.outbox if msg.to == ["a@example.com"]]
        clock.move_to(datetime(2026, 11, 17, 17, 0, tzinfo=UTC))
        run("sweep_outbox")
        run("sweep_outbox")
        digests = [msg for msg in mail.outbox if msg.to == ["a@example.com"]]
        assert len(digests) == 1
        assert digests[0].body.count("/matches/") == 2


def test_mails_carry_a_one_click_unsubscribe(client):
    alice = make_user("alice")
    tables.create_match(alice, "race", 2, bots={1: "steady"})
    mail.outbox.clear()
    m, (a, b) = race(clock="1d")
    User.objects.update(notify_prefs={"turn": {"mail": "now"}})
    move(m, a)
    sent = [msg for msg in mail.outbox if msg.to == ["p1@example.com"]][-1]
    link = sent.extra_headers["List-Unsubscribe"].strip("<>")
    assert sent.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert link in sent.body
    path = link.split("127.0.0.1:8000")[-1]
    assert client.get(path).status_code == 200
    assert client.post(path).status_code == 200  # no CSRF token: mail clients post it
    b.refresh_from_db()
    assert {kind: p["mail"] for kind, p in preferences.all_kinds(b).items()} == dict.fromkeys(preferences.KINDS, "off")
    assert preferences.for_kind(b, "turn")["push"]  # push and the site stay as they were
    assert client.get(path[:-3] + "xx/").status_code == 404
    assert not [msg for msg in mail.outbox if msg.to == ["alice@example.com"]]


def test_no_turn_mail_while_the_page_is_open():
    m, (a, b) = race(clock="1d")
    Seat.objects.filter(match=m, index=1).update(last_seen_at=datetime.now(UTC))
    mail.outbox.clear()
    move(m, a)
    assert not Notification.objects.filter(user=b, kind="turn").exists()  # nor a notice
    assert not [msg for msg in mail.outbox if msg.to == ["p1@example.com"]]


def test_resigning_ends_a_two_player_match():
    m, (a, b) = race(clock="1d")
    services.submit_action(m.pk, b, {"type": "site.resign"}, m.version)
    m.refresh_from_db()
    assert m.status == Match.Status.FINISHED and m.outcome["winners"] == [0]


def test_site_turns_do_not_break_the_replay():
    from games.play import visibility

    m, (a, b) = race(clock="1d")
    services.submit_action(m.pk, b, {"type": "site.extra_day", "seat": 0}, m.version)
    move(m, a)
    move(m, b, 2)
    m.refresh_from_db()
    assert visibility.replay(m) == m.state


def test_notices_feed_the_header_and_the_notifications_page(client):
    m, (a, b) = race(clock="1d")
    move(m, a)
    client.force_login(b)
    page = client.get("/").content.decode()
    assert 'id="unread-count"' in page and 'id="next-match"' in page
    assert client.get("/matches/next/").url == m.get_absolute_url()
    client.get("/notifications/")
    assert not Notification.objects.filter(user=b, read_at__isnull=True).exists()
    assert 'id="unread-count"' not in client.get("/").content.decode()


def test_notices_about_a_match_that_ended_are_closed(client):
    m, (a, b) = race(clock="1d")
    move(m, a)
    assert notice_site.unread_count(b) == 1
    services.submit_action(m.pk, b, {"type": "site.resign"}, Match.objects.get(pk=m.pk).version)
    assert notice_site.unread_count(b) == 1  # the turn notice is closed; the game over counts
    client.force_login(b)
    page = client.get("/notifications/").content.decode()
    assert "the match is over" in page


def test_a_player_who_turned_turn_mails_off_gets_the_notice_and_no_mail():
    m, (a, b) = race(clock="1d")
    User.objects.filter(pk=b.pk).update(notify_prefs={"turn": {"site": True, "push": False, "mail": "off"}})
    mail.outbox.clear()
    move(m, a)
    note = Notification.objects.get(user=b, kind="turn")
    assert not note.deliveries.exists() and mail.outbox == []


def test_player_page_shows_the_median_time_per_move(client):
    with time_machine.travel(T0, tick=False) as clock:
        m, (a, b) = race(clock="1d")
        clock.shift(timedelta(seconds=60))
        move(m, a)
        clock.shift(timedelta(seconds=600))
        move(m, b)
        clock.shift(timedelta(seconds=180))
        move(m, a)
        from games.players import profiles

        assert profiles.summary(a)["median_move"] == 120
        assert profiles.summary(b)["median_move"] == 600
        assert "median time per move: 120" in client.get("/accounts/players/p0/").content.decode()
