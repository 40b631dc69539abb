"""A person signs up, creates a Chicken Run match against the bot and plays it to the end."""

import json
import random

import pytest

from games.models import Match
from tests.browser.people import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_sign_up_create_against_the_bot_and_play_to_the_end(new_page):
    page = new_page()
    sign_up(page, "henrietta")
    page.click("text=Create a match")
    page.select_option("#id_game", "chickenrun")
    page.select_option("#id_seat_1", "sensible")
    page.click("text=Create the match")
    page.wait_for_url("**/matches/*/")
    match_id = int(page.url.rstrip("/").split("/")[-1])
    assert page.locator("#match-board svg").count() >= 1

    rng = random.Random(7)
    clicks = 0
    while clicks < 800:
        if page.locator("#outcome").count():
            break
        choices = page.locator("#match-board [data-action]")
        if choices.count() == 0:
            page.wait_for_timeout(200)  # the bot is moving; the page refreshes itself
            page.reload()
            continue
        actions = [json.loads(choices.nth(i).get_attribute("data-action")) for i in range(choices.count())]
        # Play like a hurried person: move often, but end the round soon.
        non_end = [i for i, a in enumerate(actions) if a["type"] != "end"]
        ends = [i for i, a in enumerate(actions) if a["type"] == "end"]
        pick = rng.choice(non_end) if non_end and (not ends or rng.random() < 0.6) else ends[0]
        version = page.locator("#match-board").get_attribute("data-version")
        choices.nth(pick).click()
        page.wait_for_function(
            "v => { const b = document.getElementById('match-board'); return b && !b.dataset.busy && b.dataset.version !== v; }",
            arg=version,
        )
        clicks += 1
    assert page.locator("#outcome").count() == 1, "the match ended within the click budget"
    match = Match.objects.get(pk=match_id)
    assert match.status == Match.Status.FINISHED
    assert match.outcome["winners"]
    assert page.console_errors == []
    assert "Game over" in page.locator("#outcome").inner_text()


def test_board_poll_answers_304_when_nothing_changed(new_page, live_server):
    page = new_page()
    sign_up(page, "rooster")
    page.goto("/matches/new/?game=chickenrun")
    page.select_option("#id_seat_1", "sensible")
    page.click("text=Create the match")
    page.wait_for_url("**/matches/*/")
    board = page.locator("#match-board")
    url = board.get_attribute("data-hx-get")
    response = page.request.get(url)
    assert response.status == 304
    assert response.body() == b""
