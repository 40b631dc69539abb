"""War for Chicken Island's challenges (1st edition rulebook, "CHALLENGES") as achievements:
each detected on a constructed log, and not on its near miss; the facts read from real steps
of hand-built positions; the careers across matches."""

import engine
from engine import achievements as A
from engine.wfci import achievements as W
from engine.wfci import positions as P
from engine.wfci import state as S

GAME = engine.get_game("wfci")
MULTI3 = {"players": 3, "options": {"mode": "multi", "variants": []}}


def table(players=3, options=None, winners=()):
    return {"players": players, "options": options if options is not None else {"mode": "multi", "variants": []},
            "outcome": {"winners": list(winners)} if winners else None}


def step(seat, *facts):
    return {"seat": seat, "facts": list(facts)}


def fight(by, on, attacker="leader", effect="humiliation", soldiers=0, turn=(3, 0)):
    return {"fact": "fight", "by": by, "on": on, "effect": effect, "attacker": attacker, "soldiers": soldiers,
            "turn": list(turn)}


def won(*winners, turn=(3, 0)):
    return {"fact": "won", "winners": list(winners), "turn": list(turn)}


def machines(seat, count, golems=()):
    return {"fact": "machines", "seat": seat, "count": count, "golems": sorted(golems)}


def scroll(seat, key, turn=(3, 0)):
    return {"fact": "scroll", "seat": seat, "key": key, "turn": list(turn)}


def earned(log, t=None):
    return W.detect(log, t or table())


# -- each challenge: a log that earns it, and a near miss --------------------------------------

def test_epic_death_of_an_opposing_leader():
    log = [step(0, fight(0, 1, effect="humiliation")), step(0, {"fact": "epic_death", "of": 1, "by": 0})]
    assert "wfci.epic_death" in earned(log)[0]


def test_no_epic_death_for_ones_own_leader_in_lava():
    log = [step(1, {"fact": "epic_death", "of": 1, "by": 1})]
    assert not any("wfci.epic_death" in ids for ids in earned(log).values())


def test_a_regular_three_player_win_without_machines():
    log = [step(0, machines(1, 1)), step(0, fight(0, 1)), step(0, fight(0, 2), won(0))]
    assert "wfci.no_machines" in earned(log)[0]


def test_no_machines_missed_by_one_machine_or_the_wrong_game():
    built = [step(0, machines(0, 1)), step(0, machines(0, 0)), step(0, fight(0, 2), won(0))]
    assert "wfci.no_machines" not in earned(built)[0]
    clean = [step(0, fight(0, 1)), step(0, fight(0, 2), won(0))]
    assert "wfci.no_machines" not in earned(clean, table(players=2))[0]
    assert "wfci.no_machines" not in earned(clean, table(options={"mode": "multi", "variants": ["cockfight"]}))[0]
    assert "wfci.no_machines" not in earned(clean, table(players=4, options={"mode": "multi", "variants": ["teams"]}))[0]


def test_a_tag_by_a_soldier_banded_with_two_soldiers():
    log = [step(2, fight(2, 0, attacker="soldier", soldiers=2))]
    assert "wfci.soldier_band" in earned(log)[2]


def test_soldier_band_missed_with_one_soldier_beside_or_no_tag():
    log = [step(2, fight(2, 0, attacker="soldier", soldiers=1)),
           step(2, fight(2, 0, attacker="soldier", soldiers=3, effect="destroyed")),
           step(2, fight(2, 0, attacker="golem", soldiers=2))]
    assert "wfci.soldier_band" not in earned(log)[2]


def test_three_different_golems_at_once():
    log = [step(1, machines(1, 3, ["iron_golem", "mud_golem", "rock_golem"]))]
    assert "wfci.golems" in earned(log)[1]


def test_golems_missed_with_two_kinds_or_one_at_a_time():
    log = [step(1, machines(1, 3, ["iron_golem", "rock_golem"])), step(1, machines(1, 1, ["mud_golem"]))]
    assert "wfci.golems" not in earned(log)[1]


def test_a_win_by_a_cannon_in_a_turn_with_flying_rock():
    log = [step(0, scroll(0, "flying_rock", turn=(4, 0))), step(0, fight(0, 1, attacker="cannon", turn=(4, 0))),
           step(0, fight(0, 2, attacker="cannon", turn=(4, 0)), won(0, turn=(4, 0)))]
    assert "wfci.flying_cannon" in earned(log)[0]


def test_flying_cannon_missed_when_the_rock_came_a_turn_earlier_or_another_unit_won():
    earlier = [step(0, scroll(0, "flying_rock", turn=(3, 0))),
               step(0, fight(0, 2, attacker="cannon", turn=(4, 0)), won(0, turn=(4, 0)))]
    assert "wfci.flying_cannon" not in earned(earlier)[0]
    by_leader = [step(0, scroll(0, "flying_rock", turn=(4, 0))),
                 step(0, fight(0, 2, attacker="leader", turn=(4, 0)), won(0, turn=(4, 0)))]
    assert "wfci.flying_cannon" not in earned(by_leader)[0]


