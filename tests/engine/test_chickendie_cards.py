"""Chicken Die! engine: the instant cards, personal growth and turn cards, reactions and
elimination, in constructed positions."""

from engine.chickendie import GAME
from engine.chickendie import cards as C
from engine.chickendie.positions import position, with_roll
from tests.engine.chickendie_hands import DRAW, LET, NEXT, act, asked, card, fid, kinds, log_ids, play


# --- instant cards ----------------------------------------------------------------------------

def draw_instant(kind, players=3, flocks=None, hands=None, eggs=3, seat=0):
    """Seat 0 cashes 3 eggs for a card in step 4 and draws `kind`: an instant in the middle of
    the cash-in step."""
    state = position(players, draw=[kind], flocks=flocks, hands=hands, eggs=eggs, seat=seat)
    return act(state, seat, NEXT, {"type": "cash", "for": "card"})


def let_all(state, until_seat=None):
    """Everyone takes the first legal choice until `until_seat` is back in their own turn."""
    while asked(state) and not (asked(state) == [until_seat] and len(state["stack"]) == 1):
        seat = asked(state)[0]
        state = act(state, seat, GAME.legal_actions(state, seat)[0])
    return state


def test_demotion_turns_every_hen_into_a_chick():
    state = draw_instant("demotion", flocks={0: ["hen", "robo_hen"], 1: ["hen", "hen!"], 2: ["chick"]})
    assert kinds(state, 0) == ["chick", "robo_hen"] and kinds(state, 1) == ["chick", "chick"]
    assert state["turn"]["step"] == "cash" and asked(state) == [0]
    assert C.kind(state["discard"][-1]) == "demotion"


def test_foster_farms_kills_at_most_three_hens_each_infertile_first():
    flocks = {0: ["hen", "chick"], 1: ["hen"] * 4 + ["hen!", "robo_hen"], 2: ["dino_chicken"]}
    state = draw_instant("foster_farms", flocks=flocks)
    assert asked(state) == [0]
    state = act(state, 0, LET)
    assert asked(state) == [1] and GAME.view(state, 1)["pending"]["chickens"][0] == state["flocks"][1][4]["id"]
    state = act(state, 1, LET)
    assert kinds(state, 0) == ["chick"] and kinds(state, 1) == ["hen", "hen", "robo_hen"]
    assert kinds(state, 2) == ["dino_chicken"] and asked(state) == [0]


def test_bird_flu_kills_the_chicks():
    state = let_all(draw_instant("bird_flu", flocks={0: ["chick", "punk_rock_chick"], 1: ["chick"] * 5}), 0)
    assert kinds(state, 0) == ["punk_rock_chick"] and kinds(state, 1) == ["chick", "chick"]


def test_fox_on_the_loose_rolls_twice_for_everyone_from_the_drawer():
    state = position(3, draw=["fox_on_the_loose"], seat=1, step="draw", flocks={s: ["hen"] * 4 for s in range(3)})
    state = let_all(act(state, 1, DRAW), 1)
    rolls = [line["args"]["who"]["seat"] for _n, line in state["log"] if line["id"].endswith(".roll")]
    assert rolls == [1, 1, 2, 2, 0, 0]


def test_fox_on_the_loose_follows_a_reversed_order():
    state = position(3, draw=["fox_on_the_loose"], seat=1, step="draw", direction=-1,
                     flocks={s: ["hen"] * 4 for s in range(3)})
    state = let_all(act(state, 1, DRAW), 1)
    rolls = [line["args"]["who"]["seat"] for _n, line in state["log"] if line["id"].endswith(".roll")]
    assert rolls == [1, 1, 0, 0, 2, 2]


def test_chicken_assassin_each_player_chooses_a_specialty():
    flocks = {0: ["dino_chicken", "robo_hen", "chick"], 1: ["hen"], 2: ["decoy_chicken", "hen"]}
    state = draw_instant("chicken_assassin", flocks=flocks)
    assert asked(state) == [0] and len(GAME.legal_actions(state, 0)) == 3
    state = act(state, 0, {"type": "choose", "chicken": fid(state, 0, "dino_chicken")}, LET)
    assert asked(state) == [2]  # seat 1 has no specialty; seat 2's only one needs no choice
    state = act(state, 2, LET)
    assert kinds(state, 0) == ["chick", "robo_hen"] and kinds(state, 2) == ["hen"]
    assert len(state["graveyard"]) == 2


