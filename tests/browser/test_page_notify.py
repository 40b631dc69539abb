"""Notifications that respect people, in Chromium: a person with the match open gets no "your
turn" notice (the page tells them), while the same move in a match they do not have open does;
opening the Notifications page marks the notices read and the header stops counting them."""

import pytest
from django.core import mail

from games.lobby import tables
from games.play import services
from games.models import Match, Notification
from tests.browser.people import log_in
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def race(ann, bob):
    match = tables.create_match(ann, "race", 2, clock="1d")
    tables.join_match(bob, match)
    return Match.objects.get(pk=match.pk)


def move(match, user):
    match.refresh_from_db()
    services.submit_action(match.pk, user, {"type": "add", "n": 1}, match.version)


def test_no_notice_while_the_match_is_open_and_reading_marks_them_read(new_page):
    ann, bob = make_user("ann"), make_user("bob", notify_prefs={"turn": {"mail": "now"}})
    watched, elsewhere = race(ann, bob), race(ann, bob)
    first = watched.to_act[0]
    if first == 1:  # bob moves first in both: get both matches to ann's turn
        move(watched, bob)
        move(elsewhere, bob)
    page = new_page()
    log_in(page, "bob")
    page.goto(watched.get_absolute_url())
    page.wait_for_selector("html[data-live=on]")  # the page's stream is open: bob is looking
    mail.outbox.clear()

    move(watched, ann)
    move(elsewhere, ann)
    page.wait_for_selector("#match-board[data-my-turn]")  # the open page says it by itself
    notes = Notification.objects.filter(user=bob, kind=Notification.Kind.YOUR_TURN)
    assert [n.match_id for n in notes] == [elsewhere.pk]
    assert [m.to for m in mail.outbox] == [[bob.email]]

    page.goto("/")
    assert page.locator("#unread-count").inner_text() == "1"
    page.goto("/notifications/")
    assert page.locator("main").get_by_text("Race to Ten").count() >= 1
    page.goto("/")
    assert page.locator("#unread-count").count() == 0
    assert not Notification.objects.filter(user=bob, read_at__isnull=True).exists()
    assert page.console_errors == []
