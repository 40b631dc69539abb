"""Rules one tap away: a player opens How to play from the lobby and from a match page, and a
word in the prompt leads to its glossary entry."""

import pytest

from games.lobby import tables
from tests.browser.people import log_in
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_rules_open_from_the_lobby_and_from_a_match(new_page):
    ann = make_user("ann")
    match = tables.create_match(ann, "wfci", 2, options={"mode": "solo"})
    page = new_page()
    log_in(page, "ann")

    page.click("#rules-chickenrun")
    page.wait_for_url("**/games/chickenrun/rules/")
    assert page.locator("h1").inner_text() == "How to play Chicken Run"
    assert page.locator("#rules-picture svg").count() >= 1

    page.goto(f"/matches/{match.pk}/")
    page.click("#rules-link")
    page.wait_for_url("**/games/wfci/rules/")
    assert page.locator("#rules-picture svg.wf-island").is_visible()
    assert page.locator("#solo .tips li").count() == 3

    page.goto(f"/matches/{match.pk}/")
    term = page.locator("#prompt a.term").first
    anchor = term.get_attribute("href").split("#", 1)[1]
    term.click()
    page.wait_for_url(f"**/games/wfci/rules/#{anchor}")
    assert page.locator(f"#{anchor}").is_visible()
    assert page.console_errors == []


def test_rules_pages_have_no_serious_accessibility_violation(new_page):
    from tests.browser.test_page_axe import violations

    make_user("ann")
    page = new_page()
    log_in(page, "ann")
    found = {slug: violations(page, f"/games/{slug}/rules/") for slug in ("wfci", "chickenrun", "chickendie", "barnyard")}
    assert {s: v for s, v in found.items() if v} == {}
