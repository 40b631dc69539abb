"""The solo game against the Challenger as a whole (rules section 10): its setup, the protocol
contract (seat 2's one legal action is the challenger bot's), difficulty, the view's solo card,
hidden information, and checked playouts with random and skirmisher humans."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import IllegalAction
from engine.testing import playout, random_chooser
from engine.wfci import audit, cards, selfplay, victory
from engine.wfci import challenger as C
from engine.wfci import positions as P
from engine.messages import render

GAME = engine.get_game("wfci")
MODES = ["solo", "solo_hard"]


def checks(game, state):
    """After every action: conservation; the Challenger's contract; nothing hidden in a log line."""
    problems = audit.problems(state)
    assert not problems, problems
    if game.to_act(state) == [1]:
        action = game.bot_action(state, 1, "challenger")
        assert game.legal_actions(state, 1) == [action]
        line = render(game.describe_action(state, 1, action))
        text = line + json.dumps(game.public_action(state, 1, action))
        for secret in game.hidden_from(state, 0):
            assert secret not in text, f"the log shows hidden {secret}: {line}"
    for seat in (0, None):
        view = game.view(state, seat)
        assert set(view["challenger"]) >= {"rows", "activation_order", "hand_count", "next"}
        assert view["challenger"]["hand_count"] == len(state["seats"][1]["hand"])


# -- setup ---------------------------------------------------------------------------------------

def test_solo_setup_you_choose_both_leaders_and_both_bases_then_it_builds_first():
    state = GAME.setup(3, 2, {"mode": "solo"})
    assert state["first"] == 1 and GAME.to_act(state) == [0]
    leaders = GAME.legal_actions(state, 0)
    assert [a["type"] for a in leaders] == ["choose_leader"] * 9
    state = GAME.apply(state, 0, leaders[4])
    theirs = GAME.legal_actions(state, 0)
    assert [a["type"] for a in theirs] == ["challenger_leader"] * 8 and leaders[4]["card"] not in [a["card"] for a in theirs]
    state = GAME.apply(state, 0, theirs[0])
    assert state["seats"][1]["leader"] == theirs[0]["card"] and len(state["decks"]["leader_box"]) == 7
    bases = GAME.legal_actions(state, 0)
    assert [a["type"] for a in bases] == ["claim_base", "claim_base"]
    state = GAME.apply(state, 0, bases[1])
    state = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    assert state["seats"][0]["base"] == bases[1]["hex"] and state["seats"][1]["base"] == bases[0]["hex"]
    you, it = state["seats"]
    assert you["res"] == {"wood": 3, "stone": 3, "metal": 3} and sum(it["res"].values()) == 0
    assert len([u for u in state["units"].values() if u["owner"] == 0 and u["kind"] == "chicken"]) == 6
    assert not [u for u in state["units"].values() if u["owner"] == 1 and u["kind"] == "chicken"]
    assert len(it["hand"]) == 3 and len(it["banner"]) == 5
    assert GAME.to_act(state) == [1]
    stock = list(state["decks"]["stock"])
    movers = [c for c in stock if cards.card(c)["speed"] >= 1]
    best = max(movers, key=lambda c: (cards.card(c)["strength"], -stock.index(c)))
    near = [k for k in _neighbours(it["base"]) if state["island"]["tiles"].get(k, {}).get("kind") == "territory"]
    state, action = _challenger_step(state)
    assert action["step"] == "opening_build" and action["card"] == best
    golem = C.machines(state)[0]
    assert golem["hex"] == action["hex"] == C.by_priority(state, it["base"], near)[0]
    assert state["seats"][1]["base"] == it["base"] and not golem["pilots"]
    assert [o["unit"] for o in GAME.view(state, 0)["challenger"]["activation_order"]] == [golem["id"], "lead-1"]


def _neighbours(key):
    from engine.wfci.state import neighbours

    return neighbours(key)


def _challenger_step(state):
    action = GAME.bot_action(state, 1, "challenger")
    assert GAME.legal_actions(state, 1) == [action]
    return GAME.apply(state, 1, action), action


def test_every_solo_preset_sets_up():
    for options in ({"mode": "solo"}, {"mode": "solo_hard"}, {"mode": "solo", "preset": "expert"},
                    {"mode": "solo", "preset": "classic"}, {"mode": "solo_hard", "preset": "classic"},
                    {"mode": "solo", "island": "random", "variants": ["hardcore", "base_bonus", "quickplay"]}):
        assert GAME.setup(1, 2, options)["first"] == 1


# -- the protocol --------------------------------------------------------------------------------

