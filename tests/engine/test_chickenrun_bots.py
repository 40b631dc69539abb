"""Chicken Run: the bots (the sensible one beats the random one, captures and holds, tramples a
threat) and property-based playouts of the engine contract under every set of house rules."""

import json

import pytest
from hypothesis import given, settings, strategies as st

from engine import IllegalAction
from engine.chickenrun import GAME
from engine.chickenrun import board as B
from engine.chickenrun import rounds as R
from engine.messages import render
from engine.placement import agrees
from engine.protocol import Game
from engine.testing import playout, random_chooser

from tests.engine.chickenrun_positions import (VALID_RULE_SETS, act, conservation, make, select,
                                            stack, step)


# --- catalogue and setup ----------------------------------------------------------------------


# --- bots -------------------------------------------------------------------------------------

def _bot_game(seed, bots, rules=()):
    state = GAME.setup(seed, 2, {"house_rules": list(rules)})
    for _ in range(50_000):  # far more than 400 rounds can take
        if not GAME.to_act(state):
            return state
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, bots[seat]))
    raise AssertionError("the bots never finished the game")


def test_sensible_beats_random():
    wins = 0
    for seed in range(50):
        bots = ("sensible", "random") if seed % 2 == 0 else ("random", "sensible")
        outcome = GAME.outcome(_bot_game(seed, bots))
        wins += outcome["winners"] == [bots.index("sensible")]
    assert wins >= 40, f"sensible won only {wins} of 50"


@pytest.mark.parametrize("rules", [[], ["S1", "S2", "S3", "R4", "B6", "B7"], ["S3", "R5"]])
def test_sensible_against_itself_finishes(rules):
    for seed in range(4):
        state = _bot_game(100 + seed, ("sensible", "sensible"), rules)
        outcome = GAME.outcome(state)
        assert outcome is not None and state["round"] <= R.ROUND_LIMIT
        assert outcome["winners"] or outcome["reason"] == "draw"


def test_sensible_captures_and_holds():
    stacks = {"c4": ["W2"], "c5": ["C2"], "b5": ["C1", "W1"], "d9": ["C3"], "c8": ["B1", "B2", "B3"],
              "c1": ["W3"], "a1": ["S1"], "e1": ["S1"], "a3": ["S2"], "e3": ["S2"], "a5": ["S3"], "e5": ["S3"],
              "a7": ["S2"], "e7": ["S2"], "a9": ["S1"], "e9": ["S1"]}
    state = make(stacks, points=2)
    assert GAME.bot_action(state, 0, "sensible") == select("c4")
    state = act(state, 0, select("c4"))
    assert GAME.bot_action(state, 0, "sensible") == step("c5")
    held = make({**stacks, "c4": ["C2", "W2"], "c5": [], "b5": ["W1"], "b8": ["C1"]}, points=6)
    while GAME.to_act(held) == [0] and held["round"] == 1:
        held = GAME.apply(held, 0, GAME.bot_action(held, 0, "sensible"))
    assert stack(held, "c4") == ["C2", "W2"]  # it releases nothing it holds
    assert B.parse_square_name("b5") not in [sqi for sqi, s in enumerate(held["board"]) if "W1" in s]


def test_sensible_tramples_a_threat_and_herds_chickens_on_ties():
    # Black holds the medium chicken and its small stands next to the small chicken.
    stacks = {"c6": ["C2", "B2"], "b6": ["B1"], "b5": ["C1"], "b7": ["W2"], "d2": ["W1"], "c1": ["W3"],
              "d9": ["B3"], "d7": ["C3"], "a1": ["S1"], "e9": ["S1"]}
    state = make(stacks, points=2)
    assert GAME.bot_action(state, 0, "sensible") == select("b7")
    state = act(state, 0, select("b7"))
    assert GAME.bot_action(state, 0, "sensible") == step("b6")  # trample Black's small
    tie = make({**stacks, "b7": [], "c3": ["W2"]}, tie=True, kind="transparent", points=1)
    assert GAME.bot_action(tie, 0, "sensible") == select("b5")  # move the chicken away
    tie = act(tie, 0, select("b5"))
    assert GAME.bot_action(tie, 0, "sensible") in (step("b4"), step("c5"))


def test_random_bot_is_deterministic_and_leaves_the_rng_alone():
    state = GAME.setup(4, 2, {})
    seat = GAME.to_act(state)[0]
    before = json.dumps(state, sort_keys=True)
    first = GAME.bot_action(state, seat, "random")
    assert GAME.bot_action(state, seat, "random") == first
    assert json.dumps(state, sort_keys=True) == before
    assert first in GAME.legal_actions(state, seat)
    with pytest.raises(IllegalAction):
        GAME.bot_action(state, seat, "grandmaster")


@pytest.mark.parametrize("bots", [{0: "sensible", 1: "random"}, {0: "random", 1: "random"}, {0: "sensible", 1: "sensible"}])
def test_bot_playouts_keep_the_protocol(bots):
    state, _actions, steps = playout(GAME, 11, 2, {"house_rules": ["S2", "B7"]}, bots=bots, max_steps=300,
                                     check_every=3, extra_check=conservation)
    assert steps > 0


# --- property-based playouts ------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(VALID_RULE_SETS), data=st.data())
def test_random_playouts_keep_the_protocol(seed, rules, data):
    def choose(legal):
        return data.draw(st.integers(0, len(legal) - 1))

    state, _, _ = playout(GAME, seed, 2, {"house_rules": rules}, choose=choose, max_steps=120, check_every=2,
                          extra_check=conservation)
    assert GAME.outcome(state) is None or agrees(GAME.outcome(state), 2), "a finished game's placement"


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(VALID_RULE_SETS), data=st.data())
def test_every_legal_action_applies_and_reads_well(seed, rules, data):
    state = GAME.setup(seed, 2, {"house_rules": rules})
    for _ in range(60):
        if not GAME.to_act(state):
            break
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        view = GAME.view(state, seat)
        selectable = sorted(a["square"] for a in legal if a["type"] == "select")
        expected = sorted(s for s in view["movable"] if s != view["selected"])
        assert selectable == expected
        if state["phase"]["forced"]:
            assert ({"type": "end"} in legal) == (not view["movable"])
        for action in legal:
            line = render(GAME.describe_action(state, seat, action))
            assert line and "illegal" not in line and "[" not in line
            after = GAME.apply(state, seat, action)
            # Chicken Run's own reading of the protocol's rule gives the protocol's answer.
            assert GAME.irreversible(state, seat, action, after) == Game.irreversible(GAME, state, seat, action, after)
        state = GAME.apply(state, seat, legal[data.draw(st.integers(0, len(legal) - 1))])


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(VALID_RULE_SETS))
def test_long_random_playouts_reach_an_end(seed, rules):
    state, _actions, _steps = playout(GAME, seed, 2, {"house_rules": rules}, choose=random_chooser(seed),
                                      bots={0: "sensible"}, max_steps=3000, check_every=50,
                                      extra_check=conservation)
    assert GAME.outcome(state) is not None and agrees(GAME.outcome(state), 2)
    assert GAME.outcome(state)["placement"] in ([[0], [1]], [[1], [0]], [[0, 1]])
