"""Cockfight (combat de coqs, rules digest D-1): constructed positions for each special rule
(the hidden ranks in playouts and the bots: test_wfci_cockfight_hidden.py)."""

import json

import pytest

from engine import IllegalAction
from engine.wfci import audit, cards, cockfight, positions as P, units
from engine.wfci.lava import apply_lava
from tests.engine.cockfight_positions import (BLUE_EDGE, COCKFIGHT, GAME, RED_BASE, RED_EDGE, act, board, legal, set_rank,
                                             stack, units_by_id)


# -- setting up ------------------------------------------------------------------------------

def test_cockfight_scrolls_only_transmutation_and_lava_trap_leave_the_deck():
    """"Retirez du jeu les Ressources, les cartes Machine ainsi que les Parchemins Transmutation
    et Piège à lave": those two (4 cards) and nothing else; 58 of the 62 scrolls stay."""
    state = GAME.setup(4, 3, COCKFIGHT)
    assert all(sum(s["res"].values()) == 0 for s in state["seats"])
    assert state["decks"]["stock"] == []
    boxed = [cards.card(c)["key"] for c in state["decks"]["scroll_box"]]
    assert sorted(boxed) == ["lava_trap", "lava_trap", "transmutation", "transmutation"]
    in_play = [c for s in state["seats"] for c in s["hand"]] + state["decks"]["scroll"]
    assert len(in_play) == 58
    keys = {cards.card(c)["key"] for c in in_play}
    assert {"hurricane", "tsunami", "earthquake", "eruption", "trenches", "rally", "windfall", "oiled_gears",
            "pilots_nerve", "stoned", "iron_discipline", "supply_lines"} <= keys
    assert not keys & set(boxed)
    assert not audit.problems(state)


def test_each_colour_gets_the_ranks_0_0_1_1_2_2_dealt_by_the_seed():
    a, b, c = GAME.setup(4, 3, COCKFIGHT), GAME.setup(4, 3, COCKFIGHT), GAME.setup(5, 3, COCKFIGHT)
    assert a["cockfight"] == b["cockfight"]
    for seat in range(3):
        mine = [r for t, r in a["cockfight"]["ranks"].items() if cockfight.owner(t) == seat]
        assert sorted(mine) == [0, 0, 1, 1, 2, 2]
    deals = {json.dumps(GAME.setup(seed, 2, COCKFIGHT)["cockfight"]["ranks"], sort_keys=True) for seed in range(8)}
    assert len(deals) > 1


def test_cockfight_is_offered_with_its_line_and_bad_combinations_are_refused():
    offered = {v["id"]: v for v in GAME.variants()}
    assert "chickens only" in offered["cockfight"]["description"]
    for options, players, words in [({"variants": ["cockfight"], "mode": "solo"}, 2, "cannot be played solo"),
                                    ({"variants": ["cockfight", "quickplay"]}, 2, "no machines to build"),
                                    ({"variants": ["cockfight", "base_bonus"]}, 2, "give none")]:
        with pytest.raises(IllegalAction, match=words):
            GAME.setup(1, players, options)


# -- ranks in a fight --------------------------------------------------------------------------

def test_the_rank_adds_to_strength_and_armor_and_both_fighters_turn_face_up():
    state = board()
    red = stack(state, 0, RED_EDGE, [2])[0]
    blue = stack(state, 1, BLUE_EDGE, [2])[0]
    before = units_by_id(GAME.view(state, 1))[red]
    assert before["rank"] is None and before["strength"] == 1 and not before["face_up"]
    assert units_by_id(GAME.view(state, 0))[red]["rank"] == 2
    state = act(state, {"type": "attack", "unit": red, "pay": "free"})
    state = act(state, {"type": "target", "unit": blue})
    fought = state["last_fight"]  # nobody holds a die or a scroll: it resolved at once
    assert (fought["strength"], fought["armor"], fought["result"]) == (1 + 2, 2 + 2, "failure")
    assert set(state["cockfight"]["up"]) == {red, blue}
    lines = " ".join(GAME.view(state, None)["events"])
    assert "Red's chicken turns face up: rank 2" in lines and "Blue's chicken turns face up: rank 2" in lines
    for seat in (0, 1, None):
        seen = units_by_id(GAME.view(state, seat))
        assert seen[red]["rank"] == 2 and seen[blue]["rank"] == 2 and seen[red]["face_up"]
        assert (seen[red]["strength"], seen[blue]["armor"]) == (3, 4)


