"""Barnyard Generals as printed: constructed positions for the rules where the engine once read
the print differently (forming a Super Army, the reaction window, Dig In, barns, card timing,
the last faction standing)."""

import json

from engine.barnyard import GAME
from engine.barnyard.bots import choose
from engine.barnyard.data import card_kind
from engine.barnyard.state import ARMY, SAFETY_ROUNDS
from tests.engine.test_barnyard import act, give, grid, moves, put, units
from tests.engine.test_barnyard_army import army


def legal(state, seat=0):
    return GAME.legal_actions(state, seat)


def plan_on_top(state, kind):
    """Put the battle plan of this kind on top of the plan deck (drawn next)."""
    card = next(c for c in [f"plan-{i}" for i in range(8)] if card_kind(c) == kind)
    state["plan_deck"] = [c for c in state["plan_deck"] if c != card] + [card]
    return card


# --- 6. "At any point in the game a player may choose to consolidate their Generals" ----------

def test_super_army_may_be_formed_at_any_point_also_after_the_generals_acted():
    state = grid()
    put(state, 0, 0, 6, ["bull"])
    put(state, 0, 1, 0, ["sheep"])
    put(state, 0, 2, 0, ["rabbit"])
    assert {"type": "form"} not in legal(state)  # general 1 is still out on b2
    state = act(state, 0, {"type": "select", "piece": 0}, {"type": "move", "to": 0})
    assert state["acted"] == [0]
    assert {"type": "form"} in legal(state)  # the last general walked in: form now
    state = act(state, 0, {"type": "form"})
    assert sorted(units(state, 0, ARMY)) == ["bull", "rabbit", "sheep"] and state["phase"] == "forming"
    state = act(state, 0, {"type": "end_marshal"})
    assert not any(a["type"] == "select" for a in legal(state))  # it cannot move on the turn it formed
    # ... and also later in the turn, in the Marshalling phase.
    state = grid()
    for g in range(3):
        put(state, 0, g, 0, ["sheep"])
    state = act(state, 0, {"type": "end_actions"})
    assert state["phase"] == "marshal" and {"type": "form"} in legal(state)


# --- 7. The reaction window must not reveal a hand (D-9) -------------------------------------

def _attack_position(answer):
    """Seat 0's bull attacks seat 1's sheep; seat 1 holds one card, `answer` or a card that
    cannot answer, and the other of the two lies in the deck: equal to seat 0 in everything."""
    state = grid()
    put(state, 0, 0, 6, ["bull", "rabbit"])
    put(state, 1, 0, 8, ["sheep", "goose"])
    kept = give(state, 1, "dig_in" if answer else "bumper_crop")
    other = give(state, 1, "bumper_crop" if answer else "dig_in")
    state["sides"][1]["hand"].remove(other)
    state["deck"].append(other)
    return state, kept


def _seen_by(state, seat):
    view = GAME.view(state, seat)
    return json.dumps([GAME.to_act(state), view, legal(state, seat), GAME.outcome(state)], sort_keys=True)


def test_the_reaction_window_reveals_no_hand():
    """Two positions equal in all seat 0 may know (seat 1 holds Dig In, or a Bumper Crop) look and
    flow the same to seat 0 and to a spectator until seat 1's choice: view, legal actions, who
    acts and the log."""
    runs = []
    for answer in (True, False):
        state, card = _attack_position(answer)
        seen, log = [], []
        for action in ({"type": "select", "piece": 0}, {"type": "move", "to": 8}):
            log.append(GAME.describe_action(state, 0, action))
            state = GAME.apply(state, 0, action)
            seen.append((_seen_by(state, 0), _seen_by(state, None)))
        runs.append((seen, log, state, card))
    (seen_a, log_a, state_a, dig_in), (seen_b, log_b, state_b, _) = runs
    assert seen_a == seen_b and log_a == log_b
    assert GAME.to_act(state_a) == GAME.to_act(state_b) == [1]  # asked in both, whatever the hand
    assert {"type": "play", "card": dig_in} in legal(state_a, 1)
    assert not any(a["type"] == "play" for a in legal(state_b, 1))
    # Letting the dice decide in both: the same line, the same battle.
    assert GAME.describe_action(state_a, 1, {"type": "fight"}) == GAME.describe_action(state_b, 1, {"type": "fight"})
    after_a = GAME.apply(state_a, 1, {"type": "fight"})
    after_b = GAME.apply(state_b, 1, {"type": "fight"})
    assert _seen_by(after_a, 0) == _seen_by(after_b, 0)