def test_bots_hooks_and_labels():
    assert GAME.bots() == ["skirmisher", "random", "expert", "warlord", "challenger", "cadet"] and GAME.default_bot() == "skirmisher"
    assert GAME.required_bots(2, {"mode": "solo"}) == {1: "challenger"}
    assert GAME.required_bots(2, {"mode": "solo_hard"}) == {1: "challenger"}
    assert GAME.required_bots(2, {}) == {}
    assert {m["options"]["mode"] for m in GAME.solo_modes()} == {"solo", "solo_hard"}
    state = P.solo(0, "solo_hard", "pollazzo", "keekmee")
    assert GAME.record_label(state, 0) == {"id": "wfci.card.pollazzo.name", "args": {}}
    assert GAME.record_label(state, 1) == {"id": "wfci.card.keekmee.name", "args": {}}


def test_the_challenger_bot_plays_only_seat_two_of_a_solo_game():
    multi = P.started(2, 0)
    with pytest.raises(IllegalAction, match="only plays seat 2"):
        GAME.bot_action(multi, multi["stack"][0]["seat"], "challenger")
    state = P.solo(0)
    with pytest.raises(IllegalAction, match="only plays seat 2"):
        GAME.bot_action(state, 0, "challenger")
    P.actions_step(state, 0)
    with pytest.raises(IllegalAction, match="nothing to decide"):
        GAME.bot_action(state, 1, "challenger")
    assert GAME.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, {"type": "challenger", "step": "draw", "count": 2})


def test_nobody_can_steer_it():
    state = P.solo(0)
    action = GAME.bot_action(state, 1, "challenger")
    other = dict(action, hex="0,2" if action["hex"] != "0,2" else "-1,2")
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, other)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, action)
    for bot in ("skirmisher", "random"):  # any bot asked for its seat gives the same one action
        assert GAME.bot_action(state, 1, bot) == action


# -- difficulty and the end ------------------------------------------------------------------------

@pytest.mark.parametrize("mode, needed", [("solo", 1), ("solo_hard", 2)])
def test_you_win_with_one_tag_solo_hard_needs_two_and_one_tag_on_you_loses(mode, needed):
    state = P.solo(0, mode)
    for k in range(needed):
        assert state["result"] is None
        victory.humiliate(state, 0, 1)
    assert state["result"]["winners"] == [0] and "you humiliated the Challenger" in state["result"]["reason"]
    lost = P.solo(0, mode)
    victory.humiliate(lost, 1, 0)
    assert lost["result"]["winners"] == [1] and lost["result"]["reason"] == "the Challenger humiliated you"


def test_solo_hard_gives_you_no_reroll_and_you_draw_one_scroll_a_turn():
    for mode, reroll in (("solo", True), ("solo_hard", False)):
        state = P.solo(0, mode, "keekmee", "gizzard")  # (Dusty Crowbar would draw one more)
        P.actions_step(state, 0)
        state["stack"][0]["step"] = "roll"
        state = GAME.apply(state, 0, {"type": "roll"})
        assert (state["stack"][0]["step"] == "reroll") == reroll
        state["stack"][0]["step"] = "draw"
        held = len(state["seats"][0]["hand"])
        assert {"type": "draw"} in GAME.legal_actions(state, 0)
        state = GAME.apply(state, 0, {"type": "draw"})
        assert GAME.to_act(state) == [1] or state["cat"] is not None
        assert len(state["seats"][0]["hand"]) <= held + 1


def test_solo_has_no_printed_round_limit_so_ours_ends_the_game_unfinished():
    """The print sets no round limit in solo: ours is a safety net, and a game it stops is
    unfinished, neither your loss nor the Challenger's (D-S10)."""
    state = P.solo(0)
    state["round"] = victory.MAX_ROUNDS + 1
    victory.turn_limit(state)
    result = GAME.outcome(state)
    assert result["winners"] == [] and result["losers"] == [] and result["unfinished"] is True
    assert result["reason"].startswith("turn limit")
    assert GAME.to_act(state) == []
    assert "unfinished" in render(state["events"][-1])


# -- the view and hidden information -----------------------------------------------------------------

def test_view_shows_the_solo_card_to_everyone_and_never_its_hand():
    state = P.solo(0)
    state, _ = _challenger_step(state)
    for seat in (0, 1, None):
        ch = GAME.view(state, seat)["challenger"]
        assert set(ch["rows"]) == {"power", "command", "build", "reinforcement"}
        assert sum(len(v) for v in ch["rows"].values()) == 5
        last = dict(ch["activation_order"][-1])
        assert render(last.pop("name_message")) == "Gizzard the Bold (leader)"
        assert last == {"unit": "lead-1", "name": "Gizzard the Bold (leader)", "activated": 0}
        assert ch["hand_count"] == 3 and isinstance(ch["next"], str) and ch["next"]
    text = json.dumps(GAME.view(state, 0))
    assert not any(cid in text for cid in state["seats"][1]["hand"])
    assert render(GAME.view(state, 0)["prompt"]).startswith("The Challenger plays:")
    assert "challenger" not in GAME.view(P.started(2, 0), 0)


