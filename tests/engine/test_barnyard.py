"""Barnyard Generals engine: set-up, constructed positions for every rule, cards, Super Army."""

import json

import pytest

import engine
from engine import IllegalAction
from engine.barnyard import GAME
from engine.barnyard import board as B
from engine.barnyard.data import COMMANDS, PLANS, SUPPLY, TROOPS, card_kind
from engine.barnyard.state import ARMY
from engine.messages import english, ids_in, render


def placed(players=2, seed=1, factions=None):
    """A game just after every barn is placed (first legal site each time)."""
    options = {"factions": factions} if factions else {}
    state = GAME.setup(seed, players, options)
    while state["phase"] == "barn":
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


def grid(players=2, turn=0):
    """An all-grass 5x5 board: seat 0's barn at a1 (0), seat 1's at e5 (24), generals at home."""
    state = placed(players, factions=["chickens", "cows", "goats", "pigs"][:players])
    size = state["size"]
    state["tiles"] = ["grass"] * (size * size)
    barns = [0, size * size - 1, size - 1, size * (size - 1)][:players]
    for seat, sq in enumerate(barns):
        state["tiles"][sq] = f"barn:{seat}"
        state["barns"][seat] = sq
        for g in state["sides"][seat]["generals"]:
            g["sq"], g["units"] = sq, []
        state["sides"][seat]["hand"] = []
        state["sides"][seat]["resources"] = dict.fromkeys(state["supply"], 0)
    state["supply"] = dict.fromkeys(state["supply"], SUPPLY)
    state["deck"] = []
    state["turn"], state["first"], state["phase"] = turn, 0, "action"
    return state


def put(state, seat, p, sq, units=()):
    g = state["sides"][seat]["generals"][p]
    g["sq"] = sq
    for u in units:
        if u in TROOPS:
            state["pool"][u] -= 1
        else:
            state["sides"][seat]["reserve"].remove(u)
        g["units"].append(u)
    return g


def act(state, seat, *actions):
    for action in actions:
        state = GAME.apply(state, seat, action)
    return state


def moves(state, seat=0):
    return sorted(a["to"] for a in GAME.legal_actions(state, seat) if a["type"] == "move")


def give(state, seat, kind):
    """Hand `seat` a command card or battle plan of this kind."""
    ids = [f"cmd-{i:02d}" for i in range(24)] + [f"plan-{i}" for i in range(8)]
    card = next(c for c in ids if card_kind(c) == kind and all(
        c not in s["hand"] + s["plans"] for s in state["sides"]) and c not in state["played"])
    for pile in (state["deck"], state["plan_deck"]):
        if card in pile:
            pile.remove(card)
    (state["sides"][seat]["plans"] if card.startswith("plan") else state["sides"][seat]["hand"]).append(card)
    return card


def units(state, seat, p):
    g = state["sides"][seat]["army"] if p == ARMY else state["sides"][seat]["generals"][p]
    return None if g is None else g["units"]


# --- set-up -------------------------------------------------------------------------------------

def test_registered_with_protocol_basics():
    game = engine.get_game("barnyard")
    assert game is GAME and (game.min_players, game.max_players) == (2, 4)
    assert game.bots() == ["general", "random", "recruit", "marshal"] and game.default_bot() == "general"
    assert len(COMMANDS) * 2 == 24 and len(PLANS) == 8 and len(TROOPS) == 8


@pytest.mark.parametrize("players,grass", [(2, [0, 5]), (3, [0, 4, 4]), (4, [0, 2, 1, 3])])
def test_each_place_in_the_turn_order_starts_with_its_head_start(players, grass):
    """D-10, calibrated per player count so that every place wins within 5 points of an even
    share in self-play (docs/barnyard.md): the grass comes out of the supply."""
    for seed in (3, 4, 5):
        state = GAME.setup(seed, players, {})
        order = [(state["first"] + i) % players for i in range(players)]
        assert [state["sides"][seat]["resources"]["grass"] for seat in order] == grass
        assert state["supply"]["grass"] == SUPPLY - sum(grass)
        assert all(sum(side["resources"].values()) == side["resources"]["grass"] for side in state["sides"])


