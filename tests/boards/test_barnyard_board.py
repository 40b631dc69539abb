"""The Barnyard Generals board: every legal action is on the page exactly once, hidden cards are not."""

import html
import json
import re

import pytest
from django.template.loader import render_to_string

import engine
from games.boards import get_board

GAME = engine.get_game("barnyard")
DATA_ACTION = re.compile(r'data-action="([^"]*)"')


def key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def rendered(state, seat):
    view = GAME.view(state, seat)
    legal = GAME.legal_actions(state, seat) if seat is not None else []
    board = get_board("barnyard")
    assert board.TEMPLATE == "games/barnyard/board.html"
    players = [f"Player {i + 1}" for i in range(state["players"])]
    model = board.page(view, legal, seat, players)
    page = render_to_string(board.TEMPLATE, {"board": model, "view": view})
    bar = "".join(f' data-action="{html.escape(json.dumps(e["action"]))}"' for e in model["bar"])  # the decision bar's
    return page + bar, legal


def bar_labels(state, seat, part="bar"):
    """The decision bar's buttons (the match page renders the bar around the board), or the
    standing setting's beside the board."""
    board = get_board("barnyard")
    model = board.page(GAME.view(state, seat), GAME.legal_actions(state, seat), seat, ["A", "B", "C", "D"][:state["players"]])
    return [e["label"] for e in model[part]]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_board_offers_exactly_the_legal_actions_and_hides_other_hands(players):
    state = GAME.setup(40 + players, players, {})
    bots = ["general", "random", "general", "random"][:players]
    steps = 0
    seen = set()
    while GAME.to_act(state) and steps < 400:
        seat = GAME.to_act(state)[0]
        if steps % 7 == 0 or state["phase"] == "barn" or state["battle"] or state["casualties"]:
            for viewer in (seat, None):
                page, legal = rendered(state, viewer)
                on_page = sorted(key(json.loads(html.unescape(raw))) for raw in DATA_ACTION.findall(page))
                assert on_page == sorted(key(a) for a in legal)
                for secret in GAME.hidden_from(state, viewer):
                    assert secret not in page
                seen.update(a["type"] for a in legal)
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, bots[seat]))
        steps += 1
    assert {"barn", "select", "move", "end_actions"} <= seen


def test_attack_odds_are_shown_before_attacking():
    from tests.engine.test_barnyard import act, grid, put
    state = grid()
    put(state, 0, 0, 6, ["bull"])
    put(state, 1, 0, 8, ["sheep"])
    state = act(state, 0, {"type": "select", "piece": 0})
    page, _ = rendered(state, 0)
    assert "Attack d2:" in page and "% chance to win" in page


def test_the_attackers_page_is_the_same_whatever_the_defender_holds():
    """D-9: the defender holds Dig In or a card that cannot answer; the attacker's page and a
    spectator's are the same, and the defender's page offers the answer and the standing setting."""
    from tests.engine.test_barnyard_print import _attack_position
    pages = []
    for answer in (True, False):
        state, card = _attack_position(answer)
        for action in ({"type": "select", "piece": 0}, {"type": "move", "to": 8}):
            state = GAME.apply(state, 0, action)
        pages.append((rendered(state, 0)[0], rendered(state, None)[0]))
        # The answers are all the decision offers: they sit in the decision bar, by name.
        assert ("Play Dig In" in bar_labels(state, 1)) is answer
        assert "When attacked, let the dice decide without asking me" in bar_labels(state, 1, "setting")
    assert pages[0] == pages[1]


def test_the_standing_setting_is_shown_to_everybody():
    from tests.engine.test_barnyard import act, grid
    state = act(grid(), 0, {"type": "set_auto_fight", "on": True})
    for viewer in (0, 1, None):
        assert "lets the dice decide at once when attacked" in rendered(state, viewer)[0]
    assert "When attacked, ask me before the dice roll" in bar_labels(state, 0, "setting")
