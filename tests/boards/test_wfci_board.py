"""The War for Chicken Island match page, rendered with the Django test client.

Every position checks the platform contract: the page carries exactly the viewer's legal
actions as `data-action` (none missing, none extra, none twice), no card id the engine hides
from the viewer is anywhere in the HTML, and a spectator's page offers nothing to click.
"""

import random
import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from engine.wfci import composite, positions
from games.lobby import tables
from games.play import services
from games.models import Match
from games.boards import wfci
from games.boards.wfci import actions, geometry, labels
from games.boards.wfci.solo import challenger
from games.templatetags.match_tags import action_json
from tests.factories import make_user
from tests.boards.wfci_pages import (CARD_ID, GAME, bot_match, check_page,
                                     human_pair, key, page_of, pane_of, play, state_of)

pytestmark = pytest.mark.django_db


def test_hex_geometry_follows_the_engine_axes():
    assert geometry.hex_center(0, 0) == (0, 0)
    x, y = geometry.hex_center(1, 0)
    assert round(x, 3) == round(geometry.SIZE * 3 ** 0.5, 3) and y == 0  # East is to the right
    x, y = geometry.hex_center(0, 1)
    assert x > 0 and y == geometry.SIZE * 1.5  # South-East is down and right (screen y down)
    x, y = geometry.hex_center(-1, 1)
    assert x < 0 and y > 0  # South-West
    pts = [tuple(map(float, p.split(","))) for p in geometry.hex_points().split()]
    assert len(pts) == 6 and (0.0, float(geometry.SIZE)) in pts  # pointy-top: a corner straight down


def test_the_island_is_turned_once_to_stand_upright_on_a_phone():
    wide = [f"{q},0" for q in range(-4, 5)]  # a row of nine hexes, west to east
    angle = geometry.orientation(wide)
    _x, _y, w, h = geometry.extent(wide, angle)
    assert h > w and angle % 30 == 0  # turned upright
    assert geometry.orientation(list(reversed(wide))) == angle  # the island alone decides it
    assert geometry.orientation(["0,0"]) == 0
    x, y = geometry.place("1,0", 90)
    assert abs(x) < 1e-9 and y > 0  # a quarter turn clockwise: East goes down


def placed_actions(board: dict) -> list[dict]:
    """Every action the page model offers, wherever it put it."""
    placed = [e["action"] for e in board["bar"]]
    placed += [e["action"] for g in board["groups"] for e in g["entries"]]
    placed += [c["entry"]["action"] for c in board["chips"]]
    placed += [d["entry"]["action"] for d in board["dice"] if d["entry"]]
    for p in board["seats"]:
        for c in (p["leader_options"] or []) + (p["hand"] or []) + p["strategies"]:
            placed += [e["action"] for e in c["actions"]]
        placed += [d["entry"]["action"] for d in p["dice"] if d["entry"]]
    placed += [c["entry"]["action"] for c in board["island"]["choices"] if c["kind"] != "pick"]
    placed += [r["entry"]["action"] for card in board["island"]["cards"] for r in card["rows"]]
    placed += [e["action"] for c in board["stock"] for e in c["actions"]]
    if board["fight"]:
        placed += [e["action"] for c in board["fight"]["revealed"] for e in c["actions"]]
    return placed


def test_every_action_is_placed_once_and_unknown_ones_land_in_the_bar():
    state = GAME.setup(3, 2, {})
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(state, 0) + [{"type": "something_new", "x": 1}]
    board = wfci.page(view, legal, 0, ["Ann", "Bob"])
    assert sorted(map(key, placed_actions(board))) == sorted(map(key, legal))
    assert any(e["action"]["type"] == "something_new" for e in board["bar"])


