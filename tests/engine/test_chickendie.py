"""Chicken Die! engine: constructed positions for the set-up and the turn, every die face, the
specialty chickens, protection and attacks (the other cards: test_chickendie_cards.py)."""

import pytest

import engine
from engine import IllegalAction
from engine.chickendie import GAME
from engine.chickendie import cards as C
from engine.chickendie.positions import check_conservation, position, with_roll
from tests.engine.chickendie_hands import DRAW, LET, NEXT, act, asked, card, fid, kinds, log_ids, play


# --- set-up and the turn ----------------------------------------------------------------------

def test_setup_deals_the_flock_the_hand_and_an_egg():
    for players in range(2, 7):
        state = next(s for s in (GAME.setup(seed, players, {}) for seed in range(50))
                     if "instant" not in log_ids(s))
        check_conservation(GAME, state)
        first = state["turn"]["seat"]
        assert asked(state) == [first]
        for s in range(players):
            assert kinds(state, s) == ["chick", "chick", "hen"]
            assert not any(C.is_instant(c) for c in state["hands"][s])
            assert len(state["hands"][s]) == 5
            assert state["eggs"][s] == (2 if s == first else 1)
        assert state["turn"]["step"] == "draw"  # stopped before the draw: End Your Turn may end it


def test_first_player_is_random_and_setup_refuses_bad_options():
    assert len({GAME.setup(seed, 4, {})["turn"]["seat"] for seed in range(30)}) == 4
    for bad in [(1, {}), (7, {}), (3, {"colour": "red"}), (3, {"auto_pass": [5]})]:
        with pytest.raises(IllegalAction):
            GAME.setup(1, *bad)


def test_registered_with_the_protocol():
    game = engine.get_game("chickendie")
    assert game is GAME and (game.min_players, game.max_players) == (2, 6)
    assert set(game.bots()) == {"farmer", "rooster", "random", "farmhand", "smallholder"}
    assert game.default_bot() == "smallholder"


def test_step_one_collects_an_egg_per_laying_chicken():
    state = position(2, flocks={0: ["hen", "hen!", "robo_hen", "punk_rock_chick", "chick"]}, step="collect",
                     draw=["farm_to_table"])
    assert state["eggs"][0] == 1 + 2 + 1
    assert state["turn"]["step"] == "draw" and asked(state) == [0]
    state = act(state, 0, DRAW)
    assert card(state, 0, "farm_to_table")  # step 2 drew it
    assert state["turn"]["step"] == "play" and asked(state) == [0]


def test_steps_run_in_order_and_cash_in_eggs():
    state = position(2, eggs=[9, 0], draw=["farm_to_table"])
    legal = GAME.legal_actions(state, 0)
    assert {"type": "cash", "for": "card"} not in legal  # not before step 4
    state = act(state, 0, NEXT)
    assert state["turn"]["step"] == "cash"
    assert not any(a["type"] == "play" for a in GAME.legal_actions(state, 0))
    state = act(state, 0, {"type": "cash", "for": "chick"})
    assert kinds(state, 0) == ["chick", "chick", "chick", "hen"] and state["eggs"][0] == 3
    state = act(state, 0, {"type": "cash", "for": "card"})
    assert state["eggs"][0] == 0 and C.kind(state["hands"][0][-1]) == "farm_to_table"
    assert {"type": "cash", "for": "card"} not in GAME.legal_actions(state, 0)
    state = act(state, 0, {"type": "roll"})
    assert state["turn"]["seat"] == 1 or GAME.outcome(state)


# --- the Chicken Die --------------------------------------------------------------------------

def test_die_one_and_two():
    state = position(2, eggs=1)
    assert with_roll(state, 0, 1)["eggs"][0] == 2
    two = with_roll(state, 0, 2)
    assert two["eggs"][0] == 0 and kinds(two, 0) == ["chick", "chick", "chick", "hen"]
    none = with_roll(position(2, eggs=0), 0, 2)
    assert kinds(none, 0) == ["chick", "chick", "hen"] and "no_effect" in log_ids(none)


def test_die_three_promotes_a_chick_but_never_a_punk_rock_chick():
    state = with_roll(position(2, flocks={0: ["chick", "punk_rock_chick"]}), 0, 3)
    assert kinds(state, 0) == ["hen", "punk_rock_chick"]
    punk = with_roll(position(2, flocks={0: ["punk_rock_chick", "hen"]}), 0, 3)
    assert kinds(punk, 0) == ["hen", "punk_rock_chick"]