# -- playouts ------------------------------------------------------------------------------------

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
# The skirmisher's games are whole games of 100 to 150 rounds (about 3 s each): eight of them.
SKIRMISHER = settings(SETTINGS, max_examples=8)


@SETTINGS
@given(seed=st.integers(0, 2**31), mode=st.sampled_from(MODES))
def test_random_humans_against_the_challenger_keep_every_promise(seed, mode):
    # max_steps is far above a normal game: a game the lava stalls still ends at the turn limit
    state, _, steps = playout(GAME, seed, 2, {"mode": mode}, choose=random_chooser(seed), max_steps=20000,
                              extra_check=checks)
    assert GAME.outcome(state) is not None, f"no result after {steps} steps"


@SKIRMISHER
@given(seed=st.integers(0, 2**31), mode=st.sampled_from(MODES),
       options=st.sampled_from([{}, {"island": "random"}, {"preset": "expert"}, {"variants": ["hardcore"]}]))
def test_skirmisher_humans_against_the_challenger_keep_every_promise(seed, mode, options):
    state, _, steps = playout(GAME, seed, 2, {"mode": mode, **options}, bots={0: "skirmisher", 1: "challenger"},
                              max_steps=20000, check_every=3, extra_check=checks)
    assert GAME.outcome(state) is not None, f"no result after {steps} steps"


def _first_seed(start, options, ending):
    """The first seed from `start` whose skirmisher-against-Challenger game ends that way (the
    start seeds were picked from self-play, so this is instant unless the bots change)."""
    for seed in range(start, start + 5000):
        state = GAME.setup(seed, 2, options)
        while GAME.outcome(state) is None:
            seat = GAME.to_act(state)[0]
            state = GAME.apply(state, seat, GAME.bot_action(state, seat, "challenger" if seat else "skirmisher"))
        if ending(GAME.outcome(state)):
            return seed
    raise AssertionError("no such game")


@pytest.mark.parametrize("start, options, ending", [
    (8, {"mode": "solo"}, "you humiliated the Challenger"),
    (328, {"mode": "solo_hard"}, "you humiliated the Challenger"),  # two tags
    (284, {"mode": "solo", "island": "random"}, "the Challenger humiliated you"),
])
def test_whole_checked_games_that_you_win_or_lose(start, options, ending):
    seed = _first_seed(start, options, lambda result: result["reason"].startswith(ending))
    state, _, _ = playout(GAME, seed, 2, options, bots={0: "skirmisher", 1: "challenger"}, max_steps=20000,
                          check_every=7, extra_check=checks)
    assert GAME.outcome(state)["reason"].startswith(ending)
    if ending.startswith("you"):
        assert state["seats"][1]["tags"] == [0] * (2 if options["mode"] == "solo_hard" else 1)
    else:
        assert GAME.outcome(state)["winners"] == [1] and state["seats"][0]["tags"] == [1]


def test_contract_holds_at_every_challenger_decision_of_many_games():
    decisions = 0
    for seed in range(10):  # 20 whole games, about 5,000 of its decisions
        for mode in MODES:
            state = GAME.setup(seed, 2, {"mode": mode})
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
                assert GAME.legal_actions(state, 1 - seat) == []
                state = GAME.apply(state, seat, action)
    assert decisions > 500


def test_selfplay_solo_report():
    report = selfplay.solo_report(9, seed=5)
    assert set(report["modes"]) == {"standard", "hard", "classic"}
    for mode in report["modes"].values():
        assert sum(p for _w, p in mode["leaders"].values()) == 9 and len(mode["leaders"]) == 9
        assert mode["avg_turns"] > 0 and 0 <= mode["before_first_turn"] <= 1
        for name, (won, lost, unfinished) in mode["outcomes"].items():  # every game is one of the three
            assert (won, won + lost + unfinished) == mode["leaders"][name]
        assert sum(o[1] for o in mode["outcomes"].values()) == mode["losses"]
        assert 0 <= mode["cut"] <= sum(o[2] for o in mode["outcomes"].values())
    text = selfplay.format_solo(report, markdown=True)
    assert "| your leader | standard | hard | classic |" in text and "Keekmee" in text
    assert "won / lost / at a limit" in text
    assert "| ended before your first turn |" in text


def test_a_solo_report_split_over_seed_ranges_plays_the_same_games():
    whole = selfplay.solo_report(4, setups=("standard",))["modes"]["standard"]["leaders"]
    halves = [selfplay.solo_report(2, seed=s, setups=("standard",))["modes"]["standard"]["leaders"] for s in (0, 2)]
    assert whole == {**halves[0], **halves[1]} and len(whole) == 4


def test_selfplay_stops_a_solo_game_that_runs_on_without_end():
    state, _before = selfplay.solo_play(0, "solo", "dusty", "gizzard", max_steps=40)
    assert state["result"] is None and state["steps"] == 40
    done, _before = selfplay.solo_play(0, "solo", "dusty", "gizzard")
    assert done["result"] is not None and done["steps"] > 40
