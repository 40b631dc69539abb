"""Helpers for the War for Chicken Island page tests: matches to render, the page's actions
and board parsed back, and the check every rendered position must pass."""

import html
import json
from html.parser import HTMLParser
import random
import re

from django.urls import reverse

import engine
from engine.wfci import positions
from games.lobby import tables
from games.play import services
from games.models import Match
from tests.factories import make_user

GAME = engine.get_game("wfci")
DATA_ACTION = re.compile(r'data-action="([^"]*)"')
CARD_ID = re.compile(r"\b(?:scroll|machine|leader)-\d\d\b")


def actions_on(page: str) -> list[dict]:
    return [json.loads(html.unescape(raw)) for raw in DATA_ACTION.findall(page)]


class Board(HTMLParser):
    """Which choices sit inside the element carrying `data-board`, and the hexes drawn there."""

    VOID = {"use", "circle", "path", "rect", "polygon", "input", "br", "img", "link", "meta"}

    def __init__(self):
        super().__init__()
        self.depth, self.board_at = 0, None
        self.inside, self.outside, self.hexes = [], [], []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        void = tag in self.VOID
        if not void:
            self.depth += 1
        if "data-board" in a and self.board_at is None:
            self.board_at = self.depth
        in_board = self.board_at is not None and self.depth >= self.board_at
        if "data-action" in a:
            (self.inside if in_board else self.outside).append(json.loads(a["data-action"]))
        if "data-hex" in a:
            assert a.get("data-space") == a["data-hex"] and in_board
            self.hexes.append(a["data-hex"])

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID:
            self.depth -= 1

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        if self.board_at is not None and self.depth == self.board_at:
            self.board_at = -1  # closed: nothing after it is inside
        self.depth -= 1


def board_of(page: str) -> Board:
    parser = Board()
    parser.feed(page)
    return parser


def key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def state_of(match: Match) -> dict:
    match.refresh_from_db()
    return GAME.deserialize(match.state)


def page_of(client, match: Match, user) -> str:
    if user is None:
        client.logout()
    else:
        client.force_login(user)
    response = client.get(match.get_absolute_url())
    assert response.status_code == 200
    return response.content.decode()


def pane_of(client, match: Match, pane: str) -> str:
    """A tab's contents that the page fetches when the tab is opened, for whoever is logged in."""
    response = client.get(reverse("match_board", args=[match.pk]), {"pane": pane})
    assert response.status_code == 200
    return response.content.decode()


def check_page(client, match: Match, user, seat) -> str:
    """The contract for one viewer at the current position; returns the page."""
    page = page_of(client, match, user)
    state = state_of(match)
    legal = GAME.legal_actions(state, seat) if seat is not None and seat in GAME.to_act(state) else []
    shown = actions_on(page)
    assert len(shown) == len({key(a) for a in shown}), "an action is offered twice"
    assert {key(a) for a in shown} == {key(a) for a in legal}
    hidden = GAME.hidden_from(state, seat)
    leaked = hidden & set(CARD_ID.findall(page))
    assert not leaked, f"seat {seat} sees hidden cards {sorted(leaked)}"
    assert 'id="wfci"' in page
    board = board_of(page)
    about_the_island = [a for a in legal if "hex" in a or "unit" in a]
    assert {key(a) for a in about_the_island} <= {key(a) for a in board.inside}, "an island choice outside the board"
    assert set(board.hexes) == {t["hex"] for t in GAME.view(state, seat)["island"]["hexes"]}
    return page


def bot_match(players: int, user, seed_bots=None):
    bots = {s: "skirmisher" for s in range(1, players)}
    return tables.create_match(user, "wfci", players, bots=bots)


def human_pair(players=2, seed=None, layout=None):
    """Two people in seats 0 and 1 (bots in the others); `seed` fixes the deal for a repeatable test."""
    alice, bob = make_user("alice"), make_user("bob")
    match = tables.create_match(alice, "wfci", players, bots={s: "skirmisher" for s in range(2, players)})
    tables.join_match(bob, match)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    if seed is not None:
        state = GAME.setup(seed, players, {})
        if layout:
            state = positions._on_layout(state, layout)
        match.seed, match.state, match.to_act = seed, GAME.serialize(state), GAME.to_act(state)
        match.save()
    return match, {0: alice, 1: bob}


def play(match: Match, users: dict, rng: random.Random, steps: int, prefer=None):
    """Apply random legal actions for the humans through the one write path."""
    for _ in range(steps):
        state = state_of(match)
        if GAME.outcome(state) is not None:
            return
        seat = next(iter(GAME.to_act(state)), None)
        if seat not in users:
            return
        legal = GAME.legal_actions(state, seat)
        choice = None
        if prefer:
            wanted = [a for a in legal if a["type"] in prefer]
            choice = rng.choice(wanted) if wanted and rng.random() < 0.8 else None
        choice = choice or rng.choice(legal)
        services.submit_action(match, users[seat], choice, match.version)
        yield seat


# -- the pure helpers ----------------------------------------------------------------------
