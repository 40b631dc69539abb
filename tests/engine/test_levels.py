"""The bots' levels (easy, normal, strong) in every game: the mapping the site reads, the new
bots' moves always legal, and each decides only from what its seat sees (two states the seat
cannot tell apart get the same answer)."""

import pytest
from hypothesis import assume, given, settings, strategies as st

import engine
from engine.barnyard import levels as barnyard_levels
from engine.chickendie import search as chickendie_search
from engine.rng import Rng
from engine.wfci import expert

NEW_BOTS = {"chickenrun": ("chick", "hen", "fox"), "chickendie": ("farmhand", "smallholder", "rooster"), "barnyard": ("recruit", "marshal"),
            "wfci": ("cadet",)}
# A deal long enough for the strong bot to meet a close choice (Chicken Die!'s seed 7 ends in nine).
SEARCH_SEED = {"chickendie": 8}
STEPS = {"chickenrun": 40, "chickendie": 80, "barnyard": 30, "wfci": 120}


@pytest.mark.parametrize("slug", sorted(NEW_BOTS))
def test_every_game_names_a_seat_bot_for_each_level_and_the_normal_one_stands_in(slug):
    game = engine.get_game(slug)
    levels = game.levels()
    assert list(levels) == ["easy", "normal", "strong"]
    assert len(set(levels.values())) == 3
    assert set(levels.values()) <= set(game.seat_bots())
    assert game.default_bot() == levels["normal"]


def _advance(game, state, steps, bots, seed):
    """Play `steps` decisions with these bots, each applied through the engine's own check."""
    for i in range(steps):
        to_act = game.to_act(state)
        if not to_act:
            break
        seat = to_act[(seed + i) % len(to_act)]
        action = game.bot_action(state, seat, bots[seat])
        state = game.apply(state, seat, action)  # raises IllegalAction for an illegal move
    return state


@pytest.mark.parametrize("slug,bot", [(s, b) for s, bots in sorted(NEW_BOTS.items()) for b in bots])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_new_bots_only_play_legal_moves(slug, bot, seed):
    game = engine.get_game(slug)
    normal = game.levels()["normal"]
    state = game.setup(seed, 2, {})
    _advance(game, state, STEPS[slug], [bot, normal] if seed % 2 else [normal, bot], seed)


def _twin(slug, state, seat, rng):
    """A state the seat cannot tell from this one: hidden cards dealt afresh, other dice."""
    if slug == "chickenrun":
        return {**state, "rng": rng.next64()}
    if slug == "chickendie":
        world = chickendie_search.sample_world(state, seat, rng)
        world["rng"] = rng.next64()
        world["log"] = state["log"]
        return world
    if slug == "barnyard":
        return barnyard_levels.sample_world(state, seat, rng)
    return expert.determinize(state, seat, rng)


@pytest.mark.parametrize("slug,bot", [(s, b) for s, bots in sorted(NEW_BOTS.items()) for b in bots])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40), twin_seed=st.integers(1, 2**32))
def test_new_bots_decide_from_what_the_seat_sees(slug, bot, seed, steps, twin_seed):
    game = engine.get_game(slug)
    normal = game.levels()["normal"]
    state = _advance(game, game.setup(seed, 2, {}), steps, [normal, normal], seed)
    if not game.to_act(state):
        return
    seat = game.to_act(state)[0]
    twin = _twin(slug, state, seat, Rng(twin_seed))
    # The samplers are the searches' own; where one cannot rebuild the exact view (Chicken Die!
    # deals no instant card into a hand), that example says nothing.
    assume(game.view(twin, seat) == game.view(state, seat))
    assert game.bot_action(twin, seat, bot) == game.bot_action(state, seat, bot)


@pytest.mark.parametrize("slug", ["chickenrun", "chickendie", "barnyard"])
def test_the_strong_bot_plays_legal_moves_and_its_search_changes_some_decisions(slug):
    """The strong bot searches among the normal bot's own first ideas: legal, and not a copy."""
    game = engine.get_game(slug)
    levels = game.levels()
    differ = 0
    state = game.setup(SEARCH_SEED.get(slug, 7), 2, {})
    for i in range(40):
        if not game.to_act(state):
            break
        seat = game.to_act(state)[0]
        strong = game.bot_action(state, seat, levels["strong"])
        differ += strong != game.bot_action(state, seat, levels["normal"])
        assert strong in game.legal_actions(state, seat)
        state = game.apply(state, seat, strong)
    assert differ >= 1, "the search never changed a decision: it would be the normal bot"
