"""Chicken Run engine: constructed positions for every rule and house rule, views and texts (the
bots and playouts: test_chickenrun_bots.py)."""

import json

import pytest

import engine
from engine import IllegalAction
from engine.chickenrun import GAME
from engine.chickenrun import board as B
from engine.chickenrun import moves as M
from engine.chickenrun import rounds as R
from engine.messages import render

from tests.engine.chickenrun_positions import (act, conservation, make, select,
                                            selects_of, sq, stack, step, steps_of)


# --- catalogue and setup ----------------------------------------------------------------------

def test_registered_with_protocol_basics():
    game = engine.get_game("chickenrun")
    assert game is GAME
    assert (game.slug, game.name, game.min_players, game.max_players) == ("chickenrun", "Chicken Run", 2, 2)
    assert game.presets() == [{"id": "standard", "name": "Standard", "options": {}}]
    assert [v["id"] for v in game.variants()] == ["S1", "S2", "S3", "R4", "R5", "B6", "B7"]
    assert all(v["name"] and v["description"] for v in game.variants())
    assert game.bots() == ["sensible", "random", "chick", "hen", "fox"] and game.default_bot() == "hen"


def test_setup_layout_is_symmetric_and_from_the_data_file():
    state = GAME.setup(5, 2, {})
    board = state["board"]
    assert stack(state, "c1") == ["W1", "W2", "W3"] and stack(state, "c9") == ["B1", "B2", "B3"]
    assert [stack(state, n) for n in ("b5", "c5", "d5")] == [["C1"], ["C2"], ["C3"]]
    for sqi, s in enumerate(board):
        col, row = B.coords(sqi)
        mirror = board[B.index(B.COLS - 1 - col, B.ROWS - 1 - row)]
        if s and s[0][0] == "S":
            assert col in (0, 4) and mirror == s  # spectators: point-symmetric, outer columns
    # chickens are equally far from both nests (the middle row)
    for name in ("b5", "c5", "d5"):
        col, row = sq(name)
        assert abs(col - 2) + row == abs(col - 2) + (8 - row)
    conservation(GAME, state)
    json.dumps(GAME.serialize(state))


def test_first_round_dice_are_rolled_and_ties_rerolled():
    seeds_with_reroll = 0
    for seed in range(60):
        state = GAME.setup(seed, 2, {})
        white, black = state["dice"]
        assert white != black and 1 <= white <= 6 and 1 <= black <= 6
        assert GAME.to_act(state) == [0 if white > black else 1]
        assert state["phase"]["points"] == max(white, black)
        for w, b in state["rerolls"]:
            assert w == b
        seeds_with_reroll += bool(state["rerolls"])
        assert GAME.view(state, None)["dice"] == [white, black]
    assert seeds_with_reroll > 0
    state = GAME.setup(8, 2, {})
    assert state["rerolls"] and "roll again" in render(GAME.describe_start(state))


@pytest.mark.parametrize("options, message", [
    ({"colour": "red"}, "Unknown Chicken Run option"),
    ({"house_rules": ["X9"]}, "Unknown house rule"),
    ({"house_rules": "S1"}, "must be a list"),
    ({"house_rules": ["S1", "S1"]}, "twice"),
    ({"house_rules": ["R4", "R5"]}, "cannot be combined"),
    ({"house_rules": ["R5", "B6"]}, "cannot be combined"),
    ({"house_rules": ["S1", "R4", "R5", "B7"]}, "cannot be combined"),
    ({"preset": "expert"}, "preset"),
    ({"house_rules": {"S1": "yes"}}, "true or false"),
    ({"house_rules": {"Z1": False}}, "Unknown house rule"),
])
def test_setup_rejects_bad_options(options, message):
    with pytest.raises(IllegalAction, match=message):
        GAME.setup(1, 2, options)


