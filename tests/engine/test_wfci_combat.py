"""The fight (rules section 7): targets and range, the attacker's dice, card rounds with a
third player joining, the reveal and side declarations, shields, tags, card effects."""

import json

import engine
from engine.wfci import audit, composite, positions as P
from engine.wfci.combat import strength_and_armor
from engine.messages import render

GAME = engine.get_game("wfci")
RED_BASE, BLUE_BASE = "1,-3", "-1,3"


def act(state, action):
    return GAME.apply(state, GAME.to_act(state)[0], action)


def legal(state):
    return GAME.legal_actions(state, GAME.to_act(state)[0])


PADDING = ["flying_rock", "flying_rock", "flying_rock", "windfall"]  # not playable in a fight


def board(players=2, leaders=None, pad=True):
    """Each seat holds one scroll it cannot play in a fight, so it is asked in every card round
    (a seat with an empty hand passes without being asked)."""
    state = P.board(players, leaders=leaders or {0: "dusty", 1: "gizzard", 2: "abigail", 3: "keekmee"})
    for s in range(players if pad else 0):
        P.scroll(state, s, PADDING[s])
    return state


def fight(state, attacker, defender, pay="free"):
    state = act(state, {"type": "attack", "unit": attacker, "pay": pay})
    return act(state, {"type": "target", "unit": defender})


def pass_all(state):
    while state["combat"] and state["combat"]["stage"] == "cards":
        state = act(state, {"type": "pass"})
    return state


def test_only_adjacent_targets_without_range():
    state = board()
    hen = P.chicken(state, 0, "1,-1")
    near = P.chicken(state, 1, "1,0")
    P.chicken(state, 1, "0,1")  # two hexes away
    state = act(state, {"type": "attack", "unit": hen, "pay": "free"})
    assert legal(state) == [{"type": "target", "unit": near}, {"type": "cancel"}]


def test_ranged_attack_ignores_terrain_and_units():
    state = board()
    cannon = P.machine(state, 0, "spiked_cannon", "1,-1")
    far = P.chicken(state, 1, "0,1")  # across the lava, distance 2
    state = fight(state, cannon, far)
    assert state["combat"]["ranged"] is True
    state = pass_all(state)
    assert far not in state["units"] and far in state["seats"][1]["destroyed"]


def test_attacker_spends_plus_two_and_three():
    state = board()
    P.banner(state, 0, ["2", "3", "claw"])
    hen = P.chicken(state, 0, "1,-1")
    golem = P.machine(state, 1, "mud_golem", "1,0")  # armor 6
    state = fight(state, hen, golem, pay="claw")
    assert state["combat"]["stage"] == "dice"
    atomic = [a for a in legal(state) if not composite.is_composite(a)]  # composites come after these
    assert atomic == [{"type": "boost", "face": "2"}, {"type": "boost", "face": "3"}, {"type": "done"}]
    state = act(state, {"type": "boost", "face": "2"})
    state = act(state, {"type": "boost", "face": "3"})
    assert state["combat"]["stage"] == "cards" and strength_and_armor(state) == (1 + 5, 6)
    state = pass_all(state)
    assert golem not in state["units"]
    # its two pilots become Blue's destroyed chickens, the card goes to the discard
    assert len(state["seats"][1]["destroyed"]) == 6 and state["decks"]["machine_discard"]
    assert not audit.problems(state)


def test_failure_changes_nothing_on_the_board():
    state = board()
    hen = P.chicken(state, 0, "1,-1")
    golem = P.machine(state, 1, "rock_golem", "1,0")
    state = pass_all(fight(state, hen, golem))
    assert golem in state["units"] and state["combat"] is None
    assert "fails" in " ".join(render(e) for e in state["events"])


def test_shield_is_removed_instead_of_destruction():
    state = board()
    hen = P.chicken(state, 0, "1,-1")
    other = P.chicken(state, 1, "1,0")
    state["units"][other]["shields"] = 1
    state["supply"]["shields"] -= 1
    P.banner(state, 0, ["3"])
    state = fight(state, hen, other)
    state = act(state, {"type": "boost", "face": "3"})
    state = pass_all(state)
    assert other in state["units"] and state["units"][other]["shields"] == 0
    assert state["supply"]["shields"] == 8


def test_beaten_leader_receives_a_humiliation_tag():
    state = board()
    P.banner(state, 0, ["3", "3"])
    soldier = P.machine(state, 0, "ram_car", "0,2")  # strength 4
    state = fight(state, soldier, "lead-1")
    state = act(state, {"type": "boost", "face": "3"})
    state = act(state, {"type": "boost", "face": "3"})
    state = pass_all(state)
    assert state["seats"][1]["tags"] == [0] and state["seats"][0]["tags_left"] == 2
    assert "lead-1" in state["units"]


