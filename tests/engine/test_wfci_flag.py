"""Capture the flag (2nd ed. "Mode capture de drapeau"), with constructed positions: no leaders,
the flags planted at setup, carried, taken in fights, dropped by ranged hits, catastrophes,
lava and pilots, picked up by entering their hex, and the win by bringing one home (D-11 … D-16,
docs/wfci-variants.md). Then random playouts through the shared checker and bot games."""

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import engine
from engine import IllegalAction
from engine.messages import render, translated
from engine.testing import playout, random_chooser
from engine.wfci import audit, bots, cards, expert, flag, positions as P, turn

GAME = engine.get_game("wfci")
FLAG = {"variants": ["flag"]}
# The Face-off island (positions.LAYOUT): Red (seat 0) holds B1, Blue (seat 1) B2.
RED_BASE, BLUE_BASE = "1,-3", "-1,3"


def act(state, action):
    return GAME.apply(state, GAME.to_act(state)[0], action)


def legal(state):
    return GAME.legal_actions(state, GAME.to_act(state)[0])


def board(players=2, preset="standard"):
    """An empty island, both flags lying on their bases, Red in its Take-actions step with no
    dice and hands that cannot be played in a fight (so nobody is asked in the card rounds)."""
    state = P.board(players, {**FLAG, "preset": preset})
    for f in state["flags"]:
        f["unit"], f["hex"] = None, state["seats"][f["seat"]]["base"]
    return state


def carry(state, seat, unit):
    """Put `seat`'s flag on a unit."""
    f = flag.owner_flag(state, seat)
    f["unit"], f["hex"] = unit, None


def fight(state, attacker, defender):
    state = act(state, {"type": "attack", "unit": attacker, "pay": "free"})
    state = act(state, {"type": "target", "unit": defender})
    while state["combat"]:
        state = act(state, {"type": "pass"} if {"type": "pass"} in legal(state) else {"type": "done"})
    return state


def move(state, start, *hexes, pay="free"):
    state = act(state, {"type": "move", "hex": start, "pay": pay})
    for h in hexes:
        state = act(state, {"type": "move_to", "hex": h})
    if state["stack"][-1]["kind"] == "move":
        state = act(state, {"type": "end_move"})
    return state


def flags(state):
    return {f["seat"]: (f["unit"], f["hex"]) for f in state["flags"]}


# -- set-up ----------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_leaders_and_a_flag_on_a_chicken_in_each_base(players):
    state = GAME.setup(4, players, FLAG)
    assert {f["kind"] for f in state["stack"]} == {"turn", "claim_base"}  # nobody chooses a leader
    assert len(state["decks"]["leader_box"]) == 9
    while state["stack"][-1]["kind"] == "claim_base":
        state = act(state, legal(state)[0])
    for s in state["seats"]:
        assert s["leader"] is None and s["leader_options"] == [] and s["tags_left"] == 2  # the flag is a tag
        f = flag.owner_flag(state, s["seat"])
        assert f["unit"] == f"hen-{s['seat']}-1" and state["units"][f["unit"]]["hex"] == s["base"]
    assert not any(u["kind"] == "leader" for u in state["units"].values())
    assert audit.problems(state) == []
    view = GAME.view(state, None)
    assert [f["seat"] for f in view["flags"]] == list(range(players))
    assert all(f["carrier_owner"] == f["seat"] and f["hex"] == state["seats"][f["seat"]]["base"] for f in view["flags"])
    assert view["units"][0]["flags"] in ([], [0])


def test_flag_refuses_hardcore_solo_and_teams():
    with pytest.raises(IllegalAction, match="no leaders"):
        GAME.setup(1, 2, {"variants": ["flag", "hardcore"]})
    with pytest.raises(IllegalAction, match="solo"):
        GAME.setup(1, 2, {"mode": "solo", "variants": ["flag"]})
    with pytest.raises(IllegalAction, match="choose one"):
        GAME.setup(1, 4, {"variants": ["teams", "flag"]})


def test_reroll_and_retrieve_without_a_leader():
    state = P.started(2, 0, FLAG)
    assert turn.reroll_cost(state, 0) == 2
    assert GAME.record_label(state, 0) is None


def test_five_stars_do_nothing():
    state = board()
    P.banner(state, 0, ["star"] * 5)
    P.chicken(state, 0, "1,-1")
    stars = [a for a in legal(state) if a["type"] == "star"]
    assert stars and not any(a["ability"] == "untag" for a in stars)


# -- fights ------------------------------------------------------------------------------------

