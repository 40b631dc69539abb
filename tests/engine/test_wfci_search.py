"""The warlord (engine/wfci/search): legal decisions, decisions from the seat's view alone for
every bot, the budget honoured (counted playouts, and the CPU cap with a fake clock), and the
skirmisher's seat in solo against the Challenger. Small budgets keep it quick: the strength is
measured by bench/search_wfci.py, not here."""

import pytest
from hypothesis import example, HealthCheck, given, settings, strategies as st

from engine.rng import Rng
from engine.wfci import bots, cards, expert, flag, positions, search, setup, turn
from engine.wfci.search import warlord
from engine.wfci.search.budget import Budget
from engine.wfci.search.choices import candidates, searched
from engine.wfci.search.playout import judge, policy
from engine.wfci.skirmisher.judge import walk_to
from engine.wfci.state import copy_state

SMALL = 8  # playouts per decision in these tests


def small() -> Budget:
    return Budget(playouts=SMALL)


def at_search(seed: int, players: int = 2, options: dict | None = None, skip: int = 0) -> dict | None:
    """A game played by skirmishers up to the first decision the warlord searches after `skip`
    steps (None if the game ends first)."""
    state = setup.new_game(seed, players, options or {})
    while state["result"] is None:
        seat = state["stack"][-1]["seat"]
        legal = turn.atomic_legal(state, seat)
        if state["steps"] >= skip and len(legal) > 1 and searched(state, seat, legal):
            return state
        state = turn.apply_action(state, seat, bots.bot_action(state, seat, "skirmisher"))
    return None


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_warlord_picks_a_legal_action_at_every_searched_kind_of_decision(seed):
    kinds = set()
    state = setup.new_game(seed, 2, {})
    while state["result"] is None and state["steps"] < 160:
        seat = state["stack"][-1]["seat"]
        legal = turn.atomic_legal(state, seat)
        if len(legal) > 1 and searched(state, seat, legal):
            kinds.add(state["stack"][-1]["kind"])
            action = search.choose(state, seat, Budget(playouts=4))
            assert action in legal
        else:
            action = bots.bot_action(state, seat, "skirmisher")
        state = turn.apply_action(state, seat, action)
    assert "turn" in kinds and len(kinds) >= 2


def test_the_warlord_is_a_bot_of_the_game_and_fills_a_multiplayer_seat():
    state = at_search(3, 4)
    seat = state["stack"][-1]["seat"]
    assert "warlord" in bots.BOTS
    assert search.choose(state, seat, small()) in turn.atomic_legal(state, seat)


def test_the_same_state_and_seed_give_the_same_decision():
    state = at_search(5, skip=40)
    seat = state["stack"][-1]["seat"]
    assert search.choose(state, seat, small()) == search.choose(state, seat, small())


def test_the_search_can_overrule_the_skirmisher():
    """Not only a slower skirmisher: over a few positions it picks something else at least once."""
    differs = 0
    for seed in range(6):
        state = at_search(seed, skip=30)
        seat = state["stack"][-1]["seat"]
        differs += search.choose(state, seat, Budget(playouts=24)) != bots.bot_action(state, seat, "skirmisher")
    assert differs >= 1


DECIDERS = {
    "skirmisher": lambda state, seat: bots.bot_action(state, seat, "skirmisher"),
    "random": lambda state, seat: bots.bot_action(state, seat, "random"),
    "expert": lambda state, seat: expert.choose(state, seat, rollouts=6),
    "warlord": lambda state, seat: search.choose(state, seat, small()),
}


@pytest.mark.parametrize("bot", sorted(DECIDERS))
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), skip=st.integers(0, 120), deal=st.integers(0, 2**31 - 1),
       table=st.sampled_from([(2, []), (2, ["cockfight"]), (2, ["flag"]), (3, []), (4, []), (4, ["teams"])]))
