"""The original card catalog: counts, the names the rulebooks mention, class rules, the
miniature limits, tags, and that every effect uses the vocabulary the engine interprets."""

import copy
from collections import Counter

import pytest

from engine.wfci import cards

CAT = cards.catalog()


def test_counts():
    assert len(CAT["leader"]) == 9
    assert len(CAT["machine"]) == 41
    assert len(CAT["scroll"]) == 62
    types = Counter(c["type"] for c in CAT["scroll"].values())
    assert types["catastrophe"] == 4 and types["magic"] + types["strategy"] == 58


def test_instance_ids_are_unique_and_never_inside_one_another():
    ids = list(CAT["all"])
    assert len(ids) == len(set(ids))
    for a in ids:
        assert not any(a != b and a in b for b in ids)


def test_names_from_the_rulebooks():
    names = {c["name"] for c in CAT["all"].values()}
    for name in ("Rock Soldier", "Rock Golem", "Hammer Battle Car", "Spiked Cannon", "Extra Strength",
                 "Change Now!", "Flying Rock", "Trenches", "Stoned", "Transmutation", "Lava Trap",
                 "Keekmee", "Abigail", "Pollazzo"):
        assert name in names
    assert {c["catastrophe"] for c in CAT["scroll"].values() if c["type"] == "catastrophe"} == {
        "hurricane", "tsunami", "earthquake", "eruption"}


def test_class_rules():
    by_class = Counter(c["class"] for c in CAT["machine"].values())
    assert by_class["soldier"] >= 9 and set(by_class) == set(cards.MACHINE_CLASSES)
    for c in CAT["machine"].values():
        if c["class"] == "soldier":
            assert c["pilots"] == 1 and c["band"] and len(c["cost"]) == 1 and sum(c["cost"].values()) == 2
        if c["class"] == "golem":
            assert c["pilots"] == 2 and len(c["cost"]) == 1 and sum(c["cost"].values()) == 3
            assert any("on_destroyed" in ab for ab in c["abilities"])
            assert c["strength"] >= 4
        if c["class"] == "battle_car":
            assert c["free_move"]
        if c["class"] == "cannon":
            assert c["speed"] == 0 and c["range"] >= 2
        if c["class"] == "tower":
            assert c["armor"] >= 5 and c["speed"] == 0
    assert CAT["miniatures"] == {"soldier": 9, "golem": 6, "battle_car": 6, "cannon": 5, "tower": 6}


def test_rock_soldier_text_and_effect():
    rock = CAT["machine"][cards.by_key("machine", "rock_soldier")[0]]
    assert rock["abilities"] == [{"per_soldier": {"strength": 2, "armor": 2}}]


def test_every_card_has_tags_and_text():
    for cid, c in CAT["all"].items():
        assert isinstance(c.get("tags"), list), cid
        assert c.get("text"), cid


def test_variant_tags_exist_for_cockfight_filtering():
    tags = Counter(t for c in CAT["scroll"].values() for t in c["tags"])
    assert tags["resource"] and tags["pilot"] and tags["machine"] and tags["lava"] and tags["chicken"]
    removed = [c["name"] for c in CAT["scroll"].values() if {"resource", "pilot", "machine"} & set(c["tags"])]
    assert "Transmutation" in removed


@pytest.mark.parametrize("deck,path,bad", [
    ("scroll", ("effect", "explode"), 1),
    ("machine", ("abilities", 0, "teleport"), True),
    ("leader", ("abilities", 1, "bonus", "luck"), 1),
])
def test_validation_refuses_unknown_words(deck, path, bad):
    cat = copy.deepcopy(dict(CAT))
    target_id = next(cid for cid, c in cat[deck].items()
                     if (c.get("type") == "magic" if deck == "scroll" else bool(c.get("abilities"))))
    card = copy.deepcopy(cat[deck][target_id])
    node = card
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = bad
    cat[deck] = {**cat[deck], target_id: card}
    cat["all"] = {**cat["leader"], **cat["machine"], **cat["scroll"]}
    with pytest.raises(cards.CatalogError):
        cards.validate(cat)


