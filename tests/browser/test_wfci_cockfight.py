"""Cockfight in real Chromium, two people in two browsers: each page shows its own chickens'
ranks and "?" on the other's; neither the other's page source nor their API response holds a
face-down rank; a fight started by clicking turns both fighters face up for both people, and
the chickens that did not fight stay hidden (SCREENSHOTS=1 saves Blue's page to docs/screenshots/)."""

import os
import re

import pytest

import engine
from engine.wfci import cockfight
from games.lobby import tables
from tests.browser.people import log_in
from tests.browser.test_wfci_page import SHOTS, seeded_match_state
from tests.browser.test_wfci_teams import click_action
from tests.engine.test_wfci_cockfight import BLUE_EDGE, RED_EDGE, board, stack
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAME = engine.get_game("wfci")
COCKFIGHT = {"variants": ["cockfight"]}
MINE = "face down: only you see it"
HIDDEN = "face down: its rank is hidden"


def position():
    """Red's Take-actions step: Red's chickens of ranks 2 then 0 (on top) face Blue's 1 then 2."""
    state = board()
    red = stack(state, 0, RED_EDGE, [2, 0])
    blue = stack(state, 1, BLUE_EDGE, [1, 2])
    return state, red, blue


def rank_text(page, hen: str) -> str:
    """The rank its token tells ("Red's chicken · rank 0, face up · ...")."""
    return page.locator(f'svg.wf-island g.tok[data-unit="{hen}"] > title').text_content().split(" · ")[1]


def api_units(page, match_id: int) -> dict:
    payload = page.request.get(f"/api/matches/{match_id}/").json()
    return {u["id"]: u for u in payload["view"]["units"]}


def test_each_person_sees_only_their_own_ranks_until_a_fight_reveals_them(new_page):
    ada, bea = make_user("ada"), make_user("bea")
    match = tables.create_match(ada, "wfci", 2, options=COCKFIGHT)
    tables.join_match(bea, match)
    state, red, blue = position()
    ranks = state["cockfight"]["ranks"]
    seeded_match_state(match, state)
    pages = {0: new_page(), 1: new_page()}
    log_in(pages[0], "ada")
    log_in(pages[1], "bea")
    for page in pages.values():
        page.goto(match.get_absolute_url())

    for seat, page in pages.items():
        mine, theirs = (red, blue) if seat == 0 else (blue, red)
        for hen in mine:
            assert rank_text(page, hen).startswith(f"rank {ranks[hen]}, {MINE}")
        for hen in theirs:
            assert rank_text(page, hen).startswith(HIDDEN)
        page.click("#tab-island")  # every unit's row comes when the Island tab opens
        page.locator(".wf-stacks").wait_for()
        source = page.content()
        assert all(f'id="ui-{hen}"' in source for hen in theirs)
        assert source.count(MINE) == sum(1 for u in state["units"].values() if u["kind"] == "chicken"
                                         and u["owner"] == seat) * 2  # its token's title and its row
        hidden_ids = [t for t in ranks if cockfight.owner(t) != seat]
        for hen in hidden_ids:  # nothing in the source pairs the other's chicken with a rank
            row = page.locator(f"#ui-{hen}")
            if row.count():
                assert not re.search(r"rank \d", row.text_content())
        units = api_units(page, match.pk)
        assert all(units[h]["rank"] is None for h in hidden_ids if h in units)
        assert all(units[h]["rank"] == ranks[h] for h in mine)
        badges = page.locator("svg.wf-island g.tok text.rk.hid")
        assert badges.count() == sum(1 for h in hidden_ids if h in units)

    click_action(pages[0], {"type": "attack", "unit": red[1], "pay": "free"})  # Red's top chicken, rank 0
    click_action(pages[0], {"type": "target", "unit": blue[1]})  # Blue's top, rank 2: 1 against 4, it fails
    pages[1].reload()
    for page in pages.values():
        assert rank_text(page, red[1]).startswith("rank 0, face up")
        assert rank_text(page, blue[1]).startswith("rank 2, face up")
    assert rank_text(pages[1], red[0]).startswith(HIDDEN) and rank_text(pages[0], blue[0]).startswith(HIDDEN)
    assert api_units(pages[1], match.pk)[red[0]]["rank"] is None
    assert api_units(pages[1], match.pk)[red[1]]["rank"] == 0
    pages[0].click("#tab-log")  # what just happened, in the Log tab (fetched when it opens)
    pages[0].locator("#pane-log ol.log").wait_for()
    assert "turns face up: rank 2" in pages[0].content()
    if os.environ.get("SCREENSHOTS") == "1":
        pages[1].locator("#wfci").screenshot(path=str(SHOTS / "wfci-cockfight.png"))
    assert pages[0].console_errors == [] and pages[1].console_errors == []