def test_a_win_with_every_tag_placed_by_the_leader():
    log = [step(1, fight(1, 0)), step(0, fight(0, 1, attacker="soldier")), step(1, fight(1, 2), won(1))]
    assert "wfci.leader_tags" in earned(log)[1]


def test_leader_tags_missed_when_one_tag_came_from_a_unit():
    log = [step(1, fight(1, 0, attacker="chicken")), step(1, fight(1, 2), won(1))]
    assert "wfci.leader_tags" not in earned(log)[1]


def test_a_three_player_win_in_ones_second_turn():
    log = [step(2, fight(2, 0, turn=(1, 2))), step(2, fight(2, 1, turn=(2, 2)), won(2, turn=(2, 2)))]
    assert "wfci.second_turn" in earned(log)[2]


def test_second_turn_missed_in_the_third_turn_or_with_two_players():
    late = [step(2, fight(2, 1, turn=(3, 2)), won(2, turn=(3, 2)))]
    assert "wfci.second_turn" not in earned(late)[2]
    duel = [step(1, fight(1, 0, turn=(2, 1)), won(1, turn=(2, 1)))]
    assert "wfci.second_turn" not in earned(duel, table(players=2))[1]


def record(mode="solo", won=True, leader="dusty", variants=()):
    return {"mode": mode, "variants": list(variants), "won": won, "leader": leader}


LEADERS = ["dusty", "gizzard", "abigail", "keekmee", "pollazzo", "l6", "l7", "l8", "l9"]


def test_nine_solo_wins_with_nine_leaders():
    records = [record(leader=k) for k in LEADERS[:4]] + [record(mode="multi")] + \
              [record(mode="solo_hard", leader=k) for k in LEADERS[4:]]
    assert W.career(records)["wfci.solo_leaders"] == len(records) - 1


def test_nine_solo_wins_missed_with_a_leader_twice_or_a_loss():
    records = [record(leader=k) for k in LEADERS[:8]] + [record(leader="dusty"), record(leader=LEADERS[8], won=False)]
    assert "wfci.solo_leaders" not in W.career(records)


def every_mode_records():
    out = [record(mode="multi", won=False), record(mode="solo", won=False)]
    out += [record(mode="multi", won=False, variants=[v]) for v in sorted(W.every_mode() - {"multi", "solo"})]
    return out


def test_every_mode_and_variant_played():
    records = every_mode_records()
    assert W.career(records)["wfci.all_modes"] == len(records) - 1
    assert {"multi", "solo", "teams", "flag", "cockfight", "quickplay", "hardcore", "base_bonus"} <= W.every_mode()


def test_every_mode_missed_without_capture_the_flag_or_without_solo():
    no_flag = [r for r in every_mode_records() if r["variants"] != ["flag"]]
    assert "wfci.all_modes" not in W.career(no_flag * 2)
    no_solo = [r for r in every_mode_records() if r["mode"] != "solo"]
    assert "wfci.all_modes" not in W.career(no_solo)


def test_a_game_with_an_optional_rule_is_a_regular_game_too():
    records = [r for r in every_mode_records() if r["variants"] or r["mode"] != "multi"]
    assert "wfci.all_modes" in W.career(records)  # the quickplay game was a regular game


# -- the facts, read from real steps ----------------------------------------------------------

def board(players=2):
    return P.board(players, leaders={0: "dusty", 1: "gizzard", 2: "abigail"})


def act(state, action):
    seat = GAME.to_act(state)[0]
    after = GAME.apply(state, seat, action)
    return after, W.facts(state, seat, action, after)


def attack(state, attacker, defender):
    """Attack, pick the target, and pass every card round; returns the facts of every step."""
    seen = []
    for action in ({"type": "attack", "unit": attacker, "pay": "free"}, {"type": "target", "unit": defender}):
        state, facts = act(state, action)
        seen += facts
    while state["combat"]:
        legal = GAME.legal_actions(state, GAME.to_act(state)[0])
        choice = next(a for a in legal if a["type"] in ("done", "pass"))
        state, facts = act(state, choice)
        seen += facts
    return state, seen


def test_facts_of_a_leader_tag_from_a_real_fight():
    state = board()
    blue = state["units"]["lead-1"]
    state["units"]["lead-0"]["hex"] = next(h for h in S.neighbours(blue["hex"])
                                           if S.kind(state, h) in ("territory", "neutral"))
    state["units"]["lead-1"]["shields"] = 0
    state, facts = attack(state, "lead-0", "lead-1")
    fights = [f for f in facts if f["fact"] == "fight"]
    assert len(fights) == 1
    assert fights[0]["by"] == 0 and fights[0]["on"] == 1 and fights[0]["attacker"] == "leader"
    assert fights[0]["turn"][1] == 0


