"""The teams variant: seats 0+2 against 1+3, turns alternating between the teams, a team wins
when both opponents carry a tag; partner units are never yours and never enemies (D-T1);
card rounds where a partner joins a fight and picks a side; the bots; playouts."""

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import engine
from engine import IllegalAction
from engine.messages import render
from engine.testing import playout, random_chooser
from engine.wfci import audit, cards, expert, positions as P, skirmisher, teams, units, victory
from engine.wfci.combat import strength_and_armor

GAME = engine.get_game("wfci")
TEAMS = {"variants": ["teams"]}
LEADERS = {0: "dusty", 1: "gizzard", 2: "pecksworth", 3: "fowlmore"}
PADDING = ["windfall", "windfall", "hatch", "hatch"]  # not playable in a fight: every seat is asked


def act(state, action):
    return GAME.apply(state, GAME.to_act(state)[0], action)


def legal(state):
    return GAME.legal_actions(state, GAME.to_act(state)[0])


def board(options=None):
    """The 4-player starter island with nothing on it but the leaders on their bases (Red
    -3,0, Blue 0,3, Yellow 3,0, Green 0,-3), Red in its Take-actions step, no dice, one
    scroll each that cannot be played in a fight."""
    state = P.board(4, {**TEAMS, **(options or {})}, leaders=LEADERS)
    assert [s["base"] for s in state["seats"]] == ["-3,0", "0,3", "3,0", "0,-3"]
    for s in range(4):
        P.scroll(state, s, PADDING[s])
    return state


def fight(state, attacker, defender):
    state = act(state, {"type": "attack", "unit": attacker, "pay": "free"})
    return act(state, {"type": "target", "unit": defender})


# -- set-up and turns ------------------------------------------------------------------------

def test_teams_need_four_players_in_a_multiplayer_game():
    for players, options, words in [(2, TEAMS, "4 players"), (3, TEAMS, "4 players"),
                                    (2, {**TEAMS, "mode": "solo"}, "4 players"),
                                    (4, {"variants": ["teams", "flag"]}, "choose one")]:
        with pytest.raises(IllegalAction, match=words):
            GAME.setup(1, players, options)
    assert GAME.required_bots(4, TEAMS) == {}  # never the Challenger
    assert teams.teams(GAME.setup(1, 4, {})) is None


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_turns_alternate_between_the_teams_whoever_starts(seed):
    state = P.started(4, seed, TEAMS)
    seats = []
    for _ in range(8):
        seats.append(state["stack"][0]["seat"])
        for kind in ("skip_roll", "end_actions", "end_turn"):
            state = act(state, {"type": kind})
    assert seats[0] == state["first"]
    assert all((a - b) % 2 == 1 for a, b in zip(seats, seats[1:]))
    view = GAME.view(state, 0)
    assert view["teams"] == [[0, 2], [1, 3]] and "teams" not in GAME.view(GAME.setup(1, 4, {}), 0)


# -- partner units are never yours -----------------------------------------------------------

def test_partner_units_are_not_yours_to_move_pilot_or_shield():
    state = board()
    mine = P.chicken(state, 0, "1,1")
    P.chicken(state, 2, "1,0")
    P.banner(state, 0, ["star", "star", "star", "star"])
    moves = {a["hex"] for a in legal(state) if a["type"] == "move"}
    assert moves == {"1,1", "-3,0"}  # Red's chicken and Red's leader, not Yellow's chicken
    state = act(state, {"type": "star", "ability": "shield"})
    assert {a["unit"] for a in legal(state)} == {mine, "lead-0"}
    P.resources(state, 0, wood=3, stone=3, metal=3)
    state = board()
    P.resources(state, 0, wood=3, stone=3, metal=3)
    own = P.chicken(state, 0, "-2,0")
    P.chicken(state, 2, "2,0")
    build = next(a for a in legal(state) if a["type"] == "build" and cards.card(a["card"])["pilots"] == 1)
    state = act(state, build)
    assert [a["unit"] for a in legal(state) if a["type"] == "pick_pilot"] == [own]


def test_partners_hands_stay_secret():
    state = board()
    yellow = P.scroll(state, 2, "extra_strength")
    text = json.dumps(GAME.view(state, 0))
    assert yellow not in text and yellow in GAME.hidden_from(state, 0)
    assert GAME.view(state, 0)["seats"][2]["hand_count"] == 2


