"""Teams in real Chromium: Ada (Red) and Cleo (Yellow) are partners against two skirmishers
(Blue and Green). Ada attacks a Blue chicken; the fight's card round passes from Ada, through
Blue, to Cleo, whose page hands her the round by itself; Cleo plays a scroll face down, passes
when it comes round again, and says her card helps her partner: the chicken falls.

The position is built in the engine (a seeded match, as the other board tests do); every
choice in the fight is a click on the page.
"""

import os
from pathlib import Path

import pytest

import engine
from engine.wfci import cards, positions as P
from games.lobby import tables
from games.models import Match
from tests.browser.people import log_in
from tests.browser.test_wfci_page import WAIT_MOVED, choices, seeded_match_state
from tests.browser import screen
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAME = engine.get_game("wfci")
TEAMS = {"variants": ["teams"]}
IDLE = ["windfall", "windfall", "hatch", "hatch"]  # a scroll nobody can play in a fight
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def position():
    """Red's Take-actions step: a Red chicken next to a Blue one; Yellow holds Extra Strength."""
    state = P.started(4, 0, TEAMS, leaders={0: "dusty", 1: "gizzard", 2: "pecksworth", 3: "fowlmore"})
    P.clear_island(state)
    P.actions_step(state, 0)
    for s in range(4):
        P.banner(state, s, [])
        state["decks"]["scroll"].extend(state["seats"][s]["hand"])
        state["seats"][s]["hand"] = []
        P.scroll(state, s, IDLE[s])
    hen = P.chicken(state, 0, "1,1")
    blue = P.chicken(state, 1, "0,1")
    card = P.scroll(state, 2, "extra_strength")
    return state, hen, blue, card


def click_action(page, wanted: dict):
    """Click the page's choice that carries exactly this action; wait for the next version."""
    loc, actions = choices(page)
    assert wanted in actions, f"{wanted} not among {actions}"
    version = page.locator("#match-board").get_attribute("data-version")
    screen.bring_out(page, loc.nth(actions.index(wanted)))
    loc.nth(actions.index(wanted)).click()
    page.wait_for_function(WAIT_MOVED, arg=version)


def wait_for_choice(page, kind: str, reload=False):
    """The page refreshes by itself until it offers a choice of this kind (or is reloaded)."""
    if reload:
        page.reload()
    page.wait_for_function(
        "kind => [...document.querySelectorAll('#match-board [data-action]')]"
        ".some(e => JSON.parse(e.dataset.action).type === kind)", arg=kind, timeout=15000)


def state_of(match_id: int) -> dict:
    return GAME.deserialize(Match.objects.get(pk=match_id).state)


def test_a_card_round_passes_between_partners(new_page):
    ada, cleo = make_user("ada"), make_user("cleo")
    match = tables.create_match(ada, "wfci", 4, options=TEAMS, bots={1: "skirmisher", 3: "skirmisher"})
    tables.join_match(cleo, match)
    assert Match.objects.get(pk=match.pk).seat_of(cleo) == 2
    state, hen, blue, card = position()
    match = seeded_match_state(match, state)
    pages = {0: new_page(), 2: new_page(viewport={"width": 390, "height": 844})}
    log_in(pages[0], "ada")
    log_in(pages[2], "cleo")
    for p in pages.values():
        p.goto(match.get_absolute_url())
    for seat, p in pages.items():
        teams = p.locator("#wf-teams").inner_text()
        assert "Team 1, Red and Yellow:" in teams and "ada" in teams and "cleo" in teams
        p.click("#tab-players")  # the players list comes when its tab opens
        p.locator("#players").wait_for()
        assert p.locator("#players .team-b.t1").count() == 2 and p.locator("#players .team-b.t2").count() == 2

    red = pages[0]
    click_action(red, {"type": "attack", "unit": hen, "pay": "free"})
    click_action(red, {"type": "target", "unit": blue})
    assert "Card round" in red.locator("#wf-fight").inner_text()
    click_action(red, {"type": "pass"})  # Blue (a bot) passes in turn; then it is Cleo's

    yellow = pages[2]
    wait_for_choice(yellow, "play_scroll")
    assert state_of(match.pk)["combat"]["turn"] == 2
    assert "Card round" in yellow.locator("#wf-fight").inner_text()
    click_action(yellow, {"type": "play_scroll", "card": card})
    assert cards.card(card)["name"] in yellow.locator("#wf-fight").inner_text()  # her face-down scroll

    wait_for_choice(red, "pass", reload=True)  # Green passed: the round is Ada's again
    assert card not in red.content()  # a partner's face-down scroll stays hidden
    click_action(red, {"type": "pass"})
    wait_for_choice(yellow, "pass", reload=True)
    click_action(yellow, {"type": "pass"})  # everyone passed in a row: the reveal

    wait_for_choice(yellow, "side", reload=True)
    click_action(yellow, {"type": "side", "card": card, "side": "attacker"})
    after = state_of(match.pk)
    assert after["combat"] is None and blue not in after["units"]
    fight = after["last_fight"]
    assert (fight["strength"], fight["armor"], fight["effect"]) == (3, 2, "destroyed")
    assert [(c["seat"], c["side"]) for c in fight["revealed"]] == [(2, "attacker")]
    assert "Extra Strength" in yellow.locator("#wf-last-fight").inner_text()
    if os.environ.get("SCREENSHOTS") == "1":
        red.reload()
        red.screenshot(path=str(SHOTS / "wfci-teams.png"), full_page=True)
    assert red.console_errors == [] and yellow.console_errors == []