@example(seed=7, skip=40, deal=1, table=(4, ["teams"]))
@example(seed=11, skip=60, deal=2, table=(4, []))
def test_two_states_the_seat_sees_alike_get_the_same_decision(bot, seed, skip, deal, table):
    """The seat-view rule: what the seat cannot see (the deck, others' hands and face-down fight
    cards, unseen leaders, hidden chicken ranks, the dice to come) is dealt again, and the bot's
    answer stays the same."""
    players, variants = table
    state = at_search(seed, players, {"variants": variants}, skip)
    if state is None:
        return
    seat = state["stack"][-1]["seat"]
    other = expert.determinize(state, seat, Rng(deal))
    assert other["rng"] != state["rng"]
    decide = DECIDERS[bot]
    assert decide(other, seat) == decide(state, seat)


class FakeClock:
    """CPU time that moves only when the test says so."""

    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_cpu_cap_stops_the_search_and_it_still_answers_legally(monkeypatch):
    """Each playout takes a (fake) second: with a cap of 1.5 s the ones starting at 0 s and 1 s
    run, none after."""
    state = at_search(7, skip=20)
    seat = state["stack"][-1]["seat"]
    clock = FakeClock()
    real = warlord.try_option

    def slow(*args):
        clock.now += 1.0
        return real(*args)

    monkeypatch.setattr(warlord, "try_option", slow)
    budget = Budget(playouts=10_000, cap=1.5, clock=clock)
    action = search.choose(state, seat, budget)
    assert action in turn.atomic_legal(state, seat)
    assert budget.capped
    assert budget.spent == 2


def test_without_the_cap_the_search_spends_its_playout_count_and_no_more():
    state = at_search(7, skip=20)
    seat = state["stack"][-1]["seat"]
    budget = Budget(playouts=20, cap=1.5, clock=lambda: 0.0)
    search.choose(state, seat, budget)
    assert not budget.capped
    assert SMALL <= budget.spent <= 20


def test_in_capture_the_flag_on_the_long_way_it_searches_the_fights_alone():
    """A look two rounds ahead broke the flag's long march; the fights are where it gains."""
    state, marches = setup.new_game(5, 2, {"variants": ["flag"]}), 0
    while marches < 20:  # the marches and builds of skirmishers' turns, with no fight on offer
        seat = state["stack"][-1]["seat"]
        legal = turn.atomic_legal(state, seat)
        if state["stack"][-1]["kind"] in ("move", "build") or (
                any(a["type"] in ("move", "build") for a in legal) and not any(a["type"] == "attack" for a in legal)):
            marches += 1
            assert not searched(state, seat, legal)
            budget = small()
            assert search.choose(state, seat, budget) == bots.bot_action(state, seat, "skirmisher")
            assert budget.spent == 0
        state = turn.apply_action(state, seat, bots.bot_action(state, seat, "skirmisher"))
    for seed, skip in ((5, 75), (5, 105), (6, 60)):
        state = at_search(seed, options={"variants": ["flag"]}, skip=skip)
        seat = state["stack"][-1]["seat"]
        legal = turn.atomic_legal(state, seat)
        options = candidates(state, seat, legal, Rng(1))
        if state["stack"][-1]["kind"] == "turn":
            assert any(a["type"] == "attack" for a in legal)
            assert all(a["type"] in ("attack", "end_actions") for a in options[1:])
        else:
            assert state["stack"][-1]["kind"] in ("combat", "target")


def test_in_capture_the_flag_with_the_bases_near_it_searches_the_marches_and_builds_too():
    """At four players the bases are a few steps apart and a flag is won in a few rounds: the
    marches and builds are searched as in a plain game (the fights alone won 1 of 9 games
    against three experts, docs/bots.md)."""
    state, marches = setup.new_game(5, 4, {"variants": ["flag"]}), 0
    while marches < 5:
        seat = state["stack"][-1]["seat"]
        legal = turn.atomic_legal(state, seat)
        frame = state["stack"][-1]
        if frame["kind"] == "turn" and frame.get("step") == "actions" and not any(a["type"] == "attack" for a in legal) \
                and any(a["type"] in ("move", "build") for a in legal):
            marches += 1
            assert searched(state, seat, legal)
            options = candidates(state, seat, legal, Rng(1))
            assert any(a["type"] in ("move", "build") for a in options)
        state = turn.apply_action(state, seat, bots.bot_action(state, seat, "skirmisher"))


