"""Random playouts through the shared checker (engine.testing.playout): every legal action
applies, junk is refused, inputs are never mutated, serialize round-trips, replays match,
views are JSON and leak no hidden card id; plus conservation after every action."""

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import engine
from engine import IllegalAction
from engine.placement import agrees
from engine.testing import playout, random_chooser
from engine.wfci import audit, view

GAME = engine.get_game("wfci")


def conservation(game, state):
    problems = audit.problems(state)
    assert not problems, problems
    # hidden_from really lists the secrets: other hands, the decks, the leader box.
    for seat in list(range(state["players"])) + [None]:
        hidden = game.hidden_from(state, seat)
        for other in state["seats"]:
            if other["seat"] != seat:
                assert set(other["hand"]) <= hidden
        assert set(state["decks"]["scroll"]) <= hidden and set(state["decks"]["machine"]) <= hidden
        if seat is not None:
            mine = set(state["seats"][seat]["hand"])
            assert not mine & hidden
            assert {c["id"] for c in game.view(state, seat)["you"]["hand"]} == mine


SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))


@SETTINGS
@given(seed=st.integers(0, 2**31), players=st.sampled_from([2, 3, 4]))
def test_random_playouts_keep_every_promise(seed, players):
    state, _, _ = playout(GAME, seed, players, choose=random_chooser(seed), max_steps=250, extra_check=conservation)
    assert GAME.outcome(state) is None or agrees(GAME.outcome(state), players), "a finished game's placement"


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**31), players=st.sampled_from([2, 3, 4]),
       options=st.sampled_from([{"island": "random"}, {"preset": "expert"}, {"variants": ["hardcore"]},
                                {"variants": ["base_bonus"]}, {"variants": ["quickplay"]}]))
def test_playouts_with_other_options(seed, players, options):
    if "base_bonus" in options.get("variants", []):
        players = 2
    state, _, _ = playout(GAME, seed, players, options=options, choose=random_chooser(seed), max_steps=200,
                          extra_check=conservation)
    assert GAME.outcome(state) is None or agrees(GAME.outcome(state), players), "a finished game's placement"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_long_random_games_reach_an_end(players):
    """Whole games: checked every 25th step to stay quick, conservation at every step."""
    state, actions, steps = playout(GAME, 1000 + players, players, choose=random_chooser(players),
                                    max_steps=6000, check_every=25, extra_check=lambda g, s: audit.problems(s) == [] or
                                    pytest.fail(str(audit.problems(s))))
    assert GAME.outcome(state) is not None, f"no end after {steps} steps"
    assert agrees(GAME.outcome(state), players)


def test_bots_drive_a_checked_game():
    state, _, _ = playout(GAME, 77, 3, bots={0: "skirmisher", 1: "random", 2: "skirmisher"},
                          max_steps=4000, check_every=20, extra_check=conservation)
    assert GAME.outcome(state) is not None and agrees(GAME.outcome(state), 3)


def test_views_of_a_spectator_show_no_hand():
    state = GAME.setup(3, 2, {})
    v = GAME.view(state, None)
    assert v["you"] is None and json.dumps(v)
    assert not view.hidden_from(state, None) & set(json.dumps(v).split('"'))


@pytest.mark.parametrize("options, message", [
    ({"preset": "nope"}, "preset"),
    ({"colour": "red"}, "Unknown option"),
    ({"mode": "solo", "island": "build"}, "cannot place tiles"),
    ({"variants": ["teams"]}, "4 players"),
])
def test_setup_refuses_bad_or_unplayable_options(options, message):
    players = 2
    with pytest.raises(IllegalAction, match=message):
        GAME.setup(1, players, options)


def test_setup_refuses_bad_player_counts():
    for n in (0, 1, 5):
        with pytest.raises(IllegalAction):
            GAME.setup(1, n, {})


def test_registry_and_protocol_basics():
    assert GAME.slug == "wfci" and GAME.name == "War for Chicken Island"
    assert (GAME.min_players, GAME.max_players) == (2, 4)
    assert GAME.bots() == ["skirmisher", "random", "expert", "warlord", "challenger", "cadet"]
    assert GAME.presets() and GAME.variants()


def test_deserialize_refuses_foreign_data():
    with pytest.raises(IllegalAction):
        GAME.deserialize({"game": "chess"})


def test_apply_out_of_turn_and_bad_actions_change_nothing():
    state = GAME.setup(9, 2, {})
    seat = GAME.to_act(state)[0]
    before = json.dumps(GAME.serialize(state), sort_keys=True)
    for bad_seat, action in [(1 - seat, GAME.legal_actions(state, seat)[0]), (seat, {"type": "roll"}),
                             (seat, {"type": "choose_leader", "card": "leader-99"}), (seat, "roll")]:
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, bad_seat, action)
        assert str(err.value)
    assert json.dumps(GAME.serialize(state), sort_keys=True) == before
