"""Chicken Run's board template: every legal action is offered, on the board or in the bar."""

import html
import json
import os
import re

import pytest

from engine.chickenrun import GAME
from tests.engine.chickenrun_positions import act, make, select

def _render(state, seat):
    django = pytest.importorskip("django")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chickenisland.settings")
    from django.apps import apps

    if not apps.ready:
        django.setup()
    from django.template.loader import render_to_string

    from games.boards import get_board

    board = get_board("chickenrun")
    legal = GAME.legal_actions(state, seat) if seat is not None else []
    page = board.page(GAME.view(state, seat), legal, seat, ["Ann", "Bob"])
    return render_to_string(board.TEMPLATE, {"board": page}), legal, page.get("bar") or []


@pytest.mark.parametrize("rules", [[], ["S2", "S1"]])
def test_board_template_offers_every_legal_action(rules):
    state = make({"c3": ["W3"], "c4": ["C1", "B1"], "c2": ["B2"], "b3": ["W1"], "c8": ["B3"], "a1": ["S1"]},
                 points=6, rules=rules)
    for current in (state, act(state, 0, select("c3"))):
        for seat in (0, 1, None):
            out, legal, bar = _render(current, seat)
            found = [json.loads(html.unescape(raw)) for raw in re.findall(r'data-action="([^"]*)"', out)]
            # The board offers the squares; the rest (ending the turn) sits in the decision bar.
            assert sorted(map(_key, found + [e["action"] for e in bar])) == sorted(map(_key, legal))
            assert all(e["action"].get("type") not in ("select", "step", "tackle") for e in bar)
            for tag in re.findall(r"<(?:rect|g)[^>]*data-action=[^>]*>", out):
                for attr in ('tabindex="0"', 'role="button"', "aria-label=", "legal"):
                    assert attr in tag
            assert 'viewBox="' in out and 'width="100%"' in out and "<script" not in out
            assert out.lstrip().startswith("<div class=\"cr-board\">")


def _key(action):
    return json.dumps(action, sort_keys=True)