def test_card_rounds_go_clockwise_until_everyone_passed_in_a_row():
    state = board(3)
    hen = P.chicken(state, 0, "1,-1")
    foe = P.chicken(state, 1, "1,0")
    red = P.scroll(state, 0, "extra_strength")
    yellow = P.scroll(state, 2, "stone_skin")
    blue = P.scroll(state, 1, "battle_hymn")
    state = fight(state, hen, foe)
    assert state["combat"]["stage"] == "cards" and GAME.to_act(state) == [0]
    state = act(state, {"type": "play_scroll", "card": red})
    assert GAME.to_act(state) == [1]
    state = act(state, {"type": "pass"})
    assert GAME.to_act(state) == [2]  # the third player joins in
    state = act(state, {"type": "play_scroll", "card": yellow})
    state = act(state, {"type": "pass"})  # Red
    state = act(state, {"type": "play_scroll", "card": blue})  # Blue plays after having passed
    for seat in (2, 0, 1):
        assert GAME.to_act(state) == [seat]
        state = act(state, {"type": "pass"})
    # Revealed from the defender (Blue), then clockwise; Yellow says which side its card helps.
    revealed = [(e["seat"], e["side"]) for e in state["combat"]["revealed"]]
    assert revealed == [(1, "defender"), (2, None), (0, "attacker")]
    assert GAME.to_act(state) == [2] and state["combat"]["stage"] == "sides"
    assert legal(state) == [{"type": "side", "card": yellow, "side": "attacker"},
                            {"type": "side", "card": yellow, "side": "defender"}]
    assert strength_and_armor(state) == (1 + 2, 2 + 1)  # the undeclared card counts for nobody yet
    state = act(state, {"type": "side", "card": yellow, "side": "defender"})
    assert state["combat"] is None and foe in state["units"]  # 3 against 2 + 1 + 2
    assert red in state["decks"]["scroll_discard"] and yellow in state["decks"]["scroll_discard"]
    assert len(state["seats"][1]["hand"]) == 2  # the padding, and Battle Hymn's draw after the fight
    assert not audit.problems(state)


def test_face_down_cards_are_hidden_until_the_reveal():
    state = board(3)
    hen = P.chicken(state, 0, "1,-1")
    foe = P.chicken(state, 1, "1,0")
    card = P.scroll(state, 0, "extra_strength")
    state = fight(state, hen, foe)
    before = state
    state = act(state, {"type": "play_scroll", "card": card})
    for seat in (1, 2, None):
        text = json.dumps(GAME.view(state, seat))
        assert card not in text and card in GAME.hidden_from(state, seat)
    assert GAME.view(state, 1)["combat"]["facedown"] == {"0": 1, "1": 0, "2": 0}
    assert GAME.view(state, 0)["combat"]["yours"][0]["id"] == card
    assert GAME.public_action(before, 0, {"type": "play_scroll", "card": card}) == {"type": "play_scroll"}
    assert render(GAME.describe_action(before, 0, {"type": "play_scroll", "card": card})) == "Red plays a scroll face down"
    state = pass_all(state)
    assert card in json.dumps(GAME.view(state, 1))


def test_change_now_picks_a_new_defender():
    state = board()
    cannon = P.machine(state, 0, "spiked_cannon", "1,-1")
    tough = P.machine(state, 1, "mud_golem", "1,0")
    weak = P.chicken(state, 1, "0,1")
    card = P.scroll(state, 0, "change_now")
    state = fight(state, cannon, tough)
    state = act(state, {"type": "play_scroll", "card": card})
    state = pass_all(state)
    assert state["stack"][-1]["kind"] == "swap" and legal(state) == [{"type": "new_defender", "unit": weak}]
    state = act(state, {"type": "new_defender", "unit": weak})
    assert weak not in state["units"] and tough in state["units"]


def test_feather_dispel_cancels_the_strongest_card_of_the_other_side():
    state = board()
    hen = P.chicken(state, 0, "1,-1")
    foe = P.machine(state, 1, "mud_golem", "1,0")  # armor 6
    ambush = P.scroll(state, 0, "ambush")
    es = P.scroll(state, 0, "extra_strength")
    dispel = P.scroll(state, 1, "feather_dispel")
    state = fight(state, hen, foe)
    state = act(state, {"type": "play_scroll", "card": ambush})
    state = act(state, {"type": "play_scroll", "card": dispel})
    state = act(state, {"type": "play_scroll", "card": es})
    state = act(state, {"type": "pass"})
    state = act(state, {"type": "pass"})
    # Ambush (+3) is cancelled, Extra Strength counts: 3 against 6 instead of 6 against 6.
    assert foe in state["units"] and "Strength 3 against armor 6" in " ".join(render(e) for e in state["events"])


