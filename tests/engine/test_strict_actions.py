"""Malformed actions are refused with IllegalAction by every engine, never another exception.

A legal action with one value swapped for a float, a string, None, a boolean, a list or a huge
number must be refused unless it is, type for type, another legal action (`0.0` is not `0`).
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import engine
from engine.strict import is_legal, same

GAMES = [g.slug for g in engine.all_games()]


def _swaps(value):
    """Values of the wrong type (or out of range) to put in place of `value`."""
    out = [None, True, False, "0", "", [value], {"v": value}, 10**30, -(10**30), 1e308, float("nan")]
    if isinstance(value, int) and not isinstance(value, bool):
        out += [float(value), str(value), value == 1, value + 10**18]
    if isinstance(value, str):
        out += [value.upper() + "x", 0, 0.0, [value]]
    if isinstance(value, list):
        out += [tuple(value), value + value, [], [float(v) if isinstance(v, int) else v for v in value]]
    return out


def _paths(value, path=()):
    """Every place inside an action where a value can be swapped."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))


def _get(value, path):
    for p in path:
        value = value[p]
    return value


def _put(action, path, new):
    import copy

    action = copy.deepcopy(action)
    if not path:
        return new
    _get(action, path[:-1])[path[-1]] = new
    return action


def _advance(game, state, rnd, steps):
    for _ in range(steps):
        seats = game.to_act(state)
        if not seats:
            break
        seat = seats[0]
        legal = game.legal_actions(state, seat)
        state = game.apply(state, seat, rnd.choice(legal))
    return state


def test_same_tells_types_apart():
    assert same({"ability": 0}, {"ability": 0})
    assert not same({"ability": 0.0}, {"ability": 0})
    assert not same({"x": True}, {"x": 1})
    assert not same({"at": (1, 2)}, {"at": [1, 2]})
    assert not is_legal({"type": "pass", "n": 1.0}, [{"type": "pass", "n": 1}])


@pytest.mark.parametrize("slug", GAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 60), pick=st.randoms(use_true_random=False))
def test_mutated_legal_actions_are_refused(slug, seed, steps, pick):
    game = engine.get_game(slug)
    state = game.setup(seed, game.min_players if game.min_players > 1 else 2, {})
    state = _advance(game, state, random.Random(seed), steps)
    seats = game.to_act(state)
    if not seats:
        return
    seat = seats[0]
    legal = game.legal_actions(state, seat)
    action = pick.choice(legal)
    path = pick.choice(list(_paths(action)))
    mutated = _put(action, path, pick.choice(_swaps(_get(action, path))))
    before = game.serialize(state)
    if is_legal(mutated, legal):
        game.apply(state, seat, mutated)
        return
    with pytest.raises(engine.IllegalAction):
        game.apply(state, seat, mutated)
    assert game.serialize(state) == before


def test_wfci_activate_with_float_ability_is_refused():
    """The schemathesis find: an `ability` of 0.0 passed `0.0 == 0` and then failed as an index."""
    game = engine.get_game("wfci")
    for seed in range(200):
        state = game.setup(seed, 2, {})
        rnd = random.Random(seed)
        for _ in range(300):
            seats = game.to_act(state)
            if not seats:
                break
            legal = game.legal_actions(state, seats[0])
            activate = [a for a in legal if a["type"] == "activate" and isinstance(a.get("ability"), int)]
            if activate:
                bad = dict(activate[0], ability=float(activate[0]["ability"]))
                with pytest.raises(engine.IllegalAction):
                    game.apply(state, seats[0], bad)
                return
            state = game.apply(state, seats[0], rnd.choice(legal))
    pytest.fail("no activate action found to mutate")