def test_a_face_up_chicken_that_is_eliminated_is_discarded_for_good():
    state = board()
    red = stack(state, 0, RED_EDGE, [2])[0]
    blue = stack(state, 1, BLUE_EDGE, [0])[0]
    P.banner(state, 0, ["3"])
    state = act(state, {"type": "attack", "unit": red, "pay": "free"})
    state = act(state, {"type": "target", "unit": blue})
    state = act(state, {"type": "boost", "face": "3"})  # 1 + 2 + 3 against 2 + 0
    assert state["combat"] is None and blue not in state["units"]
    assert state["seats"][1]["discarded"] == [blue] and blue not in state["seats"][1]["destroyed"]
    assert GAME.view(state, 0)["cockfight"]["seats"][1] == {"seat": 1, "face_down": [0, 1, 1, 2, 2], "discarded": [0]}
    assert "eliminated and discarded" in " ".join(GAME.view(state, 0)["events"])
    assert not audit.problems(state)


def test_a_face_down_chicken_destroyed_by_lava_comes_back_face_down():
    state = board()
    hen = stack(state, 1, "-1,0", [2])[0]
    state["island"]["tiles"]["-1,0"]["kind"] = "lava"  # a catastrophe turned the neutral tile
    apply_lava(state)
    state = act(state, {"type": "end_actions"})
    assert hen in state["seats"][1]["destroyed"]
    assert hen not in state["cockfight"]["up"] and state["seats"][1]["discarded"] == []


def test_only_the_leader_and_the_top_chicken_fight():
    state = board()
    low, mid, top = stack(state, 1, BLUE_EDGE, [0, 1, 2])
    state["units"]["lead-1"]["hex"] = BLUE_EDGE
    mine = stack(state, 0, RED_EDGE, [0, 2])
    state["units"]["lead-0"]["hex"] = RED_EDGE
    attackers = {a["unit"] for a in legal(state) if a["type"] == "attack"}
    assert attackers == {mine[1], "lead-0"}
    state = act(state, {"type": "attack", "unit": "lead-0", "pay": "free"})
    assert {a.get("unit") for a in legal(state)} == {top, "lead-1", None}
    with pytest.raises(IllegalAction):
        act(state, {"type": "target", "unit": low})


def test_flying_rock_and_change_now_choose_among_top_chickens_and_turn_them_face_up():
    state = board()
    low, top = stack(state, 1, BLUE_EDGE, [2, 0])
    mid, other = stack(state, 1, "1,-1", [1, 2])
    hen = stack(state, 0, RED_EDGE, [0])[0]
    rock, change = P.scroll(state, 0, "flying_rock"), P.scroll(state, 0, "change_now")
    state = act(state, {"type": "play_scroll", "card": rock})
    assert {a["unit"] for a in legal(state)} == {top, other}
    state = act(state, {"type": "hit", "unit": top})  # strength 4 against armor 2 + 0
    assert top in state["seats"][1]["discarded"]
    assert low in cockfight.tops(state) and low not in state["cockfight"]["up"]  # on top now, face down
    state = act(state, {"type": "attack", "unit": hen, "pay": "free"})
    state = act(state, {"type": "target", "unit": low})
    state = act(state, {"type": "play_scroll", "card": change})  # both hands empty now: revealed
    assert legal(state) == [{"type": "new_defender", "unit": other}]
    state = act(state, {"type": "new_defender", "unit": other})
    assert {low, other, hen} <= set(state["cockfight"]["up"]) and mid not in state["cockfight"]["up"]


