"""Classic star abilities on cards "at any time during any player's turn" (1st ed. 4.3;
docs/wfci-rules-decisions.md D-W25): offered at every decision of a turn step or a fight
stage, in another player's turn too, and never to the Challenger. Constructed positions."""

import pytest

import engine
from engine.errors import IllegalAction
from engine.wfci import audit, board, cards, solo, units
from engine.wfci import positions as P
from engine.wfci.state import hx, new_turn_frame, pt

GAME = engine.get_game("wfci")
RED_BASE, BLUE_BASE = "1,-3", "-1,3"
NEXT_TO_BLUE = "0,2"


def legal(state, seat=None):
    seat = GAME.to_act(state)[0] if seat is None else seat
    return GAME.legal_actions(state, seat)


def act(state, action, seat=None):
    seat = GAME.to_act(state)[0] if seat is None else seat
    assert action in legal(state, seat), (action, legal(state, seat))
    return GAME.apply(state, seat, action)


def in_play(state, seat, key):
    """A strategy of that kind in the seat's area."""
    cid = P.scroll(state, seat, key)
    state["seats"][seat]["hand"].remove(cid)
    state["seats"][seat]["strategies"].append(cid)
    return cid


def blue_attacks(preset="classic", red_faces=("star", "star")):
    """Blue's leader attacks a red chicken next to it in Blue's turn; Red holds Scouts (2 stars:
    draw a scroll) in play, one scroll in hand and two star dice; it is Red's card round."""
    state = P.started(2, 0, options={"preset": preset}, leaders={0: "dusty", 1: "gizzard"})
    assert state["seats"][0]["base"] == RED_BASE and state["seats"][1]["base"] == BLUE_BASE
    P.clear_island(state)
    P.actions_step(state, 1)
    P.banner(state, 0, list(red_faces))
    P.banner(state, 1, [])
    for s in range(state["players"]):
        P.empty_hand(state, s)
    scouts = in_play(state, 0, "scouts")
    P.scroll(state, 0, "extra_strength")
    hen = P.chicken(state, 0, NEXT_TO_BLUE)
    state = act(state, {"type": "attack", "unit": "lead-1", "pay": "free"}, 1)
    state = act(state, {"type": "target", "unit": hen}, 1)
    assert GAME.to_act(state) == [0] and state["combat"]["stage"] == "cards"
    return state, scouts


def test_classic_offers_a_star_ability_in_a_card_round_of_another_players_turn():
    state, scouts = blue_attacks()
    use = {"type": "activate", "card": scouts, "ability": 0}
    assert use in legal(state, 0)
    hand, passes = len(state["seats"][0]["hand"]), state["combat"]["passes"]
    state = act(state, use, 0)
    red = state["seats"][0]
    assert len(red["hand"]) == hand + 1 and not red["banner"] and len(red["spent"]) == 5
    # The card round is still Red's: the ability was no pass and no play.
    assert GAME.to_act(state) == [0] and state["combat"]["stage"] == "cards" and state["combat"]["passes"] == passes
    assert use not in legal(state, 0) and {"type": "pass"} in legal(state, 0)
    assert state["stack"][0]["seat"] == 1 and not audit.problems(state)


def test_standard_keeps_star_abilities_to_your_own_take_actions_step():
    state, scouts = blue_attacks("standard")
    assert not [a for a in legal(state, 0) if a["type"] == "activate"]
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"type": "activate", "card": scouts, "ability": 0})


def test_not_enough_stars_no_offer():
    state, scouts = blue_attacks(red_faces=("star",))
    assert not [a for a in legal(state, 0) if a["type"] == "activate"]


