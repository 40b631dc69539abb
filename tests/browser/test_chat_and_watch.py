"""Around the table, in Chromium on phones: two players of a War for Chicken Island match chat
(the second sees the unread count on the Chat tab, then the message, and answers with a ready
phrase), and a spectator finds the match in the lobby's Watch list and watches it: the island,
no choice to tap, the spectators' own chat, and the players see one person watching."""

import re

import pytest

from games.lobby import tables
from tests.browser.people import log_in
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def no_sideways_scroll(page):
    return page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth + 1")


def watch_failures(page):
    page.failed = []
    page.on("response", lambda r: r.status >= 500 and page.failed.append(f"{r.status} {r.request.method} {r.url}"))
    return page


def test_two_players_chat_on_phones_and_a_spectator_watches_from_the_lobby(new_page):
    make_user("hen"), make_user("rooster"), make_user("fox")
    from accounts.models import User

    match = tables.create_match(User.objects.get(username="hen"), "wfci", 2)
    tables.join_match(User.objects.get(username="rooster"), match)
    url = match.get_absolute_url()

    hen = watch_failures(new_page(viewport=PHONE))
    log_in(hen, "hen")
    hen.goto(url)
    rooster = watch_failures(new_page(viewport=PHONE))
    log_in(rooster, "rooster")
    rooster.goto(url)

    # Hen opens the chat with one tap (the head's chat button opens the Chat tab) and writes.
    hen.click("#chat-link")
    assert hen.locator("#tab-chat").get_attribute("aria-selected") == "true"
    assert hen.locator("#chat-text").is_visible()
    hen.fill("#chat-text", "Morning! <b>My leader</b> is coming for you")
    hen.click("#chat-send")
    hen.wait_for_selector("#chat-log li.mine")
    assert hen.locator("#chat-text").input_value() == ""

    # Rooster, on another tab of the screen, sees the unread count, then the message.
    badge = rooster.locator("#tab-chat [data-chat-unread]")
    badge.wait_for(state="visible", timeout=20000)
    assert badge.inner_text() == "1"
    assert rooster.locator("#chat-link [data-chat-unread]").inner_text() == "1"
    rooster.click("#tab-chat")
    said = rooster.locator("#chat-log li").first
    assert said.locator(".who").inner_text() == "hen"
    assert said.locator(".said").inner_text() == "Morning! <b>My leader</b> is coming for you"  # as typed, escaped
    badge.wait_for(state="hidden")  # read: the count is gone
    assert no_sideways_scroll(rooster)

    # Rooster answers with a ready phrase; Hen, who has the chat open, reads it there.
    rooster.click(".chat-phrases button[value=good_luck]")
    hen.wait_for_selector("#chat-log li:has-text('Good luck')", timeout=20000)

    # Fox finds the match in the lobby's Watch list and watches it.
    fox = watch_failures(new_page(viewport=PHONE))
    log_in(fox, "fox")
    fox.goto("/")
    fox.click(f'[data-watch="{match.pk}"]')
    fox.wait_for_url(re.compile(rf".*/matches/{match.pk}/$"))
    assert fox.locator("[data-board]").count() == 1
    assert fox.locator("[data-action]").count() == 0  # nothing to tap: fox has no seat
    fox.click("#chat-link")
    assert "spectators" in fox.locator(".chat-channel").inner_text()
    assert fox.locator("#chat-log li").count() == 0  # table talk stays at the table
    fox.fill("#chat-text", "what a start")
    fox.click("#chat-send")
    fox.wait_for_selector("#chat-log li.mine")
    assert no_sideways_scroll(fox)

    hen.reload()
    assert re.search(r"1 watching", hen.locator("#watching").inner_text())
    assert hen.locator("#chat-log li:has-text('what a start')").count() == 0
    for page in (hen, rooster, fox):
        assert page.console_errors == [], page.failed