def test_a_stack_may_cross_a_partners_hex_but_never_stop_there():
    state = board()
    car = P.machine(state, 0, "hammer_battle_car", "-2,2")  # speed 2
    yellow = P.chicken(state, 2, "-1,2")
    state = act(state, {"type": "move", "hex": "-2,2", "pay": "free"})
    hexes = {a["hex"] for a in legal(state) if a["type"] == "move_to"}
    assert {"0,2", "-1,3", "0,1"} <= hexes and "-1,2" not in hexes
    # an opponent's chicken there blocks the way
    state = board()
    P.machine(state, 0, "hammer_battle_car", "-2,2")
    P.chicken(state, 1, "-1,2")
    state = act(state, {"type": "move", "hex": "-2,2", "pay": "free"})
    assert not {"0,2", "-1,3", "0,1", "-1,2"} & {a["hex"] for a in legal(state) if a["type"] == "move_to"}
    assert car and yellow


# -- D-T1: a partner is not an opponent ------------------------------------------------------

def test_you_never_fight_a_partner():
    state = board()
    hen = P.chicken(state, 0, "1,1")
    P.chicken(state, 2, "1,0")
    blue = P.chicken(state, 1, "0,1")
    state = act(state, {"type": "attack", "unit": hen, "pay": "free"})
    assert legal(state) == [{"type": "target", "unit": blue}, {"type": "cancel"}]


def test_no_scroll_hits_a_partner():
    state = board()
    P.chicken(state, 0, "1,1")
    P.chicken(state, 2, "1,0")
    blue = P.chicken(state, 1, "0,1")
    cid = P.scroll(state, 0, "flying_rock")
    state = act(state, {"type": "play_scroll", "card": cid})
    assert {a["unit"] for a in legal(state)} == {blue}


def test_change_now_offers_only_the_opposing_team():
    state = board()
    hen = P.chicken(state, 0, "1,1")
    P.chicken(state, 2, "1,0")
    blue = P.chicken(state, 1, "0,1")
    green = P.chicken(state, 3, "2,0")
    card = P.scroll(state, 0, "change_now")
    state = fight(state, hen, blue)
    state = act(state, {"type": "play_scroll", "card": card})
    while state["combat"]["stage"] == "cards":
        state = act(state, {"type": "pass"})
    assert state["stack"][-1]["kind"] == "swap" and legal(state) == [{"type": "new_defender", "unit": green}]


def test_a_blast_spares_the_partner():
    state = board()
    magma = P.machine(state, 1, "magma_golem", "1,1")
    red = P.chicken(state, 0, "0,1")
    green = P.chicken(state, 3, "1,0")
    units.destroy(state, state["units"][magma])
    assert red not in state["units"] and green in state["units"]
    assert not audit.problems(state)


def test_classic_hurricane_robs_only_an_opponent():
    state = board({"preset": "classic"})
    for s in range(4):
        P.resources(state, s, wood=2, stone=0, metal=0)
    cat = cards.by_key("scroll", "hurricane")[0]
    P._take_card(state, cat)
    state["decks"]["scroll"].append(cat)
    state["stack"][0]["step"] = "draw"
    state = act(state, {"type": "draw"})
    assert legal(state) == [{"type": "rob", "seat": 1}, {"type": "rob", "seat": 3}]


# -- card rounds: partners join like any other player ----------------------------------------

def test_a_partner_plays_in_the_card_round_and_helps_its_side():
    state = board()
    hen = P.chicken(state, 0, "1,1")
    blue = P.chicken(state, 1, "0,1")
    red_card = P.scroll(state, 0, "extra_strength")
    green_card = P.scroll(state, 3, "stone_skin")
    state = fight(state, hen, blue)
    assert state["combat"]["stage"] == "cards" and GAME.to_act(state) == [0]
    state = act(state, {"type": "play_scroll", "card": red_card})
    order = []
    while state["combat"]["stage"] == "cards":
        seat = GAME.to_act(state)[0]
        order.append(seat)
        if seat == 3 and green_card in state["seats"][3]["hand"]:
            assert skirmisher.choose(state, 3) == {"type": "play_scroll", "card": green_card}  # Blue is behind
            state = act(state, {"type": "play_scroll", "card": green_card})
        else:
            state = act(state, {"type": "pass"})
    assert order[:3] == [1, 2, 3]  # every player in turn, the partners too
    assert state["combat"]["stage"] == "sides" and GAME.to_act(state) == [3]
    assert legal(state) == [{"type": "side", "card": green_card, "side": "attacker"},
                            {"type": "side", "card": green_card, "side": "defender"}]
    assert skirmisher.choose(state, 3) == {"type": "side", "card": green_card, "side": "defender"}
    assert strength_and_armor(state) == (1 + 2, 2)
    state = act(state, {"type": "side", "card": green_card, "side": "defender"})
    assert state["combat"] is None and blue in state["units"]  # 3 against 2 + 2
    assert state["last_fight"]["armor"] == 4 and not audit.problems(state)