def test_setup_accepts_compatible_house_rules_and_rejects_player_counts():
    for rules in (["R4", "B6"], ["S1", "S2", "S3", "R4", "B6", "B7"], ["S1", "S2", "S3", "R5", "B7"]):
        assert GAME.setup(1, 2, {"house_rules": rules})["rules"] == rules
    assert GAME.setup(1, 2, {"house_rules": ["B7", "S1"]})["rules"] == ["S1", "B7"]
    assert GAME.setup(1, 2, {"house_rules": {"B7": True, "S2": False}})["rules"] == ["B7"]
    for players in (1, 3):
        with pytest.raises(IllegalAction):
            GAME.setup(1, players, {})


# --- movement ---------------------------------------------------------------------------------

def test_step_costs_by_size():
    state = make({"c2": ["W1"], "c4": ["W2"], "c6": ["W3"]}, points=3)
    after = act(state, 0, select("c2"), step("c3"))
    assert after["phase"]["points"] == 2
    after = act(after, 0, select("c4"), step("b4"))
    assert after["phase"]["points"] == 0
    after = act(state, 0, select("c6"), step("c7"))
    assert after["phase"]["points"] == 0
    low = make({"c4": ["W2"], "c6": ["W3"], "c2": ["W1"]}, points=1)
    assert selects_of(low) == ["c2"]  # only the small can afford a step
    with pytest.raises(IllegalAction, match="no legal move with 1 point"):
        GAME.apply(low, 0, select("c4"))
    spent = act(make({"c4": ["W2"], "c2": ["W1"]}, points=3), 0, select("c4"), step("c5"))
    assert spent["selected"] is None  # a pyramid that cannot go on is put down by itself
    assert render(M.step_problem(spent["board"], B.parse_square_name("c5"), 0, B.parse_square_name("c6"), 1, [])) == (
        "A medium pyramid needs 2 movement points per step; 1 left.")


def test_points_may_be_split_and_left_unused():
    state = make({"b2": ["W1"], "c2": ["W2"]}, points=3)
    state = act(state, 0, select("b2"), step("b3"), select("c2"), step("c3"))
    assert state["phase"]["points"] == 0
    assert GAME.legal_actions(state, 0) == [{"type": "end"}]
    fresh = make({"b2": ["W1"]}, points=6)
    after = act(fresh, 0, {"type": "end"})
    assert after["round"] == fresh["round"] + 1


def test_only_the_top_of_a_stack_moves():
    state = GAME.setup(5, 2, {})
    seat = GAME.to_act(state)[0]
    home = "c1" if seat == 0 else "c9"
    assert selects_of(state, seat) == [home]
    after = act(state, seat, select(home))
    assert after["selected"]["height"] == 2
    trampled = make({"c3": ["B1", "W3"], "c6": ["C2"]}, seat=1, points=6)
    assert selects_of(trampled, 1) == []
    with pytest.raises(IllegalAction, match="no pyramid on c3"):
        GAME.apply(trampled, 1, select("c3"))


def test_family_and_chickens_stay_central_but_spectators_roam():
    state = make({"b4": ["W1"]}, points=6)
    assert "a4" not in steps_of(act(state, 0, select("b4")))
    with pytest.raises(IllegalAction, match="central three columns"):
        act(state, 0, select("b4"), step("a4"))
    tie = make({"b6": ["C1"], "a2": ["S1"], "b2": ["S2"]}, tie=True, kind="transparent", points=6)
    assert steps_of(act(tie, 0, select("b6"))) == ["b5", "b7", "c6"]
    assert steps_of(act(tie, 0, select("a2"))) == ["a1", "a3"]
    roam = act(tie, 0, select("b2"), step("a2"))  # the medium spectator tramples the small one
    assert stack(roam, "a2") == ["S1", "S2"]


def test_capture_only_with_the_same_size():
    state = make({"c4": ["W2"], "c5": ["C2"], "b4": ["C1"], "d4": ["C3"]}, points=6)
    selected = act(state, 0, select("c4"))
    assert steps_of(selected) == ["c3", "c5"]
    with pytest.raises(IllegalAction, match="may not capture or trample the small chicken"):
        GAME.apply(selected, 0, step("b4"))
    after = GAME.apply(selected, 0, step("c5"))
    assert stack(after, "c5") == ["C2", "W2"]
    assert GAME.view(after, 0)["captures"] == [["medium"], []]