def test_choices_sharing_a_spot_are_sorted_into_modes_and_cards():
    """A stack that may move with the free action or the Claw die, a unit that may attack or
    take a +1 die: each mode shows one choice per spot; several units' choices on one hex
    open a stack card."""
    unit = {"id": "u1", "owner": 0, "kind": "chicken", "hex": "0,0"}
    other = {"id": "u2", "owner": 0, "kind": "chicken", "hex": "0,0"}
    view = {"units": [unit, other], "seats": [{}], "island": {"hexes": [{"hex": "0,0", "kind": "territory"}]}}
    legal = [{"type": "move", "hex": "0,0", "pay": "free"}, {"type": "move", "hex": "0,0", "pay": "claw"},
             {"type": "attack", "unit": "u1", "pay": "claw"}, {"type": "attack", "unit": "u2", "pay": "claw"},
             {"type": "plus_one", "unit": "u1"}]
    board = wfci.page(view, legal, 0, ["Ann"])
    assert [m["key"] for m in board["modes"]] == ["move-claw", "move-free", "attack-claw", "plus_one"]
    assert board["mode"] == "move-claw"  # a Claw die first: the free action also pays a build or a retrieve
    by_mode = {}
    for c in board["island"]["choices"]:
        by_mode.setdefault(c["mode"], []).append(c)
    assert all(len(cs) == 1 for cs in by_mode.values())  # one spot, one choice per mode
    assert by_mode["attack-claw"][0]["kind"] == "pick"  # two attackers in one hex: a stack card
    card = next(c for c in board["island"]["cards"] if c["mode"] == "attack-claw")
    assert sorted(r["entry"]["action"]["unit"] for r in card["rows"]) == ["u1", "u2"]
    assert by_mode["plus_one"][0]["kind"] == "unit" and by_mode["move-free"][0]["kind"] == "stack"
    assert sorted(map(key, placed_actions(board))) == sorted(map(key, legal))


def test_labels_are_plain_words():
    view = {"units": [], "seats": []}
    assert labels.action_label({"type": "end_turn"}, view) == "End my turn"
    assert labels.action_label({"type": "reroll", "pay": ["wood", "stone"]}, view) == \
        "Reroll the picked dice for 1 wood and 1 stone"
    assert labels.action_label({"type": "reroll", "pay": ["wood", "wood"]}, view) == "Reroll the picked dice for 2 wood"
    assert labels.action_label({"type": "star", "ability": "draw"}, view) == "Spend 3 stars: draw a scroll"
    assert labels.action_label({"type": "move_to", "hex": "0,1"}, view, "hex") == "Move here"


def test_challenger_rows_render_only_when_the_view_has_them():
    assert challenger({}) is None
    solo = challenger({"challenger": {"rows": {"power": ["3"], "command": ["1", "claw"], "build": [],
                                                         "reinforcement": 2},
                                                "activation": [{"name": "Rock Golem"}, "lead-1"]}},
                                {"lead-1": {"id": "lead-1", "owner": 1, "kind": "leader"}})
    assert [r["count"] for r in solo["rows"]] == [1, 2, 0, 2]
    assert [a["name"] for a in solo["activation"]] == ["Rock Golem", "Blue's leader"]


# -- pages ---------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_page_against_bots_shows_exactly_the_legal_actions(client, players):
    alice = make_user("alice")
    match = bot_match(players, alice)
    rng = random.Random(players)
    page = check_page(client, match, alice, 0)
    assert "<svg" in page and 'class="wf-island"' in page
    for _ in range(40):
        state = state_of(match)
        if GAME.outcome(state) is not None or 0 not in GAME.to_act(state):
            break
        action = rng.choice(GAME.legal_actions(state, 0))
        services.submit_action(match, alice, action, match.version)
        check_page(client, match, alice, 0)
    spectator = page_of(client, match, None)
    assert "data-action" not in spectator
    assert not GAME.hidden_from(state_of(match), None) & set(CARD_ID.findall(spectator))


