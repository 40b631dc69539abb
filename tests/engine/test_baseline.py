"""The generic search baseline (engine/baseline.py) and each game's sampled worlds.

A world keeps everything the seat sees and deals the rest again, so two worlds sampled from one
state look the same to that seat, and the baseline, which may only use what the seat sees, must
give the same answer in both for the same seed.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import baseline, get_game
from engine.rng import Rng, seed_state

GAMES = ("chickenrun", "chickendie", "barnyard", "wfci")


def reach(game, seed: int, steps: int):
    """A position some random moves into a two-player game, and the seat to act there."""
    state = game.setup(seed, 2, {})
    rng = Rng(seed_state(seed + 1))
    for _ in range(steps):
        acting = game.to_act(state)
        if not acting:
            break
        legal = baseline.moves(game, state, acting[0])
        state = game.apply(state, acting[0], legal[rng.below(len(legal))])
    acting = game.to_act(state)
    return state, (acting[0] if acting else None)


def _cards(state) -> Counter:
    found = Counter()
    for side in state["sides"]:
        found.update(side["hand"] + side["plans"])
    found.update(state["deck"] + state["plan_deck"] + state["discarded"] + state["played"])
    return found


@pytest.mark.parametrize("slug", GAMES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60), a=st.integers(0, 2**32), b=st.integers(0, 2**32))
def test_worlds_alike_to_the_seat_get_the_same_decision(slug, seed, steps, a, b):
    game = get_game(slug)
    state, seat = reach(game, seed, steps)
    if seat is None:
        return
    one = baseline.determinize(game, state, seat, Rng(seed_state(a)))
    two = baseline.determinize(game, state, seat, Rng(seed_state(b)))
    assert game.view(one, seat) == game.view(two, seat)
    # what the seat cannot see, its order included, must not shape a world sampled from them
    again = [game.serialize(baseline.determinize(game, w, seat, Rng(seed_state(seed)))) for w in (one, two)]
    assert again[0] == again[1]
    assert game.legal_actions(one, seat) == game.legal_actions(state, seat)
    pick = baseline.decide(game, one, seat, seed=seed, playouts=8, horizon=8)
    assert pick == baseline.decide(game, two, seat, seed=seed, playouts=8, horizon=8)
    assert pick in game.legal_actions(state, seat)


def test_a_barnyard_world_deals_the_same_cards_again_elsewhere():
    game = get_game("barnyard")
    state, seat = reach(game, 3, 40)
    worlds = [baseline.determinize(game, state, seat, Rng(seed_state(k))) for k in range(6)]
    assert all(_cards(w) == _cards(state) for w in worlds)
    assert all(w["sides"][seat]["hand"] == state["sides"][seat]["hand"] for w in worlds)
    other = 1 - seat
    assert len({tuple(w["sides"][other]["hand"]) for w in worlds} | {tuple(w["deck"]) for w in worlds}) > 1


def test_the_result_reads_the_placement():
    game = get_game("chickenrun")
    state = game.setup(1, 2, {})
    assert baseline.result(game, state, 0) == 0.5  # unfinished: a draw
    state["result"] = {"winners": [1], "losers": [0], "reason": "two chickens captured"}
    assert baseline.result(game, state, 1) == 1.0
    assert baseline.result(game, state, 0) == 0.0


def test_the_baseline_takes_a_win_in_one():
    """Search must see a choice that ends the game in its favour: a Chicken Run position where one
    step captures the second chicken."""
    game = get_game("chickenrun")
    for seed in range(200):
        state, seat = reach(game, seed, 0)
        for steps in range(400):
            if seat is None:
                break
            wins = [a for a in baseline.moves(game, state, seat)
                    if (game.outcome(game.apply(state, seat, a)) or {}).get("winners") == [seat]]
            if wins and len(baseline.moves(game, state, seat)) > 1:
                pick = baseline.decide(game, state, seat, seed=0, playouts=16, horizon=4)
                assert (game.outcome(game.apply(state, seat, pick)) or {}).get("winners") == [seat]
                return
            state = game.apply(state, seat, game.bot_action(state, seat, "sensible"))
            acting = game.to_act(state)
            seat = acting[0] if acting else None
    pytest.skip("no position with a winning step found")


def test_it_never_wanders_among_toggles_while_a_choice_commits():
    """WfCI's dice are kept one toggle at a time or all at once (`pick_dice`): the baseline
    chooses the latter, else its search toggles dice for ever."""
    game = get_game("wfci")
    seen = 0
    for seed in range(6):
        state = game.setup(seed, 2, {})
        for _ in range(200):
            acting = game.to_act(state)
            if not acting:
                break
            legal = game.legal_actions(state, acting[0])
            if any(a["type"] == "toggle_die" for a in legal) and any(a["type"] == "pick_dice" for a in legal):
                seen += 1
                kinds = {a["type"] for a in baseline.moves(game, state, acting[0])}
                assert "toggle_die" not in kinds and "pick_dice" in kinds
            state = game.apply(state, acting[0], game.bot_action(state, acting[0], "skirmisher"))
    assert seen
