"""War for Chicken Island on a phone: the tabs whose contents come from the server when opened
(every unit on the island, the players, the log) and the legend show them at the first tap; a
unit's card, made from its row among the island's units, opens at the first tap too; and while
such a tab is open the board's refreshes keep its contents in place."""

import pytest

from tests.browser.people import log_in
from tests.browser.test_wfci_page import mid_game, seeded_match
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def test_each_tab_fetched_on_demand_shows_its_contents_on_a_phone(new_page):
    ann = make_user("ann")
    match = seeded_match(ann, 4, mid_game(4, 4))
    page = new_page(viewport=PHONE)
    log_in(page, "ann")
    page.goto(match.get_absolute_url())
    for pane in ("island", "players", "log"):
        assert page.locator(f"#wf-more-{pane}[data-lazy]").count() == 1  # not sent with the page
    assert page.locator(".wf-stacks, #players, ol.log").count() == 0

    page.click("#tab-island")
    page.locator("#pane-island .wf-stacks").wait_for()
    assert page.locator("#pane-island [id^=ui-]").count() >= 4 and page.locator("#pane-island .wf-supply").is_visible()
    page.click("#tab-players")
    page.locator("#pane-players #players").wait_for()
    assert page.locator("#pane-players .wf-seats .wf-seat").count() == 3  # the three others
    assert page.locator("#pane-players .wf-seat").first.is_visible()
    page.click("#tab-log")
    page.locator("#pane-log ol.log li").first.wait_for()
    assert page.locator("#pane-log ol.log").is_visible()
    page.click("#wf-legend-b")
    page.locator("#wf-legend ul.lg").wait_for()
    assert page.locator("#wf-legend ul.lg li").count() >= 10

    # A refresh of the board while the Log is open brings the log along: no second request, no gap.
    page.evaluate("""() => new Promise(done => {
        document.addEventListener('htmx:afterSettle', () => done(), {once: true});
        htmx.ajax('GET', location.pathname + 'board/', {target: '#match-board', swap: 'outerHTML'});
    })""")
    assert page.locator("#tab-log").get_attribute("aria-selected") == "true"
    assert page.locator("#wf-more-log[data-lazy]").count() == 0 and page.locator("#pane-log ol.log li").count() >= 1
    assert page.locator("#pane-log").is_visible()

    # A unit's card on a fresh page: its row is fetched, then the card opens.
    page.reload()
    assert page.locator("#wf-more-island[data-lazy]").count() == 1
    page.evaluate("""() => document.querySelector('#wfci .tok').dispatchEvent(new MouseEvent('click', {bubbles: true}))""")
    page.locator("#wf-unitcard:not([hidden]) .body li").wait_for()
    assert "Str" in page.locator("#wf-unitcard .body").inner_text()
    assert page.console_errors == []
