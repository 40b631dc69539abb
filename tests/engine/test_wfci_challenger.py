"""The Challenger's rules (rules section 10), one constructed position per rule, each showing
the rule deciding what it does. Every step is taken through the protocol, and each time its
seat acts, its one legal action must be the challenger bot's action."""

import pytest

import engine
from engine.wfci import cards
from engine.wfci import challenger as C
from engine.wfci.challenger import fight as F
from engine.wfci import positions as P
from engine.messages import render

GAME = engine.get_game("wfci")

# The compact Face-off island (P.solo(0)): you hold B1, the Challenger B2; the priority hex's
# direction 1 is the one you face, from B1 toward B2 (D-W24), so around any hex direction 1 is
# SE, then SW, W, NW, NE, E.
YOUR_BASE, ITS_BASE = "1,-3", "-1,3"
ITS_LAND = ["0,2", "-1,2", "0,1", "-1,1"]


def solo(you="dusty", it="gizzard", mode="solo", base=0, stage="free", its_dice=()):
    """Leaders on their bases, nothing else on the island; the Challenger's turn at `stage`."""
    state = P.solo(0, mode, you, it, base=base)
    P.clear_island(state)
    P.banner(state, 0, [])
    P.banner(state, 1, list(its_dice))
    P.challenger_turn(state, stage)
    return state


def step(state):
    """One Challenger step; its legal actions are exactly the bot's one action."""
    action = GAME.bot_action(state, 1, "challenger")
    assert GAME.legal_actions(state, 1) == [action]
    assert action["type"] == "challenger"
    return GAME.apply(state, 1, action), action


def act(state, action, seat=0):
    assert action in GAME.legal_actions(state, seat), (action, GAME.legal_actions(state, seat))
    return GAME.apply(state, seat, action)


def your_chicken(state, hx):
    return P.chicken(state, 0, hx)


def on_top(state, key):
    """Put a scroll of that kind on top of the scroll deck."""
    cid = next(c for c in cards.by_key("scroll", key) if c in state["decks"]["scroll"])
    state["decks"]["scroll"].remove(cid)
    state["decks"]["scroll"].append(cid)
    return cid


def its_hand(state, keys):
    """The Challenger's face-down pile, bottom to top (it plays from the top)."""
    hand = state["seats"][1]["hand"]
    state["decks"]["scroll_discard"].extend(hand)
    hand.clear()
    return [P.scroll(state, 1, k) for k in keys]


def empty_your_hand(state):
    state["decks"]["scroll_discard"].extend(state["seats"][0]["hand"])
    state["seats"][0]["hand"] = []


# -- targets -----------------------------------------------------------------------------------

def test_target_your_leader_first_then_the_highest_strength():
    state = solo(its_dice=["chicken"] * 5)
    P.challenger_machine(state, "rock_golem", "0,-2")  # next to your leader on your base
    P.machine(state, 0, "twig_soldier", "0,-1")  # strength 2
    your_chicken(state, "1,-2")
    _, action = step(state)
    assert action["do"] == "fight" and action["target"] == "lead-0"
    far = solo(its_dice=["chicken"] * 5)
    P.challenger_machine(far, "rock_golem", "0,-1")  # two hexes from your leader
    twig = P.machine(far, 0, "twig_soldier", "1,-2")
    your_chicken(far, "0,-2")
    _, action = step(far)
    assert action["do"] == "fight" and action["target"] == twig
    assert "highest strength" in render(GAME.describe_action(far, 1, action))


def test_target_ties_go_to_the_priority_hex():
    state = solo(its_dice=["chicken"] * 5)
    golem = P.challenger_machine(state, "rock_golem", "-1,1")
    low_id = your_chicken(state, "0,1")   # E of the golem: priority 6
    high_id = your_chicken(state, "-1,0")  # NW of the golem: priority 4
    assert low_id < high_id
    _, action = step(state)
    assert (action["unit"], action["do"], action["target"]) == (golem, "fight", high_id)
    assert "priority hex" in render(GAME.describe_action(state, 1, action))


