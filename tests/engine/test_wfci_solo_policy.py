"""The skirmisher as you against the Challenger (engine/wfci/skirmisher/solo.py): it closes the
screen around its base when a machine comes near, keeps its leader on the base, strikes the
Challenger's leader when the odds are good and declines the strike when its hand makes it
hopeless. Constructed positions on the Long bay (the real starter island); on an island cut in
two by lava, test_wfci_solo_cut.py."""

from engine.wfci import bots
from engine.wfci import positions as P
from engine.wfci.skirmisher import odds, rolls, siege, solo, stand
from engine.wfci.state import distance
from tests.engine.wfci_solo_positions import GAME, our_actions_step, play_our_actions


def test_a_machine_coming_near_makes_it_close_the_screen_and_the_leader_stays_home():
    state = our_actions_step()
    base = state["seats"][0]["base"]
    ring = solo.screen(state, 0)
    assert ring and solo.holes(state, 0) == []  # nothing of the Challenger's near: no hurry
    P.challenger_machine(state, "rock_golem", "-1,-1")  # two steps from the screen
    assert set(solo.holes(state, 0)) == set(ring)
    state, _ = play_our_actions(state)
    assert state["units"]["lead-0"]["hex"] == base
    assert all(solo.mine_at(state, 0, k) for k in ring)

def strike_position(its_hand: int, faces: list[str], ours: str):
    """Our machine next to the Challenger's leader on its base; it holds `its_hand` scrolls."""
    state = our_actions_step()
    P.machine(state, 0, ours, "-7,8")
    P.banner(state, 0, faces)
    deck = state["decks"]["scroll"]
    state["seats"][1]["hand"] = [deck.pop() for _ in range(its_hand)]
    return state

def test_it_declines_a_hopeless_strike_on_the_challengers_leader():
    state = strike_position(16, [], "rock_soldier")  # 2 against armor 6 and nine of its cards
    assert odds.strike_odds(state, 0, state["units"]["m1"], state["units"]["lead-1"]) < odds.STRIKE_ODDS
    _, chosen = play_our_actions(state)
    assert {"type": "target", "unit": "lead-1"} not in chosen

def test_it_strikes_when_the_odds_are_good():
    state = strike_position(0, ["3", "3", "3"], "iron_golem")  # 6 + 9 against 6 and its deck card
    assert odds.strike_odds(state, 0, state["units"]["m1"], state["units"]["lead-1"]) > 0.99
    state, chosen = play_our_actions(state)
    assert chosen[0]["type"] == "attack" and chosen[0]["unit"] == "m1"
    assert {"type": "target", "unit": "lead-1"} in chosen
    assert state["result"]["winners"] == [0]

def test_the_chance_against_its_cards():
    assert odds.at_most(0, 0) == 1.0
    assert odds.at_most(1, 0) == 0.0
    assert abs(odds.at_most(2, 8) - 1) < 1e-9  # each card reads +4 at most
    assert 0 < odds.at_most(2, 3) < 1

def test_the_siege_sets_off_from_the_screen_and_the_chickens_stay():
    """Three machines that can walk, nothing of the Challenger's near: the machines on the
    screen march on its leader (siege.py); the chickens with them stay behind."""
    state = our_actions_step()
    ring = solo.screen(state, 0)
    P.machine(state, 0, "rock_soldier", ring[0])
    P.machine(state, 0, "rock_soldier", ring[0])
    P.machine(state, 0, "ram_car", ring[1])
    hens = [u for u in state["units"].values() if u["owner"] == 0 and u["kind"] == "chicken"]
    for hen, k in zip(hens, ring):  # from the base to the screen
        hen["hex"] = k
    P.banner(state, 0, ["claw", "claw"])
    assert siege.on(state, 0) and solo.holes(state, 0) == []
    goal = state["units"]["lead-1"]["hex"]
    before = {u["id"]: distance(u["hex"], goal) for u in state["units"].values() if u["kind"] == "machine"}
    state, _ = play_our_actions(state)
    moved = [u for u in state["units"].values() if u["id"] in before and distance(u["hex"], goal) < before[u["id"]]]
    assert moved and all(u["hex"] not in ring for u in moved)
    home = set(ring) | {state["seats"][0]["base"]}  # the chickens stay (or go home: the gate opens)
    assert all(u["hex"] in home for u in state["units"].values() if u["owner"] == 0 and u["kind"] == "chicken")