def test_die_four_demotes_a_chick_to_an_egg():
    state = with_roll(position(2, eggs=0), 0, 4)
    assert kinds(state, 0) == ["chick", "hen"] and state["eggs"][0] == 1
    hens = with_roll(position(2, flocks={0: ["hen"]}), 0, 4)
    assert kinds(hens, 0) == ["hen"]


def test_die_four_can_put_a_player_out():
    state = with_roll(position(3, flocks={0: ["chick"]}), 0, 4)
    assert state["out"] == [{"seat": 0, "chain": state["chain"]}] and state["eggs"][0] == 0
    assert asked(state) == [1]


def test_die_five_the_roller_chooses_which_hen():
    state = with_roll(position(2, flocks={0: ["hen", "hen!"]}), 0, 5)
    assert asked(state) == [0]
    choices = [a for a in GAME.legal_actions(state, 0) if a["type"] == "choose"]
    assert len(choices) == 2
    infertile = next(e["id"] for e in state["flocks"][0] if e["infertile"])
    state = act(state, 0, {"type": "choose", "chicken": infertile})
    assert kinds(state, 0) == ["chick", "hen"]
    assert len(state["discard"]) == 1 and C.kind(state["discard"][0]) == "infertility"


def test_die_six_the_roller_chooses_which_chicken_dies():
    state = with_roll(position(2, flocks={0: ["chick", "hen", "dino_chicken"]}), 0, 6)
    assert len([a for a in GAME.legal_actions(state, 0) if a["type"] == "choose"]) == 3
    dino = fid(state, 0, "dino_chicken")
    state = act(state, 0, {"type": "choose", "chicken": dino})
    assert asked(state) == [0]  # about to die: Immunity or let it happen, asked even without one
    state = act(state, 0, LET)
    assert kinds(state, 0) == ["chick", "hen"] and state["graveyard"] == [dino]


def test_die_six_ordinary_chickens_go_back_to_the_supply():
    state = with_roll(position(2, flocks={0: ["chick", "chick"]}), 0, 6)
    state = act(state, 0, LET)
    assert kinds(state, 0) == ["chick"] and state["graveyard"] == []


# --- specialty chickens -----------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["dino_chicken", "flying_chicken", "mad_scientist_chicken", "robo_hen",
                                  "decoy_chicken", "punk_rock_chick"])
def test_specialty_chickens_go_into_the_flock(kind):
    state = play(position(2, hands={0: [kind]}), 0, kind)
    assert kind in kinds(state, 0) and state["hands"][0] == []


def test_dino_chicken_cannot_be_killed_by_predators():
    state = position(2, hands={0: ["coyote_attack", "chicken_blaster"]}, flocks={1: ["dino_chicken", "chick"]})
    blaster = card(state, 0, "chicken_blaster")
    blasts = [a for a in GAME.legal_actions(state, 0) if a.get("card") == blaster]
    assert [a["chicken"] for a in blasts] == [fid(state, 1, "chick")]
    state = play(state, 0, "coyote_attack", target=1)
    state = act(state, 1, LET)  # the only chicken a coyote can take is the chick: no choice asked
    state = act(state, 1, LET)
    assert kinds(state, 1) == ["dino_chicken"]
    assert [a for a in GAME.legal_actions(state, 0) if a.get("type") == "play"] == []


def test_decoy_chicken_must_be_the_first_chicken_an_opponent_kills():
    state = position(2, hands={0: ["coyote_attack", "chicken_blaster"]},
                     flocks={1: ["hen", "decoy_chicken", "robo_hen"]})
    blasts = [a["chicken"] for a in GAME.legal_actions(state, 0) if a.get("card") == card(state, 0, "chicken_blaster")]
    assert blasts == [fid(state, 1, "decoy_chicken")]
    state = play(state, 0, "coyote_attack", target=1)
    state = act(state, 1, LET, LET)
    assert kinds(state, 1) == ["hen", "robo_hen"]


def test_decoy_does_not_bind_its_owner():
    state = with_roll(position(2, flocks={0: ["hen", "decoy_chicken"]}), 0, 6)
    assert len([a for a in GAME.legal_actions(state, 0) if a["type"] == "choose"]) == 2


