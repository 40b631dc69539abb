"""A new person's first solo game of War for Chicken Island in real Chromium: the page says how
you win, how you lose and that the Challenger moves first, keeps the Challenger's "Next:"
forecast in view through the setup and its first turn, and links to the solo rules; the next
solo game goes without the introduction."""

import json

import pytest

import engine
from games.play import services
from games.models import Match
from tests.browser import screen
from tests.browser.people import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAME = engine.get_game("wfci")
WAIT_MOVED = (
    "v => { const b = document.getElementById('match-board'); return b && !b.dataset.busy && b.dataset.version !== v; }"
)
SETUP = ("choose_leader", "challenger_leader", "claim_base", "challenger_base")


def start_solo(page) -> int:
    page.goto("/")
    page.click("#play-solo")
    page.wait_for_url("**/matches/*/")
    return int(page.url.rstrip("/").split("/")[-1])


def reseed(match_id: int, seed: int):
    """A repeatable deal for the test."""
    match = Match.objects.get(pk=match_id)
    match.turns.all().delete()
    state = GAME.setup(seed, match.players, {"mode": "solo"})
    match.seed, match.version = seed, 0
    match.state, match.to_act = GAME.serialize(state), GAME.to_act(state)
    match.save()
    services.play_bot_turns(match_id)


def setup_choice(page):
    """Click the first setup choice on the page; False once none is left."""
    loc = page.locator("#match-board [data-action]")
    kinds = [json.loads(r)["type"] for r in loc.evaluate_all("els => els.map(e => e.getAttribute('data-action'))")]
    index = next((i for i, k in enumerate(kinds) if k in SETUP), None)
    if index is None:
        return False
    version = page.locator("#match-board").get_attribute("data-version")
    screen.bring_out(page, loc.nth(index))
    loc.nth(index).click()
    page.wait_for_function(WAIT_MOVED, arg=version)
    return True


def test_first_solo_game_introduces_the_challenger(new_page):
    page = new_page(viewport={"width": 390, "height": 844})
    sign_up(page, "newcomer")
    match_id = start_solo(page)
    reseed(match_id, 3)
    page.reload()
    intro = page.locator("#solo-intro")
    assert intro.is_visible()
    assert page.locator("#solo-intro-win").inner_text().startswith("How you win: put one humiliation tag")
    assert page.locator("#solo-intro-lose").inner_text().startswith("How you lose:")
    assert page.locator("#solo-intro-first").inner_text().startswith("The Challenger moves first")
    for _ in range(len(SETUP)):  # your leader, its leader, your base, its base
        if not setup_choice(page):
            break
    state = GAME.deserialize(Match.objects.get(pk=match_id).state)
    assert state["turns"] >= 1 and GAME.to_act(state) == [0] and state["result"] is None  # it moved first
    assert intro.is_visible()
    forecast = page.locator("#solo-intro-next")
    assert forecast.is_visible() and forecast.inner_text().startswith("Next:")
    page.click("#tab-players")  # the same forecast on the Challenger's card, fetched when the tab opens
    page.locator("#wfci .wf-solo .next").wait_for()
    assert page.locator("#wfci .wf-solo .next").count() == 1
    link = page.locator("#solo-rules-link")
    assert link.get_attribute("href") == "/games/wfci/rules/#solo"
    link.click()
    page.wait_for_url("**/games/wfci/rules/#solo")
    assert page.locator("#solo").is_visible()
    # The second solo game is no first game.
    start_solo(page)
    page.click("#tab-players")
    page.locator("#wfci .wf-solo").wait_for()
    assert page.locator("#wfci .wf-solo").count() == 1 and page.locator("#solo-intro").count() == 0
    assert page.console_errors == []
