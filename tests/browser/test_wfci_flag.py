"""Capture the flag in real Chromium: a person signs up, creates a flag match against the
skirmisher from the form, sees both flags on their chickens in the Flags panel and on the
island, then (in a position built in the engine: Blue's flag lying loose next to Red's Rock
Soldier) moves the soldier onto it by clicking the stack and the hex: the soldier carries it.
"""

import pytest

import engine
from engine.wfci import flag, positions as P
from games.models import Match
from tests.browser.people import sign_up
from tests.browser.test_wfci_page import seeded_match_state
from tests.browser.test_wfci_teams import click_action

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAME = engine.get_game("wfci")
FLAG = {"variants": ["flag"]}


def position():
    """Red's Take-actions step on the Face-off island: a Rock Soldier at 1,-1 next to the
    neutral hex 1,0 where Blue's flag lies alone."""
    state = P.started(2, 0, FLAG)
    P.actions_step(state, 0)
    P.banner(state, 0, [])
    soldier = P.machine(state, 0, "rock_soldier", "1,-1")  # its pilot is a chicken from the base
    red = flag.owner_flag(state, 0)
    if red["unit"] not in state["units"]:  # that was the flag's chicken: another one carries it
        red["unit"] = next(u["id"] for u in state["units"].values() if u["kind"] == "chicken" and u["owner"] == 0)
    blue = flag.owner_flag(state, 1)
    blue["unit"], blue["hex"] = None, "1,0"
    return state, soldier


def test_a_flag_match_until_a_flag_is_carried(new_page):
    page = new_page()
    sign_up(page, "gallina")
    page.goto("/matches/new/?game=wfci")
    page.check("input[name=variants][value=flag]")
    page.select_option("#id_seat_1", "skirmisher")
    page.click("text=Create the match")
    page.wait_for_url("**/matches/*/")
    match = Match.objects.get(pk=int(page.url.rstrip("/").split("/")[-1]))
    assert match.options["variants"] == ["flag"]
    state = GAME.deserialize(match.state)
    if state["stack"][-1]["kind"] == "claim_base":  # the person claims a base by clicking it
        click_action(page, GAME.legal_actions(state, 0)[0])
    panel = page.locator("#wf-flags")
    assert "Red's flag" in panel.inner_text() and "carried by Red's chicken" in panel.inner_text()
    assert "Leaders to choose from" not in page.content()

    state, soldier = position()
    seeded_match_state(match, state)
    page.reload()
    assert "Blue's flag B: lying loose at 1,0" in panel.inner_text()
    click_action(page, {"type": "move", "hex": "1,-1", "pay": "free"})
    click_action(page, {"type": "move_to", "hex": "1,0"})
    assert "Blue's flag B: carried by Red's Rock Soldier at 1,0" in panel.inner_text()
    flown = page.locator("svg.wf-island use.flag.o1")  # no longer on the hex: over the soldier
    assert flown.count() == 1 and flown.locator("title").text_content() == "Red's Rock Soldier carries Blue's flag"
    after = GAME.deserialize(Match.objects.get(pk=match.pk).state)
    assert flag.owner_flag(after, 1)["unit"] == soldier
    assert page.locator("svg.wf-island use.flag.o0").count() == 1  # Red's own, over its chicken at home
    assert page.console_errors == []
