"""War for Chicken Island in real Chromium: sign up and play against the skirmisher by clicking
(build, move, fight with a scroll), a 3-player match where a fight's card round passes between
two people in two browsers (the monkeys are in test_wfci_screen.py), the page weight, and the
phone and desktop layouts (SCREENSHOTS=1 saves them to docs/screenshots/).

Every choice is made by clicking an element that carries `data-action`: the test reads those
actions, prefers the kind it wants and falls back to any legal one, with a bounded loop.
"""

import json
import os
import random
from pathlib import Path

import pytest

import engine
from engine.wfci import board as wboard
from games.lobby import tables
from games.models import Match
from tests.browser import screen
from tests.browser.screen import deal_again as reseed
from tests.browser.people import log_in, sign_up
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAME = engine.get_game("wfci")
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
WAIT_MOVED = (
    "v => { const b = document.getElementById('match-board'); return b && !b.dataset.busy && b.dataset.version !== v; }"
)


def choices(page) -> tuple:
    loc = page.locator("#match-board [data-action]")
    raw = loc.evaluate_all("els => els.map(e => e.getAttribute('data-action'))")
    return loc, [json.loads(r) for r in raw]


def click(page, loc, index: int):
    """Click one choice (first showing it: its mode, stack card or tab) and wait until the
    board shows the next version."""
    version = page.locator("#match-board").get_attribute("data-version")
    screen.bring_out(page, loc.nth(index))
    loc.nth(index).click()
    page.wait_for_function(WAIT_MOVED, arg=version)


def first_of(actions, *kinds):
    for kind in kinds:
        for i, a in enumerate(actions):
            if a["type"] == kind:
                return i
    return None


def state_of(match_id: int) -> dict:
    return GAME.deserialize(Match.objects.get(pk=match_id).state)


def toward_enemy(actions, state, seat, kind="move_to"):
    """The `move_to` (or other hex) choice that ends nearest an enemy unit."""
    enemies = [wboard.parse_hex(u["hex"]) for u in state["units"].values() if u["owner"] != seat]
    best, best_d = None, None
    for i, a in enumerate(actions):
        if a["type"] == kind and enemies:
            d = min(wboard.distance(wboard.parse_hex(a["hex"]), e) for e in enemies)
            if best_d is None or d < best_d:
                best, best_d = i, d
    return best


def purposeful(actions, state, seat, goals, rng):
    """Build once, march on the enemy, fight; play a scroll in a fight; end turns briskly."""
    i = first_of(actions, "choose_leader", "challenger_leader", "claim_base", "challenger_base", "roll", "keep")
    if i is not None:
        return i
    if state["combat"]:
        c = state["combat"]
        if c["stage"] == "cards" and not goals.get("scroll"):
            i = first_of(actions, "play_scroll")
            if i is not None:
                return i
        i = first_of(actions, "done", "pass", "side")
        return i if i is not None else rng.randrange(len(actions))
    frame = state["stack"][-1]["kind"]
    if frame == "build":
        return first_of(actions, "pick_pilot", "build_at")
    if frame == "move":
        i = first_of([a if a.get("unit") == f"lead-{seat}" else {"type": ""} for a in actions], "drop")
        i = i if i is not None else toward_enemy(actions, state, seat)  # the leader stays behind
        return i if i is not None else first_of(actions, "end_move", "cancel")
    if frame == "target":
        return first_of(actions, "target")
    if frame == "retrieve":
        return first_of(actions, "take", "done")
    if frame == "turn" and state["stack"][0]["step"] == "actions":
        moves = [j for j, a in enumerate(actions) if a["type"] == "move"]
        if not goals.get("built"):
            i = first_of(actions, "build")
            if i is not None:
                return i
        if not goals.get("moved") and moves:
            paid = [j for j in moves if actions[j]["pay"] != "free"]
            return rng.choice(paid or moves)
        i = first_of(actions, "attack")
        if i is not None:
            return i
        if not goals.get("built") and state["stack"][0]["free"]:
            i = first_of(actions, "retrieve")
            if i is not None:
                return i
        if moves and rng.random() < 0.5:
            return rng.choice(moves)
        return first_of(actions, "end_actions")
    i = first_of(actions, "draw", "end_turn")
    return i if i is not None else rng.randrange(len(actions))


