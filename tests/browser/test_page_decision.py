"""The match page leads the player: after every update a choice is on screen without scrolling,
the focus is on a choice, no two choices sound alike to a screen reader, a double click submits
once, choices are disabled while a click is in flight, and only the prompt speaks to screen
readers.

The measure plays monkey games (uniformly random clicks) and, at each decision, asks the browser
whether at least one choice is on screen: its centre lies in the window and hit-tests to itself
(not hidden under the decision bar or anything else). At each decision it also reads every
choice's accessible name as Chromium computes it (the DevTools accessibility tree)."""

import json
import random
import statistics
import time

import pytest

from games.lobby import tables
from games.models import Match
from tests.browser.people import log_in
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}
DECISIONS = 60
WAIT_MOVED = (
    "v => { const b = document.getElementById('match-board'); return b && !b.dataset.busy && b.dataset.version !== v; }"
)
ON_SCREEN = """() => Array.from(document.querySelectorAll('#match-board [data-action]')).some(el => {
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) return false;
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
  const hit = document.elementFromPoint(x, y);
  return !!hit && hit.closest('[data-action]') === el;
})"""
FOCUSED = "() => !!(document.activeElement && document.activeElement.closest('#match-board [data-action]'))"


def accessible_names(page) -> list[str]:
    """The name Chromium gives each choice a screen reader can reach (hidden ones are skipped)."""
    cdp = page.context.new_cdp_session(page)
    try:
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        names = []
        for node in cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": "#match-board [data-action]"})["nodeIds"]:
            ax = cdp.send("Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False})["nodes"][0]
            if not ax.get("ignored"):
                names.append(ax.get("name", {}).get("value", ""))
        return names
    finally:
        cdp.detach()


def repeated(names: list[str]) -> list[str]:
    return sorted({n for n in names if not n.strip() or names.count(n) > 1})


def monkey(page, rng, decisions: int, waits: list, alike: list) -> tuple[int, int, int]:
    """Click random choices; count decisions, those with a choice in view, and focused ones;
    `waits` collects each click-to-update time (reported, never asserted), `alike` the choices
    whose accessible name is empty or shared with another choice."""
    seen = in_view = focused = 0
    while seen < decisions and page.locator("#outcome").count() == 0:
        loc = page.locator("#match-board [data-action]:visible")
        if loc.count() == 0:
            page.reload()  # a bot is still moving; the page would poll, a reload is quicker
            continue
        seen += 1
        in_view += page.evaluate(ON_SCREEN)
        focused += page.evaluate(FOCUSED)
        alike += repeated(accessible_names(page))
        actions = [json.loads(a) for a in loc.evaluate_all("els => els.map(e => e.getAttribute('data-action'))")]
        version = page.locator("#match-board").get_attribute("data-version")
        start = time.perf_counter()
        loc.nth(rng.randrange(len(actions))).click()
        page.wait_for_function(WAIT_MOVED, arg=version)
        waits.append(time.perf_counter() - start)
    return seen, in_view, focused


@pytest.mark.parametrize(
    "game,options,bots,viewport",
    [
        ("wfci", {"mode": "solo"}, {}, PHONE),
        ("chickenrun", {}, {1: "sensible"}, PHONE),
        ("chickendie", {}, {1: "farmer"}, PHONE),
        ("barnyard", {}, {1: "general"}, PHONE),
    ],
    ids=["wfci-solo-phone", "chickenrun-bot-phone", "chickendie-bot-phone", "barnyard-bot-phone"],
)
def test_a_choice_is_on_screen_at_95_percent_of_decisions(new_page, game, options, bots, viewport):
    user = make_user("monkey")
    page = new_page(viewport=viewport)
    log_in(page, "monkey")
    rng = random.Random(5)
    seen = in_view = focused = 0
    waits, alike = [], []
    while seen < DECISIONS:  # a short game ends early: play another
        match = tables.create_match(user, game, 2, options=options, bots=bots)
        page.goto(Match.objects.get(pk=match.pk).get_absolute_url())
        counts = monkey(page, rng, DECISIONS - seen, waits, alike)
        seen, in_view, focused = seen + counts[0], in_view + counts[1], focused + counts[2]
    share = in_view / seen
    print(f"\n{game} {viewport['width']}px: a choice in view at {in_view}/{seen} decisions ({share:.0%}), "
          f"focus on a choice at {focused}/{seen}, median click-to-update {statistics.median(waits) * 1000:.0f} ms")
    assert share >= 0.95
    assert focused / seen >= 0.95
    assert alike == [], f"choices that sound alike: {sorted(set(alike))}"
    assert page.console_errors == []


def solo_page(new_page, viewport=DESKTOP):
    ann = make_user("ann")
    match = tables.create_match(ann, "wfci", 2, options={"mode": "solo"})
    page = new_page(viewport=viewport)
    log_in(page, "ann")
    page.goto(Match.objects.get(pk=match.pk).get_absolute_url())
    return page, match


GAMES = [("wfci", {"mode": "solo"}, {}), ("chickenrun", {}, {1: "sensible"}), ("chickendie", {}, {1: "farmer"}),
         ("barnyard", {}, {1: "general"})]


def test_in_every_game_a_double_click_submits_once_and_only_the_prompt_speaks(new_page):
    ann = make_user("ann")
    page = new_page()
    log_in(page, "ann")
    posts = []
    page.on("request", lambda r: r.method == "POST" and "/act" in r.url and posts.append(r.url))
    for game, options, bots in GAMES:
        match = tables.create_match(ann, game, 2, options=options, bots=bots)
        page.goto(Match.objects.get(pk=match.pk).get_absolute_url())
        while not page.locator("#match-board[data-my-turn]").count():
            page.reload()  # the bot is still moving
        live = page.evaluate("""() => Array.from(document.querySelectorAll('[aria-live], [role=status], [role=log], [role=alert]'))
            .map(el => el.id)""")
        assert live == ["announce"], game
        assert page.locator("#announce").inner_text().strip() == page.locator("#prompt").inner_text().strip()
        posts.clear()
        version = page.locator("#match-board").get_attribute("data-version")
        page.locator("#match-board [data-action]:visible").first.dblclick()
        page.wait_for_function(WAIT_MOVED, arg=version)
        page.evaluate("() => new Promise(r => setTimeout(r, 0))")  # let a second request start, if any
        assert len(posts) == 1, game
        assert Match.objects.get(pk=match.pk).turns.filter(seat=0, kind="game").count() == 1, game
    assert page.console_errors == []


def test_choices_are_disabled_while_a_click_is_in_flight(new_page):
    page, _match = solo_page(new_page)
    held = []
    page.route("**/act/", lambda route: held.append(route))
    version = page.locator("#match-board").get_attribute("data-version")
    page.locator("#match-board [data-action]").first.click()
    page.wait_for_function("() => document.getElementById('match-board').dataset.busy === '1'")
    state = page.evaluate("""() => Array.from(document.querySelectorAll('#match-board [data-action]'))
        .map(el => el.getAttribute('aria-disabled') === 'true' && (el.tagName !== 'BUTTON' || el.disabled))""")
    assert state and all(state)
    while not held:
        page.wait_for_timeout(50)  # the request reaches the held route
    held[0].continue_()
    page.wait_for_function(WAIT_MOVED, arg=version)
    assert page.locator("#match-board button[data-action]:disabled").count() == 0


def test_the_decision_bar_sits_at_the_bottom_on_a_phone_and_beside_the_island_on_a_desktop(new_page):
    phone, _ = solo_page(new_page, PHONE)
    bar = phone.locator("#decision").bounding_box()
    assert bar["y"] + bar["height"] >= PHONE["height"] - 2
    assert bar["height"] <= PHONE["height"] * 0.25 + 1
    assert phone.locator("#pane-log").is_hidden() and phone.locator("#tab-log").is_visible()  # the log, one tap away
    desk = new_page(viewport=DESKTOP)
    log_in(desk, "ann")
    desk.goto(phone.url)
    box, island = desk.locator("#decision").bounding_box(), desk.locator(".wf-island").bounding_box()
    assert box["y"] <= 250 and box["x"] >= island["x"] + island["width"]  # at the top, beside the island
    assert island["y"] + island["height"] <= DESKTOP["height"]  # the whole island without scrolling
