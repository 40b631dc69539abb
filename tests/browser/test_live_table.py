"""A live table in Chromium on two phones: both pages open the match's stream, each sees the
other player's dot lit, and a move by one shows on the other's screen at once, with no periodic
request from the watching page while its stream is up; a page put away closes its stream and
sends nothing, and comes back live."""

import time

import pytest

from games.lobby import tables
from tests.browser.people import log_in
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def test_a_move_shows_on_the_other_phone_through_the_stream(new_page):
    # The test's live server (threads, WSGI) stands in for the stream process (new_page).
    hen_user, rooster_user = make_user("hen"), make_user("rooster")
    match = tables.create_match(hen_user, "race", 2)
    tables.join_match(rooster_user, match)
    match.refresh_from_db()
    mover_name = "hen" if match.seat_of(hen_user) in match.to_act else "rooster"
    mover_seat = match.seat_of(hen_user if mover_name == "hen" else rooster_user)
    other_seat = 1 - mover_seat

    pages = {}
    for name in ("hen", "rooster"):
        page = new_page(viewport=PHONE)
        log_in(page, name)
        page.goto(match.get_absolute_url())
        pages[name] = page
    mover, other = pages[mover_name], pages["rooster" if mover_name == "hen" else "hen"]
    for page in (mover, other):
        page.wait_for_selector("html[data-live=on]", timeout=10000)
    # Each sees the other at the table (a lit dot, and words for screen readers).
    other.wait_for_selector(f'#head-clocks [data-seat="{mover_seat}"][data-online="true"]', timeout=5000)
    mover.wait_for_selector(f'#head-clocks [data-seat="{other_seat}"][data-online="true"]', timeout=5000)
    assert other.locator(f'#head-clocks [data-seat="{mover_seat}"] .online-word').inner_text() == "at the table"

    asked = []
    # what polling would send: GET the board, GET the chat (marking read is a POST, on a swap)
    other.on("request", lambda r: r.method == "GET" and ("/board/" in r.url or "/chat/" in r.url) and asked.append(r.url))
    other.wait_for_timeout(4500)  # longer than the poll's period
    assert asked == [], "a periodic request went out while the stream was up"

    version = int(other.locator("#match-board").get_attribute("data-match-version"))
    started = time.monotonic()
    mover.locator("#match-board [data-action]").first.click()
    other.wait_for_selector(f'#match-board[data-match-version="{version + 1}"]', timeout=3000)
    shown_after = time.monotonic() - started
    assert shown_after < 2.0, f"the move took {shown_after:.2f} s to show"
    print(f"a move showed on the other phone after {shown_after * 1000:.0f} ms")
    assert other.locator("#match-board[data-my-turn]").count() == 1  # now it is their turn

    other.wait_for_timeout(4500)
    board_asks = [u for u in asked if "/board/" in u]
    assert len(board_asks) == 1 and not [u for u in asked if "/chat/" in u], asked

    # Put away (hidden past the away time): its stream closes and it sends no poll either;
    # shown again, it is live again.
    hide = "hidden => { window.liveAwayMs = 300; Object.defineProperty(document, 'hidden', " \
           "{value: hidden, configurable: true}); document.dispatchEvent(new Event('visibilitychange')); }"
    other.evaluate(hide, True)
    other.wait_for_selector("html[data-live=off]", timeout=3000)
    asked.clear()
    other.wait_for_timeout(4500)
    assert [u for u in asked if "/board/" in u] == [], "a hidden page polled"
    other.evaluate(hide, False)
    other.wait_for_selector("html[data-live=on]", timeout=5000)
    assert other.console_errors == [] and mover.console_errors == []