def test_sign_up_build_move_and_fight_with_a_scroll(new_page):
    page = new_page()
    sign_up(page, "gallina")
    goals = {}
    for seed in range(1, 9):  # the bot may win before all of it happened: then a new game
        page.goto("/matches/new/?game=wfci")
        page.select_option("#id_seat_1", "skirmisher")
        page.click("text=Create the match")
        page.wait_for_url("**/matches/*/")
        match_id = int(page.url.rstrip("/").split("/")[-1])
        assert page.locator("#wfci svg.wf-island").count() == 1
        reseed(match_id, seed, {})  # a repeatable deal
        page.reload()
        goals = play_for_goals(page, match_id, random.Random(3))
        if all(goals.get(g) for g in ("built", "moved", "fought")):
            break
    assert goals.get("built"), "a machine was built"
    assert goals.get("moved"), "a stack moved"
    assert goals.get("fought"), "a fight with a scroll was played to its end"
    assert page.console_errors == []


def test_sign_up_and_play_solo_against_the_challenger(new_page):
    """The issue's path: a new person starts a solo game from the lobby, builds, moves, and
    fights the Challenger with a scroll until the fight is resolved."""
    page = new_page(viewport={"width": 390, "height": 844})
    sign_up(page, "pollo")
    goals = {}
    for seed in range(1, 9):  # the Challenger tags a careless leader fast: a lost game starts a new one
        page.goto("/")
        page.click("#play-solo")
        page.wait_for_url("**/matches/*/")
        match_id = int(page.url.rstrip("/").split("/")[-1])
        page.click("#tab-players")  # the Challenger's card, fetched when its tab opens
        page.locator("#wfci .wf-solo").wait_for()
        assert page.locator("#wfci .wf-solo").count() == 1
        reseed(match_id, seed, {"mode": "solo"})  # a repeatable deal
        page.reload()
        goals = play_for_goals(page, match_id, random.Random(5))
        if all(goals.get(g) for g in ("built", "moved", "fought")):
            break
    assert goals.get("built"), "a machine was built"
    assert goals.get("moved"), "a stack moved"
    assert goals.get("fought"), "a fight with a scroll against the Challenger was played to its end"
    page.click("#tab-players")
    page.locator("#wfci .wf-solo").wait_for()
    assert page.locator("#wfci .wf-solo").count() == 1
    assert page.console_errors == []


def play_for_goals(page, match_id, rng):
    """Click until a machine is built, a stack moved and a fight with our scroll is resolved
    (or the game ends); returns the goals reached."""
    goals = {}
    played = None
    for _ in range(500):
        if page.locator("#outcome").count() or all(goals.get(g) for g in ("built", "moved", "fought")):
            break
        loc, actions = choices(page)
        assert actions, "it is always the person's turn once the bot has moved"
        state = state_of(match_id)
        pick = purposeful(actions, state, 0, goals, rng)
        chosen = actions[pick]
        in_cards = bool(state["combat"]) and state["combat"]["stage"] == "cards"
        click(page, loc, pick)
        if chosen["type"] == "build_at":
            goals["built"] = True
            assert page.locator("#match-board .tok.k-machine").count() >= 1
        elif chosen["type"] == "move_to":
            goals["moved"] = True
        elif chosen["type"] == "play_scroll" and in_cards:
            goals["scroll"] = True
            played = chosen["card"]
            assert page.locator(f".hand #c-{played}").count() == 0  # it left the hand, face down
            if state_of(match_id)["combat"]:  # still on: listed among "your face-down scrolls"
                assert engine.wfci.cards.card(played)["name"] in page.locator("#wf-fight").inner_text()
        if goals.get("scroll") and not goals.get("fought") and not state_of(match_id)["combat"]:
            goals["fought"] = True
            # The fight is resolved: no fight panel, and the scroll is in the discard (magic) or in play.
            assert page.locator("#wf-fight").count() == 0
            name = engine.wfci.cards.card(played)["name"]
            page.click("#tab-island")  # the decks and the supply come when the tab opens
            page.locator(".wf-supply details.discard").first.evaluate("d => d.open = true")
            assert name in page.locator(".wf-supply").text_content() or name in page.locator("#pane-cards").text_content()
    return goals