@pytest.mark.parametrize("players,start,final", [(2, 3, 5), (3, 3, 7), (4, 4, 8)])
def test_tiles_grid_and_barns(players, start, final):
    state = GAME.setup(3, players, {})
    assert state["size"] == final
    assert sum(t is not None for t in state["tiles"]) == start * start
    assert len(state["pile"]) + start * start + players == final * final  # D-1: tiles fill the grid exactly
    mix = B.tile_mix(players)
    resources = sum(t in ("hay", "corn", "carrot", "apple") for t in mix) / len(mix)
    assert 0.55 <= resources <= 0.65 and 0.2 <= mix.count("grass") / len(mix) <= 0.3
    sites = [a["to"] for a in GAME.legal_actions(state, GAME.to_act(state)[0])]
    for sq in sites:
        assert state["tiles"][sq] is None
        assert any(state["tiles"][n] is not None for n in B.orthogonal(sq, final))
        assert not any(state["tiles"][n] is not None for n in B.neighbours(sq, final) if n not in B.orthogonal(sq, final)) \
            or True
    assert all(len(side["hand"]) == 3 for side in state["sides"])
    order = state["barn_order"]
    assert order[-1] == state["first"]  # barns in reverse turn order: the first player places last
    done = placed(players, seed=3)
    assert None not in done["tiles"] and not done["pile"] and done["phase"] == "action"
    for seat, side in enumerate(done["sides"]):
        assert all(g["sq"] == done["barns"][seat] for g in side["generals"])
    assert GAME.to_act(done) == [done["first"]]


def test_options_are_checked():
    for bad in ({"factions": ["chickens"]}, {"factions": ["cows", "cows"]}, {"nope": 1}):
        with pytest.raises(IllegalAction):
            GAME.setup(1, 2, bad)
    with pytest.raises(IllegalAction):
        GAME.setup(1, 5, {})
    assert [s["faction"] for s in GAME.setup(1, 2, {"factions": ["pigs", "goats"]})["sides"]] == ["pigs", "goats"]


# --- movement ----------------------------------------------------------------------------------

def test_move_two_squares_any_direction_never_into_forest_lake_or_another_barn():
    state = grid()
    put(state, 0, 0, 12)  # c3
    state = act(state, 0, {"type": "select", "piece": 0})
    assert len(moves(state)) == 23  # every square within 2 but e5 (their barn); own barn a1 included
    state["tiles"][13] = "forest"
    state["tiles"][7] = "lake"
    got = moves(state)
    assert 13 not in got and 7 not in got and 24 not in got and 0 in got
    state = act(state, 0, {"type": "move", "to": 18})
    assert state["sides"][0]["generals"][0]["sq"] == 18 and 0 in state["acted"]
    assert {"type": "select", "piece": 0} not in GAME.legal_actions(state, 0)


def test_one_general_per_tile_except_in_your_own_barn():
    state = grid()
    put(state, 0, 1, 6)
    state = act(state, 0, {"type": "select", "piece": 0})
    assert 6 not in moves(state)  # own general there
    state = act(state, 0, {"type": "select", "piece": 1}, {"type": "move", "to": 0})
    assert state["sides"][0]["generals"][1]["sq"] == 0  # shares the barn


# --- attack and retreat ----------------------------------------------------------------------

def test_attacker_wins_defender_chooses_casualty_and_retreats():
    state = grid()
    put(state, 0, 0, 6, ["bull", "bull", "bull", "horse"])     # attack 11 + d6 >= 12
    put(state, 1, 0, 8, ["sheep", "rabbit"])                    # defence 2 + d6 <= 8
    state = act(state, 0, {"type": "select", "piece": 0}, {"type": "move", "to": 8})
    assert state["last_battle"]["outcome"] == "attacker"
    assert GAME.to_act(state) == [1]  # the defender chooses the casualty
    assert sorted(a["unit"] for a in GAME.legal_actions(state, 1)) == ["rabbit", "sheep"]
    state = act(state, 1, {"type": "casualty", "piece": 0, "unit": "rabbit"})
    assert units(state, 1, 0) == ["sheep"] and state["pool"]["rabbit"] == TROOPS["rabbit"]["copies"]
    retreats = sorted(a["to"] for a in GAME.legal_actions(state, 1))
    assert 6 not in retreats and 8 not in retreats and retreats
    state = act(state, 1, {"type": "retreat", "to": retreats[0]})
    assert state["sides"][1]["generals"][0]["sq"] == retreats[0]
    assert state["sides"][0]["generals"][0]["sq"] == 8 and GAME.to_act(state) == [0]
    assert 0 in state["acted"]


def test_no_retreat_square_means_the_attacker_tile_and_no_defence_loses_outright():
    state = grid()
    put(state, 0, 0, 23, ["rabbit"])
    put(state, 1, 0, 19, [])  # d4 surrounded: e5 is its own barn (free), so block it with the others
    state["tiles"][24] = "lake"
    for sq in (13, 14, 18):
        state["tiles"][sq] = "forest"
    state = act(state, 0, {"type": "select", "piece": 0}, {"type": "move", "to": 19})
    assert state["last_battle"]["outcome"] == "attacker" and state["last_battle"]["dice_d"] == []
    # 19's free neighbours: 23 (the attacker's), 24 lake, 13/14/18 forest -> goes to the attacker's tile
    assert state["sides"][1]["generals"][0]["sq"] == 23 and state["sides"][0]["generals"][0]["sq"] == 19