def test_trample_only_smaller_non_chicken_pyramids():
    state = make({"c4": ["W2"], "c5": ["S1"], "b4": ["S2"], "d4": ["B1"], "c3": ["B2"]}, points=6)
    selected = act(state, 0, select("c4"))
    assert steps_of(selected) == ["c5", "d4"]
    with pytest.raises(IllegalAction, match="only trample smaller"):
        GAME.apply(selected, 0, step("b4"))
    after = GAME.apply(selected, 0, step("d4"))
    assert stack(after, "d4") == ["B1", "W2"]
    # moving off a trample uncovers the pyramid underneath, which may move again
    after = act(after, 0, step("d3"))
    assert stack(after, "d4") == ["B1"]
    small = make({"c4": ["W1"], "c5": ["S1"], "b4": ["B1"]}, points=6)
    assert steps_of(act(small, 0, select("c4"))) == ["c3", "d4"]


def test_spectators_never_trample_family_or_enter_chickens():
    state = make({"b4": ["S3"], "b5": ["W1"], "b3": ["C1"], "c4": ["S2"], "a4": ["S3"]},
                 tie=True, kind="transparent", points=6)
    selected = act(state, 0, select("b4"))
    assert steps_of(selected) == ["c4"]
    with pytest.raises(IllegalAction, match="may not trample family"):
        GAME.apply(selected, 0, step("b5"))
    with pytest.raises(IllegalAction, match="may not capture chickens"):
        GAME.apply(selected, 0, step("b3"))
    with pytest.raises(IllegalAction, match="only trample smaller"):
        GAME.apply(selected, 0, step("a4"))


def test_chickens_never_trample():
    state = make({"c5": ["C3"], "c6": ["S1"], "c4": ["W1"], "b5": ["C1"]}, tie=True, kind="transparent", points=6)
    selected = act(state, 0, select("c5"))
    assert steps_of(selected) == ["d5"]
    with pytest.raises(IllegalAction, match="chickens never trample"):
        GAME.apply(selected, 0, step("c6"))


def test_a_decided_roll_moves_only_the_high_rollers_family():
    state = make({"c2": ["W1"], "c8": ["B1"], "c5": ["C1"], "a1": ["S1"]}, seat=1, points=4)
    assert selects_of(state, 1) == ["c8"]
    assert GAME.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction, match="Black's round"):
        GAME.apply(state, 0, select("c2"))


def test_a_tie_moves_only_transparent_pyramids():
    state = make({"c2": ["W1"], "c8": ["B1"], "c5": ["C1"], "a1": ["S1"], "d6": ["C2", "B2"]},
                 tie=True, kind="transparent", points=2)
    assert selects_of(state) == ["a1", "c5"]  # not family, not the captured chicken
    with pytest.raises(IllegalAction, match="only chickens and spectators move"):
        GAME.apply(state, 0, select("c2"))


def test_ties_go_to_the_least_recent_actor():
    assert R.plan_round([3, 3], 1, [])[0]["seat"] == 1
    assert R.next_tie_first([5, 2], None) == 1 and R.next_tie_first([1, 6], 0) == 0
    assert R.next_tie_first([4, 4], 1) == 0
    checked = 0
    for seed in range(40):
        state = GAME.setup(seed, 2, {})
        last = GAME.to_act(state)[0]
        for _ in range(25):
            state = GAME.apply(state, last, {"type": "end"})
            actor = GAME.to_act(state)[0]
            if state["dice"][0] == state["dice"][1]:
                assert actor != last and state["phase"]["kind"] == "transparent"
                checked += 1
            else:
                assert actor == (0 if state["dice"][0] > state["dice"][1] else 1)
            last = actor
    assert checked > 10