def test_trenches_gives_chickens_three_armor_in_a_cockfight():
    for options, bonus in ((COCKFIGHT, 3), ({}, 2)):
        state = board(options=options)
        red = P.chicken(state, 0, RED_EDGE)
        blue = P.chicken(state, 1, BLUE_EDGE)
        if options:
            cockfight.put_on_top(state, red)
            cockfight.put_on_top(state, blue)
            set_rank(state, blue, 0)
            set_rank(state, red, 0)
        trench = P.scroll(state, 1, "trenches")
        state["seats"][1]["hand"].remove(trench)
        state["seats"][1]["strategies"].append(trench)
        state = act(state, {"type": "attack", "unit": red, "pay": "free"})
        state = act(state, {"type": "target", "unit": blue})
        assert state["last_fight"]["armor"] == 2 + bonus


def fight_with(state, card_key, attacker, defender):
    """Red attacks with `attacker`, plays the scroll face down for its side, Blue passes."""
    cid = P.scroll(state, 0, card_key)
    state = act(state, {"type": "attack", "unit": attacker, "pay": "free"})
    state = act(state, {"type": "target", "unit": defender})
    state = act(state, {"type": "play_scroll", "card": cid})
    while state["combat"] and state["combat"]["stage"] == "cards":
        state = act(state, {"type": "pass"})
    return state


def test_cockfight_scrolls_about_machines_and_pilots_refer_to_chickens():
    """"Lorsque l'effet d'un Parchemin fait référence aux Ressources, aux Pilotes ou aux
    Machines, il fait en réalité référence aux Poulets": Oiled Gears (+3 with a machine) gives
    +3 with a chicken; Pilot's Nerve (+2 per pilot) +2 per other chicken of the fighter's stack."""
    for key, mates, bonus in (("oiled_gears", 0, 3), ("pilots_nerve", 2, 4)):
        state = board()
        red = stack(state, 0, RED_EDGE, [1] * mates + [0])[-1]
        blue = stack(state, 1, BLUE_EDGE, [0])[0]
        state = fight_with(state, key, red, blue)
        assert state["last_fight"]["strength"] == 1 + bonus, key
        assert GAME.view(state, 1)["last_fight"]["cards"][0]["text_id"] == f"wfci.card.{key}.cockfight"
    # Outside a cockfight the same fight gets nothing from either card.
    for key in ("oiled_gears", "pilots_nerve"):
        state = board(options={})
        red = P.chicken(state, 0, RED_EDGE)
        P.chicken(state, 0, RED_EDGE)
        blue = P.chicken(state, 1, BLUE_EDGE)
        state = fight_with(state, key, red, blue)
        assert state["last_fight"]["strength"] == 1, key


