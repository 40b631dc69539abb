"""The rules audit of issue 10, one constructed position per fix: the fair 2-player island
(D-10), magic resolved before it is discarded, classic targets and compulsory draw, and expert
base entry."""

import engine
from engine.wfci import board, cards, island, units
from engine.wfci import positions as P
from engine.wfci.state import pt

GAME = engine.get_game("wfci")


def act(state, action, seat=0):
    assert action in GAME.legal_actions(state, seat), (action, GAME.legal_actions(state, seat))
    return GAME.apply(state, seat, action)


# -- D-10: the fair island ---------------------------------------------------------------------

def _walk_gap(isl, its_base, your_base):
    """Fewest steps from a hex of its territory next to its base to a hex next to yours."""
    walk = lambda h: isl.kind(h) in ("territory", "neutral")
    its_land = isl.base_territory(isl.tile_id(its_base))
    opening = [n for n in board.neighbors(its_base) if isl.tile_id(n) == its_land]
    best = None
    for goal in (n for n in board.neighbors(your_base) if walk(n)):
        dist = board.walk_distances(isl, goal, walk)
        best = min([d for o, d in dist.items() if o in opening] + ([best] if best is not None else []))
    return best


def test_starter_island_keeps_the_opening_machine_off_your_base():
    isl = island.starter_island(2)
    b1, b2 = (isl.tile_hexes(b)[0] for b in ("B1", "B2"))
    fastest = max(c["speed"] for c in cards.catalog()["machine"].values()
                  if c["strength"] >= 3 and c["speed"] >= 1)
    moves = 1 + 5  # the free action and a full Command row of moves
    assert _walk_gap(isl, b1, b2) > moves * fastest
    assert _walk_gap(isl, b2, b1) > moves * fastest
    assert _walk_gap(island.constructed_island("face_off"), pt("-1,3"), pt("1,-3")) == 4


def test_full_command_row_turn_one_leaves_you_a_turn():
    for base in (0, 1):
        state = P.solo(0, "solo", "dusty", "gizzard", base=base, layout=None)
        P.stock(state, ["ram_car", "twig_soldier", "spiked_cannon", "watch_tower"])
        P.banner(state, 1, ["claw"] * 5)
        while GAME.to_act(state) == [1]:
            state = GAME.apply(state, 1, GAME.bot_action(state, 1, "challenger"))
        assert state["result"] is None and not state["seats"][0]["tags"]
        yours = pt(state["seats"][0]["base"])
        for u in state["units"].values():
            if u["owner"] == 1:
                assert board.distance(pt(u["hex"]), yours) > 1


# -- magic: resolved, then discarded -------------------------------------------------------------

def test_scavenge_never_draws_itself_back():
    state = P.started(leaders={0: "dusty", 1: "gizzard"})
    P.actions_step(state, 0)
    cid = P.scroll(state, 0, "scavenge")
    decks = state["decks"]
    state["seats"][1]["hand"].extend(decks["scroll"] + decks["scroll_discard"])
    decks["scroll"], decks["scroll_discard"] = [], []
    state = act(state, {"type": "play_scroll", "card": cid})
    assert cid not in state["seats"][0]["hand"] and state["decks"]["scroll_discard"] == [cid]
    assert {"type": "play_scroll", "card": cid} not in GAME.legal_actions(state, 0)


# -- classic --------------------------------------------------------------------------------------

def test_classic_challenger_targets_least_armor_even_past_your_leader():
    for preset in ("classic", "standard"):
        state = P.solo(0, "solo", "dusty", "gizzard", options={"preset": preset})
        P.clear_island(state)
        P.banner(state, 0, [])
        P.banner(state, 1, ["chicken"] * 5)
        P.challenger_turn(state, "free")
        P.challenger_machine(state, "rock_golem", "1,-2")
        lead = state["units"]["lead-0"]
        assert lead["hex"] == "1,-3"
        hen = P.chicken(state, 0, "0,-2")  # armor 2, next to the golem
        assert units.stats(state["units"][hen])["armor"] < units.stats(lead)["armor"]
        action = GAME.bot_action(state, 1, "challenger")
        assert action["do"] == "fight"
        assert action["target"] == (hen if preset == "classic" else "lead-0")


def _at_draw(preset):
    state = P.started(options={"preset": preset}, leaders={0: "dusty", 1: "gizzard"})
    P.actions_step(state, 0)
    return act(state, {"type": "end_actions"})


def test_classic_draw_is_compulsory():
    assert GAME.legal_actions(_at_draw("classic"), 0) == [{"type": "draw"}]
    assert {"type": "end_turn"} in GAME.legal_actions(_at_draw("standard"), 0)


# -- expert: only enemy bases -----------------------------------------------------------------

def _moves_from(state, hx):
    state = act(state, {"type": "move", "hex": hx, "pay": "free"})
    return {a.get("hex") for a in GAME.legal_actions(state, 0)}


def test_expert_units_enter_only_enemy_bases():
    state = P.started(options={"preset": "expert"}, leaders={0: "dusty", 1: "gizzard"})
    P.clear_island(state)
    P.actions_step(state, 0)
    P.banner(state, 0, [])
    mine, theirs = state["seats"][0]["base"], state["seats"][1]["base"]
    P.machine(state, 0, "twig_soldier", "1,-2")
    assert mine not in _moves_from(state, "1,-2")
    state = P.started(options={"preset": "expert"}, leaders={0: "dusty", 1: "gizzard"})
    P.clear_island(state)
    P.actions_step(state, 0)
    P.banner(state, 0, [])
    P.machine(state, 0, "twig_soldier", "-1,2")
    state["units"]["lead-1"]["hex"] = "1,0"  # off its base, which is then free to enter
    assert theirs in _moves_from(state, "-1,2")