def test_selection_stays_and_can_switch_or_drop():
    state = make({"b2": ["W1"], "d2": ["W2"]}, points=6)
    state = act(state, 0, select("b2"), step("b3"))
    assert state["selected"]["square"] == B.parse_square_name("b3")
    assert {"type": "deselect"} in GAME.legal_actions(state, 0)
    switched = GAME.apply(state, 0, select("d2"))
    assert switched["selected"]["square"] == B.parse_square_name("d2")
    dropped = GAME.apply(state, 0, {"type": "deselect"})
    assert dropped["selected"] is None
    with pytest.raises(IllegalAction, match="Select a pyramid first"):
        GAME.apply(dropped, 0, step("b4"))


def test_a_square_is_a_list_as_json_sends_it():
    state = make({"b2": ["W1"]}, points=6)
    assert GAME.apply(state, 0, select("b2"))["selected"] is not None
    for action in ({"type": "select", "square": tuple(select("b2")["square"])},
                   {"type": "select", "square": [float(v) for v in select("b2")["square"]]}):
        with pytest.raises(IllegalAction):
            GAME.apply(state, 0, action)


def test_victory_after_the_second_capture_and_release_by_moving_off():
    state = make({"c4": ["C2", "W2"], "b4": ["W1"], "b5": ["C1"], "d8": ["C3"], "c8": ["B1", "B2", "B3"]},
                 points=3)
    released = act(state, 0, select("c4"), step("c3"))
    assert stack(released, "c4") == ["C2"] and GAME.view(released, 0)["captures"] == [[], []]
    line = render(GAME.describe_action(state, 0, {"type": "select", "square": sq("b4")}))
    assert line == "White picks up White's small pyramid on b4."
    picked = act(state, 0, select("b4"))
    line = render(GAME.describe_action(picked, 0, step("b5")))
    assert line.startswith("White's small pyramid steps to b5 and captures the small chicken.") and "wins" in line
    won = GAME.apply(picked, 0, step("b5"))
    assert GAME.outcome(won) == {"winners": [0], "losers": [1], "reason": "two chickens captured",
                                 "placement": [[0], [1]]}
    assert GAME.to_act(won) == [] and GAME.legal_actions(won, 0) == []
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(won, 0, {"type": "end"})


def test_round_limit_ends_in_a_draw():
    state = make({"c2": ["W1"]}, points=3)
    state["round"] = R.ROUND_LIMIT
    after = GAME.apply(state, 0, {"type": "end"})
    assert GAME.outcome(after) == {"winners": [], "losers": [], "reason": "draw", "placement": [[0, 1]]}
    assert GAME.to_act(after) == []


# --- house rules ------------------------------------------------------------------------------

def test_s1_loose_chickens_slip_out_on_ties():
    stacks = {"c5": ["C2", "B2"], "c8": ["B1"]}
    plain = make(stacks, tie=True, kind="transparent", points=3)
    assert selects_of(plain) == []
    loose = make(stacks, tie=True, kind="transparent", points=3, rules=["S1"])
    assert selects_of(loose) == ["c5"]
    after = act(loose, 0, select("c5"), step("c4"))
    assert stack(after, "c5") == ["B2"] and stack(after, "c4") == ["C2"]
    assert GAME.view(after, 1)["captures"] == [[], []]
    decided = make(stacks, seat=0, kind="family", points=3, rules=["S1"])
    assert selects_of(decided) == []