def test_the_reaction_window_stays_open_after_an_answer_whatever_is_left():
    """After one answer the defender is asked again while holding any card, so a quick roll never
    tells that the hand holds no further answer."""
    state, dig_in = _attack_position(True)
    give(state, 1, "bumper_crop")
    state = act(state, 0, {"type": "select", "piece": 0}, {"type": "move", "to": 8})
    state = act(state, 1, {"type": "play", "card": dig_in})
    assert state["battle"]["stage"] == "respond" and GAME.to_act(state) == [1]
    assert [a["type"] for a in legal(state, 1) if a["type"] != "set_auto_fight"] == ["fight"]


def test_a_standing_dont_ask_me_applies_to_every_hand_alike():
    lines = []
    for answer in (True, False):
        state, _ = _attack_position(answer)
        assert {"type": "set_auto_fight", "on": True} in legal(state, 0)
        state["turn"] = 1
        state = act(state, 1, {"type": "set_auto_fight", "on": True})
        assert GAME.view(state, 0)["sides"][1]["auto_fight"] is True  # public, like the hand count
        state["turn"] = 0
        state = act(state, 0, {"type": "select", "piece": 0})
        lines.append(GAME.describe_action(state, 0, {"type": "move", "to": 8}))
        state = act(state, 0, {"type": "move", "to": 8})
        assert state["last_battle"] is not None  # the dice rolled at once, hand or no hand
        lines.append(_seen_by(state, 0))
    assert lines[:2] == lines[2:]


def test_turning_the_setting_on_while_asked_lets_the_dice_roll():
    state, _ = _attack_position(True)
    state = act(state, 0, {"type": "select", "piece": 0}, {"type": "move", "to": 8})
    state = act(state, 1, {"type": "set_auto_fight", "on": True})
    assert state["last_battle"] is not None and state["sides"][1]["auto_fight"]


def test_a_defender_with_no_card_at_all_is_not_asked():
    """The hand size is public, so an empty hand may roll at once without telling anything."""
    state, card = _attack_position(False)
    state["sides"][1]["hand"].remove(card)
    state = act(state, 0, {"type": "select", "piece": 0}, {"type": "move", "to": 8})
    assert state["battle"] is None or state["battle"]["stage"] != "respond"
    assert state["last_battle"] is not None


def test_the_turn_does_not_end_early_on_what_a_hand_cannot_do():
    """After marshalling, a player with cards in hand ends the turn themselves even when none can
    be played now: an automatic end would tell the others so."""
    state = grid()
    put(state, 0, 0, 0, [])
    put(state, 0, 1, 12, [])
    put(state, 0, 2, 24 - 1, [])
    give(state, 0, "dig_in")
    state = act(state, 0, {"type": "end_actions"}, {"type": "end_marshal"})
    assert GAME.to_act(state) == [0] and {"type": "end_turn"} in legal(state)


# --- 8. Dig In: "Play when one of your pieces is attacked" --------------------------------------

def test_dig_in_when_one_of_your_pieces_is_attacked_covers_a_super_army():
    state = grid()
    army(state, 1, 18, ["sheep"])
    put(state, 0, 0, 12, ["bull", "bull"])
    card = give(state, 1, "dig_in")
    state = act(state, 0, {"type": "select", "piece": 0}, {"type": "move", "to": 18})
    assert {"type": "play", "card": card} in legal(state, 1)
    state = act(state, 1, {"type": "play", "card": card})  # no card left: the dice roll
    fight = state["last_battle"]
    assert fight["defence"] == 2 + 2 + sum(fight["dice_d"])  # sheep 2 + Dig In 2 + two dice


# --- 9. "A player's barn cannot be attacked by opponents" ----------------------------------------

def test_a_players_barn_cannot_be_attacked_by_opponents_but_its_owner_may_attack_there():
    state = grid()
    army(state, 1, 0, ["rabbit", "rabbit"])  # an enemy Super Army stands in seat 0's barn (a1)
    put(state, 0, 0, 12, ["bull"])
    put(state, 0, 1, 12 + 1, ["bull"])
    state["sides"][0]["generals"][2] = None
    state = act(state, 0, {"type": "select", "piece": 0})
    assert 0 in moves(state)  # onto the army in our own barn: an attack
    state = act(state, 0, {"type": "move", "to": 0})
    fight = state["last_battle"]
    assert fight["outcome"] == "attacker" and fight["dice_d"] == []  # rabbits: no defence
    assert units(state, 1, ARMY) == ["rabbit"]  # one casualty from a general's attack
    retreats = sorted(a["to"] for a in legal(state, 1))
    assert retreats == [1, 5, 6]  # the army retreats as any beaten piece does
    state = act(state, 1, {"type": "retreat", "to": 5})
    assert state["sides"][1]["army"]["sq"] == 5 and state["sides"][0]["generals"][0]["sq"] == 0
    # Opponents' generals still cannot attack a barn: seat 1's general may not hit ours.
    state = grid()
    put(state, 0, 0, 0, ["sheep"])
    put(state, 1, 0, 6, ["bull"])
    state["turn"] = 1
    state = act(state, 1, {"type": "select", "piece": 0})
    assert 0 not in moves(state, 1)


