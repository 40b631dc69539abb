"""Classic solo (rules section 10's classic differences; docs/wfci-solo.md D-S13): the Challenger
keeps its chickens, activates them after its machines by strength descending, targets the
lowest armor, falls back on a random chicken of its leader's stack for its free action (none:
it retrieves 2 random chickens), never uses chickens as pilots. Every step goes through the
protocol, and its one legal action is always the challenger bot's."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.rng import Rng
from engine.testing import playout, random_chooser
from engine.wfci import audit, cards, view
from engine.wfci import challenger as C
from engine.wfci import positions as P
from engine.messages import render

from .test_wfci_solo import checks

GAME = engine.get_game("wfci")
CLASSIC = {"preset": "classic"}
YOUR_BASE, ITS_BASE = "1,-3", "-1,3"
ITS_LAND = ["0,2", "-1,2", "0,1", "-1,1"]


def solo(stage="free", its_dice=(), mode="solo", preset="classic"):
    """Leaders on their bases, nothing else on the island; the Challenger's turn at `stage`."""
    state = P.solo(0, mode, "dusty", "gizzard", options={"preset": preset})
    P.clear_island(state)
    P.banner(state, 0, [])
    P.banner(state, 1, list(its_dice))
    P.challenger_turn(state, stage)
    return state


def step(state):
    action = GAME.bot_action(state, 1, "challenger")
    assert GAME.legal_actions(state, 1) == [action]
    return GAME.apply(state, 1, action), action


def its_chicken(state, hx):
    return P.chicken(state, 1, hx)


# -- setup -------------------------------------------------------------------------------------

def test_classic_solo_setup_keeps_its_chickens_and_deals_face_down_spares():
    state = P.solo(0, "solo", "dusty", "gizzard", options=CLASSIC)
    you, it = state["seats"]
    hens = [u for u in state["units"].values() if u["owner"] == 1 and u["kind"] == "chicken"]
    assert len(hens) == 6 and all(u["hex"] == it["base"] for u in hens) and not it["reserve"]
    assert you["spare"] and it["spare"] and len(state["decks"]["leader_box"]) == 5
    assert it["spare"] in view.hidden_from(state, 0) and you["spare"] not in view.hidden_from(state, 0)
    assert you["spare"] in view.hidden_from(state, 1)
    assert you["res"] == {"wood": 3, "stone": 3, "metal": 3} and sum(it["res"].values()) == 0
    assert not audit.problems(state)
    standard = P.solo(0, "solo", "dusty", "gizzard")
    assert not [u for u in standard["units"].values() if u["owner"] == 1 and u["kind"] == "chicken"]


# -- the activation order ------------------------------------------------------------------------

def test_its_chickens_act_after_its_machines_by_strength_descending():
    state = solo(its_dice=["chicken"] * 5)
    golem = P.challenger_machine(state, "rock_golem", "-1,2")
    weak = its_chicken(state, "0,2")
    strong = its_chicken(state, "0,1")
    die = state["seats"][1]["banner"].pop()  # a +1 die on the second chicken
    state["units"][strong]["dice"].append(die["id"])
    order = [u["id"] for u in C.activation_order(state)]
    assert order == [golem, strong, weak, "lead-1"] and not audit.problems(state)
    names = [e["name"] for e in GAME.view(state, 0)["challenger"]["activation_order"]]
    assert names == ["Rock Golem", "chicken", "chicken", f"{cards.card(state['seats'][1]['leader'])['name']} (leader)"]


def test_command_dice_go_to_the_machines_then_the_chickens():
    state = solo(stage="rows", its_dice=["claw", "claw", "claw", "1", "star"])
    golem = P.challenger_machine(state, "rock_golem", "-1,2")
    a = its_chicken(state, "0,2")
    b = its_chicken(state, "-1,1")
    state, action = step(state)
    assert action["pair"] == "top"
    units = []
    while state["stack"][0]["stage"] == "command":
        state, action = step(state)
        units.append(action["unit"])
        while state["combat"]:
            state = GAME.apply(state, GAME.to_act(state)[0], GAME.legal_actions(state, GAME.to_act(state)[0])[-1])
    assert units == [golem, a, b, "lead-1"]  # three others activated: its leader may move


# -- targets -------------------------------------------------------------------------------------

def test_it_targets_the_lowest_armor():
    for preset, expected in (("classic", "chicken"), ("standard", "machine")):
        state = solo(its_dice=["chicken"] * 5, preset=preset)
        P.challenger_machine(state, "rock_golem", "0,-1")
        car = P.machine(state, 0, "hammer_battle_car", "1,-1")  # strength 3, armor 3
        hen = P.chicken(state, 0, "0,-2")  # strength 1, armor 2
        _, action = step(state)
        assert action["do"] == "fight"
        assert action["target"] == (hen if expected == "chicken" else car)
        if preset == "classic":
            assert "lowest armor" in render(GAME.describe_action(state, 1, action))


