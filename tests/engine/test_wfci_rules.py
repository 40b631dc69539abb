"""WfCI rules with constructed positions: the turn, movement, building, retrieving, dice,
victory and the turn limit (rules sections 4-6 and 9)."""

import pytest

from engine import IllegalAction
from engine.wfci import audit, cards, composite, positions as P, victory
from engine.wfci.combat import strength_and_armor

from tests.engine.wfci_rule_positions import (BLUE_BASE, BLUE_LAND, GAME, NEUTRAL, NEUTRAL_LEADERS, RED_BASE, RED_LAND,
                                              act, board, fresh, legal)


# -- setup and the turn ----------------------------------------------------------------------

def test_setup_decisions_then_first_turn():
    state = GAME.setup(5, 3, {})
    kinds = [f["kind"] for f in state["stack"]]
    assert kinds == ["turn"] + ["claim_base"] * 3 + ["choose_leader"] * 3
    first = state["first"]
    assert GAME.to_act(state) == [first]
    assert all(a["type"] == "choose_leader" for a in legal(state))
    for s in state["seats"]:
        assert len(s["hand"]) == 3 and len(s["banner"]) == 5 and sum(s["res"].values()) == 6
        assert all(cards.card(c)["type"] != "catastrophe" for c in s["hand"])
    assert len(state["decks"]["stock"]) == 4
    assert not audit.problems(state)


def test_bases_claimed_counter_clockwise_from_right_of_first():
    state = GAME.setup(11, 4, {})
    order = [f["seat"] for f in reversed(state["stack"]) if f["kind"] == "claim_base"]
    first = state["first"]
    assert order == [(first - 1 - i) % 4 for i in range(4)]


def test_roll_toggles_and_reroll_costs_two_resources():
    state = fresh()
    seat = GAME.to_act(state)[0]
    P.banner(state, seat, ["star", "star", "claw"])  # 2 dice spent
    P.resources(state, seat, wood=2, stone=0, metal=0)
    die = state["seats"][seat]["banner"][0]["id"]
    state = act(state, {"type": "toggle_die", "die": die})
    state = act(state, {"type": "roll"})
    assert len(state["seats"][seat]["banner"]) == 5 and not state["seats"][seat]["spent"]
    assert state["stack"][0]["step"] == "reroll"
    assert {"type": "reroll", "pay": ["wood", "wood"]} not in legal(state)  # nothing picked yet
    state = act(state, {"type": "toggle_die", "die": die})
    atomic = [a for a in legal(state) if not composite.is_composite(a)]  # composites come after these
    assert atomic[-2:] == [{"type": "reroll", "pay": ["wood", "wood"]}, {"type": "keep"}]
    state = act(state, {"type": "reroll", "pay": ["wood", "wood"]})
    assert state["seats"][seat]["res"]["wood"] == 0 and state["stack"][0]["step"] == "actions"


def test_no_reroll_step_without_resources():
    state = fresh()
    seat = GAME.to_act(state)[0]
    P.resources(state, seat, wood=1, stone=0, metal=0)
    state = act(state, {"type": "roll"})
    assert state["stack"][0]["step"] == "actions"


def test_draw_up_to_two_then_the_turn_passes():
    state = fresh()
    seat = GAME.to_act(state)[0]
    P.actions_step(state)
    state = act(state, {"type": "end_actions"})
    hand = len(state["seats"][seat]["hand"])
    for _ in range(2):
        state = act(state, {"type": "draw"})
        while state["stack"][-1]["kind"] != "turn":  # a catastrophe may ask for choices
            state = act(state, legal(state)[0])
    assert len(state["seats"][seat]["hand"]) + state["stats"]["catastrophes"] >= hand + 1
    assert state["stack"][0]["seat"] == 1 - seat and state["stack"][0]["step"] == "roll"


def test_end_turn_may_draw_fewer():
    state = fresh()
    seat = GAME.to_act(state)[0]
    P.actions_step(state)
    state = act(state, {"type": "end_actions"})
    state = act(state, {"type": "end_turn"})
    assert state["stack"][0]["seat"] == 1 - seat


# -- movement --------------------------------------------------------------------------------

def move_targets(state, hx):
    return {a["hex"] for a in legal(state) if a["type"] == "move_to"} if state["stack"][-1]["kind"] == "move" \
        else None