def test_two_humans_see_only_their_own_cards_through_a_game(client):
    # On the compact Face-off island: the 2-player island keeps the bases far apart
    # (docs/wfci-board.md), so random play there seldom reaches a fight.
    match, users = human_pair(seed=11, layout=positions.LAYOUT)
    rng = random.Random(11)
    seen_fight = False
    for n, _seat in enumerate(play(match, users, rng, 300, prefer=("attack", "target", "play_scroll", "build",
                                                                       "pick_pilot", "build_at", "move_to"))):
        for seat, user in users.items():
            page = check_page(client, match, user, seat)
            seen_fight = seen_fight or 'id="wf-fight"' in page
        if n % 10 == 0:
            assert "data-action" not in page_of(client, match, None)
        if seen_fight and n >= 120:
            break
    assert seen_fight


def test_setup_pages_offer_leaders_as_cards_and_bases_as_hexes(client):
    match, users = human_pair()
    state = state_of(match)
    seat = GAME.to_act(state)[0]
    page = check_page(client, match, users[seat], seat)
    for a in GAME.legal_actions(state, seat):
        assert a["type"] == "choose_leader"
        assert f'id="c-{a["card"]}"' in page  # its card, to read, in the Cards tab
        assert f'class="chip d-leader" data-action="{escape(action_json(a))}"' in page  # the choice, in the bar
    other = check_page(client, match, users[1 - seat], 1 - seat)
    assert "data-action" not in other
    # choose leaders until somebody claims a base: the bases become SVG buttons
    for _ in range(4):
        state = state_of(match)
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if legal[0]["type"] == "claim_base":
            break
        services.submit_action(match, users[seat], legal[0], match.version)
    page = check_page(client, match, users[seat], seat)
    assert re.search(r'<g class="hit hex t-claim_base" data-action="[^"]+" role="button" tabindex="0" aria-label="Claim this base', page)


def test_random_playouts_render_at_every_position(client):
    """A few dozen random actions per game, 2 to 4 players: every page renders (fights,
    catastrophes, setup choices), for every seat and a spectator."""
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        names = [make_user(f"p{players}{i}") for i in range(players)]
        match = tables.create_match(names[0], "wfci", players)
        for u in names[1:]:
            tables.join_match(u, match)
        users = dict(enumerate(names))
        rng = random.Random(seed)
        for _seat in play(match, users, rng, 60, prefer=("attack", "target", "play_scroll", "pass", "draw",
                                                         "end_actions", "roll")):
            state = state_of(match)
            acting = GAME.to_act(state)
            if acting:
                check_page(client, match, users[acting[0]], acting[0])
        check_page(client, match, None, None)
        for s, u in users.items():
            check_page(client, match, u, s)


def test_catastrophe_and_fight_positions_render(client):
    """Positions built directly in the engine: a fight in its card round with face-down cards,
    and a catastrophe waiting for a choice. The page shows them, hides the cards."""
    match, users = human_pair()
    state = GAME.setup(5, 2, {})
    rng = random.Random(5)
    found = {"cards": False, "catastrophe": False}
    for _ in range(3000):
        if GAME.outcome(state) is not None or all(found.values()):
            break
        seat = GAME.to_act(state)[0]
        view = GAME.view(state, seat)
        c = view["combat"]
        if c and c["stage"] == "cards" and any(c["facedown"].values()) and not found["cards"]:
            found["cards"] = _check_state(client, match, users, state)
        if view["phase"] == "catastrophe" and not found["catastrophe"]:
            found["catastrophe"] = _check_state(client, match, users, state)
        legal = [a for a in GAME.legal_actions(state, seat) if not composite.is_composite(a)]  # the walk this seed finds
        pick = [a for a in legal if a["type"] in ("attack", "target", "play_scroll", "draw")]
        state = GAME.apply(state, seat, rng.choice(pick) if pick and rng.random() < 0.7 else rng.choice(legal))
    assert found == {"cards": True, "catastrophe": True}


def _check_state(client, match, users, state) -> bool:
    match.state = GAME.serialize(state)
    match.to_act = GAME.to_act(state)
    match.version += 1
    match.save()
    for seat, user in users.items():
        page = check_page(client, match, user, seat)
        if state["combat"]:
            assert 'id="wf-fight"' in page
            for s, down in state["combat"]["down"].items():
                if down and int(s) != seat:
                    assert not set(down) & set(CARD_ID.findall(page))
    return True