def test_the_siege_strikes_its_leader_to_wear_its_hand_down_and_keeps_the_scrolls():
    """Our strength reaches its armor before any card (6 against 6), so it must answer with
    half its hand, but its 16 scrolls make a tag unlikely: we strike all the same and keep our
    scroll for a strike with better odds."""
    state = strike_position(16, ["claw"], "iron_golem")
    ours = P.scroll(state, 0, "extra_strength")
    golem, leader = state["units"]["m1"], state["units"]["lead-1"]
    assert odds.strike_odds(state, 0, golem, leader) < odds.STRIKE_ODDS
    assert siege.reaches_armor(state, 0, golem, leader)
    hand = len(state["seats"][1]["hand"])
    state, chosen = play_our_actions(state)
    assert (state["last_fight"] or {}).get("defender", {}).get("unit") == "lead-1"
    assert ours in state["seats"][0]["hand"]
    assert len(state["seats"][1]["hand"]) <= hand - 8  # half its hand went into the fight

def test_no_siege_strike_that_its_armor_would_spare_it_from_answering():
    """A rock soldier (2) against its armor 6 with no dice: it would answer with no scrolls at
    all ("no scrolls in vain"), so the strike wears nothing down and is not made."""
    state = strike_position(16, [], "rock_soldier")
    golem, leader = state["units"]["m1"], state["units"]["lead-1"]
    assert not siege.reaches_armor(state, 0, golem, leader)
    assert siege.strike(state, 0, GAME.legal_actions(state, 0)) is None

def test_in_solo_it_builds_only_machines_that_can_walk_and_deals_a_new_stock():
    """Towers and cannons never reach its leader: with only those in the stock it builds
    nothing and spends a star on a new stock (the Challenger takes every walker it can)."""
    state = our_actions_step()
    P.stock(state, ["watch_tower", "shield_tower", "archer_tower", "spiked_cannon"])
    P.resources(state, 0, wood=3, stone=3, metal=3)
    P.banner(state, 0, ["star"])
    state, chosen = play_our_actions(state)
    assert chosen[0] == {"type": "star", "ability": "stock"}
    built = [a for a in chosen if a["type"] == "build"]
    assert all(P.cards.card(a["card"])["speed"] >= 1 for a in built)

def test_the_siege_strips_its_leaders_shields_with_a_flying_rock_first():
    state = strike_position(16, ["claw"], "iron_golem")
    leader = state["units"]["lead-1"]
    leader["shields"], state["supply"]["shields"] = 5, state["supply"]["shields"] - 5
    rock = P.scroll(state, 0, "flying_rock")
    state, chosen = play_our_actions(state)
    assert {"type": "play_scroll", "card": rock} in chosen
    assert {"type": "hit", "unit": "lead-1"} in chosen

def reroll_step(walker: bool):
    """Our reroll step after the roll: a 1, a Chicken, a Star, a Claw and a 3 on the banner,
    3 wood, 1 stone and no metal; a machine of ours that can walk, or none."""
    state = our_actions_step()
    state["stack"][0]["step"] = "reroll"
    if walker:
        P.machine(state, 0, "rock_soldier", solo.screen(state, 0)[0])
    P.banner(state, 0, ["1", "chicken", "star", "claw", "3"])
    P.resources(state, 0, wood=3, stone=1, metal=0)
    return state