def test_s2_tackling_pushes_smaller_opponents():
    stacks = {"c3": ["W3"], "c4": ["C1", "B1"], "d3": ["B3"], "c2": ["B2"], "b3": ["S1"], "a4": ["S2"]}
    plain = act(make(stacks, points=6), 0, select("c3"))
    assert not [a for a in GAME.legal_actions(plain, 0) if a["type"] == "tackle"]
    with pytest.raises(IllegalAction, match="not a house rule"):
        GAME.apply(plain, 0, {"type": "tackle", "target": sq("c4")})
    state = act(make(stacks, points=6, rules=["S2"]), 0, select("c3"))
    tackles = [a["target"] for a in GAME.legal_actions(state, 0) if a["type"] == "tackle"]
    assert sorted(tackles) == sorted([sq("c4"), sq("c2")])  # not the large on d3
    edge = act(make({"c3": ["W3"], "b3": ["B2"]}, points=6, rules=["S2"]), 0, select("c3"))
    with pytest.raises(IllegalAction, match="central three columns"):
        GAME.apply(edge, 0, {"type": "tackle", "target": sq("b3")})
    line = render(GAME.describe_action(state, 0, {"type": "tackle", "target": sq("c4")}))
    assert "tackles Black's small pyramid on c4, pushing it to c5 and freeing the small chicken" in line
    after = GAME.apply(state, 0, {"type": "tackle", "target": sq("c4")})
    assert stack(after, "c4") == ["C1"] and stack(after, "c5") == ["B1"] and stack(after, "c3") == ["W3"]
    assert after["phase"]["points"] == 3
    with pytest.raises(IllegalAction, match="larger family member"):
        GAME.apply(state, 0, {"type": "tackle", "target": sq("d3")})
    blocked = act(make({**stacks, "c5": ["S1"]}, points=6, rules=["S2"]), 0, select("c3"))
    with pytest.raises(IllegalAction, match="empty square"):
        GAME.apply(blocked, 0, {"type": "tackle", "target": sq("c4")})


def test_s3_every_point_must_be_used_and_spectators_stand_in():
    stacks = {"c3": ["W1"], "c8": ["B1"], "a1": ["S1"]}
    strict = make(stacks, points=2, rules=["S3"], forced=True)
    assert {"type": "end"} not in GAME.legal_actions(strict, 0)
    with pytest.raises(IllegalAction, match="keep moving"):
        GAME.apply(strict, 0, {"type": "end"})
    done = act(strict, 0, select("c3"), step("c4"), step("c5"))
    assert GAME.legal_actions(done, 0) == [{"type": "end"}]
    # a family that cannot move at all hands the round to the spectators (not the chickens)
    spec = R.phase_spec(0, "family", 2, tie=False, role="high", forced=True, fallback=True)
    boxed = make({"c1": ["W1", "W2", "W3"], "c9": ["B3"], "c5": ["C1"], "a1": ["S1"]},
                 points=2, rules=["S3"], forced=True)
    boxed["queue"] = [spec]
    R.open_next_phase(boxed)
    assert boxed["phase"]["kind"] == "spectators" and boxed["phase"]["fell_back"]
    assert selects_of(boxed) == ["a1"]
    assert GAME.view(boxed, 0)["spectators_instead"] is True


def test_r4_both_families_move_high_roller_first():
    plan = R.plan_round([5, 2], 0, ["R4"])
    assert [(p["seat"], p["kind"], p["die"]) for p in plan] == [(0, "family", 5), (1, "family", 2)]
    ties = R.plan_round([3, 3], 1, ["R4"])
    assert [(p["seat"], p["kind"]) for p in ties] == [(1, "transparent"), (0, "transparent")]
    state = GAME.setup(3, 2, {"house_rules": ["R4"]})
    first = GAME.to_act(state)[0]
    after = GAME.apply(state, first, {"type": "end"})
    assert after["round"] == state["round"] and GAME.to_act(after) == [1 - first]
    assert after["phase"]["kind"] == "family" and after["phase"]["points"] == min(state["dice"])


def test_r5_low_roller_herds_first():
    plan = R.plan_round([2, 6], 0, ["R5"])
    assert [(p["seat"], p["kind"], p["die"]) for p in plan] == [(0, "transparent", 2), (1, "family", 6)]
    tie = R.plan_round([4, 4], 0, ["R5"])
    assert [(p["seat"], p["kind"]) for p in tie] == [(0, "transparent")]
    state = GAME.setup(3, 2, {"house_rules": ["R5"]})
    low = 0 if state["dice"][0] < state["dice"][1] else 1
    assert GAME.to_act(state) == [low] and state["phase"]["kind"] == "transparent"


def test_b6_shared_ties():
    assert [(p["seat"], p["kind"]) for p in R.plan_round([2, 2], 0, ["B6"])] == [(0, "transparent"), (1, "transparent")]
    assert [(p["seat"], p["kind"]) for p in R.plan_round([5, 2], 0, ["B6"])] == [(0, "family")]