def test_movement_blocked_by_lava():
    state = board()
    P.chicken(state, 0, "1,-1")
    state = act(state, {"type": "move", "hex": "1,-1", "pay": "free"})
    targets = move_targets(state, "1,-1")
    assert "0,0" not in targets and "1,0" in targets and "0,-1" in targets


def test_movement_blocked_by_enemy_units_and_no_passing_through():
    state = board()
    P.machine(state, 0, "twig_soldier", "1,-1")  # speed 3
    P.chicken(state, 1, "1,0")
    state = act(state, {"type": "move", "hex": "1,-1", "pay": "free"})
    targets = move_targets(state, "1,-1")
    assert "1,0" not in targets and "0,1" not in targets  # not through the held crossing
    assert "-1,1" in targets  # round by the other crossing
    P.chicken(state, 1, "-1,0")
    assert not set(move_targets(state, "1,-1")) & set(BLUE_LAND + NEUTRAL)


def test_pass_through_own_units_but_stop_only_where_all_band():
    state = board()
    P.machine(state, 0, "spiked_cannon", "0,-1")  # does not band
    P.machine(state, 0, "twig_soldier", "1,-1")
    state = act(state, {"type": "move", "hex": "1,-1", "pay": "free"})
    targets = move_targets(state, "1,-1")
    assert "0,-1" not in targets
    assert "0,-2" in targets  # reached through the cannon's hex or round it


def test_stack_moves_together_and_splits():
    state = board()
    hens = [P.chicken(state, 0, "1,-2") for _ in range(3)]
    state = act(state, {"type": "move", "hex": "1,-2", "pay": "free"})
    assert sorted(state["stack"][-1]["group"]) == sorted(hens)
    state = act(state, {"type": "drop", "unit": hens[0]})
    state = act(state, {"type": "move_to", "hex": "1,-1"})
    where = {h: state["units"][h]["hex"] for h in hens}
    assert where == {hens[0]: "1,-2", hens[1]: "1,-1", hens[2]: "1,-1"}
    assert state["stack"][-1]["kind"] == "turn"  # speed 1 used up: the move ends by itself
    assert not state["stack"][0]["free"]


def test_stack_picks_up_on_the_way_and_uses_its_fastest_member():
    state = board()
    soldier = P.machine(state, 0, "rock_soldier", "0,-2")  # speed 2, bands
    hen = P.chicken(state, 0, "0,-1")
    state = act(state, {"type": "move", "hex": "0,-2", "pay": "free"})
    assert state["stack"][-1]["left"] == 2
    state = act(state, {"type": "move_to", "hex": "0,-1"})
    state = act(state, {"type": "pick_up", "unit": hen})
    state = act(state, {"type": "move_to", "hex": "1,-1"})
    assert state["units"][soldier]["hex"] == state["units"][hen]["hex"] == "1,-1"


def test_machines_may_not_enter_a_base_and_enemies_neither():
    state = board()
    P.machine(state, 0, "twig_soldier", "1,-2")
    state = act(state, {"type": "move", "hex": "1,-2", "pay": "free"})
    assert RED_BASE not in move_targets(state, "1,-2")
    state = board()
    P.chicken(state, 0, "0,1")  # next to Blue's land, far from Blue's base
    P.chicken(state, 0, "-1,2")
    state = act(state, {"type": "move", "hex": "-1,2", "pay": "free"})
    assert BLUE_BASE not in move_targets(state, "-1,2")


def test_claw_pays_an_extra_move_and_cancel_refunds():
    state = board()
    P.banner(state, 0, ["claw"])
    P.chicken(state, 0, "1,-2")
    pays = {a["pay"] for a in legal(state) if a["type"] == "move"}
    assert pays == {"claw", "free"}
    state = act(state, {"type": "move", "hex": "1,-2", "pay": "claw"})
    state = act(state, {"type": "cancel"})
    assert state["seats"][0]["banner"][0]["face"] == "claw"
    state = act(state, {"type": "move", "hex": "1,-2", "pay": "claw"})
    state = act(state, {"type": "move_to", "hex": "1,-1"})
    assert not state["seats"][0]["banner"] and state["stack"][0]["free"]


def test_battle_car_moves_once_for_free():
    state = board()
    car = P.machine(state, 0, "ram_car", "1,-2")
    state["stack"][0]["free"] = False
    assert [a for a in legal(state) if a["type"] == "move" and not composite.is_composite(a)] == [{"type": "move", "hex": "1,-2", "pay": "car"}]
    state = act(state, {"type": "move", "hex": "1,-2", "pay": "car"})
    state = act(state, {"type": "move_to", "hex": "1,-1"})
    state = act(state, {"type": "end_move"})
    assert state["units"][car]["hex"] == "1,-1"
    assert not [a for a in legal(state) if a["type"] == "move"]