# -- the free action -----------------------------------------------------------------------------

def test_free_action_without_a_machine_a_random_chicken_of_its_leaders_stack_acts():
    state = solo(its_dice=["chicken"] * 5)
    stack = sorted(its_chicken(state, ITS_BASE) for _ in range(3))
    its_chicken(state, "0,2")  # not with its leader: never picked
    rng = Rng(state["rng"])
    expected = stack[rng.below(3)]
    after, action = step(state)
    assert action["random"] is True and action["unit"] == expected and action["do"] == "move"
    assert after["rng"] == rng.state and after["units"][expected]["hex"] != ITS_BASE
    assert not after["decks"]["stock"] == [] and not [u for u in after["units"].values() if u["kind"] == "machine"]
    assert "random chicken of its leader's stack" in render(GAME.describe_action(state, 1, action))
    assert not audit.problems(after)


def test_free_action_with_no_chicken_by_its_leader_retrieves_two_random_chickens():
    state = solo(its_dice=["chicken"] * 5)
    destroyed = sorted(state["seats"][1]["destroyed"])
    rng = Rng(state["rng"])
    pool = list(destroyed)
    picks = [pool.pop(rng.below(len(pool))) for _ in range(2)]
    after, action = step(state)
    assert action == {"type": "challenger", "step": "free", "do": "retrieve", "chickens": picks}
    assert all(after["units"][h]["hex"] == ITS_BASE for h in picks) and after["rng"] == rng.state
    assert len(after["seats"][1]["destroyed"]) == 4 and not audit.problems(after)
    # Nothing destroyed and nobody with its leader: nothing to do.
    empty = solo(its_dice=["chicken"] * 5)
    for _ in range(6):
        its_chicken(empty, "0,2")
    _, action = step(empty)
    assert action["do"] == "none"


def test_it_never_uses_its_chickens_as_pilots():
    state = solo(stage="build", its_dice=["chicken"] * 5)
    for _ in range(6):
        its_chicken(state, ITS_BASE)
    state, action = step(state)
    built = [u for u in state["units"].values() if u["kind"] == "machine"]
    assert action["card"] and built and built[0]["pilots"] == []
    assert len([u for u in state["units"].values() if u["owner"] == 1 and u["kind"] == "chicken"]) == 6


# -- the contract over playouts --------------------------------------------------------------------

# Six whole games each: the last stand plays classic games to the end (about 7 s a game), and
# the contract test below walks every Challenger decision of forty more.
SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
SKIRMISHER = settings(SETTINGS, max_examples=4)  # a cut island's game can run to the limit (some 15 s)


@SETTINGS
@given(seed=st.integers(0, 2**31), mode=st.sampled_from(["solo", "solo_hard"]))
def test_classic_solo_random_humans_keep_every_promise(seed, mode):
    state, _, steps = playout(GAME, seed, 2, {"mode": mode, **CLASSIC}, choose=random_chooser(seed),
                              max_steps=20000, extra_check=checks)
    assert GAME.outcome(state) is not None, f"no result after {steps} steps"


@SKIRMISHER
@given(seed=st.integers(0, 2**31), options=st.sampled_from([{}, {"island": "random"}, {"variants": ["hardcore"]}]))
def test_classic_solo_skirmisher_humans_keep_every_promise(seed, options):
    state, _, steps = playout(GAME, seed, 2, {"mode": "solo", **CLASSIC, **options},
                              bots={0: "skirmisher", 1: "challenger"}, max_steps=20000, check_every=3,
                              extra_check=checks)
    assert GAME.outcome(state) is not None, f"no result after {steps} steps"


@pytest.mark.parametrize("mode", ["solo", "solo_hard"])
def test_contract_at_every_classic_challenger_decision(mode):
    decisions = 0
    for seed in range(20):
        state = GAME.setup(seed, 2, {"mode": mode, **CLASSIC})
        chooser = random_chooser(seed)
        while GAME.outcome(state) is None:
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            if seat == 1:
                assert legal == [GAME.bot_action(state, 1, "challenger")]
                decisions += 1
                action = legal[0]
            elif seed % 2:
                action = GAME.bot_action(state, 0, "skirmisher")
            else:
                action = legal[chooser(legal)]
            state = GAME.apply(state, seat, action)
    assert decisions > 100
