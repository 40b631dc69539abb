"""The achievements of Chicken Run, Chicken Die! and Barnyard Generals: each detected on a
constructed log and not on its near miss, and the facts read from real steps."""

import engine
from engine import achievements as A
from engine.barnyard import achievements as BY
from engine.chickendie import achievements as CD
from engine.chickendie import positions as CDP
from engine.chickenrun import achievements as CR
from tests.engine.chickenrun_positions import act as run_act
from tests.engine.chickenrun_positions import make, select, step


def entry(seat, *facts):
    return {"seat": seat, "facts": list(facts)}


def table(players=2):
    return {"players": players, "options": {}, "outcome": None}


# -- Chicken Run ------------------------------------------------------------------------------

def run_won(w, round_=6, dice=(3, 2), by=None):
    return {"fact": "won", "winners": [w], "round": round_, "dice": list(dice), "by": w if by is None else by}


def test_chickenrun_swift_win():
    assert "chickenrun.swift" in CR.detect([entry(0, run_won(0, round_=4))], table())[0]


def test_chickenrun_swift_missed_by_a_round():
    assert "chickenrun.swift" not in CR.detect([entry(0, run_won(0, round_=5))], table())[0]


def test_chickenrun_small_steps():
    assert "chickenrun.small_steps" in CR.detect([entry(1, run_won(1, dice=(6, 1)))], table())[1]


def test_chickenrun_small_steps_missed_on_a_two_or_when_the_opponent_handed_the_win():
    assert "chickenrun.small_steps" not in CR.detect([entry(1, run_won(1, dice=(6, 2)))], table())[1]
    assert "chickenrun.small_steps" not in CR.detect([entry(0, run_won(1, dice=(6, 1), by=0))], table())[1]


def test_chickenrun_trample():
    assert "chickenrun.trample" in CR.detect([entry(0, {"fact": "trample", "seat": 0})], table())[0]


def test_chickenrun_no_trample_no_achievement():
    got = CR.detect([entry(0, {"fact": "held", "counts": [1, 0]})], table())
    assert "chickenrun.trample" not in got[0] | got[1]


def test_chickenrun_comeback():
    log = [entry(1, {"fact": "held", "counts": [0, 1]}), entry(0, {"fact": "held", "counts": [1, 1]}),
           entry(0, {"fact": "held", "counts": [2, 1]}, run_won(0))]
    assert "chickenrun.comeback" in CR.detect(log, table())[0]


def test_chickenrun_comeback_missed_when_level_all_along():
    log = [entry(0, {"fact": "held", "counts": [1, 0]}), entry(1, {"fact": "held", "counts": [1, 1]}),
           entry(0, {"fact": "held", "counts": [2, 1]}, run_won(0))]
    assert "chickenrun.comeback" not in CR.detect(log, table())[0]


def run_steps(state, seat, *actions):
    facts = []
    for action in actions:
        after = run_act(state, seat, action)
        facts += CR.facts(state, seat, action, after)
        state = after
    return state, facts


def test_chickenrun_facts_of_a_trample_and_of_a_win_on_a_one():
    state = make({"c4": ["W3"], "c5": ["B1"], "a1": ["S1"]}, seat=0, points=3)
    _state, facts = run_steps(state, 0, select("c4"), step("c5"))
    assert {"fact": "trample", "seat": 0} in facts
    state = make({"b2": ["C2", "W2"], "c4": ["W1"], "c5": ["C1"]}, seat=0, points=1, dice=[1, 5])
    state, facts = run_steps(state, 0, select("c4"), step("c5"))
    won = [f for f in facts if f["fact"] == "won"]
    assert won == [{"fact": "won", "winners": [0], "round": state["round"], "dice": [1, 5], "by": 0}]
    assert "chickenrun.small_steps" in CR.detect([entry(0, *facts)], table())[0]


# -- Chicken Die! -----------------------------------------------------------------------------

def die_won(w, flocks, players=3):
    return {"fact": "won", "winners": [w], "flocks": list(flocks)}


def test_chickendie_by_a_feather():
    assert "chickendie.by_a_feather" in CD.detect([entry(2, die_won(2, [0, 0, 1]))], table(3))[2]


def test_chickendie_by_a_feather_missed_with_two_chickens():
    assert "chickendie.by_a_feather" not in CD.detect([entry(2, die_won(2, [0, 0, 2]))], table(3))[2]


def test_chickendie_mother_hen():
    assert "chickendie.mother_hen" in CD.detect([entry(0, {"fact": "flock", "seat": 0, "n": 10})], table(3))[0]


def test_chickendie_mother_hen_missed_at_nine():
    assert "chickendie.mother_hen" not in CD.detect([entry(0, {"fact": "flock", "seat": 0, "n": 9})], table(3))[0]


def test_chickendie_not_today():
    log = [entry(1, {"fact": "answer", "seat": 1, "card": "immunity", "flock": 1})]
    assert "chickendie.not_today" in CD.detect(log, table(3))[1]