def test_board_links_its_own_styles_and_stays_light(client):
    alice = make_user("alice")
    match = bot_match(4, alice)
    page = page_of(client, match, alice)
    assert "css/wfci.css" in page and "js/wfci.js" in page
    assert len(page.encode()) <= 60 * 1024  # every phase and viewer: tests/views/test_match_page_size.py


def test_tabs_fetched_on_demand_come_as_fragments_and_by_a_link_without_script(client):
    """The Island tab's units, the Players and the Log are not in the page: each tab holds a
    link that asks for the page with that tab open and its contents in place, and the script
    fetches the contents alone (?pane=); an unknown pane is a 404."""
    alice = make_user("alice")
    match = bot_match(3, alice)
    page = page_of(client, match, alice)
    for pane, inside in (("island", 'class="wf-supply"'), ("players", 'id="players"'), ("log", 'class="log"')):
        assert f'id="wf-more-{pane}" data-lazy="{pane}"' in page and inside not in page
        assert f'href="?tab={pane}#pane-{pane}"' in page
        opened = client.get(match.get_absolute_url(), {"tab": pane}).content.decode()
        assert inside in opened and f'id="wf-more-{pane}" data-lazy' not in opened
        assert f'id="tab-{pane}" aria-controls="pane-{pane}" aria-selected="true"' in opened
        assert f'id="pane-{pane}" aria-labelledby="tab-{pane}">' in opened  # shown, not hidden
        alone = pane_of(client, match, pane)
        assert alone.startswith(f'<div class="wf-more" id="wf-more-{pane}">') and inside in alone
        assert "<html" not in alone and "data-action" not in alone
    legend = pane_of(client, match, "legend")
    assert 'class="lg"' in legend and 'class="lg"' not in page
    assert client.get(reverse("match_board", args=[match.pk]), {"pane": "nope"}).status_code == 404
    assert 'id="pane-island" aria-labelledby="tab-island" hidden' in client.get(
        match.get_absolute_url(), {"tab": "nope"}).content.decode()


def test_replay_renders_the_board_for_a_spectator(client):
    alice = make_user("alice")
    match = bot_match(2, alice)
    services.submit_action(match, alice, {"type": "site.resign"}, match.version)
    match.refresh_from_db()
    response = client.get(reverse("replay", args=[match.pk]) + "?v=1")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'id="wfci"' in page and "data-action" not in page


def test_solo_rows_and_flags_render_when_the_view_has_them():
    """The Challenger's rows and flags are drawn from the view when it carries them."""
    from django.template.loader import render_to_string

    state = GAME.setup(9, 2, {})
    for _ in range(4):  # leaders chosen and bases claimed: units on the island
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    view = GAME.view(state, 0)
    plain = render_to_string(wfci.TEMPLATE, {"board": wfci.page(view, [], 0, ["Ann", "Bot"])})
    assert "wf-solo" not in plain and 'class="flag' not in plain
    view["challenger"] = {"rows": {"power": [{"id": "die-1-1", "face": "3"}], "command": ["1", "claw"], "build": [],
                                   "reinforcement": ["star"]}, "activation": ["lead-1"]}
    view["units"][0]["flags"] = [1]
    view["flags"] = [{"hex": view["island"]["hexes"][0]["hex"], "seat": 0, "unit": None}]
    page = render_to_string(wfci.TEMPLATE, {"board": wfci.page(view, [], 0, ["Ann", "Bot"])})
    assert "solo card" in page and "Power (+3)" in page and "Reinforcement (Star)" in page
    assert "Blue&#x27;s leader" in page.split("Activation order")[1]
    assert page.count('class="flag o') == 3  # lying on a hex, carried by a unit, and in the list of flags
    assert "data-action" not in page