def test_destroying_the_carrier_next_to_it_gives_the_attacker_its_flag():
    state = board()
    soldier = P.machine(state, 0, "rock_soldier", "1,-1")
    hen = P.chicken(state, 1, "1,0")
    carry(state, 1, hen)
    state = fight(state, soldier, hen)  # strength 2 against armor 2
    assert hen not in state["units"]
    assert flags(state)[1] == (soldier, None)
    assert GAME.view(state, 0)["units"][[u["id"] for u in GAME.view(state, 0)["units"]].index(soldier)]["flags"] == [1]
    assert any("takes Blue's flag" in line for line in GAME.view(state, 0)["events"])
    assert audit.problems(state) == []


def test_destroying_a_unit_banded_with_the_carrier_takes_the_flag_too():
    state = board()
    soldier = P.machine(state, 0, "rock_soldier", "1,-1")
    carrier = P.machine(state, 1, "iron_soldier", "1,0")  # armor 3: out of reach
    hen = P.chicken(state, 1, "1,0")
    carry(state, 1, carrier)
    state = fight(state, soldier, hen)
    assert carrier in state["units"] and hen not in state["units"]
    assert flags(state)[1] == (soldier, None)


def test_a_ranged_fight_drops_the_flag_on_the_carriers_hex():
    state = board()
    cannon = P.machine(state, 0, "spiked_cannon", "1,-1")
    hen = P.chicken(state, 1, "0,1")  # two hexes away, across the lava
    carry(state, 1, hen)
    state = fight(state, cannon, hen)
    assert hen not in state["units"]
    assert flags(state)[1] == (None, "0,1")
    assert any("flag falls at 0,1" in line for line in GAME.view(state, 1)["events"])
    assert GAME.view(state, 0)["flags"][1] == {"seat": 1, "unit": None, "hex": "0,1", "carrier": None,
                                               "carrier_owner": None}


def test_a_ranged_fight_leaves_the_flag_with_the_carriers_stack():
    """D-12/D-13: the carrier's stack-mate takes the flag that fell on its hex; killing a mate
    from afar takes nothing."""
    state = board()
    cannon = P.machine(state, 0, "spiked_cannon", "1,-1")
    hen, mate = P.chicken(state, 1, "0,1"), P.chicken(state, 1, "0,1")
    carry(state, 1, hen)
    state = fight(state, cannon, hen)
    assert flags(state)[1] == (mate, None)
    P.actions_step(state, 0)
    state["stack"][0]["free"] = True
    other = P.chicken(state, 1, "0,1")
    state = fight(state, cannon, other)
    assert flags(state)[1] == (mate, None)


# -- catastrophes, lava, pilots ------------------------------------------------------------------

def test_an_eruption_drops_the_flag_where_its_carrier_stood():
    state = board()
    hen = P.chicken(state, 1, "1,0")  # next to the lava at 1,1 and 0,0
    carry(state, 1, hen)
    state["cats"].append({"card": next(c for c in cards.by_key("scroll", "eruption") if c in state["decks"]["scroll"]),
                          "seat": 0})
    state["decks"]["scroll"].remove(state["cats"][0]["card"])
    state = act(state, {"type": "end_actions"})  # the catastrophe waiting in `cats` resolves
    state = act(state, {"type": "erupt", "hex": "1,1"})
    assert hen not in state["units"]
    assert flags(state)[1] == (None, "1,0")


def test_lava_under_the_carrier_leaves_the_flag_in_the_lava():
    state = board()
    hen = P.chicken(state, 1, "1,0")
    carry(state, 1, hen)
    P.scroll(state, 0, "lava_trap")
    state = act(state, {"type": "play_scroll", "card": state["seats"][0]["hand"][0]})
    state = act(state, {"type": "lava_trap", "hex": "1,0"})
    assert flags(state)[1] == (None, "1,0")
    assert audit.problems(state) == []


def test_a_carrier_taken_as_a_pilot_leaves_the_flag_on_its_hex():
    state = board()
    P.resources(state, 0, wood=3, stone=3, metal=3)
    hen = P.chicken(state, 0, "0,-1")
    carry(state, 1, hen)  # Red's chicken carries Blue's flag
    card = state["decks"]["stock"][0]
    state["decks"]["stock"][0] = next(c for c in cards.by_key("machine", "rock_soldier") if c in state["decks"]["machine"])
    state["decks"]["machine"].remove(state["decks"]["stock"][0])
    state["decks"]["machine"].append(card)
    P.resources(state, 0, wood=0, stone=0, metal=0)
    for r, n in cards.card(state["decks"]["stock"][0])["cost"].items():
        P.resources(state, 0, **{r: n})
    state = act(state, {"type": "build", "card": state["decks"]["stock"][0]})
    state = act(state, {"type": "pick_pilot", "unit": hen})
    state = act(state, {"type": "build_at", "hex": "1,-2"})
    assert flags(state)[1] == (None, "0,-1")
    assert any("flag falls at 0,-1" in line for line in GAME.view(state, 0)["events"])


# -- picking up, bringing home -------------------------------------------------------------------