def test_flying_chicken_and_specialties_are_never_swapped():
    state = position(2, hands={0: ["hen_swap"]}, flocks={0: ["chick"], 1: ["hen", "hen", "hen", "hen", "flying_chicken", "robo_hen"]})
    state = play(state, 0, "hen_swap", target=1)
    state = act(state, 1, LET)
    assert kinds(state, 0) == ["chick", "hen", "hen", "hen"]
    assert kinds(state, 1) == ["flying_chicken", "hen", "robo_hen"]


def test_hen_swap_gives_all_your_hens_even_none():
    state = position(2, hands={0: ["hen_swap"]}, flocks={0: ["hen", "hen!", "chick"], 1: ["hen"]})
    state = act(play(state, 0, "hen_swap", target=1), 1, LET)
    assert kinds(state, 0) == ["chick", "hen"] and kinds(state, 1) == ["hen", "hen!"]


def test_hen_swap_can_put_the_target_out():
    state = position(3, hands={0: ["hen_swap"]}, flocks={0: ["chick"], 1: ["hen"]})
    state = act(play(state, 0, "hen_swap", target=1), 1, LET)
    assert [e["seat"] for e in state["out"]] == [1] and asked(state) == [0]


def test_robo_hen_lays_two_and_can_be_made_infertile():
    state = position(2, hands={1: ["infertility"]}, flocks={0: ["robo_hen"]}, seat=1)
    state = act(play(state, 1, "infertility", target=0, chicken=fid(state, 0, "robo_hen")), 0, LET)
    assert kinds(state, 0) == ["robo_hen!"]


def test_mad_scientist_in_the_flock_stops_infertility():
    state = position(2, hands={1: ["infertility"]}, flocks={0: ["hen", "mad_scientist_chicken"]}, seat=1)
    hen = fid(state, 0, "hen")
    state = play(state, 1, "infertility", target=0, chicken=hen)
    scientist = fid(state, 0, "mad_scientist_chicken")
    assert {"type": "respond", "card": scientist} in GAME.legal_actions(state, 0)
    state = act(state, 0, {"type": "respond", "card": scientist})
    assert kinds(state, 0) == ["hen"] and scientist in state["discard"]
    assert asked(state) == [1]


def test_mad_scientist_from_the_hand_stops_bird_flu_for_its_owner_only():
    state = position(2, hands={0: ["mad_scientist_chicken"]}, eggs=3, draw=["bird_flu"])
    state = act(state, 0, NEXT, {"type": "cash", "for": "card"})
    assert asked(state) == [0] and GAME.view(state, 1)["pending"]["cause"] == "bird_flu"
    state = act(state, 0, {"type": "respond", "card": card(state, 0, "mad_scientist_chicken")})
    assert asked(state) == [1]
    state = act(state, 1, LET)
    assert kinds(state, 0) == ["chick", "chick", "hen"] and kinds(state, 1) == ["hen"]
    assert state["turn"]["step"] == "cash" and asked(state) == [0]


# --- protection -------------------------------------------------------------------------------

def test_immunity_saves_a_chicken_from_a_coyote():
    state = position(2, hands={0: ["coyote_attack"], 1: ["immunity"]}, flocks={1: ["hen", "chick"]})
    state = act(play(state, 0, "coyote_attack", target=1), 1, LET)
    assert asked(state) == [0]
    state = act(state, 0, {"type": "choose", "chicken": fid(state, 1, "hen")})
    assert asked(state) == [1]
    state = act(state, 1, {"type": "respond", "card": card(state, 1, "immunity"), "chicken": fid(state, 1, "hen")})
    assert kinds(state, 1) == ["chick", "hen"] and asked(state) == [0]


def test_chicken_wire_stops_a_predator_but_not_other_attacks():
    state = position(2, hands={0: ["coyote_attack", "three_egg_omelette"], 1: ["chicken_wire"]}, eggs=[0, 4])
    state = play(state, 0, "three_egg_omelette", target=1)
    assert [a["type"] for a in GAME.legal_actions(state, 1)] == ["let", "set_auto_pass"]
    state = act(state, 1, LET)
    assert state["eggs"][1] == 1
    state = play(state, 0, "coyote_attack", target=1)
    state = act(state, 1, {"type": "respond", "card": card(state, 1, "chicken_wire")})
    assert kinds(state, 1) == ["chick", "chick", "hen"] and state["turn"]["step"] == "play"


