"""A reusable random-playout checker: every game's tests drive it with hypothesis.

It plays a game from a seed by picking among `legal_actions` and checks, at every step, the
protocol's promises: every listed action applies, junk is refused without touching the state,
the input state is never mutated, serialize round-trips, views are JSON and leak nothing, and
the same seed and actions replay to the same state; a finished game's outcome is JSON and
carries a full placement that agrees with its winners and losers.
"""

from __future__ import annotations

import json
from typing import Callable

from . import placement
from .errors import IllegalAction

Chooser = Callable[[list], int]

JUNK_ACTIONS = [{}, {"type": "no-such-action"}, {"type": None}, {"type": "pass", "x": [1]}]


def _dump(obj) -> str:
    return json.dumps(obj, sort_keys=True)


def check_view(game, state, seat) -> dict:
    view = game.view(state, seat)
    text = _dump(view)  # raises if not JSON-able
    for secret in game.hidden_from(state, seat):
        assert secret not in text, f"seat {seat} sees hidden {secret!r}"
    data = game.serialize(state)
    rng = data.get("rng") if isinstance(data, dict) else None
    if isinstance(rng, int) and rng > 10**6:
        assert str(rng) not in text, f"seat {seat} sees the RNG state"
    return view


def playout(
    game,
    seed: int,
    players: int,
    options: dict | None = None,
    choose: Chooser | None = None,
    max_steps: int = 2000,
    bots: dict | None = None,
    check_every: int = 1,
    extra_check: Callable | None = None,
):
    """Play one game and check the protocol; returns (final_state, actions, steps).

    `choose(legal) -> index` picks the action (default: the first). `bots` maps a seat to a bot
    name that chooses for it instead. `extra_check(game, state)` runs after every step
    (conservation checks live there). Stops at the end of the game or after `max_steps`.
    """
    options = options or {}
    bots = bots or {}
    choose = choose or (lambda legal: 0)
    state = game.setup(seed, players, options)
    again = game.setup(seed, players, options)
    assert _dump(game.serialize(state)) == _dump(game.serialize(again)), "setup is not deterministic"
    actions: list = []
    steps = 0
    while steps < max_steps:
        seats = game.to_act(state)
        result = game.outcome(state)
        if not seats:
            assert result is not None, "nobody to act but no outcome"
            assert placement.agrees(result, players), f"placement {result.get('placement')!r} of {result!r}"
            _dump(result)
            break
        assert result is None, "an outcome while seats still act"
        seat = seats[0]
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        before = _dump(game.serialize(state))
        if steps % check_every == 0:
            for other in range(players):
                if other not in seats:
                    assert game.legal_actions(state, other) == [], f"seat {other} may act out of turn"
            for junk in JUNK_ACTIONS:
                try:
                    game.apply(state, seat, junk)
                except IllegalAction as exc:
                    assert str(exc), "IllegalAction without a message"
                else:
                    raise AssertionError(f"junk action {junk!r} was accepted")
            for viewer in list(range(players)) + [None]:
                check_view(game, state, viewer)
            for action in legal:
                _dump(action)
                assert isinstance(action.get("type"), str), f"action without type: {action!r}"
        if seat in bots:
            action = game.bot_action(state, seat, bots[seat])
            assert action in legal, f"bot {bots[seat]!r} chose an illegal action {action!r}"
        else:
            action = legal[choose(legal)]
        new = game.apply(state, seat, action)
        assert _dump(game.serialize(state)) == before, "apply mutated its input state"
        data = game.serialize(new)
        text = _dump(data)
        assert _dump(game.serialize(game.deserialize(json.loads(text)))) == text, "serialize round trip"
        if extra_check:
            extra_check(game, new)
        actions.append((seat, action))
        state = new
        steps += 1
    replayed = replay(game, seed, players, options, actions)
    assert _dump(game.serialize(replayed)) == _dump(game.serialize(state)), "replay differs"
    return state, actions, steps


def replay(game, seed: int, players: int, options: dict, actions):
    state = game.setup(seed, players, options)
    for seat, action in actions:
        state = game.apply(state, seat, action)
    return state


def random_chooser(seed: int) -> Chooser:
    """A chooser for tests that do not use hypothesis's own data."""
    from .rng import Rng, seed_state

    rng = Rng(seed_state(seed))
    return lambda legal: rng.below(len(legal))