def test_with_a_walker_it_buys_a_reroll_of_the_faces_a_strike_cannot_use():
    state = reroll_step(walker=True)
    faces = {d["id"]: d["face"] for d in state["seats"][0]["banner"]}
    for _ in range(10):
        action = bots.bot_action(state, 0, "skirmisher")
        if action["type"] != "toggle_die":
            break
        state = GAME.apply(state, 0, action)
    assert {faces[d] for d in state["stack"][0]["selected"]} == {"1", "chicken", "star"}
    assert action == {"type": "reroll", "pay": ["wood", "wood"]}  # the stone is the scarcer
    state = GAME.apply(state, 0, action)
    assert state["stack"][0]["step"] == "actions" and state["seats"][0]["res"]["wood"] == 1
    kept = {d["id"]: d["face"] for d in state["seats"][0]["banner"] if faces[d["id"]] in ("claw", "3")}
    assert sorted(kept.values()) == ["3", "claw"]  # the dice it liked are not rolled again

def test_before_it_has_a_walker_its_resources_build_one():
    state = reroll_step(walker=False)
    assert bots.bot_action(state, 0, "skirmisher") == {"type": "keep"}

def test_solo_has_no_round_limit_so_late_on_the_skirmisher_stops_waiting():
    """The print sets no round limit in solo, and a game must end: from the last stand's round
    on, the skirmisher strikes its leader whatever the odds, and its units leave the screen and
    march on its leader (stand.py); from ALL_IN on, its leader goes too."""
    hopeless = strike_position(16, [], "twig_soldier")
    assert GAME.bot_action(hopeless, 0, "skirmisher")["type"] != "attack"  # before: declined
    hopeless["round"] = stand.START
    action = GAME.bot_action(hopeless, 0, "skirmisher")
    assert action["type"] == "attack" and action["unit"] in hopeless["units"]
    state = our_actions_step()
    base = state["seats"][0]["base"]
    P.challenger_machine(state, "rock_golem", "-1,-1")
    P.banner(state, 0, ["claw", "claw"])
    state["round"] = stand.START
    state, _ = play_our_actions(state)
    ours = [u for u in state["units"].values() if u["owner"] == 0 and u["kind"] != "leader"]
    assert state["units"]["lead-0"]["hex"] == base
    walk = solo.judge.walk_to(state, state["units"]["lead-1"]["hex"])
    assert min(walk.get(u["hex"], 99) for u in ours) < min(walk[k] for k in solo.screen(state, 0))
    state = our_actions_step()
    P.banner(state, 0, ["claw", "claw"])
    state["round"] = stand.ALL_IN
    state, _ = play_our_actions(state)
    assert state["units"]["lead-0"]["hex"] != base

def test_in_the_last_stand_a_fight_on_its_machines_gets_our_dice_and_scrolls():
    """Classic solo, seed 12 (Long bay), froze for 90 rounds: our Ram Car (strength 7 with its
    +1 dice) next to its Magma Golem (armor 5) at the neck of its territory attacked it every
    turn with the free action and lost to its three +1 cards, holding a +2 and a +3 die and 54
    scrolls kept for a strike on its leader that could never come. In the last stand there is
    no better fight to wait for: the dice and the helpful scrolls go into this one."""
    state = our_actions_step()
    P.resources(state, 0, wood=0, stone=0, metal=0)
    ours = P.machine(state, 0, "iron_golem", "-5,8")  # strength 6: no die needed against armor 5
    its = P.challenger_machine(state, "rock_golem", "-6,8")
    P.banner(state, 0, ["2", "3"])
    extra = P.scroll(state, 0, "extra_strength")
    state["round"] = stand.START
    state, chosen = play_our_actions(state)
    assert {"type": "attack", "unit": ours, "pay": "free"} in chosen
    assert {"type": "target", "unit": its} in chosen or its not in state["units"]
    assert {"type": "boost", "face": "3"} in chosen
    assert {"type": "play_scroll", "card": extra} in chosen