def test_card_dict_is_public_face_only():
    d = cards.card_dict(cards.by_key("machine", "spiked_cannon")[0])
    assert d["name"] == "Spiked Cannon" and d["range"] == 2 and d["id"].startswith("machine-")


# -- card effects in play (the interpreter) ----------------------------------------------------

import engine  # noqa: E402
from engine.wfci import audit, positions as P  # noqa: E402

GAME = engine.get_game("wfci")


def act(state, action):
    return GAME.apply(state, GAME.to_act(state)[0], action)


def legal(state):
    return GAME.legal_actions(state, GAME.to_act(state)[0])


def board(leaders=None):
    return P.board(2, leaders=leaders or {0: "dusty", 1: "gizzard"}, hands=True)


def play(state, key):
    cid = P.scroll(state, 0, key)
    return act(state, {"type": "play_scroll", "card": cid}), cid


def test_flying_rock_hits_at_range_two():
    state = board()
    P.chicken(state, 0, "1,-1")
    victim = P.chicken(state, 1, "0,1")
    P.machine(state, 1, "mud_golem", "-1,1")  # armor 6: out of reach of a strength-4 hit
    state, cid = play(state, "flying_rock")
    assert cid in state["decks"]["scroll_discard"]
    assert {a["unit"] for a in legal(state)} >= {victim}
    state = act(state, {"type": "hit", "unit": victim})
    assert victim not in state["units"]


def test_flying_rock_strips_every_shield_from_an_enemy_leader_but_never_tags_it():
    """Our catalog's answer to a leader piling up shields (the Challenger's Reinforcement
    ladder, docs/wfci-solo.md): all of them go back to the supply; a leader without a shield
    is no target (a hit never tags)."""
    state = board()
    leader = state["units"]["lead-1"]
    P.chicken(state, 0, "1,-1")
    leader["hex"] = "0,1"
    leader["shields"], state["supply"]["shields"] = 3, state["supply"]["shields"] - 3
    supply = state["supply"]["shields"]
    state, _ = play(state, "flying_rock")
    assert {"type": "hit", "unit": "lead-1"} in legal(state)
    state = act(state, {"type": "hit", "unit": "lead-1"})
    leader = state["units"]["lead-1"]
    assert leader["shields"] == 0 and state["supply"]["shields"] == supply + 3
    assert not state["seats"][0]["tags"] and not state["seats"][1]["tags"] and state["result"] is None
    cid = P.scroll(state, 0, "flying_rock")
    assert {"type": "play_scroll", "card": cid} not in legal(state)  # nothing left to strip


def test_flying_rock_is_not_offered_without_a_target():
    state = board()
    cid = P.scroll(state, 0, "flying_rock")
    assert {"type": "play_scroll", "card": cid} not in legal(state)


def test_transmutation_trades_resource_types():
    state = board()
    P.resources(state, 0, wood=4, stone=0, metal=0)
    state, _ = play(state, "transmutation")
    state = act(state, {"type": "transmute", "from": "wood", "to": "metal"})
    assert state["seats"][0]["res"] == {"wood": 1, "stone": 0, "metal": 3}
    assert not audit.problems(state)


def test_windfall_hatching_and_forced_march():
    state = board()
    P.resources(state, 0, wood=0, stone=0, metal=0)
    state, _ = play(state, "windfall")
    state = act(state, {"type": "take", "what": "stone"})
    state = act(state, {"type": "take", "what": "stone"})
    assert state["seats"][0]["res"]["stone"] == 2 and state["stack"][-1]["kind"] == "turn"
    state, _ = play(state, "hatch")
    assert len(state["seats"][0]["destroyed"]) == 4
    state, _ = play(state, "forced_march")
    state["stack"][0]["free"] = False
    assert {a["pay"] for a in legal(state) if a["type"] == "move"} == {"extra"}