def test_chicken_bomb_the_drawer_loses_a_chicken():
    state = draw_instant("chicken_bomb", flocks={0: ["hen", "chick"]})
    assert asked(state) == [0] and len(GAME.legal_actions(state, 0)) == 3
    state = act(state, 0, {"type": "choose", "chicken": fid(state, 0, "chick")}, LET)
    assert kinds(state, 0) == ["hen"] and kinds(state, 1) == ["chick", "chick", "hen"]


def test_an_instant_drawn_in_step_two_can_put_the_drawer_out():
    state = position(3, draw=["chicken_bomb"], flocks={1: ["chick"]}, seat=1, step="draw")
    state = act(state, 1, DRAW)
    assert asked(state) == [1]
    state = act(state, 1, LET)
    assert [e["seat"] for e in state["out"]] == [1] and state["turn"]["seat"] == 2
    assert asked(state) == [2] and state["hands"][1] == []


def test_an_instant_drawn_is_not_replaced():
    state = draw_instant("demotion", hands={0: ["farm_to_table"]})
    assert [C.kind(c) for c in state["hands"][0]] == ["farm_to_table"]
    assert state["eggs"][0] == 0 and C.kind(state["discard"][-1]) == "demotion"


def test_the_discard_pile_is_reshuffled_when_the_draw_pile_runs_out():
    state = position(2, eggs=6, draw=["farm_to_table"])
    state["discard"], state["draw"] = state["draw"][:-1], state["draw"][-1:]
    state = act(state, 0, NEXT, {"type": "cash", "for": "card"})
    assert state["draw"] == [] and len(state["discard"]) == 59
    state = act(state, 0, {"type": "cash", "for": "card"})
    assert "reshuffle" in log_ids(state)
    drawn = len(state["hands"][0]) - 1 + len(state["table"]) + len(state["discard"])
    assert drawn == 1 and len(state["draw"]) == 58


# --- personal growth and turn cards -----------------------------------------------------------

def test_feeding_frenzy_promotes_up_to_three_chicks():
    state = play(position(2, hands={0: ["feeding_frenzy"]}, flocks={0: ["chick"] * 4 + ["punk_rock_chick"]}),
                 0, "feeding_frenzy")
    assert kinds(state, 0) == ["chick", "hen", "hen", "hen", "punk_rock_chick"]


def test_incubator_trades_two_eggs_a_chick_up_to_three():
    state = position(2, hands={0: ["incubator"]}, eggs=[9, 0])
    assert sorted(a["n"] for a in GAME.legal_actions(state, 0) if "n" in a) == [1, 2, 3]
    state = play(state, 0, "incubator", n=3)
    assert state["eggs"][0] == 3 and kinds(state, 0).count("chick") == 5
    assert not any("n" in a for a in GAME.legal_actions(position(2, hands={0: ["incubator"]}, eggs=1), 0))


def test_farm_to_table_and_resurrection():
    state = position(2, hands={0: ["farm_to_table", "resurrection"]}, graveyard=["robo_hen"])
    state = play(state, 0, "farm_to_table")
    assert state["eggs"][0] == 3
    robo = state["graveyard"][0]
    state = play(state, 0, "resurrection", chicken=robo)
    assert "robo_hen" in kinds(state, 0) and state["graveyard"] == []
    nothing = position(2, hands={0: ["resurrection"]})
    assert [a["type"] for a in GAME.legal_actions(nothing, 0)] == ["next", "set_auto_pass"]


def test_take_it_or_leave_it():
    state = play(position(2, hands={0: ["take_it_or_leave_it"]}, flocks={0: ["hen"]}), 0, "take_it_or_leave_it")
    state = act(state, 0, NEXT)
    state["stack"][-1]["ask"] = None
    state["turn"]["step"] = "end"
    six = with_roll(state, 0, 6, optional=True)
    assert asked(six) == [0] and GAME.legal_actions(six, 0)[:2] == [{"type": "take"}, {"type": "leave"}]
    left = act(six, 0, {"type": "leave"})
    assert kinds(left, 0) == ["hen"] and left["turn"]["seat"] == 1
    taken = act(six, 0, {"type": "take"}, LET)
    assert taken["out"] and GAME.outcome(taken)["winners"] == [1]


