"""Chicken Die! in Chromium: two people, where an attack on one asks only that one to decide.
(A 4-player match against bots tapped to the end on two phones: test_chickendie_screen.py.)"""

import json

import pytest

from games.models import Match
from tests.browser.people import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAIN = ("draw", "next", "roll", "end_turn", "skip_roll", "let", "take", "leave", "choose", "cash")


def english(page, live_server):
    """Read the page in English whatever the browser asks for (the assertions quote it)."""
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    return page


def legal_on(page):
    choices = page.locator("#match-board [data-action]")
    return choices, [json.loads(choices.nth(i).get_attribute("data-action")) for i in range(choices.count())]


def click(page, choices, index):
    version = page.locator("#match-board").get_attribute("data-version")
    choices.nth(index).click()
    page.wait_for_function(
        "v => { const b = document.getElementById('match-board'); return b && !b.dataset.busy && b.dataset.version !== v; }",
        arg=version,
    )


def test_an_attack_asks_its_target_while_the_other_only_waits(new_page, live_server):
    hen = english(new_page(), live_server)
    sign_up(hen, "hen")
    hen.goto("/matches/new/?game=chickendie")
    hen.select_option("#id_players", "2")
    hen.select_option("#id_seat_1", "")
    hen.click("text=Create the match")
    hen.wait_for_url("**/matches/*/")
    url = hen.url
    rooster = english(new_page({"width": 390, "height": 844}), live_server)  # a phone
    sign_up(rooster, "rooster")
    rooster.goto(url)
    rooster.click("text=Join this match")
    match = Match.objects.get()
    pages = {0: hen, 1: rooster}

    attacker = None
    for _ in range(300):
        match.refresh_from_db()
        assert match.status == Match.Status.ACTIVE, "the game ended before anyone attacked"
        seat = match.to_act[0]
        page = pages[seat]
        page.reload()
        choices, actions = legal_on(page)
        attacks = [i for i, a in enumerate(actions) if a["type"] == "play" and "target" in a]
        if attacks and match.state["stack"][-1]["op"] == "turn":
            click(page, choices, attacks[0])
            attacker = seat
            break
        plain = [i for i, a in enumerate(actions) if a["type"] in PLAIN]
        click(page, choices, plain[0])
    assert attacker is not None
    target = 1 - attacker
    watcher, victim = pages[attacker], pages[target]
    victim.reload()
    reaction = victim.locator("#decision.alert")
    assert reaction.count() == 1
    assert "respond or let it happen" in reaction.inner_text()
    assert victim.locator("#decision [data-action]").count() >= 1
    watcher.reload()
    assert "Waiting for" in watcher.locator("#prompt").inner_text()
    assert watcher.locator("#match-board [data-action]").count() == 0
    assert watcher.locator("#decision.alert").count() == 0
    choices = victim.locator("#decision [data-action]")
    lets = [i for i in range(choices.count()) if json.loads(choices.nth(i).get_attribute("data-action")) == {"type": "let"}]
    click(victim, choices, lets[0])
    match.refresh_from_db()
    assert match.to_act != [target] or match.state["stack"][-1]["op"] != "attack"
    assert hen.console_errors == []
    assert rooster.console_errors == []