def test_cockfight_scrolls_about_resources_bring_chickens_home():
    """Windfall (take 2 resources) brings 2 destroyed chickens home; Supply Lines' star (take a
    resource) one; Iron Discipline (machines +1/+1) counts for chickens; Stoned (golems +1
    range) for chickens. The views show each card's chicken text."""
    state = board()
    hen = stack(state, 0, RED_EDGE, [0])[0]
    assert len(state["seats"][0]["destroyed"]) == 5
    windfall = P.scroll(state, 0, "windfall")
    assert {"type": "play_scroll", "card": windfall} in legal(state)
    state = act(state, {"type": "play_scroll", "card": windfall})
    assert len(state["seats"][0]["destroyed"]) == 3 and sum(state["seats"][0]["res"].values()) == 0
    home = [u for u in state["units"].values() if u["owner"] == 0 and u["kind"] == "chicken" and u["hex"] == state["seats"][0]["base"]]
    assert len(home) == 2
    view = GAME.view(state, 0)
    played = next(c for c in view["decks"]["scroll_discard"] if c["id"] == windfall)
    assert played["text_id"] == "wfci.card.windfall.cockfight" and "chickens" in played["text"]
    for key in ("supply_lines", "iron_discipline", "stoned"):
        cid = P.scroll(state, 0, key)
        state["seats"][0]["hand"].remove(cid)
        state["seats"][0]["strategies"].append(cid)
    P.banner(state, 0, ["star", "star"])
    supply, stoned = (next(c for c in state["seats"][0]["strategies"] if cards.card(c)["key"] == k)
                      for k in ("supply_lines", "stoned"))
    state = act(state, {"type": "activate", "card": supply, "ability": 0})
    assert len(state["seats"][0]["destroyed"]) == 2
    assert GAME.view(state, 1)["seats"][0]["strategies"][0]["text_id"] == "wfci.card.supply_lines.cockfight"
    assert next(u for u in GAME.view(state, 0)["units"] if u["id"] == hen)["range"] == 1
    state = act(state, {"type": "activate", "card": stoned, "ability": 0})
    assert next(u for u in GAME.view(state, 0)["units"] if u["id"] == hen)["range"] == 2
    blue = stack(state, 1, BLUE_EDGE, [0])[0]
    state = act(state, {"type": "attack", "unit": hen, "pay": "free"})
    state = act(state, {"type": "target", "unit": blue})
    while state["combat"]:
        state = act(state, legal(state)[-1] if state["combat"]["stage"] != "cards" else {"type": "pass"})
    assert state["last_fight"]["strength"] == 1 + 1  # Iron Discipline: +1 for a chicken
    assert not audit.problems(state)


def draw_catastrophe(state, key):
    cat = cards.by_key("scroll", key)[0]
    P._take_card(state, cat)
    state["decks"]["scroll"].append(cat)
    state["stack"][0]["step"] = "draw"
    return act(state, {"type": "draw"}), cat


def test_cockfight_hurricane_takes_chickens_where_it_took_resources():
    """Hurricane, "chaque joueur remet 2 Ressources ... dans la réserve commune", read with
    chickens (D-C6): every player, from the drawer on, loses 2 chickens of their choice; a
    shield saves a chicken (elimination by a catastrophe) and is lost."""
    state = board()
    reds = stack(state, 0, RED_EDGE, [0, 1, 2])
    blue = stack(state, 1, BLUE_EDGE, [2])[0]
    units.give_shield(state, state["units"][reds[0]])
    state, _ = draw_catastrophe(state, "hurricane")
    assert GAME.to_act(state) == [0] and state["stack"][-1]["kind"] == "hurricane"
    assert legal(state) == [{"type": "destroy", "unit": u} for u in sorted(reds)]
    assert GAME.view(state, 0)["prompt"]["args"]["what"]["id"] == "wfci.do.hurricane.chickens"
    state = act(state, {"type": "destroy", "unit": reds[0]})  # its shield saves it
    assert reds[0] in state["units"] and state["units"][reds[0]]["shields"] == 0
    state = act(state, {"type": "destroy", "unit": reds[1]})
    assert reds[1] not in state["units"] and reds[1] in state["seats"][0]["destroyed"]
    assert GAME.to_act(state) == [1] and legal(state) == [{"type": "destroy", "unit": blue}]
    state = act(state, {"type": "destroy", "unit": blue})
    assert blue in state["seats"][1]["destroyed"]  # face down: it comes back face down
    assert state["stack"][-1]["kind"] == "turn" and not audit.problems(state)


def test_cockfight_classic_hurricane_robs_an_opponent_of_two_chickens():
    state = board(options={"preset": "classic", "variants": ["cockfight"]})
    stack(state, 0, RED_EDGE, [0])
    blues = stack(state, 1, BLUE_EDGE, [0, 1, 2])
    state, _ = draw_catastrophe(state, "hurricane")
    assert legal(state) == [{"type": "rob", "seat": 1}]
    state = act(state, {"type": "rob", "seat": 1})
    assert legal(state) == [{"type": "destroy", "unit": u} for u in sorted(blues)]
    state = act(state, {"type": "destroy", "unit": blues[2]})
    state = act(state, {"type": "destroy", "unit": blues[1]})
    assert [u for u in blues if u in state["units"]] == [blues[0]]
    assert state["stack"][-1]["kind"] == "nudge" and not audit.problems(state)