def test_priority_hex_direction_one_is_the_direction_you_face():
    """"Being '1' the direction you are facing" / "Le chiffre 1 correspond au sens dans lequel
    vous êtes tourné": you are the person playing, facing the Challenger, so direction 1 points
    from your base toward its base, and a tie goes that way (D-W24)."""
    state = solo(its_dice=["chicken"] * 5)
    assert C.priority_neighbors(state, "0,0")[0] == (0, 1)  # SE: from 1,-3 toward -1,3
    golem = P.challenger_machine(state, "rock_golem", "-1,1")
    behind = your_chicken(state, "-1,0")  # NW of the golem: priority 4
    ahead = your_chicken(state, "-1,2")   # SE of the golem: priority 1
    assert behind < ahead
    _, action = step(state)
    assert (action["unit"], action["do"], action["target"]) == (golem, "fight", ahead)
    # With the bases swapped you face the other way, and the tie goes the other way too.
    flipped = solo(its_dice=["chicken"] * 5, base=1)
    assert C.priority_neighbors(flipped, "0,0")[0] == (0, -1)  # NW: from -1,3 toward 1,-3
    golem = P.challenger_machine(flipped, "rock_golem", "-1,1")
    behind = your_chicken(flipped, "-1,0")
    ahead = your_chicken(flipped, "-1,2")
    _, action = step(flipped)
    assert (action["unit"], action["do"], action["target"]) == (golem, "fight", behind)


# -- the free action ---------------------------------------------------------------------------

def test_free_action_power_counts_only_if_the_top_rows_fire():
    for faces, boost in ((["3", "3", "claw", "star", "star"], 6), (["3", "chicken", "chicken", "star", "star"], 0)):
        state = solo(its_dice=faces)
        P.challenger_machine(state, "rock_golem", "0,-2")
        state, action = step(state)
        assert action["do"] == "fight" and state["combat"]["boost"] == boost


def test_free_action_moves_toward_your_leader_or_builds_without_a_machine():
    state = solo(its_dice=["chicken"] * 5)
    P.stock(state, ["spiked_cannon", "twig_soldier", "rock_golem", "ram_car"])
    state, action = step(state)  # no machine: the Build rule with 0 dice, the leftmost that can move
    assert action["do"] == "build" and cards.card(action["card"])["key"] == "twig_soldier"
    assert C.machines(state)[0]["hex"] in ITS_LAND
    again = solo(its_dice=["chicken"] * 5)
    golem = P.challenger_machine(again, "rock_golem", "-1,2")
    _, action = step(again)
    assert action == {"type": "challenger", "step": "free", "do": "move", "unit": golem, "hex": "-1,1"}
    assert render(GAME.describe_action(again, 1, action)).startswith("Free action: the Rock Golem moves 1 hex toward your leader")


# -- the rows ----------------------------------------------------------------------------------

def test_rows_the_pair_with_more_dice_fires_and_a_tie_fires_the_top_pair():
    state = solo(its_dice=["3", "star", "chicken", "chicken", "claw"])
    assert C.pair_counts(state) == {"top": 2, "bottom": 3} and C.firing_pair(state) == "bottom"
    P.banner(state, 1, ["3", "claw", "star", "chicken"])  # 2 against 2 (D-7)
    assert C.firing_pair(state) == "top"
    P.banner(state, 1, ["star", "star", "chicken", "chicken", "chicken"])
    assert C.firing_pair(state) == "bottom"
    P.banner(state, 1, ["1", "2"])  # top fires even with its Power row empty
    assert C.firing_pair(state) == "top" and C.power_bonus(state) == 0


def test_a_turn_spends_the_firing_pair_rolls_the_spent_dice_and_draws_two():
    state = solo(its_dice=["3", "claw", "1", "star", "chicken"])
    P.challenger_machine(state, "rock_golem", "-1,2")
    held = len(state["seats"][1]["hand"])
    stages = []
    while GAME.to_act(state) == [1]:
        state, action = step(state)
        stages.append(action["step"])
    assert stages == ["free", "rows", "command", "command", "roll", "draw"]
    assert len(state["seats"][1]["banner"]) == 5 and not state["seats"][1]["spent"]
    assert len(state["seats"][1]["hand"]) == held + 2
    assert GAME.to_act(state) == [0] and state["stack"][0]["seat"] == 0


# -- Command -------------------------------------------------------------------------------------

def test_command_its_leader_moves_only_after_two_other_units_were_activated():
    state = solo(its_dice=["claw", "claw", "claw", "1", "2"])
    golem = P.challenger_machine(state, "rock_golem", "-1,2")
    state, _ = step(state)  # free: the golem moves
    state, _ = step(state)  # rows: Command fires
    state, a1 = step(state)
    assert (a1["unit"], a1["do"]) == (golem, "move")
    before = state
    state, a2 = step(state)  # next would be its leader: only one other unit acted, the golem again
    assert a2["unit"] == golem and a2["instead"] and a2["die"] == 2
    assert "the first unit in order is activated again" in render(GAME.describe_action(before, 1, a2))
    assert state["units"]["lead-1"]["hex"] == ITS_BASE
    # With two machines, the third die moves the leader.
    two = solo(its_dice=["claw", "claw", "claw", "1", "2"])
    golem = P.challenger_machine(two, "rock_golem", "-1,2")
    car = P.challenger_machine(two, "ram_car", "0,2")
    two, _ = step(two)
    two, _ = step(two)
    seen = []
    for _ in range(3):
        two, a = step(two)
        seen.append((a["unit"], a["do"], bool(a.get("instead"))))
    assert seen == [(golem, "move", False), (car, "move", False), ("lead-1", "move", False)]
    assert two["units"]["lead-1"]["hex"] != ITS_BASE


