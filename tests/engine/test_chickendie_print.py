"""Chicken Die! read as printed: constructed positions for the rules where an earlier reading
differed from the rulebook (Fox on the Loose, Die-Die-Die!, Eat Mor Chikin, End Your Turn,
Cock Block, Hen Swap), each named after the rule it checks."""

import pytest

from engine import IllegalAction
from engine.chickendie import GAME
from engine.chickendie import cards as C
from engine.chickendie.positions import load_die, position
from tests.engine.chickendie_hands import DRAW, LET, NEXT, act, card, fid, kinds, play


def infertile(state, seat, chicken):
    return any(e["id"] == chicken and e["infertile"] for e in state["flocks"][seat])


def asked(state):
    return GAME.to_act(state)


def choices(state, seat):
    return [a for a in GAME.legal_actions(state, seat) if a["type"] == "choose"]


def first_choices(state):
    """Everybody takes their first legal choice (draw, let, the first chicken) until the end."""
    while asked(state):
        seat = asked(state)[0]
        state = act(state, seat, GAME.legal_actions(state, seat)[0])
    return state


def rolls(state):
    return [(line["args"]["who"]["seat"], line["args"]["face"]) for _n, line in state["log"]
            if line["id"] == "chickendie.log.roll"]


# --- Fox on the Loose: "Starting with you and going in turn order, every player must roll" ---

def test_fox_on_the_loose_a_player_out_on_an_earlier_roll_is_out_and_does_not_share_the_win():
    state = position(2, draw=["fox_on_the_loose"], flocks={0: ["chick"], 1: ["chick"]}, eggs=[3, 0])
    state = load_die(state, 4, 4)
    state = act(state, 0, NEXT, {"type": "cash", "for": "card"})
    assert rolls(state) == [(0, 4)], "the game ends with seat 0's Chick: seat 1 never needs to roll"
    assert GAME.outcome(state) == {"winners": [1], "losers": [0], "reason": "last", "placement": [[1], [0]]}
    assert state["table"] == [] and C.kind(state["discard"][-1]) == "fox_on_the_loose"


def test_fox_on_the_loose_goes_on_in_turn_order_while_two_players_are_left():
    flocks = {0: ["chick"], 1: ["hen", "hen"], 2: ["hen", "hen"]}
    state = load_die(position(3, draw=["fox_on_the_loose"], flocks=flocks, eggs=[3, 0, 0]), 4, 1, 1, 1, 1)
    state = act(state, 0, NEXT, {"type": "cash", "for": "card"})
    assert [e["seat"] for e in state["out"]] == [0] and GAME.outcome(state) is None
    assert rolls(state) == [(0, 4), (1, 1), (1, 1), (2, 1), (2, 1)]


def test_players_out_before_a_card_that_hits_everyone_do_not_share_its_win():
    """Seat 2's own 6 puts it out; then seat 0 draws Foster Farms, which takes the last Hens of
    seats 0 and 1 at once: only they share the win."""
    flocks = {0: ["hen"], 1: ["hen"], 2: ["chick"]}
    state = load_die(position(3, draw=["foster_farms"], flocks=flocks, seat=2, step="cash"), 6)
    state = act(state, 2, {"type": "roll"})
    state = first_choices(state)
    assert GAME.outcome(state) == {"winners": [0, 1], "losers": [2], "reason": "together",
                                   "placement": [[0, 1], [2]]}


# --- Die-Die-Die!: "If a chicken dies the attacker chooses which chicken" --------------------

def test_die_die_die_a_six_the_attacker_chooses_which_chicken_dies():
    state = position(2, hands={0: ["die_die_die"]}, flocks={1: ["hen", "chick", "robo_hen"]})
    state = load_die(state, 6, 1, 1)
    state = act(play(state, 0, "die_die_die", target=1), 1, LET)
    assert asked(state) == [0] and len(choices(state, 0)) == 3
    assert GAME.view(state, 0)["prompt"]["id"] == "chickendie.prompt.pick_kill"
    state = act(state, 0, {"type": "choose", "chicken": fid(state, 1, "robo_hen")})
    assert asked(state) == [1]  # Immunity or let it happen
    state = act(state, 1, LET)
    assert kinds(state, 1) == ["chick", "hen"] and C.kind(state["graveyard"][0]) == "robo_hen"