def test_facts_of_a_banded_soldier_and_of_machines():
    state = board()
    before = S.copy_state(state)
    hexes = [h for h, t in state["island"]["tiles"].items() if t["kind"] == "territory" and t["owner"] == 0]
    for _ in range(3):
        P.machine(state, 0, "rock_soldier", hexes[0])
    facts = W.facts(before, 0, {"type": "build"}, state)
    assert [f["count"] for f in facts if f["fact"] == "machines" and f["seat"] == 0] == [3]
    soldier = next(u for u in state["units"].values() if u["kind"] == "machine")
    assert W._soldiers_with(state["units"], soldier) == 2
    assert W._what(soldier) == "soldier"


def test_facts_of_golems_and_of_flying_rock_played_face_up():
    state = board()
    before = S.copy_state(state)
    hexes = [h for h, t in state["island"]["tiles"].items() if t["kind"] == "territory" and t["owner"] == 0]
    for key, hx in zip(("rock_golem", "mud_golem", "iron_golem"), hexes):
        P.machine(state, 0, key, hx)
    golems = [f for f in W.facts(before, 0, {"type": "build"}, state) if f["fact"] == "machines"]
    assert golems[-1]["golems"] == ["iron_golem", "mud_golem", "rock_golem"]
    near = next(h for h in sorted(state["island"]["tiles"]) if S.kind(state, h) in ("territory", "neutral")
                and not S.units_at(state, h) and S.distance(h, hexes[0]) <= 2)
    P.chicken(state, 1, near)  # a target within reach: Flying Rock is playable
    rock = P.scroll(state, 0, "flying_rock")
    played = [a for a in GAME.legal_actions(state, 0) if a.get("type") == "play_scroll" and a.get("card") == rock]
    assert played, "Flying Rock is playable in the Take-actions step"
    _after, facts = act(state, played[0])
    assert {"fact": "scroll", "seat": 0, "key": "flying_rock", "turn": [state["round"], 0]} in facts


def test_a_whole_game_replays_into_a_log_and_bot_seats_earn_nothing():
    seed, players = 4, 3
    state, turns = GAME.setup(seed, players, {}), []
    while GAME.outcome(state) is None:
        seat = GAME.to_act(state)[0]
        action = GAME.bot_action(state, seat, "skirmisher")
        turns.append((seat, action))
        state = GAME.apply(state, seat, action)
    log, final = A.replay(GAME, seed, players, {}, turns)
    assert len(log) == len(turns) and final == state
    wins = [f for e in log for f in e["facts"] if f["fact"] == "won"]
    assert wins == [{"fact": "won", "winners": state["result"]["winners"], "turn": wins[0]["turn"]}]
    everyone = A.earned(GAME, seed, players, {}, turns)
    assert everyone, "this game earns something (seed 4: Yellow wins, every tag placed by its leader)"
    assert A.earned(GAME, seed, players, {}, turns, bots=list(everyone)) == {}


def test_facts_of_an_epic_death_from_two_defeats_in_one_turn():
    """Classic rules, 3 players: Red beats Blue's unshielded leader twice in a turn (the free
    action and a Claw die); Blue's leader dies an epic death, by Red's hand."""
    state = P.started(3, 0, options={"preset": "classic"}, leaders={0: "dusty", 1: "gizzard", 2: "abigail"})
    P.clear_island(state)
    P.actions_step(state, 0)
    P.no_dice_no_hands(state)
    P.banner(state, 0, ["claw", "+3", "+3"])
    blue = state["units"]["lead-1"]
    blue["shields"] = 0
    state["units"]["lead-0"]["hex"] = next(h for h in S.neighbours(blue["hex"]) if S.kind(state, h) in ("territory", "neutral"))
    seen = []
    for pay in ("free", "claw"):
        for action in ({"type": "attack", "unit": "lead-0", "pay": pay}, {"type": "target", "unit": "lead-1"}):
            state, facts = act(state, action)
            seen += facts
        while state["combat"]:
            legal = GAME.legal_actions(state, GAME.to_act(state)[0])
            choice = next((a for a in legal if a["type"] == "boost"), None) or next(
                a for a in legal if a["type"] in ("done", "pass"))
            state, facts = act(state, choice)
            seen += facts
    assert [f["effect"] for f in seen if f["fact"] == "fight"] == ["humiliation", "humiliation"]
    assert {"fact": "epic_death", "of": 1, "by": 0} in seen
    assert "wfci.epic_death" in W.detect([{"seat": 0, "facts": seen}], table())[0]