def test_flags_a_unit_passing_through_a_loose_flag_takes_it():
    """"Lorsqu'une Unité entre sur un hexagone où se trouve un Drapeau seul, cette Unité prend
    le Drapeau" (1st ed. "enters"): on its way too, not only where it stops."""
    state = board()
    car = P.machine(state, 0, "chariot", "1,-1")  # speed 3
    flag.owner_flag(state, 1)["hex"] = "1,0"
    state = act(state, {"type": "move", "hex": "1,-1", "pay": "free"})
    state = act(state, {"type": "move_to", "hex": "0,1"})  # through 1,0 (0,0 is lava)
    assert flags(state)[1] == (car, None)
    assert any("picks up Blue's flag" in render(e) for e in state["events"])
    state = act(state, {"type": "move_to", "hex": "-1,1"})  # the move goes on with the flag
    assert flags(state)[1] == (car, None) and state["units"][car]["hex"] == "-1,1"
    assert not audit.problems(state)


def test_flags_of_two_equally_short_ways_the_move_takes_the_one_with_the_flag():
    """D-12: a move can go several equally short ways; it goes the one that crosses a flag."""
    for lying in ("1,-2", "0,-1"):
        state = board()
        soldier = P.machine(state, 0, "rock_soldier", "0,-2")  # speed 2; to 1,-1 via 1,-2 or 0,-1
        flag.owner_flag(state, 1)["hex"] = lying
        state = move(state, "0,-2", "1,-1")
        assert flags(state)[1] == (soldier, None), lying
    # A detour is not a way the move takes: it steps there itself if it wants the flag.
    state = board()
    soldier = P.machine(state, 0, "rock_soldier", "1,-2")
    flag.owner_flag(state, 1)["hex"] = "0,-2"
    state = move(state, "1,-2", "1,-1")
    assert flags(state)[1] == (None, "0,-2")


def test_a_unit_that_can_bring_a_flag_home_takes_it_first_then_the_toughest():
    """D-12: standard bases keep machines out, so of a chicken and a soldier the chicken takes
    the flag (it can bring it home); classic bases are open to anyone: the toughest takes it."""
    for preset, taker in (("standard", "chicken"), ("classic", "machine")):
        state = board(preset=preset)
        hen = P.chicken(state, 0, "1,-1")
        soldier = P.machine(state, 0, "iron_soldier", "1,-1")  # armor 3 beats a chicken's 2
        flag.owner_flag(state, 1)["hex"] = "1,0"
        state = move(state, "1,-1", "1,0")
        assert flags(state)[1] == ({"chicken": hen, "machine": soldier}[taker], None), preset


def test_flags_base_entry_follows_the_normal_rule_with_or_without_a_flag():
    """"Vos Machines ainsi que les Unités adverses ne peuvent pas entrer dans votre Base": a
    machine carrying an opponent's flag stays out of its own base (standard); a chicken
    carrying it walks in and wins."""
    state = board()
    soldier = P.machine(state, 0, "rock_soldier", "1,-2")
    carry(state, 1, soldier)
    state = act(state, {"type": "move", "hex": "1,-2", "pay": "free"})
    assert {"type": "move_to", "hex": RED_BASE} not in legal(state)
    state = act(state, {"type": "cancel"})
    hen = P.chicken(state, 0, "0,-2")
    carry(state, 1, hen)
    state = move(state, "0,-2", RED_BASE)
    assert GAME.outcome(state) == {"winners": [0], "losers": [1], "reason": "Red brought Blue's flag home",
                                   "placement": [[0], [1]]}
    assert GAME.to_act(state) == [] and "Red brings Blue's flag home and wins!" in GAME.view(state, 1)["events"]
    assert soldier in state["units"]
    # Classic bases are open to anyone: there the machine brings it home.
    state = board(preset="classic")
    soldier = P.machine(state, 0, "rock_soldier", "1,-2")
    carry(state, 1, soldier)
    state = act(state, {"type": "move", "hex": "1,-2", "pay": "free"})
    state = act(state, {"type": "move_to", "hex": RED_BASE})
    assert GAME.outcome(state)["winners"] == [0]


def test_bringing_your_own_flag_home_wins_nothing():
    state = board()
    hen = P.chicken(state, 0, "1,-2")
    carry(state, 0, hen)
    state = move(state, "1,-2", RED_BASE)
    assert GAME.outcome(state) is None and flags(state)[0] == (hen, None)


def test_taking_a_flag_while_standing_on_your_base_wins():
    state = board()
    hen = P.chicken(state, 0, RED_BASE)
    flag.owner_flag(state, 0)["unit"], flag.owner_flag(state, 0)["hex"] = hen, None
    P.banner(state, 0, ["3"])
    raider = P.chicken(state, 1, "1,-2")
    carry(state, 1, raider)
    state = act(state, {"type": "attack", "unit": hen, "pay": "free"})
    state = act(state, {"type": "target", "unit": raider})
    state = act(state, {"type": "boost", "face": "3"})
    assert GAME.outcome(state)["winners"] == [0]
    assert flags(state)[1] == (hen, None)