def test_a_machines_star_ability_in_the_sides_stage_then_back_to_the_fight():
    """Red's Mill Tower takes a resource (1 star) while Red decides a side in a 3-player fight."""
    state = P.started(3, 0, options={"preset": "classic"}, leaders={0: "dusty", 1: "gizzard", 2: "abigail"})
    P.clear_island(state)
    P.actions_step(state, 1)
    P.no_dice_no_hands(state)
    P.banner(state, 0, ["star"])
    P.resources(state, 0, wood=0, stone=0, metal=0)
    mill = P.machine(state, 0, "mill_tower", state["seats"][0]["base"])
    lead1, lead2 = state["units"]["lead-1"], state["units"]["lead-2"]
    spot = next(hx(n) for n in board.neighbors(pt(lead1["hex"])) if hx(n) in state["island"]["tiles"])
    lead2["hex"] = spot
    P.scroll(state, 0, "extra_strength")  # Red's card, so Red decides its side
    state = act(state, {"type": "attack", "unit": "lead-1", "pay": "free"}, 1)
    state = act(state, {"type": "target", "unit": "lead-2"}, 1)
    while state["combat"]["stage"] == "cards":
        seat = GAME.to_act(state)[0]
        play = {"type": "play_scroll", "card": state["seats"][0]["hand"][0]} if seat == 0 else {"type": "pass"}
        state = act(state, play if play in legal(state) else {"type": "pass"})
    assert state["combat"]["stage"] == "sides" and GAME.to_act(state) == [0]
    use = {"type": "activate", "unit": mill, "ability": 0}
    assert use in legal(state, 0)
    state = act(state, use, 0)
    assert state["stack"][-1]["kind"] == "retrieve" and GAME.to_act(state) == [0]
    state = act(state, {"type": "take", "what": "wood"}, 0)
    assert state["seats"][0]["res"]["wood"] == 1
    assert state["stack"][-1]["kind"] == "combat" and state["combat"]["stage"] == "sides"
    assert GAME.to_act(state) == [0] and use not in legal(state, 0) and not audit.problems(state)


def _own_roll_step(strategy):
    state = P.started(2, 0, options={"preset": "classic"}, leaders={0: "dusty", 1: "gizzard"})
    P.clear_island(state)
    P.banner(state, 0, ["star", "1"])
    cid = in_play(state, 0, strategy)
    state["stack"] = [new_turn_frame(0)]  # Red's turn, about to roll
    return state, cid


def test_in_your_own_roll_step_the_spent_star_is_rolled_with_the_others():
    state, supply = _own_roll_step("supply_lines")
    P.resources(state, 0, wood=1, stone=1, metal=1)
    star = state["seats"][0]["banner"][0]["id"]
    state = act(state, {"type": "toggle_die", "die": star})
    state = act(state, {"type": "activate", "card": supply, "ability": 0})
    state = act(state, {"type": "take", "what": "stone"})
    frame = state["stack"][-1]
    assert state["seats"][0]["res"]["stone"] == 2 and frame["step"] == "roll" and frame["selected"] == [] and star in state["seats"][0]["spent"]
    state = act(state, {"type": "roll"})
    assert star in {d["id"] for d in state["seats"][0]["banner"]} and not audit.problems(state)


def test_a_range_boost_lasts_this_turn_so_only_your_own():
    state, stoned = _own_roll_step("stoned")
    P.machine(state, 0, "rock_golem", state["seats"][0]["base"])
    assert {"type": "activate", "card": stoned, "ability": 0} in legal(state, 0)
    state, _ = blue_attacks()
    stoned = in_play(state, 0, "stoned")
    state["seats"][0]["strategies"] = [stoned]
    P.machine(state, 0, "rock_golem", RED_BASE)
    assert not [a for a in legal(state, 0) if a["type"] == "activate"]
    assert units.unit_range(state, state["units"]["lead-1"]) == 1


def test_the_challenger_never_uses_them_but_you_do_in_its_fights():
    state = P.solo(0, "solo", "dusty", "gizzard", options={"preset": "classic"})
    P.clear_island(state)
    P.banner(state, 0, ["star", "star"])
    P.banner(state, 1, ["star"] * 5)
    P.empty_hand(state, 0)
    scouts = in_play(state, 0, "scouts")
    P.scroll(state, 0, "extra_strength")
    P.challenger_turn(state, "free")
    P.challenger_machine(state, "rock_golem", "0,-2")  # next to your leader on its base
    while GAME.to_act(state) == [1]:
        assert GAME.legal_actions(state, 1) == [GAME.bot_action(state, 1, "challenger")]
        state = GAME.apply(state, 1, GAME.bot_action(state, 1, "challenger"))
    assert state["combat"] and state["combat"]["solo"] == "human"
    use = {"type": "activate", "card": scouts, "ability": 0}
    state = act(state, use, 0)
    assert len(state["seats"][0]["hand"]) == 2 and state["combat"]["solo"] == "human"
    assert solo.is_challenger(state, 1) and not audit.problems(state)
    assert cards.card(scouts)["key"] == "scouts"