def test_die_die_die_a_six_must_take_the_decoy_first():
    state = position(2, hands={0: ["die_die_die"]}, flocks={1: ["hen", "decoy_chicken"]})
    state = load_die(state, 6, 1, 1)
    state = act(play(state, 0, "die_die_die", target=1), 1, LET)
    decoy = fid(state, 1, "decoy_chicken")
    assert GAME.view(state, 0)["pending"] == {"seat": 1, "op": "deaths", "cause": "die_die_die", "chickens": [decoy]}
    state = act(state, 1, LET)
    assert kinds(state, 1) == ["hen"]


def test_die_die_die_a_five_the_roller_still_chooses_the_hen():
    state = position(2, hands={0: ["die_die_die"]}, flocks={1: ["hen", "hen!"]})
    state = load_die(state, 5, 1, 1)
    state = act(play(state, 0, "die_die_die", target=1), 1, LET)
    assert asked(state) == [1] and len(choices(state, 1)) == 2


# --- Eat Mor Chikin: the skip is the bonus "for satisfying the customer" ---------------------

def test_eat_mor_chikin_no_skip_when_immunity_saves_the_chicken():
    state = position(2, hands={0: ["eat_mor_chikin"], 1: ["immunity"]}, flocks={1: ["hen", "chick"]})
    state = act(play(state, 0, "eat_mor_chikin", target=1), 1, LET)
    hen = fid(state, 1, "hen")
    state = act(state, 0, {"type": "choose", "chicken": hen})
    state = act(state, 1, {"type": "respond", "card": card(state, 1, "immunity"), "chicken": hen})
    state = act(state, 0, NEXT)
    assert kinds(state, 1) == ["chick", "hen"]
    assert {"type": "skip_roll"} not in GAME.legal_actions(state, 0)


def test_eat_mor_chikin_no_skip_when_only_a_dino_chicken_stands():
    state = position(2, hands={0: ["eat_mor_chikin"]}, flocks={1: ["dino_chicken"]})
    state = act(play(state, 0, "eat_mor_chikin", target=1), 1, LET, )
    assert kinds(state, 1) == ["dino_chicken"]
    state = act(state, 0, NEXT)
    assert {"type": "skip_roll"} not in GAME.legal_actions(state, 0)


def test_eat_mor_chikin_skip_when_a_chicken_is_eaten():
    state = position(2, hands={0: ["eat_mor_chikin"]}, flocks={1: ["chick", "chick"]})
    state = act(play(state, 0, "eat_mor_chikin", target=1), 1, LET, LET)
    assert kinds(state, 1) == ["chick"]
    state = act(state, 0, NEXT)
    assert {"type": "skip_roll"} in GAME.legal_actions(state, 0)


# --- End Your Turn: "Play this at any point during Steps 1-4" --------------------------------

def test_end_your_turn_can_be_played_before_the_step_two_draw():
    state = position(2, hands={0: ["end_your_turn"]}, flocks={0: ["hen"]}, step="collect", draw=["farm_to_table"])
    assert state["eggs"][0] == 1 and state["turn"]["step"] == "draw" and asked(state) == [0]
    legal = GAME.legal_actions(state, 0)
    assert legal[0] == DRAW and {"type": "play", "card": card(state, 0, "end_your_turn")} in legal
    assert GAME.view(state, 0)["prompt"]["id"] == "chickendie.prompt.draw_or_end"
    state = play(state, 0, "end_your_turn")
    assert state["turn"]["seat"] == 1 and state["hands"][0] == []
    assert C.kind(state["draw"][-1]) == "farm_to_table", "seat 0 drew nothing"
    assert not any(line["id"] in ("chickendie.log.draws", "chickendie.log.roll") for _n, line in state["log"])


def test_every_turn_stops_before_the_draw_whatever_the_hand_holds():
    """Stopping only for a player holding End Your Turn would tell everybody that they hold it."""
    with_card = position(2, hands={0: ["end_your_turn"]}, step="collect")
    without = position(2, hands={0: ["reverse"]}, step="collect")
    for state in (with_card, without):
        assert asked(state) == [0] and GAME.view(state, 1)["pending"] == {"seat": 0, "op": "turn", "step": "draw"}
    assert [a for a in GAME.legal_actions(without, 0) if a["type"] != "set_auto_pass"] == [DRAW]
    assert GAME.view(without, 0)["prompt"]["id"] == "chickendie.prompt.draw"
    state = act(without, 0, DRAW)
    assert state["turn"]["step"] == "play" and len(state["hands"][0]) == 2


