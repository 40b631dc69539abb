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


def _fight_ahead(seed=2):
    """Red's Take-actions step with an attack among its choices."""
    state = P.solo(seed, "solo", "dusty", "gizzard", layout=None)
    for _ in range(5000):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if seat == 0 and state["stack"][-1]["kind"] == "turn" and any(a["type"] == "attack" for a in legal):
            return state
        state = GAME.apply(state, seat, bots.bot_action(state, seat, "challenger" if seat == 1 else "skirmisher"))
    raise AssertionError("no attack came up")


def test_the_expert_reads_only_its_view_and_is_deterministic():
    state = _fight_ahead()
    assert expert.weighty(state, 0, GAME.legal_actions(state, 0))
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
    state = _fight_ahead()
    dealt = []
    real_deal = expert.determinize

    def deal(*args):
        dealt.append(real_deal(*args))
        return dealt[-1]

    monkeypatch.setattr(expert, "determinize", deal)
    monkeypatch.setattr(expert, "rollout", lambda world, seat: 0.5)
    legal = GAME.legal_actions(state, 0)
    options = expert.candidates(state, 0, legal, expert._rng(state, 0))
    expert.search(state, 0, legal, rollouts=3 * len(options), budget=60)
    assert len(dealt) == 3
    assert len({json.dumps(w["decks"]["scroll"]) for w in dealt}) > 1  # three different deals


def test_on_equal_outcomes_the_expert_plays_the_skirmishers_pick(monkeypatch):
    state = _fight_ahead()
    monkeypatch.setattr(expert, "rollout", lambda world, seat: 0.5)
    assert expert.choose(state, 0, rollouts=12, budget=60) == bots.bot_action(state, 0, "skirmisher")


def test_the_expert_searches_only_the_fights(monkeypatch):
    """A march or a roll is the skirmisher's: no world is dealt for it. Where an attack is
    possible it searches, and its candidates are the skirmisher's pick, the attacks and ending
    the actions."""
    calm = _mid_game()
    assert not any(a["type"] == "attack" for a in GAME.legal_actions(calm, 0))

    def no_deal(*args):
        raise AssertionError("dealt a world for a decision it should not search")

    monkeypatch.setattr(expert, "determinize", no_deal)
    assert expert.choose(calm, 0, rollouts=12, budget=60) == bots.bot_action(calm, 0, "skirmisher")
    fight = _fight_ahead()
    legal = GAME.legal_actions(fight, 0)
    assert expert.weighty(fight, 0, legal)
    options = expert.candidates(fight, 0, legal, expert._rng(fight, 0))
    assert options[0] == bots.bot_action(fight, 0, "skirmisher")
    assert all(a["type"] in ("attack", "end_actions") for a in options[1:]) and len(options) > 1


def test_another_candidate_needs_a_clear_margin(monkeypatch):
    """The skirmisher's pick stands unless another candidate beats it by more than the margin
    on average over the same worlds."""
    state = _fight_ahead()
    legal = GAME.legal_actions(state, 0)
    options = expert.candidates(state, 0, legal, expert._rng(state, 0))
    challenger = options[1]
    for edge, expected in ((expert.MARGIN / 2, options[0]), (expert.MARGIN * 2, challenger)):
        class Fake:
            @staticmethod
            def apply_action(world, seat, option):
                return {"edge": edge if option == challenger else 0.0}

        monkeypatch.setattr(expert, "turn", Fake)
        monkeypatch.setattr(expert, "rollout", lambda after, seat: 0.5 + after["edge"])
        assert expert.search(state, 0, legal, rollouts=6 * len(options), budget=60) == expected