# --- 10. Command cards "at any point during their turn" -------------------------------------------

def test_command_cards_at_any_point_during_the_turn_also_while_forming():
    state = grid()
    for g in range(3):
        put(state, 0, g, 0, ["sheep"])
    crop = give(state, 0, "bumper_crop")
    plan = plan_on_top(state, "call_to_arms")
    state = act(state, 0, {"type": "form"})
    assert {"type": "play", "card": crop, "resource": "grass"} in legal(state)
    state = act(state, 0, {"type": "play", "card": crop, "resource": "grass"},
                {"type": "marshal", "unit": "rabbit", "piece": ARMY}, {"type": "end_marshal"})
    assert sorted(units(state, 0, ARMY)) == ["rabbit", "sheep", "sheep", "sheep"]
    # The Battle Plan drawn on forming may still be played this turn.
    assert plan in state["sides"][0]["plans"] and GAME.to_act(state) == [0]
    assert {"type": "play", "card": plan} in legal(state)
    state = act(state, 0, {"type": "play", "card": plan})
    assert len(units(state, 0, ARMY)) == 7
    assert not any(a["type"] == "select" for a in legal(state))  # formed this turn: it stays


def test_rapid_redeploy_does_not_move_an_army_on_the_turn_it_formed():
    state = grid()
    for g in range(3):
        put(state, 0, g, 0, ["bull"])
    plan = plan_on_top(state, "rapid_redeploy")
    state = act(state, 0, {"type": "form"}, {"type": "end_marshal"})
    assert GAME.to_act(state) == [0] and plan in state["sides"][0]["plans"] and state["phase"] == "action"
    assert not any(a["type"] == "play" for a in legal(state))


# --- 11. "The game is won by the last faction standing" -----------------------------------------

def test_the_game_is_won_by_the_last_faction_standing_not_at_round_thirty():
    state = grid()
    put(state, 0, 0, 6, ["bull"])
    put(state, 1, 0, 18, ["sheep"])
    state["round"] = 30
    state["turn"] = 1
    state = act(state, 1, {"type": "end_actions"}, {"type": "end_marshal"}, {"type": "end_turn"})
    assert GAME.outcome(state) is None and state["round"] == 31 and GAME.to_act(state) == [0]
    # Our safety net for abandoned games stays, far beyond any game the bots play.
    state["round"], state["turn"] = SAFETY_ROUNDS, 1
    state = act(state, 1, {"type": "end_actions"}, {"type": "end_marshal"}, {"type": "end_turn"})
    assert GAME.outcome(state)["reason"] == "round_limit"


def test_general_bots_finish_three_player_games_by_the_last_faction_standing():
    endings = []
    for seed in range(8):
        state = GAME.setup(300 + seed, 3, {})
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            state = GAME.apply(state, seat, choose(state, seat, "general"))
        endings.append(GAME.outcome(state)["reason"])
    assert endings.count("last_standing") >= 7, endings


# --- a beaten piece with nowhere to go (D-13) --------------------------------------------------

def test_a_beaten_general_with_no_empty_tile_takes_the_attackers_tile_only_where_it_may_stand():
    """"If the defending General is unable to retreat to an empty tile they move to the attacking
    General's original tile" — but "Generals cannot move into ... other player's barns": attacked
    from a barn (here with a second general still in it), the beaten general stays put."""
    state = grid()
    put(state, 0, 0, 0, ["bull", "bull", "bull"])  # a1, seat 0's barn, with general 1 beside it
    put(state, 0, 2, 20, [])
    put(state, 1, 0, 6, ["rabbit", "rabbit"])       # b2: no defence, boxed in
    for sq in (1, 2, 5, 7, 10, 11, 12):
        state["tiles"][sq] = "forest"
    state = act(state, 0, {"type": "select", "piece": 0}, {"type": "move", "to": 6})
    assert state["last_battle"]["outcome"] == "attacker" and state["battle"] is None
    assert state["sides"][1]["generals"][0]["sq"] == 6 and units(state, 1, 0) == ["rabbit"]
    assert state["sides"][0]["generals"][0]["sq"] == 0
    # From an ordinary tile the attacker's square is free: the beaten general takes it.
    state = grid()
    put(state, 0, 0, 7, ["bull", "bull", "bull"])
    put(state, 1, 0, 6, ["rabbit", "rabbit"])
    for sq in (1, 2, 5, 10, 11, 12):
        state["tiles"][sq] = "forest"
    state["tiles"][0] = "lake"
    state = act(state, 0, {"type": "select", "piece": 0}, {"type": "move", "to": 6})
    assert state["sides"][1]["generals"][0]["sq"] == 7 and state["sides"][0]["generals"][0]["sq"] == 6