def test_cock_block_cancels_an_attack_and_ends_the_play_step():
    state = position(2, hands={0: ["chicken_blaster", "farm_to_table"], 1: ["cock_block"]})
    hen = fid(state, 1, "hen")
    state = play(state, 0, "chicken_blaster", target=1, chicken=hen)
    state = act(state, 1, {"type": "respond", "card": card(state, 1, "cock_block")})
    assert kinds(state, 1) == ["chick", "chick", "hen"]
    assert asked(state) == [0] and state["turn"]["step"] == "cash"
    assert not any(a["type"] in ("play", "respond") for a in GAME.legal_actions(state, 0))


# --- attacks ----------------------------------------------------------------------------------

def test_coyote_attack_the_attacker_chooses():
    state = position(2, hands={0: ["coyote_attack"]}, flocks={1: ["hen", "chick", "robo_hen"]})
    state = act(play(state, 0, "coyote_attack", target=1), 1, LET)
    assert asked(state) == [0] and len(GAME.legal_actions(state, 0)) == 4
    state = act(state, 0, {"type": "choose", "chicken": fid(state, 1, "robo_hen")}, )
    state = act(state, 1, LET)
    assert kinds(state, 1) == ["chick", "hen"] and C.kind(state["graveyard"][0]) == "robo_hen"


def test_chicken_blaster_names_its_chicken_when_played():
    state = position(2, hands={0: ["chicken_blaster"]})
    hen = fid(state, 1, "hen")
    state = act(play(state, 0, "chicken_blaster", target=1, chicken=hen), 1, LET)
    assert GAME.view(state, 0)["pending"]["chickens"] == [hen]
    state = act(state, 1, LET)
    assert kinds(state, 1) == ["chick", "chick"]


def test_die_die_die_rolls_three_times_and_only_hurts():
    for seed in range(8):
        state = position(2, hands={0: ["die_die_die"]}, flocks={1: ["hen"] * 5}, eggs=[0, 2])
        state["rng"] = 1000 + seed
        state = act(play(state, 0, "die_die_die", target=1), 1, LET)
        while asked(state) == [1]:
            state = act(state, 1, GAME.legal_actions(state, 1)[0])
        rolls = [line["args"]["face"] for _n, line in state["log"] if line["id"].endswith(".roll")]
        assert len(rolls) == 3
        assert state["eggs"][1] == 2  # a 1 or a 2 never helps
        assert len(state["flocks"][1]) == 5 - rolls.count(6)
        assert kinds(state, 1).count("chick") == rolls.count(5)


def test_three_egg_omelette_destroys_up_to_three_eggs():
    state = position(3, hands={0: ["three_egg_omelette", "three_egg_omelette"]}, eggs=[0, 5, 2])
    state = act(play(state, 0, "three_egg_omelette", target=1), 1, LET)
    assert state["eggs"] == [0, 2, 2]
    state = act(play(state, 0, "three_egg_omelette", target=2), 2, LET)
    assert state["eggs"] == [0, 2, 0]


def test_infertility_stops_a_hen_laying_for_good():
    state = position(2, hands={1: ["infertility"]}, flocks={0: ["hen", "hen"]}, seat=1)
    state = act(play(state, 1, "infertility", target=0, chicken=state["flocks"][0][0]["id"]), 0, LET)
    assert kinds(state, 0) == ["hen", "hen!"]
    assert [a for a in GAME.legal_actions(state, 1) if a["type"] == "play"] == []
    collecting = position(2, flocks={0: ["hen", "hen!"]}, step="collect")
    assert collecting["eggs"][0] == 1


def test_eat_mor_chikin_lets_the_attacker_skip_the_roll():
    state = position(2, hands={0: ["eat_mor_chikin"]})
    state = act(play(state, 0, "eat_mor_chikin", target=1), 1, LET)
    state = act(state, 0, {"type": "choose", "chicken": fid(state, 1, "hen")})
    state = act(state, 1, LET, )
    state = act(state, 0, NEXT)
    assert {"type": "skip_roll"} in GAME.legal_actions(state, 0)
    state = act(state, 0, {"type": "skip_roll"})
    assert state["turn"]["seat"] == 1 and "roll" not in log_ids(state)[-6:]
