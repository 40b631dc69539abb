"""The classic preset (1st edition): the face-down spare leader, the classic catastrophe texts,
epic death (rules sections 1, 8, 9; docs/wfci-rules-decisions.md D-W16 ... D-W19), and random
playouts of classic games."""

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import engine
from engine.testing import playout, random_chooser
from engine.wfci import audit, cards, positions as P, view
from engine.wfci.state import home_hexes, kind, neighbours

GAME = engine.get_game("wfci")
CLASSIC = {"preset": "classic"}
RED_BASE, BLUE_BASE = "1,-3", "-1,3"
RED_LAND = ["0,-2", "1,-2", "0,-1", "1,-1"]
BLUE_LAND = ["0,2", "-1,2", "0,1", "-1,1"]
LAVA, NEUTRAL = ["0,0", "-1,-1", "1,1"], ["1,0", "-1,0"]


def act(state, action, seat=None):
    seat = GAME.to_act(state)[0] if seat is None else seat
    return GAME.apply(state, seat, action)


def legal(state):
    return GAME.legal_actions(state, GAME.to_act(state)[0])


def end_turn(state):
    """Classic: the draw at the end of the turn is compulsory (1st ed. section 2), then the turn ends."""
    seat = GAME.to_act(state)[0]
    while GAME.to_act(state) == [seat] and {"type": "draw"} in legal(state):
        state = act(state, {"type": "draw"})
    if GAME.to_act(state) == [seat] and {"type": "end_turn"} in legal(state):
        state = act(state, {"type": "end_turn"})
    return state


def board(players=2):
    """An empty classic island (leaders on their bases), Red in its Take-actions step, no dice,
    no scrolls in hand."""
    state = P.board(players, CLASSIC, leaders={0: "dusty", 1: "gizzard", 2: "abigail", 3: "keekmee"})
    assert state["seats"][0]["base"] == RED_BASE and state["seats"][1]["base"] == BLUE_BASE or players > 2
    return state


def draw_catastrophe(state, key):
    cat = cards.by_key("scroll", key)[0]
    P._take_card(state, cat)
    state["decks"]["scroll"].append(cat)
    state["stack"][0]["step"] = "draw"
    return act(state, {"type": "draw"}), cat