@pytest.mark.parametrize("seed, players, options", [(1, 4, {"variants": ["flag"]}), (2, 2, {})])
def test_a_move_build_or_attack_once_opened_is_never_cancelled_by_the_search(seed, players, options):
    """A cancel sends the search back to the step before, where it may open the same thing
    again: the warlord weighs carrying on, never going back (unless going back is the
    skirmisher's own pick)."""
    state, seen = setup.new_game(seed, players, options), 0
    while state["result"] is None and seen < 12:
        seat = state["stack"][-1]["seat"]
        legal = turn.atomic_legal(state, seat)
        if {"type": "cancel"} in legal and len(legal) > 1 and searched(state, seat, legal) \
                and bots.bot_action(state, seat, "skirmisher") != {"type": "cancel"}:
            seen += 1
            for r in range(3):
                assert {"type": "cancel"} not in candidates(state, seat, legal, Rng(r))
        state = turn.apply_action(state, seat, bots.bot_action(state, seat, "skirmisher"))
    assert seen == 12


@pytest.mark.parametrize("seed, players, options, steps", [  # steps: a few times what four rounds take
    (2, 4, {"variants": ["flag"]}, 600), (2, 2, {}, 600), (3, 2, {"variants": ["cockfight"]}, 300)])
def test_a_search_with_no_noise_still_gets_on_with_its_turn(monkeypatch, seed, players, options, steps):
    """Searching the real state (every world alike: no sampling noise to break a tie the same
    way each time), the warlord once built and cancelled a machine for ever in the first game,
    picked up and put down a chicken for ever in the second, and named one chicken on top of
    its moving stack and then another for ever in the third. What it opens it carries out,
    and the make-up of a moving stack is the skirmisher's (choices.py)."""
    monkeypatch.setattr(warlord, "expert", type("Seer", (), {
        "determinize": staticmethod(lambda state, seat, rng: copy_state(state))}))
    state = setup.new_game(seed, players, options)
    while state["result"] is None and state["round"] < 5:
        assert state["steps"] < steps, "the warlord went back and forth"
        seat = state["stack"][-1]["seat"]
        action = warlord.choose(state, seat, Budget(playouts=4)) if seat == 2 % players \
            else bots.bot_action(state, seat, "skirmisher")
        state = turn.apply_action(state, seat, action)


def _carrying(holder: int, hex_: str) -> dict:
    """A capture-the-flag position where a chicken of `holder` carries the other's flag."""
    state = at_search(5, options={"variants": ["flag"]}, skip=30)
    hen = next(u for u in state["units"].values() if u["owner"] == holder and u["kind"] == "chicken"
               and not flag.carried_by(state, u["id"]))
    hen["hex"] = hex_
    next(f for f in state["flags"] if f["seat"] != holder)["unit"] = hen["id"]
    return state


def test_in_capture_the_flag_a_flag_nearer_home_is_judged_better_for_its_holder_only():
    state = _carrying(0, "-1,-1")
    walk = walk_to(state, state["seats"][0]["base"])
    empty = {u["hex"] for u in state["units"].values()}
    far, near = (next(h for h, d in sorted(walk.items()) if d == n and h not in empty) for n in (6, 4))
    assert judge(_carrying(0, near), 0) > judge(_carrying(0, far), 0)
    assert judge(_carrying(0, near), 1) < judge(_carrying(0, far), 1)
    walk = walk_to(state, state["seats"][1]["base"])
    far, near = (next(h for h, d in sorted(walk.items()) if d == n and h not in empty) for n in (6, 4))
    assert judge(_carrying(1, near), 0) < judge(_carrying(1, far), 0)