def gate_position():
    """Classic solo's stall on the Long bay (seeds 4, 30, 52, 60, 63, 71, 87 before the gate):
    its Mud Golem on the gate of its territory (the hex past the neck), the rest of its units
    behind it, our weak machine in front of it, and its hand full. Its guard is late in its
    activation order, so its Command dice never reach it, and nothing of its has a way to our
    leader while ours bars the gate."""
    state = our_actions_step()
    P.resources(state, 0, wood=0, stone=0, metal=0)
    ours = P.machine(state, 0, "twig_soldier", "-5,8")
    P.challenger_machine(state, "rock_golem", "-7,8")
    P.challenger_machine(state, "rock_golem", "-7,9")
    guard = P.challenger_machine(state, "mud_golem", "-6,8")
    deck = state["decks"]["scroll"]
    state["seats"][1]["hand"] = [deck.pop() for _ in range(16)]
    P.banner(state, 0, [])
    state["round"] = stand.ALL_IN
    return state, ours, guard

def test_late_on_with_no_fair_fight_it_opens_the_gate_of_its_territory():
    state, ours, guard = gate_position()
    chance = lambda u, t: odds.strike_odds(state, 0, u, t)  # noqa: E731
    assert not stand.its_way(state) and stand.hopeless(state, 0, chance)
    state, chosen = play_our_actions(state)
    assert {"type": "target", "unit": guard} not in chosen  # no hopeless fight on its guard
    assert state["units"][ours]["hex"] != "-5,8" and stand.its_way(state)

def test_with_a_fair_fight_or_before_the_leader_goes_the_gate_stays_as_it_is():
    state, ours, guard = gate_position()
    state["round"] = stand.ALL_IN - 1
    assert GAME.bot_action(state, 0, "skirmisher") == {"type": "attack", "unit": ours, "pay": "free"}
    state, ours, guard = gate_position()
    state["seats"][1]["hand"] = []
    P.banner(state, 0, ["3", "3", "3"])  # 2 + 9 against armor 6 and its deck card
    assert not stand.hopeless(state, 0, lambda u, t: odds.strike_odds(state, 0, u, t))
    assert GAME.bot_action(state, 0, "skirmisher") == {"type": "attack", "unit": ours, "pay": "free"}

def test_in_the_last_stand_no_die_goes_on_a_unit():
    """A die put on a unit as a +1 stays there until the unit is destroyed: in the last stand
    it is a move or a fight less every turn, and with all five on units we had only the free
    action, one fight a turn, until the turn limit. So the 1 stays on the banner."""
    state = our_actions_step()
    P.machine(state, 0, "ram_car", "-3,-1")
    P.banner(state, 0, ["1"])
    state["round"] = stand.START
    state, chosen = play_our_actions(state)
    assert not [a for a in chosen if a["type"] == "plus_one"]
    state = our_actions_step()
    P.machine(state, 0, "ram_car", "-3,-1")
    P.banner(state, 0, ["1"])
    state, chosen = play_our_actions(state)  # before the last stand it still goes on the car
    assert [a for a in chosen if a["type"] == "plus_one"]

def test_in_the_last_stand_the_plus_one_dice_on_our_units_are_rolled_again():
    """A +1 die put on a unit before the last stand stays there for good unless it is recalled
    at a roll: in the last stand it is one action less every turn (random-island classic seeds
    1 and 34 had four of five dice on units, one fight a turn, until the turn limit), so every
    one comes back to be rolled. Before the last stand it stays."""
    state = our_actions_step()
    car = P.machine(state, 0, "ram_car", "-3,-1")
    P.banner(state, 0, ["claw"])
    plus = state["seats"][0]["spent"].pop()
    state["units"][car]["dice"] = [plus]
    assert plus not in rolls.rerolls(state, 0)
    state["round"] = stand.START
    assert plus in rolls.rerolls(state, 0)
    assert not {d["id"] for d in state["seats"][0]["banner"]} & rolls.rerolls(state, 0)  # the Claw stays
