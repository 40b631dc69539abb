"""A match page outliving its login. A message read once goes when the match moves on; when the
session has ended, the board's refresh and a tap each answer with "log in again" (back to the
same match), never an error page inside the board; logging in again brings the match back."""

import pytest
from django.contrib.sessions.models import Session

from games.lobby import tables
from games.play import visibility, services
from games.models import Match
from tests.browser import screen
from tests.browser.people import log_in
from tests.factories import PASSWORD, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ERRORS = ("Page not found", "Server Error", "Traceback", "Forbidden", "CSRF")


def no_error_page(page) -> None:
    text = page.locator("body").inner_text()
    assert not [e for e in ERRORS if e in text], text


def test_an_ended_session_says_log_in_again_on_refresh_and_on_a_tap(new_page, live_server, monkeypatch):
    from games.live import stream

    monkeypatch.setattr(stream, "HEARTBEAT", 2.0)  # a live stream notices the end at its heartbeat
    ann, bob = make_user("ann"), make_user("bob")
    match = tables.create_match(ann, "chickenrun", 2)
    page = new_page({"width": 360, "height": 780})
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    log_in(page, "bob")
    page.goto(match.get_absolute_url())
    page.click("text=Join this match")
    page.wait_for_selector("#match-board[data-status=active]")
    assert page.locator("#messages").inner_text().startswith("You joined the match.")

    page.wait_for_timeout(200)  # the live page's own requests end first (SQLite's test database refuses a write meanwhile)
    match = Match.objects.get(pk=match.pk)  # a move by either side: the message was read
    if 0 in match.to_act:
        services.submit_action(match.pk, ann, visibility.game_view(match, 0)[1][0], match.version)
        page.wait_for_function(screen.WAIT_MOVED, arg=str(match.version), timeout=10000)
    else:
        screen.tap(page, page.locator("#match-board [data-action]").first)
    assert page.locator("#messages").count() == 0

    Session.objects.all().delete()  # the session ends: the live stream stops, the page polls
    page.wait_for_selector("#session-ended", timeout=10000)
    assert "Your session has ended" in page.locator("#session-ended").inner_text()
    no_error_page(page)
    assert page.locator("#match-board[data-hx-get]").count() == 0, "the ended board stops polling"

    page.click("#log-in-again")
    page.wait_for_url("**/accounts/login/**")
    page.fill("#id_username", "bob")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(f"**{match.get_absolute_url()}")
    page.wait_for_selector("#match-board[data-status=active]")

    match = Match.objects.get(pk=match.pk)
    while 1 not in match.to_act:  # ann moves until it is bob's turn
        services.submit_action(match.pk, ann, visibility.game_view(match, 0)[1][0], match.version)
        match = Match.objects.get(pk=match.pk)
    page.reload()
    page.wait_for_selector("#match-board[data-my-turn]")
    Session.objects.all().delete()
    page.locator("#match-board [data-action]").first.click()  # a tap with the session gone
    page.wait_for_selector("#session-ended", timeout=10000)
    assert "nothing was sent" in page.locator("#session-ended").inner_text()
    no_error_page(page)
    assert Match.objects.get(pk=match.pk).version == match.version, "nothing was played"
    assert [e for e in page.console_errors if "status of 403" not in e] == []