def test_strategies_played_in_a_fight_count_and_stay_in_play():
    state = board()
    hen = P.chicken(state, 0, "1,-1")
    foe = P.chicken(state, 1, "1,0")
    fury = P.scroll(state, 0, "hen_fury")
    state = fight(state, hen, foe)
    state = act(state, {"type": "play_scroll", "card": fury})
    state = act(state, {"type": "pass"})
    state = act(state, {"type": "pass"})
    assert foe not in state["units"]  # 1 + 2 >= 2
    assert state["seats"][0]["strategies"] == [fury]


def test_trenches_and_soldiers_banding_bonus():
    state = board()
    s1 = P.machine(state, 0, "rock_soldier", "1,-1")
    P.machine(state, 0, "rock_soldier", "1,-1")
    P.chicken(state, 0, "1,-1")  # chickens never count for the soldiers' bonus
    foe = P.chicken(state, 1, "1,0")
    P.scroll(state, 1, "trenches")
    state["seats"][1]["strategies"] = state["seats"][1]["hand"]
    state["seats"][1]["hand"] = []
    state = fight(state, s1, foe)
    assert strength_and_armor(state) == (2 + 2, 2 + 2)


def test_four_players_each_get_a_card_round_and_no_sides_without_cards():
    state = board(4)
    hen = P.chicken(state, 0, "1,0")
    target = P.chicken(state, 1, "2,0")
    for seat, key in enumerate(("scavenge", "scavenge", "ambush", "ambush")):
        P.scroll(state, seat, key)  # playable in a fight, but nobody plays it
    state = fight(state, hen, target)
    order = []
    while state["combat"]:
        order.append(GAME.to_act(state)[0])
        state = act(state, {"type": "pass"})
    assert order == [0, 1, 2, 3]


def test_players_with_empty_hands_pass_without_being_asked():
    state = board(3, pad=False)
    hen = P.chicken(state, 0, "1,-1")
    foe = P.chicken(state, 1, "1,0")
    card = P.scroll(state, 2, "stone_skin")
    state = fight(state, hen, foe)
    assert GAME.to_act(state) == [2]  # Red and Blue hold no scroll
    state = act(state, {"type": "play_scroll", "card": card})
    assert GAME.to_act(state) == [2] and state["combat"]["stage"] == "sides"


def test_no_scrolls_anywhere_resolves_at_once():
    state = board(pad=False)
    hen = P.chicken(state, 0, "1,-1")
    foe = P.chicken(state, 1, "1,0")
    state = fight(state, hen, foe)
    assert state["combat"] is None and foe in state["units"]


def test_last_fight_is_a_public_record_for_every_seat():
    state = board()
    hen = P.chicken(state, 0, "1,-1")
    foe = P.chicken(state, 1, "1,0")
    played = P.scroll(state, 0, "extra_strength")
    kept = P.scroll(state, 1, "stone_skin")  # stays in Blue's hand, never revealed
    state = fight(state, hen, foe)
    assert GAME.view(state, 1)["last_fight"] is None
    state = act(state, {"type": "play_scroll", "card": played})
    state = pass_all(state)
    assert state["combat"] is None and foe not in state["units"]  # 1 + 2 against 2
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        last = view["last_fight"]
        assert last["attacker"]["unit"] == hen and last["attacker"]["seat"] == 0
        assert last["defender"]["unit"] == foe and last["defender"]["seat"] == 1
        assert [(c["key"], c["seat"], c["side"], c["bonus"]) for c in last["cards"]] == [
            ("extra_strength", 0, "attacker", 2)]
        assert last["cards"][0]["text"] and "id" not in last["cards"][0]
        assert (last["strength"], last["armor"], last["result"], last["effect"]) == (3, 2, "success", "destroyed")
        assert last["round"] == state["round"]
        text = json.dumps(last)
        assert kept not in text and "stone_skin" not in text and "Stone Skin" not in text
        assert not GAME.hidden_from(state, seat) & set(text.split('"'))
    assert GAME.deserialize(GAME.serialize(state))["last_fight"] == state["last_fight"]
    assert not audit.problems(state)
    # the next fight replaces the record
    P.banner(state, 0, ["claw"])
    other = P.chicken(state, 1, "1,0")
    state = pass_all(fight(state, hen, other, pay="claw"))
    last = GAME.view(state, 1)["last_fight"]
    assert last["defender"]["unit"] == other and last["cards"] == [] and last["effect"] is None