def test_chickendie_not_today_missed_with_a_spare_chicken_or_another_card():
    log = [entry(1, {"fact": "answer", "seat": 1, "card": "immunity", "flock": 2}),
           entry(1, {"fact": "answer", "seat": 1, "card": "chicken_wire", "flock": 1})]
    assert "chickendie.not_today" not in CD.detect(log, table(3))[1]


def test_chickendie_full_coop():
    assert "chickendie.full_coop" in CD.detect([entry(4, die_won(4, [0, 0, 0, 0, 3]))], table(5))[4]


def test_chickendie_full_coop_missed_at_four_players():
    assert "chickendie.full_coop" not in CD.detect([entry(3, die_won(3, [0, 0, 0, 3]))], table(4))[3]


def test_chickendie_facts_of_immunity_saving_the_last_chicken():
    game = engine.get_game("chickendie")
    state = CDP.position(3, hands={0: ["coyote_attack"], 1: ["immunity"]}, flocks={1: ["hen"]})
    coyote = state["hands"][0][0]
    facts, seat = [], 0
    action = next(a for a in game.legal_actions(state, 0) if a.get("card") == coyote and a.get("target") == 1)
    for _ in range(10):
        after = game.apply(state, seat, action)
        facts += CD.facts(state, seat, action, after)
        state = after
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        saving = [a for a in legal if a["type"] == "respond" and a["card"] in state["hands"][1]]
        lets = [a for a in legal if a["type"] == "let"]
        if seat != 1:
            break
        action = saving[0] if saving and state["stack"][-1].get("op") != "attack" else (lets or saving)[0]
    assert {"fact": "answer", "seat": 1, "card": "immunity", "flock": 1} in facts
    assert len(state["flocks"][1]) == 1


# -- Barnyard Generals ------------------------------------------------------------------------

def yard_won(w, factions=("chickens", "cows"), elite=(), reason="last_standing"):
    return {"fact": "won", "winners": [w], "reason": reason, "factions": list(factions), "elite": list(elite)}


def battle(attacker, outcome="attacker", army=False, vs_army=True):
    return {"fact": "battle", "attacker": attacker, "defender": 1 - attacker, "outcome": outcome, "army": army,
            "vs_army": vs_army}


def test_barnyard_chickens_win():
    assert "barnyard.chickens_win" in BY.detect([entry(0, yard_won(0))], table())[0]


def test_barnyard_chickens_win_missed_by_the_cows_or_at_the_round_limit():
    assert "barnyard.chickens_win" not in BY.detect([entry(1, yard_won(1))], table())[1]
    assert "barnyard.chickens_win" not in BY.detect([entry(0, yard_won(0, reason="round_limit"))], table())[0]


def test_barnyard_giant_killer():
    assert "barnyard.giant_killer" in BY.detect([entry(0, battle(0))], table())[0]


def test_barnyard_giant_killer_missed_against_a_general_by_an_army_or_in_a_lost_battle():
    log = [entry(0, battle(0, vs_army=False)), entry(0, battle(0, army=True)), entry(0, battle(0, outcome="defender"))]
    assert "barnyard.giant_killer" not in BY.detect(log, table())[0]


def test_barnyard_no_army():
    assert "barnyard.no_army" in BY.detect([entry(1, {"fact": "army", "seat": 0}), entry(1, yard_won(1))], table())[1]


def test_barnyard_no_army_missed_after_forming_one():
    log = [entry(1, {"fact": "army", "seat": 1}), entry(1, yard_won(1))]
    assert "barnyard.no_army" not in BY.detect(log, table())[1]


def test_barnyard_elite():
    assert "barnyard.elite" in BY.detect([entry(1, yard_won(1, elite=[1]))], table())[1]


def test_barnyard_elite_missed_with_a_special_force_lost_or_never_marshalled():
    assert "barnyard.elite" not in BY.detect([entry(1, yard_won(1, elite=[0]))], table())[1]


def test_barnyard_facts_from_real_games():
    game = engine.get_game("barnyard")
    seen = set()
    for seed in range(4):
        state, turns = game.setup(seed, 2, {}), []
        while game.outcome(state) is None:
            seat = game.to_act(state)[0]
            action = game.bot_action(state, seat, "general")
            turns.append((seat, action))
            state = game.apply(state, seat, action)
        log, final = A.replay(game, seed, 2, {}, turns)
        kinds = [f["fact"] for e in log for f in e["facts"]]
        seen.update(kinds)
        won = [f for e in log for f in e["facts"] if f["fact"] == "won"][0]
        assert won["winners"] == final["result"]["winners"]
        assert won["factions"] == [side["faction"] for side in final["sides"]]
        armies = {f["seat"] for e in log for f in e["facts"] if f["fact"] == "army"}
        assert {s for s, side in enumerate(final["sides"]) if side["army"] is not None} <= armies
    assert {"army", "battle", "won"} <= seen
