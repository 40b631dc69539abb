"""Cockfight's hidden ranks stay hidden (views, legal actions, what follows an action, the bots'
choices) in random playouts, with the usual engine contract; the bots in a cockfight."""

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine import IllegalAction
from engine.rng import Rng
from engine.testing import playout, random_chooser
from engine.wfci import audit, bots, cockfight, expert, positions as P, skirmisher, turn
from engine.wfci.state import copy_state
from tests.engine.cockfight_positions import BLUE_EDGE, COCKFIGHT, GAME, RED_EDGE, board, legal, stack


# -- hidden ranks stay hidden ------------------------------------------------------------------

def reshuffled(state, viewer, k):
    """The same position where every other colour's face-down tokens carry their ranks in
    another order (rotated by k): the viewer cannot tell the two apart."""
    new = copy_state(state)
    cf = new["cockfight"]
    for seat in range(state["players"]):
        if seat == viewer:
            continue
        tokens = sorted(t for t in cf["ranks"] if cockfight.owner(t) == seat and t not in cf["up"])
        ranks = [cf["ranks"][t] for t in tokens]
        cf["ranks"].update(zip(tokens, ranks[k:] + ranks[:k]))
    return new


def differs(a, b):
    return {t for t in a["cockfight"]["ranks"] if a["cockfight"]["ranks"][t] != b["cockfight"]["ranks"][t]}


def check_hidden(state, action, seat):
    """What each viewer sees now, may do now and sees after `action` must not depend on the
    ranks it cannot see, unless the action turned one of them face up; the skirmisher's choice
    depends only on what its seat sees."""
    after = GAME.apply(state, seat, action)
    for viewer in list(range(state["players"])) + [None]:
        for k in (1, 2):
            other = reshuffled(state, viewer, k)
            changed = differs(state, other)
            assert GAME.view(other, viewer) == GAME.view(state, viewer), f"view of {viewer} shows a hidden rank"
            if viewer is not None:
                assert GAME.legal_actions(other, viewer) == GAME.legal_actions(state, viewer)
            if viewer == seat and changed:
                assert bots.bot_action(other, seat, "skirmisher") == bots.bot_action(state, seat, "skirmisher")
            try:
                other_after = GAME.apply(other, seat, action)
            except IllegalAction:
                continue
            if GAME.view(other_after, viewer) != GAME.view(after, viewer):
                turned = set(after["cockfight"]["up"]) - set(state["cockfight"]["up"])
                assert turned & changed, f"{action} tells {viewer} a hidden rank without turning it face up"
    return after


def test_the_hidden_rank_check_can_fail(monkeypatch):
    """A view that let the face-down ranks through would be caught."""
    state = P.started(2, 3, COCKFIGHT)
    assert differs(state, reshuffled(state, 0, 1))
    check_hidden(state, legal(state)[0], GAME.to_act(state)[0])
    monkeypatch.setattr(cockfight, "known", lambda st_, token, seat: st_["cockfight"]["ranks"][token])
    with pytest.raises(AssertionError, match="shows a hidden rank"):
        check_hidden(state, legal(state)[0], GAME.to_act(state)[0])


@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**31), players=st.sampled_from([2, 3, 4]))
def test_random_cockfights_keep_ranks_hidden(seed, players):
    """Half the moves are the skirmisher's, so stacks meet and fight and chickens turn up."""
    rng = Rng(seed)
    state = GAME.setup(seed, players, COCKFIGHT)
    for _ in range(250):
        if not GAME.to_act(state):
            break
        seat = GAME.to_act(state)[0]
        options = GAME.legal_actions(state, seat)
        action = bots.bot_action(state, seat, "skirmisher") if rng.below(2) else options[rng.below(len(options))]
        state = check_hidden(state, action, seat)


@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**31), players=st.sampled_from([2, 3, 4]))
def test_cockfight_playouts_keep_the_engine_contract(seed, players):
    def conservation(game, state):
        assert not audit.problems(state), audit.problems(state)

    playout(GAME, seed, players, COCKFIGHT, choose=random_chooser(seed), max_steps=200, extra_check=conservation)


# -- bots ----------------------------------------------------------------------------------------

def test_the_expert_deals_face_down_ranks_again_from_what_is_left():
    state = board()
    hens = stack(state, 1, BLUE_EDGE, [0, 2, 1])
    state["cockfight"]["up"].append(hens[1])
    world = expert.determinize(state, 0, Rng(7))
    ranks, again = state["cockfight"]["ranks"], world["cockfight"]["ranks"]
    assert again[hens[1]] == 2 and all(again[t] == ranks[t] for t in ranks if cockfight.owner(t) == 0)
    assert sorted(r for t, r in again.items() if cockfight.owner(t) == 1) == [0, 0, 1, 1, 2, 2]
    worlds = [expert.determinize(reshuffled(state, 0, k), 0, Rng(7))["cockfight"] for k in (1, 2)]
    assert worlds[0] == worlds[1] == world["cockfight"]


def test_the_expert_chooses_the_same_whatever_the_hidden_ranks():
    state = board()
    stack(state, 1, BLUE_EDGE, [0, 2])
    stack(state, 0, RED_EDGE, [1, 2])
    P.banner(state, 0, ["3", "claw"])
    picks = {json.dumps(expert.choose(reshuffled(state, 0, k), 0, rollouts=6, budget=60)) for k in (0, 1, 2, 3)}
    assert len(picks) == 1


def test_skirmishers_finish_cockfights():
    for players in (2, 3, 4):
        state = GAME.setup(players, players, COCKFIGHT)
        steps = 0
        while GAME.outcome(state) is None and steps < 6000:
            seat = GAME.to_act(state)[0]
            state = turn.apply_action(state, seat, skirmisher.choose(state, seat))
            steps += 1
        assert GAME.outcome(state) is not None and "turn limit" not in GAME.outcome(state)["reason"]
        assert not audit.problems(state)