def test_three_players_a_card_round_passes_between_the_two_humans(new_page):
    ada, bea = make_user("ada"), make_user("bea")
    match = tables.create_match(ada, "wfci", 3, bots={2: "skirmisher"})
    tables.join_match(bea, match)
    reseed(match.pk, 8, {})
    pages = {0: new_page(), 1: new_page(viewport={"width": 390, "height": 844})}
    log_in(pages[0], "ada")
    log_in(pages[1], "bea")
    for p in pages.values():
        p.goto(match.get_absolute_url())

    rng = random.Random(8)
    goals = {0: {"built": True}, 1: {"built": True}}
    last = None  # (seat, combat attacker id) of the last card-round click by a person
    handed_over = False
    for _ in range(900):
        state = state_of(match.pk)
        if GAME.outcome(state) is not None or handed_over:
            break
        seat = GAME.to_act(state)[0]
        page = pages[seat]
        c = state["combat"]
        card_round = bool(c) and c["stage"] == "cards"
        if card_round and last and last[0] != seat and last[1] == c["attacker"]:
            # The other person just played or passed in this fight: this page refreshes by itself.
            page.wait_for_selector("#wf-fight", timeout=10000)
            page.wait_for_function(
                "() => [...document.querySelectorAll('#match-board [data-action]')]"
                ".some(e => JSON.parse(e.dataset.action).type === 'pass')",
                timeout=10000,
            )
            handed_over = True
        else:
            page.reload()
        loc, actions = choices(page)
        assert actions
        pick = purposeful(actions, state, seat, goals[seat], rng)
        if card_round:
            pick = first_of(actions, "pass")  # keep the round going around the table
            last = (seat, c["attacker"])
            assert "Card round" in page.locator("#wf-fight").inner_text()
        click(page, loc, pick)
    assert handed_over, "a fight's card round went from one person to the other"
    assert pages[0].console_errors == [] and pages[1].console_errors == []


def mid_game(players: int, seed: int) -> dict:
    """A position from a skirmisher playout: seat 0 in a fight's card round, machines built."""
    state = GAME.setup(seed, players, {})
    for _ in range(6000):
        seat = GAME.to_act(state)[0]
        c = state["combat"]
        if (seat == 0 and c and c["stage"] == "cards" and state["round"] >= 4 and any(c["down"].values())
                and any(u["kind"] == "machine" for u in state["units"].values())):
            return state
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, "skirmisher"))
    raise AssertionError("no such position in the playout")


def seeded_match(user, players: int, state: dict) -> Match:
    match = tables.create_match(user, "wfci", players, bots={s: "skirmisher" for s in range(1, players)})
    return seeded_match_state(match, state)


def test_match_page_stays_under_175_kb(new_page):
    """Everything the match page loads, as transferred, for a 4-player game in mid-fight."""
    ann = make_user("ann")
    match = seeded_match(ann, 4, mid_game(4, 4))
    page = new_page()
    log_in(page, "ann")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})  # count every file, as a first visit does
    sizes = {}

    def record(response):
        s = response.request.sizes()
        body = s["responseBodySize"] or len(response.body())
        sizes[response.url] = body + s["responseHeadersSize"]

    page.on("requestfinished", lambda request: record(request.response()))
    page.goto(match.get_absolute_url(), wait_until="load")
    page.wait_for_timeout(300)
    total = sum(sizes.values())
    print(f"\nmatch page weight: {total} bytes over {len(sizes)} responses")
    for url, n in sorted(sizes.items(), key=lambda kv: -kv[1]):
        print(f"  {n:>7}  {url}")
    assert any(u.endswith("/wfci.css") for u in sizes) and any(u.endswith("/wfci.js") for u in sizes)
    assert total < 175 * 1024
    poll = page.request.get(page.locator("#match-board").get_attribute("data-hx-get"))
    assert poll.status == 304 and len(poll.body()) < 1024


def solo_position(seed: int) -> dict:
    """A solo game a few rounds in, the person (seat 0) taking actions."""
    state = GAME.setup(seed, 2, {"mode": "solo"})
    best = None
    for _ in range(600):
        if not GAME.to_act(state):
            break
        seat = GAME.to_act(state)[0]
        if seat == 0 and state["stack"][-1]["kind"] == "turn" and state["stack"][-1]["step"] == "actions":
            best = state
            if state["round"] >= 3:
                break
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, "skirmisher" if seat == 0 else "challenger"))
    assert best is not None
    return best


