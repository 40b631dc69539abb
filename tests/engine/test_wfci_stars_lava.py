"""WfCI rules with constructed positions: star abilities, strategies, shields, lava and the
catastrophes (rules sections 7-8)."""

from engine.wfci import audit, cards, positions as P, victory

from tests.engine.wfci_rule_positions import GAME, LAVA, NEUTRAL, act, board, fresh, legal


# -- star abilities --------------------------------------------------------------------------

def stars(state, n):
    P.banner(state, 0, ["star"] * n)


def test_star_1_new_stock():
    state = board()
    stars(state, 1)
    old = list(state["decks"]["stock"])
    state = act(state, {"type": "star", "ability": "stock"})
    assert len(state["decks"]["stock"]) == 4 and state["decks"]["stock"] != old
    assert not state["seats"][0]["banner"] and not audit.problems(state)


def test_star_2_draw_then_discard():
    state = board()
    stars(state, 2)
    P.scroll(state, 0, "stone_skin")
    for c in list(state["decks"]["scroll"]):
        if cards.card(c)["type"] == "catastrophe":
            state["decks"]["scroll"].remove(c)
            state["decks"]["scroll"].insert(0, c)
    before = len(state["seats"][0]["hand"])
    state = act(state, {"type": "star", "ability": "swap"})
    assert len(state["seats"][0]["hand"]) == before + 1 and state["stack"][-1]["kind"] == "discard_scroll"
    card = state["seats"][0]["hand"][0]
    state = act(state, {"type": "discard_scroll", "card": card})
    assert len(state["seats"][0]["hand"]) == before and card in state["decks"]["scroll_discard"]


def test_star_3_draw():
    state = board()
    stars(state, 3)
    deck = len(state["decks"]["scroll"])
    state = act(state, {"type": "star", "ability": "draw"})
    assert len(state["decks"]["scroll"]) == deck - 1


def test_star_4_shield_and_resupply():
    state = board()
    stars(state, 4)
    P.resources(state, 0, wood=1, stone=0, metal=0)
    state = act(state, {"type": "star", "ability": "shield"})
    state = act(state, {"type": "shield", "unit": "lead-0"})
    assert state["units"]["lead-0"]["shields"] == 1 and state["supply"]["shields"] == 7
    stars(state, 4)
    state = act(state, {"type": "star", "ability": "supply"})
    assert sum(state["seats"][0]["res"].values()) == 9
    assert len([u for u in state["units"].values() if u["kind"] == "chicken" and u["owner"] == 0]) == 6
    assert not audit.problems(state)


def test_star_5_removes_a_tag():
    state = board()
    stars(state, 5)
    victory.humiliate(state, 1, 0)
    assert {"type": "star", "ability": "untag", "seat": 1} in legal(state)
    state = act(state, {"type": "star", "ability": "untag", "seat": 1})
    assert state["seats"][0]["tags"] == [] and state["seats"][1]["tags_left"] == 3


def test_stars_may_be_bought_repeatedly():
    state = board()
    stars(state, 2)
    state = act(state, {"type": "star", "ability": "stock"})
    assert {"type": "star", "ability": "stock"} in legal(state)


# -- strategies ------------------------------------------------------------------------------

def test_strategy_limit_names_the_one_replaced():
    state = board()
    keys = ["trenches", "hen_fury", "fortify", "iron_discipline"]
    ids = [P.scroll(state, 0, k) for k in keys]
    for cid in ids[:3]:
        state = act(state, {"type": "play_scroll", "card": cid})
    assert state["seats"][0]["strategies"] == ids[:3]
    plays = [a for a in legal(state) if a["type"] == "play_scroll" and a["card"] == ids[3]]
    assert len(plays) == 3 and all("replace" in a for a in plays)
    state = act(state, {"type": "play_scroll", "card": ids[3], "replace": ids[1]})
    assert state["seats"][0]["strategies"] == [ids[0], ids[2], ids[3]]
    assert ids[1] in state["decks"]["scroll_discard"]


def test_keekmee_keeps_one_more_strategy():
    state = fresh(leaders={0: "keekmee"})
    from engine.wfci.scrolls import strategy_limit

    assert strategy_limit(state, 0) == 4 and strategy_limit(state, 1) == 3


def test_stoned_gives_golems_range_this_turn():
    state = board()
    golem = P.machine(state, 0, "rock_golem", "1,-1")
    P.chicken(state, 1, "0,1")  # two hexes away
    cid = P.scroll(state, 0, "stoned")
    state = act(state, {"type": "play_scroll", "card": cid})
    assert not [a for a in legal(state) if a["type"] == "attack"]
    P.banner(state, 0, ["star"])
    state = act(state, {"type": "activate", "card": cid, "ability": 0})
    assert {"type": "attack", "unit": golem, "pay": "free"} in legal(state)


# -- shields, lava ---------------------------------------------------------------------------