# -- building --------------------------------------------------------------------------------

def stock_with(state, key):
    cid = cards.by_key("machine", key)[0]
    P._take_card(state, cid)
    state["decks"]["machine"].append(state["decks"]["stock"].pop(0))
    state["decks"]["stock"].insert(0, cid)
    return cid


def test_build_with_pilots_from_a_stack_pays_and_refills_the_stock():
    state = board()
    cid = stock_with(state, "rock_golem")
    hens = [P.chicken(state, 0, RED_BASE) for _ in range(3)]
    P.resources(state, 0, wood=0, stone=3, metal=1)
    state = act(state, {"type": "build", "card": cid})
    assert {a["type"] for a in legal(state)} == {"pick_pilot", "cancel"}
    state = act(state, {"type": "pick_pilot", "unit": hens[0]})
    state = act(state, {"type": "pick_pilot", "unit": hens[1]})
    assert {a["hex"] for a in legal(state) if a["type"] == "build_at"} == set(RED_LAND)
    state = act(state, {"type": "build_at", "hex": "0,-1"})
    golem = next(u for u in state["units"].values() if u["kind"] == "machine")
    assert golem["pilots"] == hens[:2] and golem["hex"] == "0,-1"
    assert hens[0] not in state["units"] and hens[2] in state["units"]
    assert state["seats"][0]["res"] == {"wood": 0, "stone": 0, "metal": 1}
    assert len(state["decks"]["stock"]) == 4 and cid not in state["decks"]["stock"]
    assert state["supply"]["minis"]["golem"] == 5 and not state["stack"][0]["free"]
    assert not audit.problems(state)


def test_build_needs_a_free_hex_of_your_territory():
    state = board()
    cid = stock_with(state, "ram_car")
    P.resources(state, 0, wood=0, stone=2, metal=1)
    P.chicken(state, 0, RED_BASE)
    for hx, key in zip(RED_LAND, ("egg_cannon", "spiked_cannon", "boulder_cannon")):
        P.machine(state, 0, key, hx)
    P.chicken(state, 1, RED_LAND[3])  # an enemy on the last hex
    assert {"type": "build", "card": cid} not in legal(state)


def test_banding_machine_may_be_built_on_your_stack():
    state = board()
    cid = stock_with(state, "rock_soldier")
    P.resources(state, 0, wood=0, stone=2, metal=0)
    for hx in RED_LAND:
        P.chicken(state, 0, hx)
        P.chicken(state, 0, hx) if hx == RED_LAND[0] else None
    state = act(state, {"type": "build", "card": cid})
    state = act(state, {"type": "pick_pilot", "unit": legal(state)[0]["unit"]})
    hexes = {a["hex"] for a in legal(state) if a["type"] == "build_at"}
    assert hexes == set(RED_LAND)  # chickens band, soldiers band


def test_non_banding_machine_may_use_the_hex_its_pilot_leaves():
    state = board()
    cid = stock_with(state, "ram_car")
    P.resources(state, 0, wood=0, stone=2, metal=1)
    hens = [P.chicken(state, 0, hx) for hx in RED_LAND]
    state = act(state, {"type": "build", "card": cid})
    state = act(state, {"type": "pick_pilot", "unit": hens[2]})
    assert [a["hex"] for a in legal(state) if a["type"] == "build_at"] == [RED_LAND[2]]


def test_no_build_without_a_free_miniature_or_enough_pilots():
    state = board()
    cid = stock_with(state, "rock_golem")
    P.resources(state, 0, wood=0, stone=3, metal=0)
    P.chicken(state, 0, RED_BASE)
    assert {"type": "build", "card": cid} not in legal(state)  # a golem needs 2 pilots
    P.chicken(state, 0, RED_BASE)
    assert {"type": "build", "card": cid} in legal(state)
    state["supply"]["minis"]["golem"] = 0
    assert {"type": "build", "card": cid} not in legal(state)