def test_b7_stampede_tramples_the_same_size():
    stacks = {"c4": ["W2"], "c5": ["S2"], "b4": ["C2", "B2"], "d4": ["C1"]}
    plain = act(make(stacks, points=6), 0, select("c4"))
    assert steps_of(plain) == ["c3"]
    with pytest.raises(IllegalAction, match="already captured by Black's medium"):
        GAME.apply(plain, 0, step("b4"))
    wild = act(make(stacks, points=6, rules=["B7"]), 0, select("c4"))
    assert steps_of(wild) == ["b4", "c3", "c5"]
    retaken = GAME.apply(wild, 0, step("b4"))
    assert stack(retaken, "b4") == ["C2", "B2", "W2"]
    assert GAME.view(retaken, 0)["captures"] == [["medium"], []]
    spectators = make({"a3": ["S2"], "a4": ["S2"], "b3": ["C2"]}, tie=True, kind="transparent", points=6, rules=["B7"])
    assert steps_of(act(spectators, 0, select("a3"))) == ["a2", "a4"]  # never onto the chicken


# --- views, texts, serialization --------------------------------------------------------------

def test_view_contents():
    state = act(make({"c4": ["W2"], "c5": ["C2"], "c8": ["B1"]}, points=6), 0, select("c4"))
    view = GAME.view(state, 1)
    for key in ("board", "dice", "round", "acting", "moves", "points", "selected", "movable", "captures",
                "rerolls", "tie", "house_rules", "outcome", "players", "you"):
        assert key in view
    assert view["you"] == {"seat": 1, "colour": "Black"} and "you" not in GAME.view(state, None)
    assert view["board"][4][2]["stack"] == [{"owner": None, "kind": "chicken", "size": "medium"}]
    assert view["board"][3][2]["selected"] and view["selected"] == sq("c4")
    assert view["acting"] == 0 and view["moves"] == "family" and view["points"] == 6
    assert view["step_targets"] == [sq("c5"), sq("c3"), sq("b4"), sq("d4")] and view["tackle_targets"] == []
    assert GAME.hidden_from(state, 0) == set()
    assert str(state["rng"]) not in json.dumps(view)


def test_describe_lines():
    state = act(make({"c4": ["W3"], "c5": ["S1", "B2"], "c8": ["B1"]}, points=6), 0, select("c4"))
    assert render(GAME.describe_action(state, 0, step("c5"))) == "White's large pyramid steps to c5 and tramples Black's medium pyramid and the small spectator."
    tie = make({"c5": ["C2"], "c8": ["B1"]}, tie=True, kind="transparent", points=2, seat=1)
    assert render(GAME.describe_action(act(tie, 1, select("c5")), 1, step("c6"))) == "Black moves the medium chicken to c6."
    end = render(GAME.describe_action(tie, 1, {"type": "end"}))
    assert end.startswith("Black ends their moves. Round ") and "White rolls" in end and "Black rolls" in end


def test_junk_and_malformed_actions_are_refused():
    state = GAME.setup(2, 2, {})
    seat = GAME.to_act(state)[0]
    for junk in ({"type": "select"}, {"type": "select", "square": [9, 9]}, {"type": "select", "square": "c1"},
                 {"type": "step", "to": [True, 1]}, {"type": "end", "extra": 1}, "end", None):
        with pytest.raises(IllegalAction):
            GAME.apply(state, seat, junk)
    with pytest.raises(IllegalAction, match="not"):
        GAME.apply(state, 1 - seat, {"type": "end"})


def test_serialize_round_trip():
    state = act(make({"c4": ["W2"], "c5": ["C2"]}, points=6), 0, select("c4"))
    text = json.dumps(GAME.serialize(state), sort_keys=True)
    back = GAME.deserialize(json.loads(text))
    assert json.dumps(GAME.serialize(back), sort_keys=True) == text
    assert GAME.legal_actions(back, 0) == GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction):
        GAME.deserialize({"game": "wfci"})