def test_defender_wins_attacker_loses_a_unit_and_stays():
    state = grid()
    put(state, 0, 0, 6, ["rabbit"])
    put(state, 1, 0, 8, ["sheep", "sheep", "sheep", "sheep", "donkey"])  # defence 10 + d6 > 1 + 6
    state = act(state, 0, {"type": "select", "piece": 0}, {"type": "move", "to": 8})
    assert state["last_battle"]["outcome"] == "defender"
    assert units(state, 0, 0) == [] and state["sides"][0]["generals"][0]["sq"] == 6
    assert state["sides"][0]["generals"][0] is not None  # generals are never casualties


def test_needs_an_attacking_unit_and_barns_are_safe_from_generals():
    state = grid()
    put(state, 0, 0, 18, ["sheep"])  # attack 0
    put(state, 1, 0, 19, ["rabbit"])
    state = act(state, 0, {"type": "select", "piece": 0})
    assert 19 not in moves(state)
    state = grid()
    put(state, 0, 0, 18, ["bull"])
    state["sides"][1]["generals"][0]["units"] = ["rabbit"]  # at home in e5
    state = act(state, 0, {"type": "select", "piece": 0})
    assert 24 not in moves(state)


# --- harvest, marshal, transfer ----------------------------------------------------------------

def test_harvest_needs_the_icon_except_grass_and_takes_one_per_general():
    state = grid()
    state["tiles"][6], state["tiles"][7], state["tiles"][8] = "hay", "corn", "grass"
    put(state, 0, 0, 6, ["sheep", "sheep"])
    put(state, 0, 1, 7, ["sheep"])
    put(state, 0, 2, 8, [])
    state = act(state, 0, {"type": "end_actions"})
    assert state["sides"][0]["resources"] == {"grass": 1, "hay": 1, "corn": 0, "carrot": 0, "apple": 0}
    assert state["phase"] == "marshal"


def test_marshal_costs_pool_and_five_unit_limit():
    state = grid()
    state["phase"] = "marshal"
    state["sides"][0]["resources"].update(grass=20, hay=5, corn=5)
    put(state, 0, 0, 0, ["sheep"] * 4)
    state["pool"]["rabbit"] = 0
    legal = GAME.legal_actions(state, 0)
    assert not any(a["type"] == "marshal" and a["unit"] == "rabbit" for a in legal)
    assert {"type": "marshal", "unit": "chickens.rooster", "piece": 0} in legal
    assert not any(a["type"] == "marshal" and a["unit"].startswith("cows.") for a in legal)
    state = act(state, 0, {"type": "marshal", "unit": "chickens.rooster", "piece": 0})
    assert len(units(state, 0, 0)) == 5 and state["sides"][0]["resources"]["corn"] == 3
    assert "chickens.rooster" not in state["sides"][0]["reserve"]
    assert not any(a["type"] == "marshal" and a["piece"] == 0 for a in GAME.legal_actions(state, 0))


def test_special_forces_lost_in_battle_are_gone_for_good():
    state = grid()
    put(state, 0, 0, 6, ["chickens.rooster"])
    put(state, 1, 0, 8, ["sheep", "sheep", "sheep", "sheep", "donkey"])
    state["sides"][0]["generals"][0]["units"] = ["chickens.rooster"]
    # 4 + d6 against 10 + d6: the defender holds
    state = act(state, 0, {"type": "select", "piece": 0}, {"type": "move", "to": 8})
    assert state["last_battle"]["outcome"] == "defender"
    assert state["sides"][0]["lost"] == ["chickens.rooster"] and "chickens.rooster" not in state["sides"][0]["reserve"]


def test_one_transfer_between_neighbours_then_the_turn_ends():
    state = grid()
    state["phase"] = "transfer"
    put(state, 0, 0, 6, ["sheep", "bull"])
    put(state, 0, 1, 7, ["sheep"] * 5)
    put(state, 0, 2, 20, [])
    legal = [a for a in GAME.legal_actions(state, 0) if a["type"] == "transfer"]
    assert {"type": "transfer", "from": 0, "to": 2, "unit": "bull"} not in legal  # not adjacent
    assert not any(a["to"] == 1 for a in legal)  # five units already
    assert {"type": "transfer", "from": 1, "to": 0, "unit": "sheep"} in legal
    state = act(state, 0, {"type": "transfer", "from": 1, "to": 0, "unit": "sheep"})
    assert len(units(state, 0, 0)) == 3 and GAME.to_act(state) == [1]