def test_hex_choices_are_keyboard_buttons_in_the_island(client):
    match, users = human_pair()
    state = state_of(match)
    rng = random.Random(4)
    while True:  # play on until someone must choose a hex (claim a base, build, move)
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        hexes = [a for a in legal if a["type"] in actions.HEX_TYPES]
        if hexes:
            break
        services.submit_action(match, users[seat], rng.choice(legal), match.version)
        state = state_of(match)
    page = check_page(client, match, users[seat], seat)
    island = page.split('class="wf-island"')[1].split("</svg>")[0]
    for a in hexes:
        attr = escape(action_json(a))
        assert f'data-action="{attr}" role="button" tabindex="0" aria-label="' in island


def test_solo_pages_show_the_challengers_card_and_keep_the_contract(client):
    """Solo: you choose both leaders and both bases, then play; the Challenger's rows, the pair
    that fires and its activation order are on the page, its face-down pile never is."""
    ann = make_user("ann")
    match = tables.create_match(ann, "wfci", 2, options={"mode": "solo"})
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    rng = random.Random(6)
    kinds = set()
    for _ in range(80):
        check_page(client, match, ann, 0)
        players = pane_of(client, match, "players")  # the Challenger's card, in the Players tab
        assert 'class="wf-solo"' in players and "Power (+3)" in players
        state = state_of(match)
        if GAME.outcome(state) is not None or 0 not in GAME.to_act(state):
            break
        legal = GAME.legal_actions(state, 0)
        kinds.update(a["type"] for a in legal)
        wanted = [a for a in legal if a["type"] in ("attack", "target", "play_scroll", "build", "pick_pilot",
                                                   "build_at", "move", "move_to", "roll", "end_actions", "end_turn")]
        services.submit_action(match, ann, rng.choice(wanted or legal), match.version)
    assert {"choose_leader", "challenger_leader", "claim_base", "challenger_base"} <= kinds
    spectator = page_of(client, match, None) + pane_of(client, match, "players")
    assert "data-action" not in spectator and "Activation order" in spectator


def test_last_fight_panel_shows_after_a_resolved_fight(client):
    """Once a fight resolves the view keeps a public record; the page shows it to every viewer
    (revealed card, side, strength against armor, result) with nothing to click in it."""
    from engine.wfci import positions as P

    match, users = human_pair()
    state = P.started(2, 0, leaders={0: "dusty", 1: "gizzard"})
    P.clear_island(state)
    P.actions_step(state, 0)
    for s in range(2):
        P.banner(state, s, [])
        state["decks"]["scroll"].extend(state["seats"][s]["hand"])
        state["seats"][s]["hand"] = []
    hen, foe = P.chicken(state, 0, "1,-1"), P.chicken(state, 1, "1,0")
    card = P.scroll(state, 0, "extra_strength")
    kept = P.scroll(state, 1, "flying_rock")  # never played: Blue's hand stays hidden
    for action in ({"type": "attack", "unit": hen, "pay": "free"}, {"type": "target", "unit": foe},
                   {"type": "play_scroll", "card": card}):
        state = GAME.apply(state, GAME.to_act(state)[0], action)
    while state["combat"]:
        state = GAME.apply(state, GAME.to_act(state)[0], {"type": "pass"})
    assert state["combat"] is None and state["last_fight"]["result"] == "success"
    match.state, match.to_act = GAME.serialize(state), GAME.to_act(state)
    match.version += 1
    match.save()
    for seat, user in [(0, users[0]), (1, users[1]), (None, None)]:
        page = check_page(client, match, user, seat) if user else page_of(client, match, None)
        assert 'id="wf-last-fight"' in page and 'id="wf-fight"' not in page
        panel = page.split('id="wf-last-fight"', 1)[1].split("</section>", 1)[0]
        assert "Last fight" in page and "Extra Strength" in panel and "for the attacker" in panel
        assert "Strength 3 against armor 2" in panel and "is destroyed" in panel
        assert "data-action" not in panel and kept not in panel and "Flying Rock" not in panel