def test_a_chicken_retrieved_home_picks_up_the_flag_lying_there():
    state = board()
    assert flags(state)[0] == (None, RED_BASE)
    state = act(state, {"type": "retrieve", "pay": "free"})
    state = act(state, {"type": "take", "what": "chicken"})
    assert flags(state)[0][0] in state["units"] and state["units"][flags(state)[0][0]]["hex"] == RED_BASE


def test_flags_a_loose_flag_opens_no_base_expert_opens_enemy_bases():
    """A flag lying on Blue's base does not open it to Red (standard): only Blue's chickens may
    go and take it. Expert opens enemy bases to everyone ("une Base adverse")."""
    state = board()
    P.machine(state, 0, "chariot", "0,1")
    assert flags(state)[1] == (None, BLUE_BASE)
    state = act(state, {"type": "move", "hex": "0,1", "pay": "free"})
    assert {"type": "move_to", "hex": BLUE_BASE} not in legal(state)
    state = act(state, {"type": "cancel"})
    P.actions_step(state, 1)
    hen = P.chicken(state, 1, "-1,2")
    state = move(state, "-1,2", BLUE_BASE)
    assert flags(state)[1] == (hen, None)
    state = board(preset="expert")
    car = P.machine(state, 0, "chariot", "0,1")
    state = move(state, "0,1", BLUE_BASE)
    assert state["units"][car]["hex"] == BLUE_BASE and flags(state)[1] == (car, None)


def test_turn_limit_is_a_draw():
    state = board()
    state["round"] = 151
    from engine.wfci import victory
    victory.turn_limit(state)
    assert state["result"]["winners"] == [] and state["result"]["draw"] == [0, 1]


def test_flag_events_read_in_french():
    line = {"id": "wfci.event.flag_taken", "args": {"unit": {"id": "wfci.unit.chicken", "args": {
        "who": {"id": "wfci.colour.0", "args": {}}}}, "flag": {"id": "wfci.colour.1", "args": {}}}}
    assert render(line) == "Red's chicken takes Blue's flag"
    assert render(line, text_of=lambda i, a: translated(i, "fr"), language="fr") == "Le Poulet de Rouge prend le Drapeau de Bleu"


# -- the engine contract and the bots ------------------------------------------------------------

def conservation(game, state):
    problems = audit.problems(state)
    assert not problems, problems


@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**31), players=st.sampled_from([2, 3, 4]),
       preset=st.sampled_from(["standard", "classic", "expert"]))
def test_random_flag_playouts_keep_every_promise(seed, players, preset):
    playout(GAME, seed, players, options={**FLAG, "preset": preset}, choose=random_chooser(seed), max_steps=200,
            extra_check=conservation)


def test_skirmishers_capture_flags():
    for players, seed in ((2, 0), (3, 2), (4, 3)):
        state = GAME.setup(seed, players, FLAG)
        for _ in range(20000):
            if GAME.outcome(state):
                break
            seat = GAME.to_act(state)[0]
            state = GAME.apply(state, seat, bots.bot_action(state, seat, "skirmisher"))
        result = GAME.outcome(state)
        assert result and result["winners"] and "flag home" in result["reason"], (players, result)
        assert json.dumps(GAME.view(state, 0))


@pytest.mark.parametrize("seed", [42, 59])
def test_a_blocked_carrier_does_not_open_a_move_it_cancels(seed):
    """These 4-player deals once looped forever: the skirmisher opened a move for a stack carrying
    a flag, found no step home and cancelled, which refunds the move, then opened it again."""
    state = GAME.setup(seed, 4, FLAG)
    last = None
    for _ in range(20000):
        if GAME.outcome(state):
            break
        seat = GAME.to_act(state)[0]
        action = bots.bot_action(state, seat, "skirmisher")
        assert not (action["type"] == "cancel" and last and last["type"] == "move"), (state["round"], last)
        state, last = GAME.apply(state, seat, action), action
    assert GAME.outcome(state) is not None


def test_the_expert_bot_plays_a_flag_game():
    """A few of its decisions (with few rollouts, to stay quick): legal ones, and its score
    counts a flag taken."""
    state = P.started(2, 5, FLAG)
    for _ in range(6):
        seat = GAME.to_act(state)[0]
        action = expert.choose(state, seat, rollouts=4)
        assert action in GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, action)
    assert audit.problems(state) == []
    seat = state["stack"][0]["seat"]
    before = expert.score(state, seat)
    ours = next(u for u in state["units"].values() if u["owner"] == seat)
    carry(state, 1 - seat, ours["id"])
    assert expert.score(state, seat) > before
