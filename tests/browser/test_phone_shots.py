"""The README's pictures of Chicken Die!, Barnyard Generals and Chicken Run on a 390x844 phone,
at the moments their screens were made for: a card played in answer, named for everyone (the
screen as it opens, then the round's cards unfolded); a
battle's report with the units lost, and the farm's legend; a Chicken Run turn. Collected only
with SCREENSHOTS=1 (see conftest.py):

    SCREENSHOTS=1 .venv/bin/python -m pytest tests/browser/test_phone_shots.py
"""

from pathlib import Path

import pytest

import engine
from games.lobby import tables
from games.play import services
from games.models import Match
from tests.browser.people import log_in
from tests.browser.screen import deal_again
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
PHONE = {"width": 390, "height": 844}


def answered(state, match) -> bool:
    """A card was just played in answer, and the person (seat 0) has a choice to make."""
    recent = [line["id"] for _n, line in state["log"][-6:]]
    return "chickendie.log.responds" in recent and 0 in engine.get_game("chickendie").to_act(state)


def after_a_battle(state, match) -> bool:
    fight = state["last_battle"]
    return (fight is not None and fight.get("lost") and state["battle"] is None and not state["casualties"]
            and state["turn"] == 0 and state["phase"] in ("action", "marshal"))


MOMENTS = {
    "chickendie": (4, "farmer", answered),
    "barnyard": (3, "general", after_a_battle),
    "chickenrun": (2, "sensible", lambda state, match: match.version >= 8 and 0 in match.to_act),
}


def play_until(user, game_slug, players, bot, moment):
    """A match against bots, the person's seat played by the same bot, stopped at the moment."""
    game = engine.get_game(game_slug)
    for seed in range(20):
        match = tables.create_match(user, game_slug, players, bots={s: bot for s in range(1, players)})
        deal_again(match.pk, seed, {})
        for _ in range(2000):
            match = Match.objects.get(pk=match.pk)
            state = game.deserialize(match.state)
            if match.status != Match.Status.ACTIVE:
                break
            if moment(state, match):
                return match
            if 0 in match.to_act:
                services.submit_action(match.pk, user, game.bot_action(state, 0, bot), match.version)
            else:
                services.play_bot_turns(match.pk)
    raise AssertionError(f"no {game_slug} match reached the moment")


@pytest.mark.parametrize("game", sorted(MOMENTS))
def test_phone_pictures(new_page, live_server, game):
    players, bot, moment = MOMENTS[game]
    ann = make_user("ann")
    match = play_until(ann, game, players, bot, moment)
    page = new_page(PHONE)
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    log_in(page, "ann")
    page.goto(match.get_absolute_url())
    page.wait_for_timeout(300)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"phone-{game}.png"))
    if game == "chickendie":  # the round's cards below the hand, the fold opened
        if page.locator("#cd-played-more").count():
            page.locator("#cd-played-more > summary").click()
        page.evaluate("document.getElementById('cd-played').scrollIntoView({block: 'start'})")
        page.screenshot(path=str(SHOTS / "phone-chickendie-played.png"))
    if game == "barnyard":
        page.evaluate("window.scrollTo(0, 0)")
        page.locator("#by-legend > summary").click()
        page.locator("#by-legend").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "phone-barnyard-legend.png"))
    assert page.console_errors == []