def test_the_attackers_partner_helps_the_attacker():
    state = board()
    hen = P.chicken(state, 0, "1,1")
    blue = P.chicken(state, 1, "0,1")
    yellow_card = P.scroll(state, 2, "extra_strength")
    state = fight(state, hen, blue)
    while state["combat"]["stage"] == "cards":
        seat = GAME.to_act(state)[0]
        pick = skirmisher.choose(state, seat)
        if seat == 2 and yellow_card in state["seats"][2]["hand"]:
            assert pick == {"type": "play_scroll", "card": yellow_card}  # Red's 1 against 2
        state = act(state, pick if seat == 2 else {"type": "pass"})
    assert skirmisher.choose(state, 2) == {"type": "side", "card": yellow_card, "side": "attacker"}
    state = act(state, {"type": "side", "card": yellow_card, "side": "attacker"})
    assert blue not in state["units"]


# -- victory ----------------------------------------------------------------------------------

def test_a_team_wins_when_both_opponents_carry_a_tag_from_anyone():
    state = board()
    victory.humiliate(state, 0, 1)
    assert state["result"] is None
    victory.humiliate(state, 0, 1)  # two on Blue: still Green has none
    assert state["result"] is None
    # Yellow's leader beats Green's: the tag completes the team's win
    state["units"]["lead-2"]["hex"] = "1,-2"
    state["units"]["lead-3"]["hex"] = "0,-2"  # off its base: no base bonus
    P.actions_step(state, 2)
    P.banner(state, 2, ["3", "3"])
    state = act(state, {"type": "attack", "unit": "lead-2", "pay": "free"})
    state = act(state, {"type": "target", "unit": "lead-3"})
    state = act(state, {"type": "boost", "face": "3"})
    state = act(state, {"type": "boost", "face": "3"})
    while GAME.outcome(state) is None:
        state = act(state, {"type": "pass"})
    out = GAME.outcome(state)
    assert out["winners"] == [0, 2] and out["losers"] == [1, 3] and out["teams"] == [[0, 2], [1, 3]]
    assert GAME.to_act(state) == []
    assert "Red and Yellow humiliated both opponents and win!" in [render(e) for e in state["events"]]


def test_one_player_tagging_both_opponents_wins_for_the_team():
    state = board()
    victory.humiliate(state, 2, 1)
    victory.humiliate(state, 2, 3)
    assert state["result"]["winners"] == [0, 2]


def test_turn_limit_counts_each_teams_tags():
    state = board()
    victory.humiliate(state, 0, 1)
    state["round"] = victory.MAX_ROUNDS + 1
    victory.turn_limit(state)
    assert state["result"]["winners"] == [0, 2] and state["result"]["losers"] == [1, 3]
    state = board()
    victory.humiliate(state, 0, 1)
    victory.humiliate(state, 3, 2)
    state["round"] = victory.MAX_ROUNDS + 1
    victory.turn_limit(state)
    assert state["result"]["winners"] == [] and state["result"]["draw"] == [0, 1, 2, 3]


# -- bots and the engine contract ------------------------------------------------------------

def conservation(game, state):
    problems = audit.problems(state)
    assert not problems, problems


@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**31), preset=st.sampled_from(["standard", "classic", "expert"]))
def test_random_teams_playouts_keep_every_promise(seed, preset):
    playout(GAME, seed, 4, options={**TEAMS, "preset": preset}, choose=random_chooser(seed), max_steps=120,
            check_every=2, extra_check=conservation)


def test_skirmishers_finish_a_teams_game():
    state, _, _ = playout(GAME, 5, 4, options=TEAMS, bots={s: "skirmisher" for s in range(4)}, max_steps=4000,
                          check_every=50, extra_check=conservation)
    out = GAME.outcome(state)
    assert out is not None and sorted(out["winners"]) in ([0, 2], [1, 3])


def test_the_expert_plays_a_teams_game():
    state = board()
    P.chicken(state, 0, "1,1")
    P.chicken(state, 1, "0,1")
    action = expert.choose(state, 0, rollouts=4)
    assert action in legal(state)
    state["seats"][1]["tags"] = [0]
    assert expert.score(state, 2) > expert.score(state, 1)  # a tag on Blue counts for Red's partner too
