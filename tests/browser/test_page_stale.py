"""Nothing stale: a page left open follows the match by itself. "Leave this match" goes when the
match starts, the header's counters follow the person's own moves, and when the other side
resigns the page says how it ended, with no turn, clock or resign button left."""

import pytest

from games.lobby import tables
from games.play import visibility, services, site_actions
from games.models import Match
from tests.browser.people import log_in
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MOVED = "v => { const b = document.getElementById('match-board'); return b && !b.dataset.busy && b.dataset.version !== v; }"


def caught_up(page, match):
    """The live page fetches each new board at once: let it, before the next write (SQLite's
    shared in-memory test database refuses a write while another thread reads the table)."""
    page.wait_for_selector(f'#match-board[data-match-version="{match.version}"]')
    page.wait_for_timeout(200)


def test_an_open_page_follows_the_match_from_the_lobby_to_the_result(new_page):
    ann, bob = make_user("ann"), make_user("bob")
    match = tables.create_match(ann, "chickenrun", 2)
    page = new_page()
    log_in(page, "ann")
    page.goto(match.get_absolute_url())
    assert page.locator("text=Leave this match").is_visible()

    tables.join_match(bob, match)  # the page polls and sees the start
    page.wait_for_selector("#match-board[data-status=active]")
    assert page.locator("text=Leave this match").count() == 0
    assert page.locator("#fold-players .to-act").count() == 1

    match = Match.objects.get(pk=match.pk)
    if 0 not in match.to_act:  # bob moves first
        while 1 in match.to_act:
            services.submit_action(match.pk, bob, visibility.game_view(match, 1)[1][0], match.version)
            match = Match.objects.get(pk=match.pk)
            caught_up(page, match)
        page.wait_for_selector("#match-board[data-my-turn]")
    assert page.locator("#turn-links .badge").inner_text() == "1"
    assert page.locator("#next-match").is_visible()
    for _ in range(50):  # my moves, until the turn is bob's: the header forgets this match
        if not page.locator("#match-board[data-my-turn]").count():
            break
        version = page.locator("#match-board").get_attribute("data-version")
        page.locator("#match-board [data-action]").first.click()
        page.wait_for_function(MOVED, arg=version)
    assert page.locator("#turn-links .badge").count() == 0
    assert page.locator("#next-match").count() == 0

    match = Match.objects.get(pk=match.pk)
    services.submit_action(match.pk, bob, {"type": site_actions.RESIGN}, match.version)
    page.wait_for_selector("#outcome")
    assert page.locator("#outcome").inner_text() == "Game over: bob resigned, so you won!"
    assert page.locator("#announce").inner_text() == "Game over: bob resigned, so you won!"
    for stale in ("#prompt", ".clock", ".to-act", "text=Yes, I resign", "[data-action]", "#match-board[data-hx-get]"):
        assert page.locator(stale).count() == 0, stale
    assert not page.title().startswith("(")
    page.wait_for_timeout(300)  # the page's last requests (the chat marked read) end before the database is emptied
    assert page.console_errors == []