@pytest.mark.parametrize("name,viewport", [("desktop", {"width": 1280, "height": 1000}),
                                           ("phone", {"width": 360, "height": 780}),
                                           ("solo", {"width": 1280, "height": 1000})])
def test_layouts_fit_and_are_saved_as_screenshots(new_page, name, viewport):
    """The page fits the screen (only the island may scroll sideways); SCREENSHOTS=1 saves it."""
    ann = make_user("ann")
    if name == "solo":
        match = tables.create_match(ann, "wfci", 2, options={"mode": "solo"})
        match = seeded_match_state(match, solo_position(4))
    else:
        match = seeded_match(ann, 2, mid_game(2, 4))
    page = new_page(viewport=viewport)
    log_in(page, "ann")
    page.goto(match.get_absolute_url())
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    island = page.locator("svg.wf-island").bounding_box()
    assert island["width"] >= viewport["width"] * 0.5 and island["y"] + island["height"] <= viewport["height"]
    if name == "solo":
        page.click("#tab-players")  # the Challenger's card is one tap away
        page.locator(".wf-solo").wait_for()  # fetched when the tab opens
        assert page.locator(".wf-solo").is_visible() and "Activation order" in page.locator(".wf-solo").inner_text()
    else:
        assert page.locator("#wf-fight").is_visible()  # the fight's tab opens by itself
        assert page.locator("#decision .chips [data-action]").count() >= 1  # the scrolls to play, in the bar
    assert page.console_errors == []


def test_tapping_a_unit_in_the_island_makes_its_choice(new_page):
    """Picking pilots: a chicken is chosen by tapping it on the island (or, where several of
    the builder's chickens share a hex, in the stack card that hex opens)."""
    ann, bob = make_user("ann"), make_user("bob")
    match = tables.create_match(ann, "wfci", 2)
    tables.join_match(bob, match)
    state = state_of(match.pk)
    rng = random.Random(1)
    for _ in range(4000):  # find a moment where seat 0 picks a unit (pilot, target, drop...)
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if seat == 0 and state["stack"][-1]["kind"] == "build" and any(a["type"] == "pick_pilot" for a in legal):
            break
        wanted = [a for a in legal if a["type"] in ("build", "retrieve", "take", "roll", "keep", "end_actions",
                                                    "end_turn", "choose_leader", "claim_base", "done")]
        state = GAME.apply(state, seat, rng.choice(wanted) if wanted else rng.choice(legal))
    else:
        pytest.fail("no build with a pilot to pick")
    match = seeded_match_state(match, state)
    page = new_page(viewport={"width": 390, "height": 844})
    log_in(page, "ann")
    page.goto(match.get_absolute_url())
    pilots = page.locator("[data-board] [data-action*=pick_pilot]")
    assert pilots.count() == len([a for a in GAME.legal_actions(state, 0) if a["type"] == "pick_pilot"])
    choice = pilots.first
    unit = json.loads(choice.get_attribute("data-action"))["unit"]
    if not choice.is_visible():  # several on one hex: the hex opens its card
        page.locator("[data-board] .pick").first.click()
    assert choice.is_visible()
    version = page.locator("#match-board").get_attribute("data-version")
    choice.click()
    page.wait_for_function(WAIT_MOVED, arg=version)
    after = state_of(match.pk)
    assert unit in after["stack"][-1].get("pilots", []) or any(u["kind"] == "machine" for u in after["units"].values())
    # the swapped board kept its stylesheet and script (data-hx-preserve): styled, loaded once
    assert page.evaluate("document.querySelectorAll('#wfci-css').length") == 1
    assert page.evaluate("document.querySelectorAll('#wfci-js').length") == 1
    assert page.evaluate("getComputedStyle(document.querySelector('.wf-island')).maxHeight") != "none"
    assert page.console_errors == []


def seeded_match_state(match: Match, state: dict) -> Match:
    """Put a position built in the engine into a started match (its seats stay as they are)."""
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.ACTIVE
    match.state = GAME.serialize(state)
    match.to_act = GAME.to_act(state)
    match.save()
    return match