def test_command_a_unit_that_moves_into_range_fights_with_the_next_die():
    state = solo(its_dice=["claw", "claw", "1", "1", "1"])
    car = P.challenger_machine(state, "hammer_battle_car", "-1,0")
    state["stack"][0].update(stage="command", pair="top")
    state, a1 = step(state)
    assert (a1["unit"], a1["do"], a1["ready"]) == (car, "move", True)
    state, a2 = step(state)
    assert (a2["unit"], a2["do"], a2["target"], a2["follow"]) == (car, "fight", "lead-0", True)


# -- Build ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("dice, key, window", [(0, "twig_soldier", 1), (1, "twig_soldier", 2), (2, "ram_car", 3),
                                               (3, "rock_golem", 4)])
def test_build_window_widens_one_card_per_die(dice, key, window):
    state = solo(stage="build", its_dice=["chicken"] * dice)
    # the Spiked Cannon is stronger than the Twig Soldier but cannot move: it never counts
    P.stock(state, ["twig_soldier", "spiked_cannon", "ram_car", "rock_golem"])
    stock = list(state["decks"]["stock"])
    new, action = step(state)
    assert cards.card(action["card"])["key"] == key and action["dice"] == dice and action["window"] == window
    built = C.machines(new)[-1]
    assert built["card"] == action["card"] and not built["pilots"] and built["hex"] in ITS_LAND
    # the stock shifts left and a new card enters at the right
    rest = [c for c in stock if c != action["card"]]
    assert new["decks"]["stock"][:3] == rest and len(new["decks"]["stock"]) == 4
    line = render(GAME.describe_action(state, 1, action))
    assert ("the leftmost stock machine that can move" if dice == 0 else f"the window is {window} cards") in line


def test_build_window_starts_at_the_leftmost_card_that_can_move_and_ties_take_the_leftmost():
    state = solo()
    P.stock(state, ["archer_tower", "ram_car", "ram_car", "twig_soldier"])
    window, pick = C.build_window(state, 1)
    assert window == state["decks"]["stock"][1:3] and pick == state["decks"]["stock"][1]


# -- Reinforcement -------------------------------------------------------------------------------

@pytest.mark.parametrize("dice, scrolls, shield", [(1, 1, 0), (2, 1, 1), (3, 2, 1), (4, 3, 1), (5, 4, 1)])
def test_reinforcement_ladder(dice, scrolls, shield):
    state = solo(stage="reinforce", its_dice=["star"] * dice)
    held = len(state["seats"][1]["hand"])
    state, action = step(state)
    assert action == {"type": "challenger", "step": "reinforce", "dice": dice}
    assert len(state["seats"][1]["hand"]) == held + scrolls
    assert state["units"]["lead-1"]["shields"] == shield
    assert not C.row_dice(state, "reinforcement")


# -- fights --------------------------------------------------------------------------------------

def _you_attack_its_leader(boost_faces=(), play=None, deck="extra_strength"):
    """Your chicken next to its base attacks its leader Gizzard (armor 4, +2 on its base); its
    pile, bottom to top: Stone Skin, Extra Strength, Ambush, Battle Hymn; `deck` on the deck."""
    state = solo()
    P.actions_step(state, 0)
    P.banner(state, 0, list(boost_faces))
    hen = your_chicken(state, "-1,2")
    empty_your_hand(state)
    if play:
        P.scroll(state, 0, play)
    its_hand(state, ["stone_skin", "extra_strength", "ambush", "battle_hymn"])
    top = on_top(state, deck)
    state = act(state, {"type": "attack", "unit": hen, "pay": "free"})
    state = act(state, {"type": "target", "unit": "lead-1"})
    for face in boost_faces:
        state = act(state, {"type": "boost", "face": face})
    if state["combat"]["stage"] == "dice":
        state = act(state, {"type": "done"})
    state, action = step(state)  # whoever attacks, it first plays the top card of the deck
    assert action == {"type": "challenger", "step": "deck_card"}
    assert state["combat"]["down"]["1"] == [top]
    if play:
        state = act(state, {"type": "play_scroll", "card": state["seats"][0]["hand"][0]})
        if GAME.to_act(state) == [0]:
            state = act(state, {"type": "pass"})
    assert GAME.to_act(state) == [1] and state["combat"]["solo"] == "hand"
    return state