def test_lucky_feather_saves_the_defender():
    state = board()
    P.banner(state, 0, ["3"])
    hen = P.chicken(state, 0, "1,-1")
    foe = P.chicken(state, 1, "1,0")
    feather = P.scroll(state, 1, "lucky_feather")
    state = act(state, {"type": "attack", "unit": hen, "pay": "free"})
    state = act(state, {"type": "target", "unit": foe})
    state = act(state, {"type": "boost", "face": "3"})  # 4 against 2: the hit lands
    state = act(state, {"type": "pass"})
    state = act(state, {"type": "play_scroll", "card": feather})
    state = act(state, {"type": "pass"})
    state = act(state, {"type": "pass"})
    assert state["combat"] is None
    assert foe in state["units"] and state["units"][foe]["shields"] == 0  # the new shield took it
    assert state["supply"]["shields"] == 8 and not audit.problems(state)


def test_golems_effects_when_destroyed():
    state = board()
    P.banner(state, 0, ["3", "3"])
    cannon = P.machine(state, 0, "spiked_cannon", "1,-1")
    rock = P.machine(state, 1, "rock_golem", "1,0")
    deck = state["decks"]["scroll"]
    deck.sort(key=lambda c: cards.card(c)["type"] != "catastrophe")  # no catastrophe on top
    hand = len(state["seats"][1]["hand"])
    state = act(state, {"type": "attack", "unit": cannon, "pay": "free"})
    state = act(state, {"type": "target", "unit": rock})
    state = act(state, {"type": "boost", "face": "3"})
    state = act(state, {"type": "done"})
    while state["combat"]:
        state = act(state, {"type": "pass"})
    assert rock not in state["units"]
    assert len(state["seats"][1]["hand"]) == hand + 1  # the Rock Golem's owner draws a scroll


def test_magma_golem_blast_and_iron_golem_shield():
    from engine.wfci import units

    state = board()
    magma = P.machine(state, 1, "magma_golem", "1,0")
    hen = P.chicken(state, 0, "1,-1")
    iron = P.machine(state, 1, "iron_golem", "0,1")
    units.destroy(state, state["units"][magma])
    assert hen not in state["units"]  # armor 2 <= 3
    units.destroy(state, state["units"][iron])
    assert state["units"]["lead-1"]["shields"] == 1
    assert not audit.problems(state)


def test_shield_tower_aura_and_rock_soldier_bonus():
    from engine.wfci.scrolls import fighter_bonus

    state = board()
    tower = P.machine(state, 0, "shield_tower", "0,-1")
    hen = P.chicken(state, 0, "1,-1")
    foe = P.chicken(state, 1, "1,0")
    assert fighter_bonus(state, state["units"][hen], "defending", state["units"][foe]) == 2
    assert fighter_bonus(state, state["units"][tower], "defending", state["units"][foe]) == 0


def test_leader_abilities():
    from engine.wfci import turn
    from engine.wfci.scrolls import leader_value

    state = P.started(2, 0, leaders={0: "abigail", 1: "pecksworth"})
    assert state["units"]["lead-0"]["shields"] == 1 and state["units"]["lead-1"]["shields"] == 0
    assert turn.reroll_cost(state, 1) == 1 and turn.reroll_cost(state, 0) == 2
    state = P.started(2, 0, leaders={0: "dusty", 1: "pollazzo"})
    assert turn.draw_limit(state, 0) == 3 and turn.draw_limit(state, 1) == 2
    assert leader_value(state, 1, "retrieve_extra") == 1


def test_battle_car_paying_the_move_cannot_be_dropped():
    state = board()
    car = P.machine(state, 0, "chariot", "1,-2")
    hen = P.chicken(state, 0, "1,-2")
    state = act(state, {"type": "move", "hex": "1,-2", "pay": "car"})
    assert {"type": "drop", "unit": car} not in legal(state)
    state = act(state, {"type": "drop", "unit": hen})
    state = act(state, {"type": "move_to", "hex": "1,-1"})
    assert state["units"][car]["hex"] == "1,-1" and state["stack"][0]["free"]