def test_end_your_turn_in_step_four_skips_the_roll():
    state = act(position(2, hands={0: ["end_your_turn"]}), 0, NEXT)
    state = play(state, 0, "end_your_turn")
    assert state["turn"]["seat"] == 1 and "roll" not in log_ids(state)


def test_reverse_flips_the_order_and_skips_the_roll():
    state = play(position(4, hands={0: ["reverse"]}), 0, "reverse")
    state = act(state, 0, NEXT)
    legal = GAME.legal_actions(state, 0)
    assert {"type": "roll"} not in legal and {"type": "end_turn"} in legal
    state = act(state, 0, {"type": "end_turn"})
    assert state["turn"]["seat"] == 3 and state["direction"] == -1


# --- reactions and elimination ----------------------------------------------------------------

def test_a_target_is_asked_even_with_nothing_to_answer():
    state = play(position(2, hands={0: ["coyote_attack"], 1: []}), 0, "coyote_attack", target=1)
    assert asked(state) == [1] and GAME.legal_actions(state, 1) == [LET, {"type": "set_auto_pass", "on": True}]
    view = GAME.view(state, 0)
    assert view["prompt"]["id"] == "chickendie.prompt.waiting" and view["pending"]["seat"] == 1


def test_auto_pass_skips_only_players_who_cannot_answer_and_is_public():
    state = position(2, hands={0: ["coyote_attack", "coyote_attack"], 1: ["chicken_wire"]}, auto_pass=[1])
    assert GAME.view(state, 0)["seats"][1]["auto_pass"] is True
    state = play(state, 0, "coyote_attack", target=1)
    assert asked(state) == [1]  # holds Chicken Wire: asked
    state = act(state, 1, {"type": "respond", "card": card(state, 1, "chicken_wire")})
    state = play(state, 0, "coyote_attack", target=1)
    assert asked(state) == [0]  # nothing to answer with: not asked, the coyote goes on
    assert len(GAME.legal_actions(state, 0)) == 3  # choose chick, choose hen, toggle


def test_the_setting_is_toggled_by_the_player_when_asked():
    state = position(2)
    state = act(state, 0, {"type": "set_auto_pass", "on": True})
    assert state["auto_pass"] == [True, False] and asked(state) == [0]
    assert "auto_pass_on" in log_ids(state)


def test_the_last_player_with_a_chicken_wins_and_out_players_are_skipped():
    state = position(3, hands={0: ["coyote_attack", "coyote_attack"]}, flocks={1: ["chick"], 2: ["chick"]})
    state = act(play(state, 0, "coyote_attack", target=1), 1, LET, LET)
    assert [e["seat"] for e in state["out"]] == [1] and GAME.outcome(state) is None
    assert not any(a.get("target") == 1 for a in GAME.legal_actions(state, 0))
    state = act(play(state, 0, "coyote_attack", target=2), 2, LET, LET)
    assert GAME.outcome(state) == {"winners": [0], "losers": [1, 2], "reason": "last",
                                   "placement": [[0], [2], [1]]}
    assert GAME.to_act(state) == [] and GAME.view(state, None)["out_order"] == [1, 2]


def test_players_out_together_share_the_win():
    state = draw_instant("foster_farms", players=3, flocks={0: ["hen"], 1: ["hen"], 2: ["hen", "hen"]})
    state = let_all(state)
    assert GAME.outcome(state)["winners"] == [0, 1, 2] and GAME.outcome(state)["reason"] == "together"
    assert GAME.outcome(state)["placement"] == [[0, 1, 2]]
    partial = let_all(draw_instant("foster_farms", players=3, flocks={0: ["hen"], 1: ["hen"], 2: ["chick"]}))
    assert GAME.outcome(partial) == {"winners": [2], "losers": [0, 1], "reason": "last",
                                     "placement": [[2], [0, 1]]}
    assert [e["seat"] for e in partial["out"]] == [0, 1]