def test_lava_trap_burns_units_and_moves_leaders():
    state = board()
    hen = P.chicken(state, 1, "1,0")
    state["units"]["lead-1"]["hex"] = "-1,0"
    state["units"]["lead-1"]["shields"] = 1
    state["supply"]["shields"] -= 1
    for key in ("lava_trap", "lava_trap"):
        cid = P.scroll(state, 0, key)
        state = act(state, {"type": "play_scroll", "card": cid})
        target = "1,0" if hen in state["units"] else "-1,0"
        state = act(state, {"type": "lava_trap", "hex": target})
    assert hen not in state["units"] and hen in state["seats"][1]["destroyed"]
    # Two free hexes next to the leader: its owner chooses where it escapes to.
    assert GAME.to_act(state) == [1]
    assert legal(state) == [{"type": "refuge", "hex": "-1,1"}, {"type": "refuge", "hex": "0,-1"}]
    state = act(state, {"type": "refuge", "hex": "-1,1"})
    leader = state["units"]["lead-1"]
    assert leader["shields"] == 0 and leader["hex"] == "-1,1" and GAME.to_act(state) == [0]
    assert state["seats"][1]["tags"] == [] and not audit.problems(state)


def test_earthquake_flips_every_lava_and_neutral_tile():
    state = board()
    hen = P.chicken(state, 1, "1,0")
    cat = cards.by_key("scroll", "earthquake")[0]
    P._take_card(state, cat)
    state["decks"]["scroll"].append(cat)
    state["stack"][0]["step"] = "draw"
    state = act(state, {"type": "draw"})
    kinds = {k: state["island"]["tiles"][k]["kind"] for k in LAVA + NEUTRAL}
    assert kinds == {**{k: "neutral" for k in LAVA}, **{k: "lava" for k in NEUTRAL}}
    assert hen not in state["units"]
    assert cat in state["decks"]["scroll"] and state["stats"]["catastrophes"] == 1


def draw_catastrophe(state, key, seat=0):
    cat = cards.by_key("scroll", key)[0]
    P._take_card(state, cat)
    state["decks"]["scroll"].append(cat)
    state["stack"][0]["step"] = "draw"
    return act(state, {"type": "draw"}), cat


def test_hurricane_everyone_returns_two_resources():
    state = board()
    P.resources(state, 0, wood=2, stone=1, metal=0)
    P.resources(state, 1, wood=0, stone=0, metal=1)
    state, _ = draw_catastrophe(state, "hurricane")
    assert GAME.to_act(state) == [0] and state["stack"][-1]["kind"] == "hurricane"
    state = act(state, {"type": "return_resource", "resource": "wood"})
    state = act(state, {"type": "return_resource", "resource": "stone"})
    assert GAME.to_act(state) == [1]
    state = act(state, {"type": "return_resource", "resource": "metal"})
    assert state["seats"][0]["res"] == {"wood": 1, "stone": 0, "metal": 0}
    assert state["seats"][1]["res"] == {"wood": 0, "stone": 0, "metal": 0}
    assert state["stack"][-1]["kind"] == "turn" and not audit.problems(state)


def test_tsunami_floods_one_lava_and_destroys_a_neighbour():
    state = board()
    hen = P.chicken(state, 1, "1,0")
    state, _ = draw_catastrophe(state, "tsunami")
    assert {a["hex"] for a in legal(state)} == set(LAVA)
    state = act(state, {"type": "flip", "hex": "1,1"})
    assert state["island"]["tiles"]["1,1"]["kind"] == "neutral"
    assert legal(state) == [{"type": "destroy", "unit": hen}]
    state = act(state, {"type": "destroy", "unit": hen})
    assert hen not in state["units"]


def test_eruption_destroys_unshielded_neighbours_and_strips_shields():
    state = board()
    hen = P.chicken(state, 1, "1,0")
    tough = P.chicken(state, 0, "0,-1")
    state["units"][tough]["shields"] = 1
    state["supply"]["shields"] -= 1
    state, _ = draw_catastrophe(state, "eruption")
    state = act(state, {"type": "erupt", "hex": "0,0"})
    assert hen not in state["units"] and state["units"][tough]["shields"] == 0
    assert not audit.problems(state)


def test_catastrophe_aftermath_discards_to_nine_and_reshuffles():
    state = board()
    for c in list(state["decks"]["scroll"])[:8]:
        P._take_card(state, c)
        state["seats"][1]["hand"].append(c)
    for c in [c for c in state["seats"][1]["hand"] if cards.card(c)["type"] == "catastrophe"]:
        state["seats"][1]["hand"].remove(c)
        state["decks"]["scroll"].append(c)
    while len(state["seats"][1]["hand"]) < 11:
        c = next(c for c in state["decks"]["scroll"] if cards.card(c)["type"] != "catastrophe")
        state["decks"]["scroll"].remove(c)
        state["seats"][1]["hand"].append(c)
    state["decks"]["scroll_discard"].append(state["decks"]["scroll"].pop(0))
    state, cat = draw_catastrophe(state, "earthquake")
    assert GAME.to_act(state) == [1] and state["stack"][-1]["kind"] == "discard_scroll"
    state = act(state, legal(state)[0])
    state = act(state, legal(state)[0])
    assert len(state["seats"][1]["hand"]) == 9
    assert not state["decks"]["scroll_discard"] and cat in state["decks"]["scroll"]
    assert not audit.problems(state)
