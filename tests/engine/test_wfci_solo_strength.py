"""The bots behind the solo strength table (docs/wfci-solo.md): the skirmisher never loops on
draw scrolls, and the expert reads only its own view and answers the same for the same seed.
Constructed positions, a few rollouts each."""

import json

import engine
from engine.wfci import bots, cards, expert
from engine.wfci import positions as P

GAME = engine.get_game("wfci")


def scavenges_alone(in_deck: int):
    """Red's Take-actions step holding both Scavenges; every other scroll is in Blue's hand
    but `in_deck` of them, left in the deck."""
    state = P.started(leaders={0: "dusty", 1: "gizzard"})
    P.actions_step(state, 0)
    P.banner(state, 0, [])
    decks = state["decks"]
    red, blue = state["seats"]
    everything = decks["scroll"] + decks["scroll_discard"] + red["hand"]
    red["hand"], decks["scroll"], decks["scroll_discard"] = [], [], []
    both = cards.by_key("scroll", "scavenge")
    blue["hand"].extend(c for c in everything if c not in both)
    red["hand"].extend(both)
    for _ in range(in_deck):
        decks["scroll"].append(blue["hand"].pop())
    return state, both


def played_in_its_turn(state):
    """The scrolls the skirmisher plays before its Take-actions step ends."""
    played = []
    for _ in range(200):
        if GAME.to_act(state) != [0] or state["stack"][0]["step"] != "actions":
            return played
        action = bots.bot_action(state, 0, "skirmisher")
        if action["type"] == "play_scroll":
            played.append(action["card"])
        state = GAME.apply(state, 0, action)
    raise AssertionError("the skirmisher never ended its Take-actions step")


def test_the_skirmisher_plays_a_draw_scroll_only_to_gain_a_card():
    state, both = scavenges_alone(0)
    assert {"type": "play_scroll", "card": both[0]} in GAME.legal_actions(state, 0)
    assert not set(both) & set(played_in_its_turn(state))  # each would draw the other back, forever
    state, both = scavenges_alone(3)
    assert set(both) & set(played_in_its_turn(state))


def _mid_game(seed=2):
    state = P.solo(seed, "solo", "dusty", "gizzard", layout=None)
    while not (GAME.to_act(state) == [0] and state["stack"][0]["seat"] == 0 and state["stack"][0]["step"] == "actions"):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, bots.bot_action(state, seat, "challenger" if seat == 1 else "skirmisher"))
    return state


def test_the_expert_reads_only_its_view_and_is_deterministic():
    state = _mid_game()
    assert len(GAME.legal_actions(state, 0)) > 1
    first = expert.choose(state, 0, rollouts=4, budget=60)
    assert expert.choose(state, 0, rollouts=4, budget=60) == first
    # Deal what it cannot see differently: the Challenger's pile and the deck trade cards.
    other = json.loads(json.dumps(state))
    pile, deck = other["seats"][1]["hand"], other["decks"]["scroll"]
    pile[0], deck[0] = deck[0], pile[0]
    deck.reverse()
    assert other != state and GAME.view(other, 0) == GAME.view(state, 0)
    assert expert.choose(other, 0, rollouts=4, budget=60) == first


def test_the_expert_tries_every_candidate_in_the_same_worlds(monkeypatch):
    """Paired worlds: each sampled world is dealt once and every candidate is played on in it,
    so two candidates differ by the action, not by the luck of the deal."""
    state = _mid_game()
    dealt = []
    real_deal = expert.determinize

    def deal(*args):
        dealt.append(real_deal(*args))
        return dealt[-1]

    monkeypatch.setattr(expert, "determinize", deal)
    monkeypatch.setattr(expert, "rollout", lambda world, seat: 0.5)
    options = expert.candidates(state, 0, GAME.legal_actions(state, 0), expert._rng(state, 0))
    expert.choose(state, 0, rollouts=3 * len(options), budget=60)
    assert len(dealt) == 3
    assert len({json.dumps(w["decks"]["scroll"]) for w in dealt}) > 1  # three different deals


def test_on_equal_outcomes_the_expert_plays_the_skirmishers_pick(monkeypatch):
    state = _mid_game()
    monkeypatch.setattr(expert, "rollout", lambda world, seat: 0.5)
    assert expert.choose(state, 0, rollouts=12, budget=60) == bots.bot_action(state, 0, "skirmisher")