def test_no_scrolls_in_vain():
    state = _you_attack_its_leader()  # strength 1 against armor 6, and you played nothing
    _, action = step(state)
    assert action == {"type": "challenger", "step": "hand_cards", "count": 0, "in_vain": True}
    assert "no scrolls in vain" in render(GAME.describe_action(state, 1, action))
    played = _you_attack_its_leader(play="extra_strength")  # you played a scroll: it answers
    _, action = step(played)
    assert action == {"type": "challenger", "step": "hand_cards", "count": 2}
    strong = _you_attack_its_leader(boost_faces=("3", "3"))  # strength 7 against armor 6
    _, action = step(strong)
    assert action == {"type": "challenger", "step": "hand_cards", "count": 2}


def test_it_reads_a_plus_one_card_as_one_and_a_plus_three_card_as_three_on_the_right_stat():
    assert [F.reading(cards.by_key("scroll", k)[0]) for k in
            ("battle_hymn", "ambush", "extra_strength", "oiled_gears", "heroic_charge", "change_now", "trenches",
             "iron_discipline", "flying_rock", "hurricane")] == [1, 3, 2, 3, 4, 1, 2, 1, 1, 1]
    state = _you_attack_its_leader(boost_faces=("3", "3"))
    held = len(state["seats"][1]["hand"])
    played = state["seats"][1]["hand"][-2:] + state["combat"]["down"]["1"]
    state, _ = step(state)  # it plays the top two of its pile: Ambush and Battle Hymn
    events = " ".join(render(e) for e in state["events"])
    # Defending, "+3 strength for the attacker" (Ambush) adds 3 to its armor; Extra Strength
    # (+2 strength) adds 2; Battle Hymn (+1) adds 1: Gizzard 4 + base 2 + 2 + 3 + 1.
    assert "reads its scrolls: Extra Strength +2, Ambush +3, Battle Hymn +1" in events
    assert "Strength 7 against armor 12" in events
    assert len(state["seats"][1]["hand"]) == held - 2 + 1  # Battle Hymn draws it a scroll afterwards
    assert set(played) <= set(state["decks"]["scroll_discard"])


def test_a_plus_three_card_adds_three_to_its_strength_when_it_attacks():
    state = solo(its_dice=["chicken"] * 5)
    golem = P.challenger_machine(state, "rock_golem", "0,-2")  # next to your leader on your base
    empty_your_hand(state)
    its_hand(state, ["battle_hymn", "stone_skin"])  # it plays the top one: Stone Skin, +2 armor
    cid = on_top(state, "ambush")
    state, action = step(state)
    assert action["unit"] == golem and action["target"] == "lead-0"
    state, _ = step(state)  # the deck card: Ambush
    assert state["combat"]["down"]["1"] == [cid]
    state, _ = step(state)  # you hold no scroll; it plays 1 of its 2
    # Rock Golem 5 + Ambush 3 + Stone Skin 2 (an armor card: strength for it) against Dusty 4 + 2
    assert "Strength 10 against armor 6" in " ".join(render(e) for e in state["events"])
    assert state["seats"][0]["tags"] == [1] and GAME.outcome(state)["winners"] == [1]


def test_its_played_scrolls_are_all_discarded_strategies_too_and_it_ignores_its_leaders_ability():
    state = solo(it="gizzard", stage="command", its_dice=["claw", "claw", "claw", "1", "1"])
    state["stack"][0]["pair"] = "top"
    state["units"]["lead-1"]["hex"] = "0,-2"  # Gizzard next to your leader
    empty_your_hand(state)
    trenches = its_hand(state, ["battle_hymn", "trenches", "trenches"])
    change = on_top(state, "change_now")
    state, action = step(state)
    assert (action["unit"], action["do"], action["target"]) == ("lead-1", "fight", "lead-0")
    state, _ = step(state)
    state, _ = step(state)
    # Gizzard 4 (his +2 when attacking is a leader ability: it never uses it) + Change Now! 1
    # (any other card adds 1, and its effect is ignored) + Trenches 2
    assert "Strength 7 against armor 6" in " ".join(render(e) for e in state["events"])
    assert not state["seats"][1]["strategies"]
    assert {change, trenches[2]} <= set(state["decks"]["scroll_discard"])
    assert P.solo(0, "solo", "abigail", "keekmee")["units"]["lead-0"]["shields"] == 1
    assert P.solo(0, "solo", "dusty", "abigail")["units"]["lead-1"]["shields"] == 0