# -- the order of a stack ----------------------------------------------------------------------

def test_retrieve_reorders_a_stack_even_with_no_chicken_to_bring_home():
    state = board()
    hens = stack(state, 0, RED_BASE, [0, 1, 2])
    for _ in range(3):
        cockfight.put_on_top(state, P.chicken(state, 0, "0,-2"))
    assert state["seats"][0]["destroyed"] == []
    assert {"type": "retrieve", "pay": "free"} in legal(state)
    state = act(state, {"type": "retrieve", "pay": "free"})
    assert [a for a in legal(state) if a["type"] == "take"] == []
    assert {"type": "to_top", "unit": hens[0]} in legal(state)
    state = act(state, {"type": "to_top", "unit": hens[0]})
    state = act(state, {"type": "done"})
    seen = units_by_id(GAME.view(state, 1))
    assert [seen[h]["layer"] for h in hens] == [1, 3, 2] and seen[hens[0]]["top"]


def test_a_chicken_die_retrieves_and_reorders_too_and_nothing_else_does():
    state = board()
    hens = stack(state, 0, RED_BASE, [0, 1])
    assert not [a for a in legal(state) if a["type"] == "to_top"]
    state = act(state, {"type": "end_actions"})
    state = act(state, {"type": "end_turn"})
    state = act(state, {"type": "roll"})
    state = act(state, {"type": "end_actions"})
    state = act(state, {"type": "end_turn"})
    assert cockfight.tops(state) >= {hens[1]}
    P.banner(state, 0, ["chicken"])
    P.actions_step(state)
    state["stack"][0]["free"] = False
    state = act(state, {"type": "retrieve", "pay": "chicken"})
    state = act(state, {"type": "to_top", "unit": hens[0]})
    assert cockfight.tops(state) >= {hens[0]}


def test_movers_land_on_top_and_the_named_chicken_on_top_of_them():
    state = board()
    below = stack(state, 0, "1,-2", [0])[0]
    a, b, c = stack(state, 0, RED_BASE, [1, 2, 0])
    state["units"]["lead-0"]["hex"] = "0,-2"
    state = act(state, {"type": "move", "hex": RED_BASE, "pay": "free"})
    assert {x["unit"] for x in legal(state) if x["type"] == "to_top"} == {a, b}
    state = act(state, {"type": "to_top", "unit": a})
    state = act(state, {"type": "drop", "unit": b})
    state = act(state, {"type": "move_to", "hex": "1,-2"})  # speed 1: the move ends there
    order = sorted((u for u in state["units"].values() if u["hex"] == "1,-2"), key=lambda u: -u["pile"])
    assert [u["id"] for u in order] == [a, c, below]
    assert cockfight.tops(state) >= {a, b}


def test_a_stack_joining_another_goes_on_top_and_the_log_names_no_rank():
    state = board()
    old = stack(state, 0, "1,-1", [2, 2])
    new = stack(state, 0, "1,-2", [0])[0]
    state = act(state, {"type": "move", "hex": "1,-2", "pay": "free"})
    state = act(state, {"type": "move_to", "hex": "1,-1"})
    assert cockfight.tops(state) >= {new} and old[1] not in cockfight.tops(state)
    line = GAME.describe_action(state, 0, {"type": "to_top", "unit": old[0]})
    assert "rank" not in json.dumps(line)


# -- no resources, no machines -----------------------------------------------------------------

def test_nothing_gives_resources_or_machines():
    state = board()
    P.banner(state, 0, ["star"] * 5)
    kinds = {(a["type"], a.get("ability")) for a in legal(state)}
    assert ("star", "stock") not in kinds and ("build", None) not in kinds
    state = act(state, {"type": "star", "ability": "supply"})
    assert sum(state["seats"][0]["res"].values()) == 0 and state["decks"]["stock"] == []
    assert state["seats"][0]["destroyed"] == [] and not audit.problems(state)
