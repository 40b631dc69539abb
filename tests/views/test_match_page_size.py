"""Every match page stays light: at most 60 KB of HTML for each game, early, in the middle and
finished, for each seat and a spectator, 2 to 4 players, the whole page and the board's htmx
refresh; for War for Chicken Island also the tabs fetched on demand and a refresh while one is
open. Positions come from bot playouts through the one write path (log, notes and all), and
none of these answers shows what the engine hides from its reader.

    PAGE_SIZES=1 .venv/bin/python -m pytest tests/views/test_match_page_size.py -s

prints the heaviest answer per game, players, phase, viewer and kind; PAGE_SIZES_DIR=<dir>
also writes each of them there (to validate or study them).
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest
from django.urls import reverse

import engine
from games.lobby import tables
from games.play import services
from games.boards import get_board
from games.models import Match
from tests.factories import make_user

pytestmark = pytest.mark.django_db

LIMIT = 60 * 1024
REPORT = bool(os.environ.get("PAGE_SIZES"))
WORD = re.compile(r"[A-Za-z0-9_-]+")


def answers(client, match: Match, user) -> dict[str, bytes]:
    """Every answer a reader gets of the match now: page, refresh, and each fetched tab."""
    client.logout()
    if user is not None:
        client.force_login(user)
    board = reverse("match_board", args=[match.pk])
    got = {"page": client.get(match.get_absolute_url()), "refresh": client.get(board, HTTP_HX_REQUEST="true")}
    for pane in getattr(get_board(match.game), "PANES", {}):
        got[f"tab {pane}"] = client.get(board, {"pane": pane}, HTTP_HX_REQUEST="true")
        if pane != "legend":  # a dialog, not a tab: a refresh never asks for it
            got[f"refresh, {pane} open"] = client.get(board, {"tab": pane}, HTTP_HX_REQUEST="true")
    for kind, response in got.items():
        assert response.status_code == 200, kind
    return {kind: response.content for kind, response in got.items()}


def check(client, match: Match, users: list, seats, phase: str, sizes: dict) -> None:
    match.refresh_from_db()
    game = engine.get_game(match.game)
    state = game.deserialize(match.state)
    for seat in seats:
        hidden = game.hidden_from(state, seat)
        viewer = "spectator" if seat is None else f"seat {seat}"
        for kind, body in answers(client, match, None if seat is None else users[seat]).items():
            where = f"{match.game}, {match.players} players, {phase}, {viewer}: {kind}"
            assert len(body) <= LIMIT, f"{where} is {len(body):,} bytes"
            leaked = hidden & set(WORD.findall(body.decode()))
            assert not leaked, f"{where} shows hidden {sorted(leaked)[:5]}"
            key = (match.game, match.players, phase, viewer, kind)
            if len(body) > sizes.get(key, 0) and os.environ.get("PAGE_SIZES_DIR"):  # to validate or study them
                name = "-".join(str(k) for k in key).replace(" ", "").replace(",", "_")
                (Path(os.environ["PAGE_SIZES_DIR"]) / f"{name}.html").write_bytes(body)
            sizes[key] = max(sizes.get(key, 0), len(body))


def playout(client, slug: str, players: int, seed: int, every: int, sizes: dict) -> None:
    """A whole match of the game's first bot through the write path, every seat a person."""
    game = engine.get_game(slug)
    users = [make_user(f"{slug}{players}s{seed}u{i}") for i in range(players)]
    match = tables.create_match(users[0], slug, players)
    for user in users[1:]:
        tables.join_match(user, match)
    everyone = [*range(players), None]
    check(client, match, users, everyone, "early", sizes)
    bot, rng, step = game.seat_bots()[0], random.Random(seed), 0
    while True:
        match.refresh_from_db()
        state = game.deserialize(match.state)
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = game.bot_action(state, seat, bot) if rng.random() < 0.8 else rng.choice(legal)
        services.submit_action(match, users[seat], action, match.version)
        step += 1
        if step % every == 0:
            match.refresh_from_db()
            check(client, match, users, [match.to_act[0] if match.to_act else 0, None], "mid", sizes)
    assert match.status == Match.Status.FINISHED
    check(client, match, users, everyone, "finished", sizes)


def report(sizes: dict) -> None:
    if not REPORT:
        return
    print()
    for key in sorted(sizes, key=str):
        print(" | ".join(map(str, key)), "|", f"{sizes[key]:,}")


# (game, players, seed, actions between two looks in the middle): WfCI's 4-player match has
# the heaviest pages of all (tests/pages holds another, early, mid-game and finished); a whole
# match is some 300 to 800 actions.
CASES = [("wfci", 2, 1, 120), ("wfci", 3, 2, 120), ("wfci", 4, 4, 90),
         ("barnyard", 2, 1, 80), ("barnyard", 4, 3, 60), ("chickenrun", 2, 1, 15),
         ("chickendie", 4, 3, 40)]


@pytest.mark.parametrize("slug,players,seed,every", CASES)
def test_match_pages_stay_under_60_kb_and_hide_what_is_hidden(client, slug, players, seed, every):
    sizes: dict = {}
    playout(client, slug, players, seed, every, sizes)
    report(sizes)
