"""A hand-built island in real Chromium: two people place the tiles in turn by clicking the
highlighted hexes of the island (a Territory tile by its two ends, a Base, a Lava/Neutral tile,
turning one over first), the island is finished, the bases are claimed, and the game starts."""

import json

import pytest

import engine
from games.lobby import tables
from games.models import Match
from tests.browser.people import log_in
from tests.browser import screen
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAME = engine.get_game("wfci")
WAIT_MOVED = (
    "v => { const b = document.getElementById('match-board'); return b && !b.dataset.busy && b.dataset.version !== v; }"
)
HEX_TYPES = ("territory_from", "territory_to", "place_base", "place_tile", "claim_base")


def state_of(match_id: int) -> dict:
    return GAME.deserialize(Match.objects.get(pk=match_id).state)


def click_action(page, wanted: dict, where: str = "#match-board [data-action]"):
    """Click the element carrying exactly this action and wait for the next version."""
    loc = page.locator(where)
    raw = loc.evaluate_all("els => els.map(e => e.getAttribute('data-action'))")
    index = [json.loads(r) for r in raw].index(wanted)
    version = page.locator("#match-board").get_attribute("data-version")
    screen.bring_out(page, loc.nth(index))
    loc.nth(index).click()
    page.wait_for_function(WAIT_MOVED, arg=version)


def test_two_people_build_the_island_by_clicking_and_the_game_starts(new_page):
    ada, bea = make_user("ada"), make_user("bea")
    match = tables.create_match(ada, "wfci", 2, options={"island": "build"})
    tables.join_match(bea, match)
    pages = {0: new_page(), 1: new_page(viewport={"width": 390, "height": 844})}
    log_in(pages[0], "ada")
    log_in(pages[1], "bea")
    for p in pages.values():
        p.goto(match.get_absolute_url())

    placed, turned, seen_panel, last = set(), False, set(), None
    for _ in range(40):
        state = state_of(match.pk)
        frame = state["stack"][-1]
        if frame["kind"] == "turn":
            break
        seat = GAME.to_act(state)[0]
        page = pages[seat]
        if seat != last:
            page.reload()  # the other person moved: show their placement now
        last = seat
        if frame["kind"] == "island":
            panel = page.locator("#wf-build").text_content()
            assert "Building the island" in panel and "Left in the box" in panel
            seen_panel.add(seat)
            legal = GAME.legal_actions(state, seat)
            hexes = {a["hex"] for a in legal if a["type"] in HEX_TYPES}
            shown = page.locator(".wf-island .choices [data-action]").evaluate_all(
                "els => els.map(e => JSON.parse(e.dataset.action).hex)")
            assert set(shown) == hexes, "exactly the legal placements are highlighted"
            side = next((a for a in legal if a["type"] == "tile_side"), None)
            if side and not turned:
                click_action(page, side)  # turn the Lava/Neutral tile over, then place it
                turned = True
                continue
        action = GAME.bot_action(state, seat, "skirmisher")
        if action["type"] in HEX_TYPES:
            click_action(page, action, ".wf-island .choices [data-action]")  # a hex of the island
            placed.add(action["type"])
        else:
            click_action(page, action)

    state = state_of(match.pk)
    assert state["stack"][-1]["kind"] == "turn" and GAME.outcome(state) is None
    assert {"territory_from", "territory_to", "place_base", "place_tile", "claim_base"} <= placed
    assert seen_panel == {0, 1}
    assert len({t["tile"] for t in state["island"]["tiles"].values() if t["kind"] == "territory"}) == 2
    page = pages[GAME.to_act(state)[0]]
    page.reload()
    assert page.locator("#wf-build").count() == 0
    assert "Round 1" in page.locator(".wf-status").text_content()
    assert pages[0].console_errors == [] and pages[1].console_errors == []