@pytest.mark.parametrize("options, warlord_draws", [({"variants": ["flag"]}, True), ({}, False)])
def test_on_the_long_way_it_keeps_drawing_scrolls_where_the_skirmisher_stops_at_six(options, warlord_draws):
    """Capture the flag between far bases: scrolls win the fights for the flags (a skirmisher
    that always drew won 78% of 300 games against a plain one, docs/bots.md). Elsewhere the
    warlord keeps the skirmisher's handful."""
    state = positions.actions_step(positions.started(2, 0, options, layout=None), 0)
    deck, hand = state["decks"]["scroll"], state["seats"][0]["hand"]
    for cid in [c for c in deck if cards.card(c)["type"] != "catastrophe"][:6 - len(hand)]:
        deck.remove(cid)
        hand.append(cid)
    state = turn.apply_action(state, 0, {"type": "end_actions"})
    assert state["stack"][-1]["step"] == "draw" and len(state["seats"][0]["hand"]) == 6
    assert bots.bot_action(state, 0, "skirmisher") == {"type": "end_turn"}
    assert search.choose(state, 0, small()) == ({"type": "draw"} if warlord_draws else {"type": "end_turn"})


def test_solo_games_get_the_smaller_playout_count():
    """Their playouts cost more: the per-set-up count keeps the median decision near 0.5 s."""
    from engine.wfci.search import budget as counts

    assert Budget.for_state(setup.new_game(1, 2, {})).playouts == counts.PLAYOUTS
    solo = positions.solo(1, "solo", "keekmee", "abigail", {}, layout=None)
    assert Budget.for_state(solo).playouts == counts.PLAYOUTS_LONG < counts.PLAYOUTS


def test_a_decision_it_does_not_search_costs_no_playout():
    state = setup.new_game(2, 2, {})
    seat = state["stack"][-1]["seat"]
    legal = turn.atomic_legal(state, seat)
    assert not searched(state, seat, legal)
    budget = small()
    assert search.choose(state, seat, budget) == bots.bot_action(state, seat, "skirmisher")
    assert budget.spent == 0


@pytest.mark.parametrize("mode,options", [("solo", {}), ("solo_hard", {}), ("solo", {"preset": "classic"})])
def test_the_warlord_plays_your_seat_in_solo_against_the_challenger(mode, options):
    state = positions.solo(4, mode, "dusty", "gizzard", options, layout=None)
    searched_once = False
    while state["result"] is None and state["steps"] < 120:
        seat = state["stack"][-1]["seat"]
        if seat == 1:
            action = bots.bot_action(state, 1, "challenger")
        else:
            legal = turn.atomic_legal(state, 0)
            searched_once = searched_once or (len(legal) > 1 and searched(state, 0, legal))
            action = search.choose(state, 0, Budget(playouts=4))
            assert action in legal
        state = turn.apply_action(state, seat, action)
    assert searched_once


@pytest.mark.parametrize("seed,players,options", [(3, 2, {"variants": ["flag"]}), (5, 2, {}), (7, 4, {"variants": ["flag"]}),
                                                  (9, 2, {"mode": "solo"})])
def test_a_playout_skips_only_checks_that_would_pass(seed, players, options):
    """Playouts apply their policy's choices without working out the legal ones again
    (`known_legal`): every choice they make is one the checked path takes to the same state."""
    world = at_search(seed, players, options, skip=60)
    assert world is not None
    for _ in range(300):
        if world["result"] is not None:
            break
        who = world["stack"][-1]["seat"]
        action = policy(world, who)
        checked = turn.apply_action(world, who, action)
        assert turn.apply_action(world, who, action, known_legal=True) == checked
        world = checked
