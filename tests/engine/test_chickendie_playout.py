"""Chicken Die! under the shared random-playout checker, card conservation, and the promise
that who is asked to decide never depends on a hidden card."""

import json

from hypothesis import given, settings, strategies as st

from engine.chickendie import GAME
from engine.chickendie import cards as C
from engine.chickendie.positions import check_conservation
from engine.placement import agrees
from engine.testing import playout, random_chooser


def swap_hidden(state, seat):
    """The same position with every other hand dealt afresh from the bottom of the draw pile:
    nothing public changes, and the top of the draw pile stays as it was."""
    other = GAME.deserialize(GAME.serialize(state))
    for s in range(other["players"]):
        if s == seat or not other["hands"][s]:
            continue
        n = len(other["hands"][s])
        bottom = [c for c in other["draw"] if not C.is_instant(c)][:n]
        if len(bottom) < n:
            continue
        for c in bottom:
            other["draw"].remove(c)
        other["draw"] = other["hands"][s] + other["draw"]
        other["hands"][s] = bottom
    return other


def hidden_never_decides_who_is_asked(choose):
    def check(game, state):
        check_conservation(game, state)
        seats = game.to_act(state)
        if not seats or len(state["draw"]) < 30 or any(state["auto_pass"]):
            return
        seat = seats[0]
        legal = game.legal_actions(state, seat)
        other = swap_hidden(state, seat)
        assert game.to_act(other) == seats
        assert game.legal_actions(other, seat) == legal, "a seat's choices depend on another hand"
        action = legal[choose(legal)]
        after, after_other = game.apply(state, seat, action), game.apply(other, seat, action)
        assert game.to_act(after) == game.to_act(after_other), "who is asked reveals a hidden card"
        for viewer in [None] + [s for s in range(state["players"]) if s != seat]:
            public = game.view(state, viewer)
            assert json.dumps(public["pending"]) == json.dumps(game.view(other, viewer)["pending"])
    return check


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), data=st.data())
def test_random_playouts_keep_the_protocol(seed, players, data):
    choose = lambda legal: data.draw(st.integers(0, len(legal) - 1))  # noqa: E731
    state, _actions, steps = playout(GAME, seed, players, choose=choose, max_steps=300,
                                     extra_check=hidden_never_decides_who_is_asked(random_chooser(seed)))
    assert steps > 0
    assert GAME.outcome(state) is None or agrees(GAME.outcome(state), players), "a finished game's placement"


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6))
def test_auto_pass_playouts_keep_the_protocol(seed, players):
    options = {"auto_pass": list(range(0, players, 2))}
    state, _, _ = playout(GAME, seed, players, options, choose=random_chooser(seed), max_steps=300,
                          extra_check=check_conservation)
    assert GAME.outcome(state) is None or agrees(GAME.outcome(state), players), "a finished game's placement"


def test_bot_games_finish_with_a_winner():
    for seed, players in [(1, 2), (2, 3), (3, 4), (4, 6)]:
        bots = {s: ("farmer" if s % 2 == 0 else "random") for s in range(players)}
        state, _actions, steps = playout(GAME, seed, players, bots=bots, max_steps=5000, check_every=7,
                                         extra_check=check_conservation)
        result = GAME.outcome(state)
        assert result is not None and result["winners"], (seed, players, steps)
        assert agrees(result, players) and len(result["placement"]) > 1
        assert len(state["out"]) >= players - len(result["winners"]) or result["reason"] == "limit"


def test_no_view_shows_another_hand_or_the_draw_pile():
    state = GAME.setup(3, 4, {})
    for seat in [None, 0, 1, 2, 3]:
        text = json.dumps(GAME.view(state, seat))
        for card in GAME.hidden_from(state, seat):
            assert card not in text
        if seat is not None:
            assert all(c in text for c in state["hands"][seat])
    assert GAME.hidden_from(state, 0) >= set(state["hands"][1]) | set(state["draw"])