def test_empty_machine_deck_is_rebuilt_from_the_discard():
    state = board()
    decks = state["decks"]
    decks["machine_discard"] += decks["machine"]
    decks["machine"] = []
    cid = decks["stock"][0]
    c = cards.card(cid)
    P.resources(state, 0, **{r: c["cost"].get(r, 0) for r in cards.RESOURCES})
    for _ in range(c["pilots"]):
        P.chicken(state, 0, RED_BASE)
    state = act(state, {"type": "build", "card": cid})
    while state["stack"][-1]["kind"] == "build":
        state = act(state, legal(state)[0])
    assert len(state["decks"]["stock"]) == 4 and not state["decks"]["machine_discard"]


# -- retrieve, resources, the +1 die ---------------------------------------------------------

def test_retrieve_two_things_with_the_free_action_then_a_chicken_die():
    state = board()
    P.banner(state, 0, ["chicken"])
    P.resources(state, 0, wood=0, stone=0, metal=0)
    state = act(state, {"type": "retrieve", "pay": "free"})
    state = act(state, {"type": "take", "what": "chicken"})
    state = act(state, {"type": "take", "what": "wood"})
    assert state["stack"][-1]["kind"] == "turn"
    assert state["seats"][0]["res"]["wood"] == 1
    assert [u["hex"] for u in state["units"].values() if u["kind"] == "chicken"] == [RED_BASE]
    state = act(state, {"type": "retrieve", "pay": "chicken"})
    state = act(state, {"type": "take", "what": "stone"})
    state = act(state, {"type": "done"})
    assert state["seats"][0]["res"]["stone"] == 1 and not state["seats"][0]["banner"]


def test_resource_cap_discards_down_to_nine():
    state = board()
    P.resources(state, 0, wood=3, stone=3, metal=3)
    state = act(state, {"type": "retrieve", "pay": "free"})
    state = act(state, {"type": "take", "what": "metal"})
    state = act(state, {"type": "done"})
    assert state["stack"][-1]["kind"] == "discard_resources"
    state = act(state, {"type": "return_resource", "resource": "wood"})
    assert state["seats"][0]["res"] == {"wood": 2, "stone": 3, "metal": 4}
    assert state["stack"][-1]["kind"] == "turn"


def test_plus_one_die_adds_strength_until_recalled():
    state = board()
    P.banner(state, 0, ["1"])
    hen = P.chicken(state, 0, "1,0")
    P.chicken(state, 1, "0,1")
    state = act(state, {"type": "plus_one", "unit": hen})
    assert state["units"][hen]["dice"] and not state["seats"][0]["banner"]
    view = GAME.view(state, 1)
    assert next(u for u in view["units"] if u["id"] == hen)["strength"] == 2
    # Next turn Red may pick it up again with the roll.
    P.actions_step(state, 0)
    state["stack"][0]["step"] = "roll"
    assert {"type": "toggle_die", "die": state["units"][hen]["dice"][0]} in legal(state)


# -- victory, limits -------------------------------------------------------------------------

def test_two_player_victory_needs_two_tags():
    state = board()
    victory.humiliate(state, 0, 1)
    assert GAME.outcome(state) is None
    victory.humiliate(state, 0, 1)
    assert GAME.outcome(state)["winners"] == [0] and GAME.to_act(state) == []
    assert GAME.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"type": "end_actions"})


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_player_victory_one_tag_on_two_banners(players):
    state = fresh(players)
    victory.humiliate(state, 0, 1)
    victory.humiliate(state, 0, 1)
    assert GAME.outcome(state) is None  # two tags on one banner is not enough
    victory.humiliate(state, 0, 2)
    assert GAME.outcome(state)["winners"] == [0]
    assert sorted(GAME.outcome(state)["losers"]) == list(range(1, players))


def test_humiliation_limits():
    state = fresh(4)
    assert victory.humiliate(state, 1, 0) and victory.humiliate(state, 1, 0)
    assert not victory.humiliate(state, 1, 0)  # at most 2 from one opponent
    assert victory.humiliate(state, 2, 0)
    assert not victory.humiliate(state, 3, 0)  # a banner holds 3 tags
    assert state["seats"][0]["tags"] == [1, 1, 2]
    assert state["seats"][1]["tags_left"] == 1


def test_turn_limit_ends_endless_games():
    state = fresh()
    victory.humiliate(state, 1, 0)
    state["round"] = victory.MAX_ROUNDS + 1
    victory.turn_limit(state)
    assert GAME.outcome(state)["winners"] == [1] and "turn limit" in GAME.outcome(state)["reason"]
    state = fresh()
    state["round"] = victory.MAX_ROUNDS + 1
    victory.turn_limit(state)
    assert GAME.outcome(state)["winners"] == [] and GAME.outcome(state)["draw"] == [0, 1]