def test_a_player_not_asked_when_unable_to_respond_draws_at_once_without_end_your_turn():
    quick = position(2, hands={0: ["reverse"]}, step="collect", auto_pass=[0])
    assert quick["turn"]["step"] == "play" and len(quick["hands"][0]) == 2
    holding = position(2, hands={0: ["end_your_turn"]}, step="collect", auto_pass=[0])
    assert holding["turn"]["step"] == "draw" and asked(holding) == [0]


# --- Cock Block: answers "an Attack card", and is none itself ---------------------------------

def test_cock_block_cannot_itself_be_answered_by_a_cock_block():
    state = position(2, hands={0: ["coyote_attack", "cock_block", "farm_to_table"], 1: ["cock_block"]})
    state = play(state, 0, "coyote_attack", target=1)
    state = act(state, 1, {"type": "respond", "card": card(state, 1, "cock_block")})
    assert asked(state) == [0] and GAME.view(state, 1)["pending"] == {"seat": 0, "op": "turn", "step": "cash"}
    legal = GAME.legal_actions(state, 0)
    assert not any(a["type"] in ("respond", "play") for a in legal)
    assert kinds(state, 1) == ["chick", "chick", "hen"] and C.kind(state["discard"][-1]) == "coyote_attack"
    assert state["log"][-1][1]["id"] == "chickendie.log.blocked"
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"type": "respond", "card": card(state, 0, "cock_block")})


# --- Hen Swap: the print names no chooser; the player who swaps chooses -----------------------

def test_hen_swap_the_player_who_swaps_chooses_which_hens_they_receive():
    flocks = {0: ["chick"], 1: ["hen!", "hen", "hen", "hen"]}
    state = act(play(position(2, hands={0: ["hen_swap"]}, flocks=flocks), 0, "hen_swap", target=1), 1, LET)
    assert asked(state) == [0] and len(choices(state, 0)) == 2
    assert GAME.view(state, 1)["pending"]["op"] == "swap"
    assert GAME.view(state, 0)["prompt"]["id"] == "chickendie.prompt.pick_swap"
    while asked(state) == [0] and choices(state, 0):
        fertile = [a for a in choices(state, 0) if not infertile(state, 1, a["chicken"])]
        state = act(state, 0, fertile[0])
    assert kinds(state, 0) == ["chick", "hen", "hen", "hen"] and kinds(state, 1) == ["hen!"]


def test_hen_swap_the_swapper_may_take_the_infertile_hen():
    flocks = {0: ["hen", "chick"], 1: ["hen!", "hen", "hen", "hen"]}
    state = act(play(position(2, hands={0: ["hen_swap"]}, flocks=flocks), 0, "hen_swap", target=1), 1, LET)
    barren = [a for a in choices(state, 0) if infertile(state, 1, a["chicken"])]
    state = act(state, 0, barren[0])
    assert asked(state) == [0] and state["turn"]["step"] == "play"  # the rest are alike: no more choice
    assert kinds(state, 0) == ["chick", "hen", "hen", "hen!"] and kinds(state, 1) == ["hen", "hen"]


def test_hen_swap_asks_nothing_when_the_hens_received_are_alike_or_all_of_them():
    for theirs in (["hen"] * 5, ["hen!", "hen", "chick"]):
        state = position(2, hands={0: ["hen_swap"]}, flocks={0: ["chick"], 1: theirs})
        state = act(play(state, 0, "hen_swap", target=1), 1, LET)
        assert asked(state) == [0] and state["stack"][-1]["op"] == "turn"


def test_a_match_saved_waiting_for_the_attacker_to_accept_a_cock_block_goes_on():
    """Under the earlier rule the attacker was asked to accept the Cock Block or answer it; a
    match stored at that point now only lets the attacker accept."""
    state = position(2, hands={0: ["coyote_attack", "cock_block"], 1: ["cock_block"]})
    state = play(state, 0, "coyote_attack", target=1)
    block = card(state, 1, "cock_block")
    state["hands"][1].remove(block)
    state["discard"].append(block)
    state["stack"][-1].update(stage="counter", ask=0)
    assert [a for a in GAME.legal_actions(state, 0) if a["type"] != "set_auto_pass"] == [LET]
    state = act(state, 0, LET)
    assert kinds(state, 1) == ["chick", "chick", "hen"] and state["turn"]["step"] == "cash"
