"""The pictures of docs/wfci-ui.md: War for Chicken Island's screen on a 390x844 phone and a
1366x900 desktop at four moments of a solo game (set-up, your turn, a fight, just after the
Challenger's turn). Collected only with SCREENSHOTS=1 (see conftest.py):

    SCREENSHOTS=1 .venv/bin/python -m pytest tests/browser/test_wfci_screen_shots.py
"""

from pathlib import Path

import pytest

import engine
from games.lobby import tables
from games.play import visibility, services
from games.models import Match
from tests.browser.people import log_in
from tests.browser.screen import deal_again
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAME = engine.get_game("wfci")
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 900}}


def advance(match_id: int, user, until) -> None:
    """Play seat 0 as the skirmisher would (the Challenger answers by itself) until `until(state)`."""
    for _ in range(3000):
        match = Match.objects.get(pk=match_id)
        state = GAME.deserialize(match.state)
        if until(state, match) or not GAME.to_act(state):
            return
        if 0 in GAME.to_act(state):
            services.submit_action(match_id, user, GAME.bot_action(state, 0, "skirmisher"), match.version)
        else:
            services.play_bot_turns(match_id)
    raise AssertionError("the moment never came")


def in_fight(state, match) -> bool:
    c = state["combat"]
    return bool(c) and c["stage"] == "cards" and 0 in GAME.to_act(state) and state["round"] >= 2


def back_after_the_challenger(state, match) -> bool:
    """Your turn begins after a Challenger's turn that moved or built something."""
    turn = state["stack"][0] if state["stack"] else None
    if not (turn and turn["seat"] == 0 and turn["step"] == "roll" and state["round"] >= 3):
        return False
    return any(r["notes"] and (r["notes"].get("moves") or r["notes"].get("attack"))
               for r in visibility.recent_turns(match, 0))


def acting(state, match) -> bool:
    turn = state["stack"][0] if state["stack"] else None
    return bool(turn) and turn["seat"] == 0 and state["stack"][-1] is turn and turn["step"] == "actions" \
        and state["round"] >= 2


MOMENTS = [("setup", lambda s, m: True), ("turn", acting), ("fight", in_fight), ("away", back_after_the_challenger)]


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_the_screen_at_four_moments(new_page, device):
    ann = make_user("ann")
    page = new_page(viewport=VIEWPORTS[device])
    log_in(page, "ann")
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, until in MOMENTS:
        page.goto("about:blank")  # no page polls while the game is played on (one SQLite writer)
        for seed in range(20):  # the Challenger may end a game before the moment comes
            match = tables.create_match(ann, "wfci", 2, options={"mode": "solo"})
            deal_again(match.pk, seed, {"mode": "solo"})
            try:
                advance(match.pk, ann, until)
            except AssertionError:
                continue
            if GAME.to_act(GAME.deserialize(Match.objects.get(pk=match.pk).state)):
                break
        page.goto(Match.objects.get(pk=match.pk).get_absolute_url())
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / f"wfci-{device}-{name}.png"))
    assert page.console_errors == []
