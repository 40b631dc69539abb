"""War for Chicken Island's game screen, played to the end by tapping only `[data-action]`
elements, on a 390x844 phone: a solo match against the Challenger and a 3-player match against
two skirmisher bots. (The desktop's island and choices are checked at single decisions, in
tests/browser/test_page_decision.py: a whole match on each size doubled the time for little.)

At every decision the screen must hold: no sideways scroll, fixed or sticky parts at most a
quarter of the window, the island's top within the first 250 px of the page, and every legal
action about a hex or a unit inside `[data-board]`. Over the match, the tapped choice must
have been in view without scrolling at 90% of taps or more. The taps are random among the
choices a player sees (a monkey), with a growing wish to end the turn so every game ends.
"""

import json
import random

import pytest

import engine
from games.lobby import tables
from games.models import Match
from tests.browser import screen
from tests.browser.people import log_in
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAME = engine.get_game("wfci")
PHONE = {"width": 390, "height": 844}
ENDING = ("end_actions", "end_turn", "pass", "done", "keep", "roll", "end_move", "draw")
VISIBLE = "#match-board [data-action]:visible"
SEEDS = {"solo": 11, "three": 13}


def about_the_island(action: dict) -> bool:
    return "hex" in action or "unit" in action


def legal_now(match_id: int, seat: int) -> list[dict]:
    state = GAME.deserialize(Match.objects.get(pk=match_id).state)
    return GAME.legal_actions(state, seat) if seat in GAME.to_act(state) else []


def play_to_the_end(page, match_id: int, seat: int, rng: random.Random, limit: int = 1500) -> dict:
    """Tap random visible choices until the game ends; check the screen at every decision."""
    taps = in_view = 0
    failures, missed = [], []
    while taps < limit and page.locator("#outcome").count() == 0:
        loc = page.locator(VISIBLE)
        if loc.count() == 0:
            page.wait_for_timeout(200)
            page.reload()  # a bot is still moving; the page would poll, a reload is quicker
            continue
        layout = page.evaluate(screen.LAYOUT)
        if layout["overflow"] > 0:
            failures.append(f"tap {taps}: {layout['overflow']} px of sideways scroll")
        if layout["fixed"] > 0.25:
            failures.append(f"tap {taps}: fixed parts cover {layout['fixed']:.0%}")
        if layout["boardTop"] is None or layout["boardTop"] > 250:
            failures.append(f"tap {taps}: the board starts at {layout['boardTop']} px")
        inside = [json.loads(a) for a in page.locator("#match-board [data-board] [data-action]").evaluate_all(
            "els => els.map(e => e.getAttribute('data-action'))")]
        missing = [a for a in legal_now(match_id, seat) if about_the_island(a) and a not in inside]
        if missing:
            failures.append(f"tap {taps}: island choices outside the board: {missing[:2]}")
        actions = [json.loads(a) for a in loc.evaluate_all("els => els.map(e => e.getAttribute('data-action'))")]
        ending = [i for i, a in enumerate(actions) if a["type"] in ENDING]
        wish = min(0.9, taps / 400)  # a monkey that wants the game over more and more
        pick = rng.choice(ending) if ending and rng.random() < wish else rng.randrange(len(actions))
        el = loc.nth(pick)
        seen = el.evaluate(screen.MEASURE)["inView"]
        in_view += seen
        if not seen:
            missed.append(actions[pick]["type"])
        screen.tap(page, el)
        taps += 1
    assert page.locator("#outcome").count() == 1, f"the game did not end within {taps} taps"
    return {"taps": taps, "in_view": in_view, "failures": failures, "missed": missed}


@pytest.mark.parametrize("kind", ["solo", "three"])
def test_a_whole_match_played_by_tapping_the_screen(new_page, kind):
    user = make_user("thumb")
    options = {"mode": "solo"} if kind == "solo" else {}
    if kind == "solo":
        match = tables.create_match(user, "wfci", 2, options=options)
    else:
        match = tables.create_match(user, "wfci", 3, options=options, bots={1: "skirmisher", 2: "skirmisher"})
    seed = SEEDS[kind]
    screen.deal_again(match.pk, seed, options)
    page = new_page(viewport=PHONE)
    log_in(page, "thumb")
    page.goto(Match.objects.get(pk=match.pk).get_absolute_url())
    result = play_to_the_end(page, match.pk, 0, random.Random(seed))
    share = result["in_view"] / result["taps"]
    print(f"\nwfci {kind} {PHONE['width']}x{PHONE['height']}: {result['taps']} taps, "
          f"in view at {result['in_view']} ({share:.0%}); out of view: {result['missed']}")
    assert result["failures"] == []
    assert share >= 0.9
    assert Match.objects.get(pk=match.pk).status == Match.Status.FINISHED
    assert page.console_errors == []