def test_base_bonus_protects_leader_and_chickens_on_their_base():
    state = board()
    P.banner(state, 0, [])
    hen = P.chicken(state, 1, BLUE_BASE)
    soldier = P.machine(state, 0, "rock_soldier", "0,2")
    state = act(state, {"type": "attack", "unit": soldier, "pay": "free"})
    state = act(state, {"type": "target", "unit": hen})
    assert strength_and_armor(state) == (2, 2 + 2)
    state = board()
    soldier = P.machine(state, 0, "rock_soldier", "0,2")
    state = act(state, {"type": "attack", "unit": soldier, "pay": "free"})
    state = act(state, {"type": "target", "unit": "lead-1"})
    assert strength_and_armor(state)[1] == cards.card(state["seats"][1]["leader"])["armor"] + 2


def test_base_bonus_option_helps_any_defender_on_a_base():
    state = P.started(2, 0, {"variants": ["base_bonus"]})
    P.clear_island(state)
    P.actions_step(state, 0)
    P.banner(state, 0, [])
    hen = P.chicken(state, 0, "1,-1")
    state["units"][hen]["hex"] = "0,0"  # constructed: a Red chicken next to Blue's base would do too
    from engine.wfci.combat import base_bonus

    blue_hen = P.chicken(state, 1, BLUE_BASE)
    assert base_bonus(state, state["units"][blue_hen]) == 2


def test_the_roll_may_be_skipped():
    state = fresh()
    seat = GAME.to_act(state)[0]
    P.banner(state, seat, ["star"])
    state = act(state, {"type": "skip_roll"})
    assert state["stack"][0]["step"] == "actions" and len(state["seats"][seat]["spent"]) == 4


def test_expert_enemy_on_a_base_blocks_chicken_retrieval():
    state = P.started(2, 0, {"preset": "expert"}, leaders=NEUTRAL_LEADERS)
    P.clear_island(state)
    P.actions_step(state, 0)
    P.banner(state, 0, [])
    from engine.wfci.actions import retrieve_options

    assert {"type": "take", "what": "chicken"} in retrieve_options(state, 0)
    P.chicken(state, 1, RED_BASE)  # expert: anyone may enter a base
    assert {"type": "take", "what": "chicken"} not in retrieve_options(state, 0)


def test_expert_deck_of_only_catastrophes_ends_the_game_for_everyone():
    state = P.started(2, 0, {"preset": "expert"})
    P.actions_step(state)
    deck = state["decks"]["scroll"]
    keep = [c for c in deck if cards.card(c)["type"] == "catastrophe"]
    rest = [c for c in deck if c not in keep]
    state["decks"]["scroll_discard"].extend(rest[1:])
    state["decks"]["scroll"] = keep + rest[:1]
    state["stack"][0]["step"] = "draw"
    state = act(state, {"type": "draw"})
    assert GAME.outcome(state) == {"winners": [], "losers": [0, 1],
                                   "reason": "Only catastrophes are left in the scroll deck: everyone loses",
                                   "placement": [[0, 1]]}


def test_quickplay_builds_in_its_own_step_and_not_with_the_free_action():
    state = P.started(2, 0, {"variants": ["quickplay"]}, leaders=NEUTRAL_LEADERS)
    seat = GAME.to_act(state)[0]
    P.resources(state, seat, wood=0, stone=0, metal=0)
    state = act(state, {"type": "roll"})
    assert state["stack"][0]["step"] == "build" and legal(state) == [{"type": "skip_build"}]
    state = act(state, {"type": "skip_build"})
    assert not [a for a in legal(state) if a["type"] == "build"]
    state = P.started(2, 0, {"variants": ["quickplay"]}, leaders=NEUTRAL_LEADERS)
    seat = GAME.to_act(state)[0]
    cid = state["decks"]["stock"][0]
    c = cards.card(cid)
    P.resources(state, seat, **{r: c["cost"].get(r, 0) for r in cards.RESOURCES})
    state = act(state, {"type": "roll"})
    if state["stack"][0]["step"] == "reroll":
        state = act(state, {"type": "keep"})
    state = act(state, {"type": "build", "card": cid, "pay": "step"})
    while state["stack"][-1]["kind"] == "build":
        state = act(state, legal(state)[0])
    assert state["stack"][0]["step"] == "actions" and state["stack"][0]["free"]
    assert any(u["card"] == cid for u in state["units"].values())
