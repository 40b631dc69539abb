"""The fox's whole-phase plan (engine/chickenrun/foxplan.py): it reads who opens the next tie from
what every seat sees, and it carries out the plan it made at the start of its phase."""

from hypothesis import example, given, settings, strategies as st

import engine
from engine.chickenrun import foxplan
from engine.chickenrun import turns as T
from engine.chickenrun.houserules import RULE_IDS

RULE_SETS = st.sampled_from([[], ["R4"], ["R5"], ["B6"], ["S1", "S2"], ["B7"], ["R4", "B6"]])


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60), rules=RULE_SETS)
def test_the_next_tie_opener_is_read_from_the_visible_round(seed, steps, rules):
    assert set(rules) <= set(RULE_IDS)
    game = engine.get_game("chickenrun")
    state = game.setup(seed, 2, {"house_rules": rules})
    for _ in range(steps):
        if not game.to_act(state):
            return
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, game.bot_action(state, seat, "sensible"))
    if game.to_act(state):
        assert foxplan._next_tie_first(state) == state["tie_first"]


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 30))
@example(seed=847, steps=9)  # three boards tie for the best
def test_the_fox_ends_its_phase_on_the_board_it_planned(seed, steps):
    game = engine.get_game("chickenrun")
    state = game.setup(seed, 2, {})
    for _ in range(steps):
        if not game.to_act(state):
            return
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, game.bot_action(state, seat, "sensible"))
    while game.to_act(state) and T.selection(state) is not None:
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, {"type": "deselect"})
    if not game.to_act(state):
        return
    seat = game.to_act(state)[0]
    phase = state["phase"]
    ends = foxplan.phase_ends(state["board"], phase, state["rules"], seat, False)
    context = (foxplan._next_tie_first(state), tuple(state["rules"]), tuple(foxplan._queued(state)))
    planned = max(sorted(ends.items(), key=lambda kv: -kv[1][0])[:foxplan.JUDGED],
                  key=lambda kv: foxplan.judge(kv[0], seat, context))[0]
    round_no = state["round"]
    for _ in range(40):
        action = game.bot_action(state, seat, "fox")
        if action["type"] == "end":
            break
        state = game.apply(state, seat, action)
        if state["result"] is not None or state["round"] != round_no:
            return  # a capture on the way won the game, or the points ran out
    # boards the judge scores exactly alike are the same plan to it (seed 847, 9 steps: three tie)
    ended = "/".join("".join(s) for s in state["board"])
    assert ended == planned or foxplan.judge(ended, seat, context) == foxplan.judge(planned, seat, context)
