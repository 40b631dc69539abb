"""Notifications that are never lost, on PostgreSQL, Redis, real Celery workers and an SMTP
server: each mail arrives exactly once after the SMTP server was down and came back, after
Redis was down when the game ended and came back, and after the worker sending it was
killed; a time-out tells both sides once; the creator of a bot match hears nothing.

The tests run their own Redis, SMTP sink and workers (tests/notifications/notify_env.py), so they
can stop each of them without touching anything else on the machine.
"""

from __future__ import annotations

import os
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from chickenisland import celery_app
from games.lobby import tables
from games.play import services
from games import tasks
from games.models import Delivery, Match, Notification, Seat
from games.notifications import outbox
from games.notifications import tasks as notification_tasks
from tests.factories import make_user
from tests.notifications.notify_env import RedisServer, SmtpServer, Worker, database_url, wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

QUEUE = f"outbox-{os.getpid()}"
LEASE = 4  # seconds a worker holds a delivery (the workers here run with it)
VISIBILITY = 8  # seconds before Redis hands an unacknowledged task to another worker
AT_ONCE = {kind: {"site": True, "push": False, "mail": "now"} for kind in ("turn", "timeout", "finished", "reminder")}


@pytest.fixture(scope="module")
def stack(django_db_setup, django_db_blocker):
    """Redis, the SMTP sink and one worker, for the whole module."""
    if not RedisServer.available():
        pytest.skip("needs redis-server (apt-get install redis-server; .ci/run has it)")
    from tests.conftest import uses_postgres

    if not uses_postgres():
        pytest.skip("needs PostgreSQL (set DATABASE_URL; .ci/run does)")
    redis, smtp = RedisServer(), SmtpServer()
    redis.start()
    smtp.start()
    with django_db_blocker.unblock():
        url = database_url()
    env = {
        "DATABASE_URL": url, "REDIS_URL": redis.url, "EMAIL_URL": f"smtp://127.0.0.1:{smtp.port}",
        "EMAIL_TIMEOUT": "5", "NOTIFY_LEASE_SECONDS": str(LEASE), "CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY),
        "SITE_URL": "https://chickenisland.example", "IN_PROCESS_JOBS": "false",
    }
    worker = Worker(QUEUE, env)
    worker.start()
    yield {"redis": redis, "smtp": smtp, "worker": worker}
    print("\n--- outbox worker log (tail) ---\n" + worker.tail())
    worker.kill()
    smtp.stop()
    redis.stop()


@pytest.fixture
def env(stack, monkeypatch):
    """This process publishes to the test's Redis, on the test's queue, for real."""
    monkeypatch.setitem(celery_app.conf, "task_always_eager", False)
    old = celery_app.conf.broker_url
    celery_app.conf.broker_url = stack["redis"].url
    celery_app._after_fork()  # forget pooled connections to the other broker
    monkeypatch.setattr(notification_tasks.deliver, "delay",
                        lambda *a: notification_tasks.deliver.apply_async(a, queue=QUEUE))
    monkeypatch.setattr(notification_tasks.send_digest, "delay",
                        lambda *a: notification_tasks.send_digest.apply_async(a, queue=QUEUE))
    monkeypatch.setattr(tasks.play_bot_turns, "delay", lambda *a: tasks.play_bot_turns.apply_async(a, queue=QUEUE))
    stack["smtp"].sink.messages.clear()
    yield stack
    celery_app.conf.broker_url = old
    celery_app._after_fork()


def race(a, b, clock="1d"):
    match = tables.create_match(a, "race", 2, clock=clock)
    tables.join_match(b, match)
    return Match.objects.get(pk=match.pk)


def add(match, user, n=1):
    match.refresh_from_db()
    return services.submit_action(match.pk, user, {"type": "add", "n": n}, match.version)


def settle(seconds=3.0):
    """Give the worker time to send anything more it would (wrongly) send."""
    time.sleep(seconds)


def mails(sink, user, start: str) -> list:
    return [m for m in sink.to(user.email) if sink.subject(m).startswith(start)]


def test_your_turn_mail_after_the_smtp_server_was_down_and_came_back(env):
    smtp, sink = env["smtp"], env["smtp"].sink
    ann, bob = make_user("ann", notify_prefs=AT_ONCE), make_user("bob", notify_prefs=AT_ONCE)
    match = race(ann, bob)
    wait_for(lambda: mails(sink, ann, "Your turn"), 30, "ann's first your-turn mail")  # the worker runs
    smtp.stop()
    add(match, ann)
    note = Notification.objects.get(user=bob, kind="turn")
    failed = wait_for(lambda: Delivery.objects.filter(notice=note, channel="mail", last_error__gt="").first(),
                      30, "a failed attempt while SMTP is down")
    assert failed.outcome == "" and "Connection" in failed.last_error
    smtp.start()
    wait_for(lambda: mails(sink, bob, "Your turn"), 60, "the mail once SMTP is back")
    settle()
    assert len(mails(sink, bob, "Your turn")) == 1
    row = Delivery.objects.get(notice=note, channel="mail")
    assert row.outcome == "sent" and row.attempts >= 2 and row.how.startswith("e-mail <turn.")
    [message] = mails(sink, bob, "Your turn")
    assert message["Message-ID"] == f"<{note.key}.mail@chickenisland.example>"


