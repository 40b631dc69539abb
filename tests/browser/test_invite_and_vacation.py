"""Two people: one invites the other by secret link, they play two moves each, one goes on
vacation, and the other sees it."""

import pytest

from tests.browser.people import log_in
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def play_one(page):
    """Click the first legal choice and wait for the board to move on."""
    version = page.locator("#match-board").get_attribute("data-version")
    page.locator("#match-board [data-action]").first.click()
    page.wait_for_function(
        "v => { const b = document.getElementById('match-board'); return b && b.dataset.version !== v; }", arg=version
    )


def test_invite_by_link_play_and_see_the_vacation(new_page):
    make_user("ada")
    make_user("bea")
    ada, bea = new_page(), new_page(viewport={"width": 375, "height": 740})
    log_in(ada, "ada")
    log_in(bea, "bea")

    ada.goto("/matches/new/?game=race")
    ada.select_option("#id_clock", "3d")
    ada.check("#id_private")
    ada.click("text=Create the match")
    ada.wait_for_url("**/matches/*/")
    link = ada.locator("#invite-url").input_value()
    assert "/invite/" in link

    bea.goto(link)
    bea.click("text=Take my seat")
    bea.wait_for_url("**/matches/*/")

    ada.reload()
    for _ in range(2):
        play_one(ada)  # ada (seat 1) moves
        bea.wait_for_selector("#match-board [data-action]", timeout=10000)  # bea's page refreshes itself
        play_one(bea)
        ada.wait_for_selector("#match-board [data-action]", timeout=10000)
    assert ada.locator("#match-board").get_attribute("data-version") == "4"

    bea.goto("/accounts/profile/")
    bea.click("text=Start a vacation now")
    bea.wait_for_selector("text=End my vacation")

    ada.reload()
    players = ada.locator("#players").inner_text()
    assert "bea" in players and "on vacation" in players
    ada.goto("/accounts/players/bea/")
    assert ada.locator("#on-vacation").is_visible()
    assert ada.console_errors == [] and bea.console_errors == []
