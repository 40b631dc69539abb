"""The README's pictures of each game's match page, on a desktop and a phone: a decision with
the decision bar, and the finished match. Made only when asked:

    SCREENSHOTS=1 make test PYTEST_ARGS=tests/browser/test_page_screenshots.py
"""

import random
from pathlib import Path

import pytest

import engine
from games.lobby import tables
from games.play import services
from games.models import Match
from tests.browser.people import log_in
from tests.factories import make_user

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
# (options, bots, clicks before the picture): the picture shows a decision a few clicks in.
GAMES = {
    "wfci": ({"mode": "solo"}, {}, 7),
    "chickenrun": ({}, {1: "sensible"}, 3),
    "chickendie": ({}, {1: "farmer"}, 4),
    "barnyard": ({}, {1: "general"}, 3),
}
MOVED = "v => { const b = document.getElementById('match-board'); return b && !b.dataset.busy && b.dataset.version !== v; }"


def click_a_few(page, rng, clicks):
    for _ in range(clicks):
        choices = page.locator("#match-board [data-action]:visible")
        if not choices.count():
            return  # the bots finished the match: the picture shows the result instead
        version = page.locator("#match-board").get_attribute("data-version")
        choices.nth(rng.randrange(choices.count())).click()
        page.wait_for_function(MOVED, arg=version)


def finish(match, user):
    """Play the person's seat with the game's own bot until the match is over."""
    game = engine.get_game(match.game)
    bot = game.seat_bots()[0]
    while match.status == Match.Status.ACTIVE:
        if 0 in match.to_act:
            services.submit_action(match.pk, user, game.bot_action(game.deserialize(match.state), 0, bot), match.version)
        match = Match.objects.get(pk=match.pk)


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_pictures_of_a_decision_and_a_finished_match(new_page, game, size):
    options, bots, clicks = GAMES[game]
    user = make_user("ann")
    page = new_page(viewport=SIZES[size])
    log_in(page, "ann")
    match = tables.create_match(user, game, 2, options=options, bots=bots)
    page.goto(Match.objects.get(pk=match.pk).get_absolute_url())
    click_a_few(page, random.Random(7), clicks)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"page-{game}-{size}-decision.png"))
    finish(Match.objects.get(pk=match.pk), user)
    page.reload()
    page.wait_for_selector("#outcome")
    page.screenshot(path=str(SHOTS / f"page-{game}-{size}-finished.png"))
    assert page.console_errors == []