def test_catastrophes_it_draws_do_nothing():
    state = solo(stage="draw")
    on_top(state, "earthquake")
    lava = sorted(k for k, t in state["island"]["tiles"].items() if t["kind"] == "lava")
    state, _ = step(state)
    assert not state["cats"] and state["cat"] is None
    assert any(cards.card(c)["key"] == "earthquake" for c in state["seats"][1]["hand"])
    assert sorted(k for k, t in state["island"]["tiles"].items() if t["kind"] == "lava") == lava
    assert "earthquake" not in " ".join(render(e) for e in state["events"]).lower()


# -- the priority hex ----------------------------------------------------------------------------

def test_priority_hex_places_its_machines_and_breaks_move_ties():
    state = solo(stage="opening")
    P.stock(state, ["twig_soldier", "rock_golem", "ram_car", "iron_golem"])
    new, action = step(state)
    # Its territory touches its base at NW (direction 4) and NE (direction 5).
    assert cards.card(action["card"])["key"] == "iron_golem" and action["hex"] == "-1,2"  # direction 4
    your_chicken(state, "-1,2")
    _, action = step(state)
    assert action["hex"] == "0,2"  # direction 4 is taken: direction 5
    # Seen from the other base, direction 1 turns round: it builds on the other side.
    flipped = solo(stage="opening", base=1)
    assert flipped["seats"][1]["base"] == "1,-3"
    P.stock(flipped, ["twig_soldier", "rock_golem", "ram_car", "iron_golem"])
    _, action = step(flipped)
    assert action["hex"] == "1,-2"
    # A golem at -1,2 has two equally short ways toward your leader: NW (4) before NE (5).
    golem = P.challenger_machine(new, "rock_golem", "-1,2")
    assert C.move_to(new, new["units"][golem]) == "-1,1"


def test_priority_hex_takes_its_leader_out_of_the_lava():
    state = solo()
    P.actions_step(state, 0)
    state["units"]["lead-1"]["hex"] = "-1,0"  # a neutral hex
    empty_your_hand(state)
    P.scroll(state, 0, "lava_trap")
    state = act(state, {"type": "play_scroll", "card": state["seats"][0]["hand"][0]})
    state = act(state, {"type": "lava_trap", "hex": "-1,0"})
    assert state["units"]["lead-1"]["hex"] == "-1,1"  # direction 1 (SE); NW, direction 4, is lava
    assert GAME.to_act(state) == [0]


# -- the stock -----------------------------------------------------------------------------------

def test_stock_reshuffles_when_every_card_has_speed_zero():
    state = solo(stage="build", its_dice=["chicken"])
    P.stock(state, ["spiked_cannon", "twig_soldier", "watch_tower", "boulder_cannon"])
    tower = next(c for c in cards.by_key("machine", "archer_tower") if c in state["decks"]["machine"])
    state["decks"]["machine"].remove(tower)
    state["decks"]["machine"].append(tower)  # the next card dealt cannot move either
    state, action = step(state)
    assert cards.card(action["card"])["key"] == "twig_soldier"
    assert any(cards.card(c)["speed"] >= 1 for c in state["decks"]["stock"])
    assert len(state["decks"]["stock"]) == 4
    assert any("shuffled into the machine deck" in render(e) for e in state["events"])


def test_with_no_walker_left_in_the_deck_the_discard_is_shuffled_in_too():
    """D-S2: the print reshuffles the stock into the deck until a card can move; when none in
    the deck can, the discard joins it (else every walker stays in the discard for good)."""
    state = solo(stage="build", its_dice=["chicken"])
    P.stock(state, ["spiked_cannon", "twig_soldier", "watch_tower", "boulder_cannon"])
    decks = state["decks"]
    rest = decks["machine"] + decks["machine_discard"]
    decks["machine"] = [c for c in rest if cards.card(c)["speed"] == 0]
    decks["machine_discard"] = [c for c in rest if cards.card(c)["speed"] >= 1]

    def cards_held(s):
        built = [u["card"] for u in s["units"].values() if u["kind"] == "machine"]
        return sorted(s["decks"]["machine"] + s["decks"]["machine_discard"] + s["decks"]["stock"] + built)

    before = cards_held(state)
    state, action = step(state)
    assert cards.card(action["card"])["key"] == "twig_soldier"
    assert any(cards.card(c)["speed"] >= 1 for c in state["decks"]["stock"])
    assert len(state["decks"]["stock"]) == 4 and state["decks"]["machine_discard"] == []
    assert cards_held(state) == before