# -- setup: the spare leader -----------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_spare_leader_stays_face_down_and_hidden(players):
    state = GAME.setup(5, players, CLASSIC)
    while state["stack"][-1]["kind"] in ("choose_leader", "claim_base"):
        state = act(state, legal(state)[0])
    for s in state["seats"]:
        assert s["spare"] and s["spare"] != s["leader"] and s["spare"] not in state["decks"]["leader_box"]
        for other in range(players):
            hidden = view.hidden_from(state, other)
            assert (s["spare"] in hidden) == (other != s["seat"])
        mine = GAME.view(state, s["seat"])
        assert mine["you"]["spare"]["id"] == s["spare"] and mine["seats"][s["seat"]]["spare"] is True
    assert len(state["decks"]["leader_box"]) == 9 - 2 * players and not audit.problems(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_classic_setup_order_bases_are_claimed_before_the_leaders_are_dealt(players):
    """1st ed. set-up: "e. The player to the right of the starting player ... chooses any
    unoccupied Base tile to claim", then "4. Deal 2 Leader cards to each player ... Players
    take the Leader miniature ... and place it on top of their stack of Chicken/Pilot tokens."
    So every base is claimed (counter-clockwise from the player to the right of the first)
    before anyone chooses a leader (clockwise from the first), and each leader joins its stack."""
    state = GAME.setup(3, players, {**CLASSIC, "variants": ["hardcore"]})
    first = state["first"]
    kinds = [(f["kind"], f["seat"]) for f in reversed(state["stack"]) if f["kind"] != "turn"]
    assert kinds == [("claim_base", (first - 1 - i) % players) for i in range(players)] + \
        [("choose_leader", (first + i) % players) for i in range(players)]
    while state["stack"][-1]["kind"] == "claim_base":
        assert all(s["leader"] is None for s in state["seats"])
        state = act(state, legal(state)[0])
    assert not any(u["kind"] == "leader" for u in state["units"].values())
    while state["stack"][-1]["kind"] == "choose_leader":
        seat = state["stack"][-1]["seat"]
        state = act(state, legal(state)[0])
        leader = state["units"][f"lead-{seat}"]
        assert leader["hex"] == state["seats"][seat]["base"] and leader["shields"] == 1  # hardcore
        assert not audit.problems(state)
    assert state["stack"][-1]["kind"] == "turn" and state["stack"][-1]["seat"] == first
    # The 2nd edition deals the leaders first.
    standard = GAME.setup(3, players, {})
    assert standard["stack"][-1]["kind"] == "choose_leader"


def test_classic_solo_setup_order_its_leader_and_base_then_yours():
    """1st ed. solo: "Choose 1 leader card to play against with, becoming the challenger. As
    usual, place its miniature on top of its 6 chicken/pilot tokens on any of the 2 base tiles.
    Choose your own Leader." Your base is the other one."""
    state = GAME.setup(3, 2, {**CLASSIC, "mode": "solo"})
    order = []
    while GAME.to_act(state) == [0] and state["stack"][-1]["kind"] in ("solo_leader", "solo_base"):
        frame = state["stack"][-1]
        order.append((frame["kind"], frame["for"]))
        state = act(state, legal(state)[0], seat=0)
    assert order == [("solo_leader", 1), ("solo_base", 1), ("solo_leader", 0), ("solo_base", 0)]
    assert state["units"]["lead-1"]["hex"] == state["seats"][1]["base"]
    assert state["units"]["lead-0"]["hex"] == state["seats"][0]["base"]
    assert state["seats"][0]["spare"] and state["seats"][1]["spare"] and not audit.problems(state)


def test_standard_still_returns_the_spare_to_the_box():
    state = P.started(2, 0)
    assert all(s["spare"] is None for s in state["seats"]) and len(state["decks"]["leader_box"]) == 7


def test_classic_rules_from_the_table():
    from engine.wfci import turn

    state = board()
    assert turn.draw_limit(state, 1) == 1 and turn.reroll_cost(state, 1) is None  # Gizzard draws no extra
    assert [sum(x["res"].values()) for x in state["seats"]] == [9, 9]


# -- the classic catastrophes ----------------------------------------------------------------

def test_hurricane_robs_one_opponent_then_moves_any_chicken():
    state = board(3)
    P.resources(state, 0, wood=3, stone=0, metal=0)
    P.resources(state, 1, wood=0, stone=1, metal=2)
    P.resources(state, 2, wood=0, stone=0, metal=0)
    hen = P.chicken(state, 1, "1,0")
    state, cat = draw_catastrophe(state, "hurricane")
    assert GAME.to_act(state) == [0] and legal(state) == [{"type": "rob", "seat": 1}]
    state = act(state, {"type": "rob", "seat": 1})
    assert legal(state) == [{"type": "return_resource", "resource": "stone"},
                            {"type": "return_resource", "resource": "metal"}]
    state = act(state, {"type": "return_resource", "resource": "metal"})
    state = act(state, {"type": "return_resource", "resource": "metal"})
    assert state["seats"][1]["res"] == {"wood": 0, "stone": 1, "metal": 0}
    assert state["seats"][0]["res"]["wood"] == 3
    # Then any chicken 1 hex (never onto lava), or none.
    moves = legal(state)
    assert {"type": "no_nudge"} in moves and {"type": "nudge", "unit": hen, "hex": "1,-1"} in moves
    assert all(kind(state, a["hex"]) != "lava" for a in moves if a["type"] == "nudge")
    state = act(state, {"type": "nudge", "unit": hen, "hex": "1,-1"})
    assert state["units"][hen]["hex"] == "1,-1" and state["stack"][-1]["kind"] == "turn"
    assert cat in state["decks"]["scroll"] and not audit.problems(state)


def test_hurricane_with_nobody_to_rob_still_moves_a_chicken():
    state = board()
    P.resources(state, 1, wood=0, stone=0, metal=0)
    state, _ = draw_catastrophe(state, "hurricane")
    assert state["stack"][-1]["kind"] == "nudge"
    state = act(state, {"type": "no_nudge"})
    assert state["stack"][-1]["kind"] == "turn"


def test_tsunami_floods_all_lava():
    state = board()
    hen = P.chicken(state, 1, "1,0")
    state, _ = draw_catastrophe(state, "tsunami")
    assert all(state["island"]["tiles"][k]["kind"] == "neutral" for k in LAVA + NEUTRAL)
    assert hen in state["units"] and state["stack"][-1]["kind"] == "turn"


def test_tsunami_without_lava_destroys_chickens_and_machines_next_to_a_neutral_tile():
    state = board()
    for k in LAVA:
        state["island"]["tiles"][k]["kind"] = "neutral"
    hen = P.chicken(state, 1, "0,1")
    golem = P.machine(state, 0, "rock_golem", "1,-1")
    tough = P.chicken(state, 0, "0,-1")
    state["units"][tough]["shields"] = 1
    state["supply"]["shields"] -= 1
    state["units"]["lead-1"]["hex"] = "1,1"
    state, _ = draw_catastrophe(state, "tsunami")
    assert {a["type"] for a in legal(state)} == {"flood"}
    state = act(state, {"type": "flood", "hex": "0,0"})
    assert hen not in state["units"] and golem not in state["units"]
    assert state["units"][tough]["shields"] == 0 and "lead-1" in state["units"]
    assert state["seats"][1]["tags"] == [] and not audit.problems(state)


def test_earthquake_flips_then_the_drawer_may_move_a_chicken():
    state = board()
    burnt = P.chicken(state, 1, "1,0")
    hen = P.chicken(state, 0, "0,-1")
    state, _ = draw_catastrophe(state, "earthquake")
    assert burnt not in state["units"]
    assert all(state["island"]["tiles"][k]["kind"] == "lava" for k in NEUTRAL)
    assert state["stack"][-1]["kind"] == "nudge" and GAME.to_act(state) == [0]
    state = act(state, {"type": "nudge", "unit": hen, "hex": "0,0"})  # 0,0 is neutral now
    assert state["units"][hen]["hex"] == "0,0" and not audit.problems(state)


def test_eruption_destroys_chickens_and_machines_but_not_leaders():
    state = board()
    hen = P.chicken(state, 1, "1,0")
    soldier = P.machine(state, 0, "rock_soldier", "0,-1")
    state["units"]["lead-1"]["hex"] = "0,1"
    state["units"]["lead-1"]["shields"] = 1
    state["supply"]["shields"] -= 1
    state, _ = draw_catastrophe(state, "eruption")
    assert {a["hex"] for a in legal(state)} == set(LAVA)
    state = act(state, {"type": "erupt", "hex": "0,0"})
    assert hen not in state["units"] and soldier not in state["units"]
    assert state["units"]["lead-1"]["shields"] == 1 and not audit.problems(state)


def test_aftermath_shuffles_only_the_catastrophe_back():
    state = board()
    for _ in range(11):
        c = next(c for c in state["decks"]["scroll"] if cards.card(c)["type"] != "catastrophe")
        P._take_card(state, c)
        state["seats"][1]["hand"].append(c)
    state["decks"]["scroll_discard"].append(state["decks"]["scroll"].pop(0))
    state, cat = draw_catastrophe(state, "tsunami")
    assert len(state["seats"][1]["hand"]) == 11 and len(state["decks"]["scroll_discard"]) == 1
    assert cat in state["decks"]["scroll"] and not audit.problems(state)


# -- epic death ------------------------------------------------------------------------------

def lava_trap_leader(state, at="-1,0"):
    """Blue's leader stands on neutral `at`, every land hex around it is taken by Red; Red
    plays Lava Trap on it."""
    state["units"]["lead-1"]["hex"] = at
    for n in neighbours(at):
        if kind(state, n) in ("territory", "base", "neutral"):
            P.chicken(state, 0, n)
    cid = P.scroll(state, 0, "lava_trap")
    state = act(state, {"type": "play_scroll", "card": cid})
    return act(state, {"type": "lava_trap", "hex": at})


def test_lava_with_no_legal_hex_is_an_epic_death():
    state = board()
    old, spare = state["seats"][1]["leader"], state["seats"][1]["spare"]
    state = lava_trap_leader(state)
    blue = state["seats"][1]
    assert blue["fallen"] == [old] and blue["leader"] == spare and blue["spare"] is None
    leader = state["units"]["lead-1"]
    assert leader["card"] == spare and leader["hex"] == BLUE_BASE and leader["shields"] == 0
    assert blue["tags"] == [] and not audit.problems(state)
    assert spare not in view.hidden_from(state, 0)
    assert GAME.view(state, 0)["seats"][1]["fallen"][0]["id"] == old


def test_without_a_spare_the_lava_sends_the_leader_home():
    state = board()
    blue = state["seats"][1]
    state["decks"]["leader_box"].append(blue["spare"])  # as after a first epic death
    blue["spare"] = None
    state = lava_trap_leader(state)
    assert state["units"]["lead-1"]["hex"] == BLUE_BASE and blue["fallen"] == [] and not audit.problems(state)


def test_the_spare_enters_the_nearest_free_territory_hex_when_the_base_is_taken():
    from engine.wfci.state import distance

    state = board()
    P.chicken(state, 0, BLUE_BASE)  # classic: anyone may enter a base
    P.chicken(state, 0, "-1,2")
    state = lava_trap_leader(state)
    at = state["units"]["lead-1"]["hex"]
    free = [k for k in BLUE_LAND if not any(u["hex"] == k for u in state["units"].values() if u["owner"] == 0)]
    assert at == min(free, key=lambda k: (distance(BLUE_BASE, k), k)) and not audit.problems(state)


def beat(state, attacker, target, pay):
    state = act(state, {"type": "attack", "unit": attacker, "pay": pay})
    state = act(state, {"type": "target", "unit": target})
    while state["combat"]:
        options = legal(state)
        state = act(state, {"type": "done"} if {"type": "done"} in options else {"type": "pass"})
    return state


def three():
    state = P.started(3, 0, options=CLASSIC, leaders={0: "dusty", 1: "gizzard", 2: "abigail"})
    P.clear_island(state)
    P.actions_step(state, 0)
    P.no_dice_no_hands(state)
    P.banner(state, 0, ["claw", "claw"])
    return state


def test_two_defeats_in_one_turn_by_one_opponent_is_an_epic_death():
    state = three()
    state["units"]["lead-1"]["hex"] = next(n for n in home_hexes(state, 0)
                                           if any(m in home_hexes(state, 0) for m in neighbours(n)))
    old, spare = state["seats"][1]["leader"], state["seats"][1]["spare"]
    golem_hex = next(n for n in neighbours(state["units"]["lead-1"]["hex"]) if n in home_hexes(state, 0))
    golem = P.machine(state, 0, "iron_golem", golem_hex)  # strength 6 against armor 4
    state = beat(state, golem, "lead-1", "free")
    assert state["seats"][1]["tags"] == [0] and state["seats"][1]["leader"] == old
    state = beat(state, golem, "lead-1", "claw")
    blue = state["seats"][1]
    assert blue["tags"] == [0, 0] and blue["fallen"] == [old] and blue["leader"] == spare
    assert state["units"]["lead-1"]["hex"] == blue["base"] and state["units"]["lead-1"]["card"] == spare
    assert not audit.problems(state)


def test_the_spare_waits_for_a_free_hex_until_its_owners_turn():
    state = three()
    blue_home = [state["seats"][1]["base"]] + home_hexes(state, 1)
    for k in blue_home:
        P.chicken(state, 2, k)  # Yellow holds Blue's base and territory
    leader_hex = next(n for n in home_hexes(state, 0)
                      if any(m in home_hexes(state, 0) for m in neighbours(n)))
    state["units"]["lead-1"]["hex"] = leader_hex
    golem_hex = next(m for m in neighbours(leader_hex) if m in home_hexes(state, 0))
    golem = P.machine(state, 0, "iron_golem", golem_hex)
    state = beat(state, golem, "lead-1", "free")
    state = beat(state, golem, "lead-1", "claw")
    blue = state["seats"][1]
    assert blue["waiting"] and "lead-1" not in state["units"] and len(blue["fallen"]) == 1
    assert not audit.problems(state) and GAME.view(state, 0)["seats"][1]["waiting"] is True
    state = end_turn(act(state, {"type": "end_actions"}))
    assert state["stack"][0]["seat"] == 1 and state["seats"][1]["waiting"]  # still blocked
    hen = next(u["id"] for u in state["units"].values() if u["hex"] == blue["base"])
    del state["units"][hen]
    state["seats"][2]["destroyed"].append(hen)
    for _ in range(3):
        state = act(state, {"type": "skip_roll"})
        state = end_turn(act(state, {"type": "end_actions"}))
    assert state["stack"][0]["seat"] == 1 and not state["seats"][1]["waiting"]
    assert state["units"]["lead-1"]["hex"] == blue["base"] and not audit.problems(state)


def test_a_shield_or_a_new_turn_breaks_the_count():
    state = board()
    P.banner(state, 0, ["claw", "claw"])
    state["units"]["lead-1"]["hex"] = "1,0"
    state["units"]["lead-1"]["shields"] = 1
    state["supply"]["shields"] -= 1
    golem = P.machine(state, 0, "iron_golem", "1,-1")
    old = state["seats"][1]["leader"]
    state = beat(state, golem, "lead-1", "free")  # the shield absorbs it: not a defeat
    state = beat(state, golem, "lead-1", "claw")
    assert state["seats"][1]["tags"] == [0] and state["seats"][1]["leader"] == old
    state = beat(state, golem, "lead-1", "claw")
    assert state["result"] is not None  # the second tag wins the 2-player game first


# -- random playouts -------------------------------------------------------------------------

def conservation(game, state):
    problems = audit.problems(state)
    assert not problems, problems
    for seat in list(range(state["players"])) + [None]:
        hidden = game.hidden_from(state, seat)
        for other in state["seats"]:
            if other["seat"] != seat:
                assert set(other["hand"]) <= hidden
                assert not other["spare"] or other["spare"] in hidden


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**31), players=st.sampled_from([2, 3, 4]),
       extra=st.sampled_from([{}, {"island": "random"}, {"variants": ["hardcore"]}, {"variants": ["quickplay"]}]))
def test_classic_playouts_keep_every_promise(seed, players, extra):
    playout(GAME, seed, players, options={**CLASSIC, **extra}, choose=random_chooser(seed), max_steps=300,
            extra_check=conservation)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_classic_bot_games_reach_an_end(players):
    bots = {s: "skirmisher" for s in range(players)}
    state, _, steps = playout(GAME, 40 + players, players, options=CLASSIC, bots=bots, max_steps=6000,
                              check_every=25, extra_check=conservation)
    assert GAME.outcome(state) is not None, f"no end after {steps} steps"
