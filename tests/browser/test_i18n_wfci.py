"""War for Chicken Island in a French browser: sign up, start a solo game against the
Challenger, play until a fight is resolved, read the page and its log: French throughout."""

import random

import pytest

from games.models import Match
from tests.browser.people import sign_up
from tests.browser.test_i18n_french import TEST_GAME_MODE, english_words
from tests.browser.test_wfci_page import choices, click, purposeful, reseed, state_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def french_page(chromium, live_server):
    context = chromium.new_context(base_url=live_server.url, locale="fr-FR", viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.console_errors = []
    page.on("pageerror", lambda exc: page.console_errors.append(str(exc)))
    page.set_default_timeout(15000)
    yield page
    context.close()


def play_until_a_fight(page, match_id: int, rng) -> int:
    """Click purposeful choices until a fight the person took part in is resolved; the number
    of clicks it took, or 0 when the game ended first."""
    goals = {}
    for clicks in range(400):
        state = state_of(match_id)
        if page.locator("#outcome").count():
            return 0
        if goals.get("fight") and not state["combat"]:
            return clicks
        loc, actions = choices(page)
        assert actions, "it is always the person's turn once the Challenger has moved"
        pick = purposeful(actions, state, 0, goals, rng)
        chosen = actions[pick]
        if chosen["type"] == "build_at":
            goals["built"] = True
        elif chosen["type"] == "move_to":
            goals["moved"] = True
        elif chosen["type"] == "play_scroll" and state["combat"]:
            goals["scroll"] = True
        if state["combat"]:
            goals["fight"] = True
            assert english_words(page, ["poulet"], where="#wf-fight") == []
        click(page, loc, pick)
    return 0


def test_a_french_player_fights_the_challenger_and_reads_it_all_in_french(french_page):
    page = french_page
    sign_up(page, "poulet")
    assert page.locator("html").get_attribute("lang") == "fr"
    assert english_words(page, ["poulet", TEST_GAME_MODE], where="main") == []
    fought = 0
    for seed in range(1, 9):  # the Challenger may win first: then a new game
        page.goto("/")
        page.click("#play-solo")
        page.wait_for_url("**/matches/*/")
        match_id = int(page.url.rstrip("/").split("/")[-1])
        reseed(match_id, seed, {"mode": "solo"})
        page.reload()
        assert english_words(page, ["poulet"]) == []
        fought = play_until_a_fight(page, match_id, random.Random(5))
        if fought:
            break
    assert fought > 5, "several steps, then a fight the person took part in was resolved"
    page.reload()
    assert page.locator("#wf-last-fight").count() == 1
    assert page.locator("html").get_attribute("lang") == "fr"
    assert Match.objects.get(pk=match_id).turns.count() > 5
    page.click("#tab-log")  # the log comes when its tab opens
    page.locator("ol.log li").first.wait_for()
    assert page.locator("ol.log li").count() > 5
    assert english_words(page, ["poulet"], where="ol.log") == []
    page.locator("#wfci details").evaluate_all("ds => ds.forEach(d => d.open = true)")
    assert english_words(page, ["poulet"]) == []
    assert page.console_errors == []

    page.click("header button[value=en]")
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "en"
    assert "Challenger" in page.locator("#wfci").text_content()
    page.click("header button[value=fr]")
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "fr"
    assert "Prétendant" in page.locator("#wfci").text_content()