def test_game_over_mail_after_redis_was_down_when_the_game_ended(env):
    redis, sink = env["redis"], env["smtp"].sink
    ann, bob = make_user("ann", notify_prefs=AT_ONCE), make_user("bob", notify_prefs=AT_ONCE)
    match = race(ann, bob)
    for _ in range(4):  # 8 of 10
        add(match, ann, 1)
        add(match, bob, 1)
    # bob played his move an hour ago and left; ann, who ends the game, sees it end
    Seat.objects.filter(match=match, user=bob).update(last_moved_at=timezone.now() - timedelta(hours=1))
    wait_for(lambda: outbox.backlog()["depth"] == 0, 30, "the worker done with the earlier turns' notices")
    redis.stop()
    try:
        add(match, ann, 2)  # reaches ten: ann wins, while the broker is down
    finally:
        redis.start()
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert Delivery.objects.filter(notice__kind="finished", channel="mail", outcome="").count() == 1
    assert Notification.objects.filter(kind="finished").count() == 2  # ann's on the site only
    settle(2)
    assert not [m for m in sink.to(bob.email) if "is over" in sink.subject(m)]  # nothing could be queued
    # The periodic sweep (beat runs it every minute) finds what nobody queued.
    assert outbox.backlog(now=timezone.now())["depth"] == 1
    assert outbox.sweep(now=timezone.now() + timedelta(minutes=3)) == 1
    wait_for(lambda: [m for m in sink.to(bob.email) if "is over" in sink.subject(m)], 60, "bob's game-over mail")
    settle()
    assert len([m for m in sink.to(bob.email) if "is over: ann won." in sink.subject(m)]) == 1
    assert not [m for m in sink.to(ann.email) if "You won" in sink.subject(m)]
    assert outbox.backlog()["depth"] == 0


def test_a_mail_whose_worker_was_killed_mid_task_arrives_once(env):
    sink, worker = env["smtp"].sink, env["worker"]
    ann, bob = make_user("ann", notify_prefs=AT_ONCE), make_user("bob", notify_prefs=AT_ONCE)
    match = race(ann, bob)
    wait_for(lambda: mails(sink, ann, "Your turn"), 30, "the worker runs")
    sink.hold = True
    sink.holding.clear()
    add(match, ann)
    assert sink.holding.wait(30), "the worker is sending the mail"
    worker.kill()  # in the middle of the SMTP conversation: nothing acknowledged, nothing recorded
    killed = time.monotonic()
    sink.hold = False
    note = Notification.objects.get(user=bob, kind="turn")
    assert Delivery.objects.get(notice=note, channel="mail").outcome == ""
    time.sleep(0.5)
    assert not mails(sink, bob, "Your turn")
    worker.start()
    wait_for(lambda: mails(sink, bob, "Your turn"), VISIBILITY + LEASE + 40, "the mail sent by the new worker")
    print(f"\nsent {time.monotonic() - killed:.0f} s after the kill")
    settle()
    assert len(mails(sink, bob, "Your turn")) == 1
    assert Delivery.objects.get(notice=note, channel="mail").outcome == "sent"


def test_a_time_out_tells_both_sides_once(env):
    sink = env["smtp"].sink
    ann, bob = make_user("ann", notify_prefs=AT_ONCE), make_user("bob", notify_prefs=AT_ONCE, auto_vacation=False)
    match = race(ann, bob)
    add(match, ann)
    Seat.objects.filter(match=match, index=1).update(deadline=timezone.now() - timedelta(minutes=1))
    assert tasks.handle_timeouts.apply().get() == 1
    assert tasks.handle_timeouts.apply().get() == 0  # the seat is a bot's now: nothing twice
    wait_for(lambda: mails(sink, bob, "You ran out of time"), 60, "bob's time-out mail")
    wait_for(lambda: mails(sink, ann, "bob ran out of time"), 60, "ann's time-out mail")
    settle()
    assert len(mails(sink, bob, "You ran out of time")) == 1
    assert len(mails(sink, ann, "bob ran out of time")) == 1


def test_no_mail_to_the_creator_of_a_bot_match(env):
    sink = env["smtp"].sink
    everything = {kind: {"site": True, "push": True, "mail": "now"} for kind in
                  ("turn", "reminder", "timeout", "vacation", "bot", "finished", "invite", "rematch")}
    ann = make_user("ann", notify_prefs=everything)
    solo = tables.create_match(ann, "race", 2, {"mode": "solo"}, bots={1: "steady"})
    versus = tables.create_match(ann, "chickenrun", 2, bots={1: "sensible"})
    add(solo, ann)
    Seat.objects.filter(user=ann).update(last_seen_at=None, last_moved_at=None)
    assert tasks.send_reminders.apply().get() == 0
    outbox.sweep(now=timezone.now() + timedelta(minutes=3))
    settle(4)
    assert sink.to(ann.email) == []
    assert not Notification.objects.filter(user=ann).exists()
    assert Match.objects.get(pk=versus.pk).status == Match.Status.ACTIVE
