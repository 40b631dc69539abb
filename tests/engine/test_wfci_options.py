"""The WfCI options record (engine/wfci/options.py): presets from the rules table, variants,
modes, and every rejected combination."""

import dataclasses
import json

import pytest
from hypothesis import given, settings, strategies as st

from engine.errors import IllegalAction
from engine.wfci.options import Ruleset, make_ruleset, modes, presets, variants

# Rules section 1, written out independently of rulesets.json.
TABLE = {
    "standard": dict(
        starting_resources=6, resource_pool_per_type_per_player=3, resource_cap=9, reroll_cost=2,
        retrieve_free=2, retrieve_chicken_die=2, draw_per_turn=2, strategy_limit=3,
        leader_shields_at_setup=0, leader_elimination="never", base_armor_bonus=2,
        base_bonus_applies_to="own_leader_and_chickens", base_entry="owner_chickens_and_leader",
        catastrophe_aftermath="discard_to_9_and_reshuffle", catastrophe_texts="standard",
        spare_leader="box", tags_to_win_two_player=2,
    ),
    "classic": dict(
        starting_resources=9, resource_pool_per_type_per_player=3, resource_cap=9, reroll_cost=None,
        retrieve_free=1, retrieve_chicken_die=2, draw_per_turn=1, strategy_limit=1,
        leader_shields_at_setup=0, leader_elimination="epic_death", base_armor_bonus=2,
        base_bonus_applies_to="none", base_entry="unblocked",
        catastrophe_aftermath="reshuffle_catastrophe", catastrophe_texts="classic",
        spare_leader="face_down", tags_to_win_two_player=2,
    ),
    "expert": dict(
        starting_resources=9, resource_pool_per_type_per_player=3, resource_cap=None, reroll_cost=None,
        retrieve_free=2, retrieve_chicken_die=2, draw_per_turn=1, strategy_limit=1,
        leader_shields_at_setup=1, leader_elimination="never", base_armor_bonus=2,
        base_bonus_applies_to="any_defender", base_entry="enemies_too",
        catastrophe_aftermath="none", catastrophe_texts="standard",
        spare_leader="box", tags_to_win_two_player=2,
    ),
}
PLAIN = dict(quickplay_build_step=False, solo=False, no_resources=False, hidden_chicken_ranks=False,
             flag=False, teams=False, leaders=True, victory="tags", starting_resources_random=True)


@pytest.mark.parametrize("preset", ["standard", "classic", "expert"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_preset_values_follow_the_rules_table(preset, players):
    r = make_ruleset(players, {"preset": preset})
    for field, value in {**TABLE[preset], **PLAIN}.items():
        assert getattr(r, field) == value, field
    assert (r.preset, r.mode, r.variants, r.island, r.players) == (preset, "multi", frozenset(), "starter", players)


def test_defaults():
    assert make_ruleset(2, {}) == make_ruleset(2, None) == make_ruleset(
        2, {"preset": "standard", "mode": "multi", "variants": [], "island": "starter"})
    assert make_ruleset(2, {}).preset == "standard"


def test_classic_challenger_rules():
    assert make_ruleset(2, {"preset": "classic", "mode": "solo"}).challenger_target == "lowest_armor"
    assert make_ruleset(2, {"preset": "classic", "mode": "solo"}).challenger_uses_chickens
    assert make_ruleset(2, {"mode": "solo"}).challenger_target == "highest_strength"


@pytest.mark.parametrize("preset", ["standard", "classic", "expert"])
def test_solo_modes(preset):
    solo = make_ruleset(2, {"preset": preset, "mode": "solo"})
    assert solo.solo and solo.victory == "solo" and solo.solo_tags_to_win == 1
    assert solo.draw_per_turn == 1
    assert solo.starting_resources == 9 and not solo.starting_resources_random
    assert solo.reroll_cost == TABLE[preset]["reroll_cost"]
    hard = make_ruleset(2, {"preset": preset, "mode": "solo_hard"})
    assert hard.solo and hard.solo_tags_to_win == 2 and hard.reroll_cost is None


def test_teams():
    r = make_ruleset(4, {"variants": ["teams"]})
    assert r.teams and r.victory == "teams" and r.variants == frozenset({"teams"})


def test_flag():
    r = make_ruleset(3, {"preset": "expert", "variants": ["flag"]})
    assert r.flag and not r.leaders and r.victory == "flag" and r.leader_shields_at_setup == 0


def test_cockfight():
    r = make_ruleset(2, {"variants": ["cockfight"]})
    assert r.no_resources and r.no_machines and r.hidden_chicken_ranks
    assert r.base_bonus_applies_to == "none" and r.starting_resources == 0 and r.reroll_cost is None
    both = make_ruleset(4, {"variants": ["cockfight", "flag"]})
    assert both.flag and both.no_resources


def test_quickplay_hardcore_base_bonus():
    assert make_ruleset(3, {"preset": "classic", "variants": ["quickplay"]}).quickplay_build_step
    assert make_ruleset(3, {"variants": ["quickplay"]}).quickplay_build_step
    assert make_ruleset(3, {"preset": "classic", "variants": ["hardcore"]}).leader_shields_at_setup == 1
    assert make_ruleset(2, {"variants": ["hardcore"]}).leader_shields_at_setup == 1
    bonus = make_ruleset(2, {"preset": "classic", "variants": ["base_bonus"]})
    assert bonus.base_bonus_applies_to == "any_defender" and bonus.base_armor_bonus == 2
    assert make_ruleset(2, {"mode": "solo", "variants": ["base_bonus", "hardcore", "quickplay"]}).solo


def test_variant_order_does_not_matter():
    a = make_ruleset(2, {"preset": "classic", "variants": ["hardcore", "quickplay", "base_bonus"]})
    b = make_ruleset(2, {"preset": "classic", "variants": ["base_bonus", "quickplay", "hardcore"]})
    assert a == b and a.options["variants"] == ["quickplay", "hardcore", "base_bonus"]


@pytest.mark.parametrize("players, options, words", [
    (2, {"speed": "fast"}, "Unknown option"),
    (2, {"preset": "turbo"}, "Unknown preset"),
    (2, {"preset": None}, "Unknown preset"),
    (2, {"mode": "coop"}, "Unknown mode"),
    (2, {"island": "volcano"}, "Unknown island"),
    (2, {"variants": ["zombies"]}, "Unknown variant"),
    (2, {"variants": "flag"}, "list"),
    (2, {"variants": [1]}, "list"),
    (2, {"variants": ["flag", "flag"]}, "only once"),
    (2, {"variants": ["teams"]}, "4 players"),
    (3, {"variants": ["teams"]}, "4 players"),
    (4, {"variants": ["teams", "flag"]}, "choose one"),
    (3, {"mode": "solo"}, "2 players"),
    (1, {"mode": "solo"}, "2 players"),
    (4, {"mode": "solo_hard"}, "2 players"),
    (1, {}, "solo"),
    (5, {}, "2 to 4"),
    (0, {}, "2 to 4"),
    ("2", {}, "whole number"),
    (True, {}, "whole number"),
    (2, {"mode": "solo", "variants": ["teams"]}, "4 players"),
    (2, {"mode": "solo", "variants": ["flag"]}, "solo"),
    (2, {"mode": "solo_hard", "variants": ["cockfight"]}, "solo"),
    (2, {"mode": "solo", "island": "build"}, "solo"),
    (3, {"variants": ["base_bonus"]}, "2-player"),
    (4, {"preset": "classic", "variants": ["base_bonus"]}, "2-player"),
    (2, {"preset": "expert", "variants": ["base_bonus"]}, "Expert"),
    (2, {"preset": "expert", "variants": ["hardcore"]}, "Expert"),
    (3, {"preset": "expert", "variants": ["quickplay"]}, "Expert"),
    (2, {"variants": ["cockfight", "quickplay"]}, "no machines"),
    (2, {"preset": "classic", "variants": ["cockfight", "base_bonus"]}, "armor"),
    (3, {"variants": ["flag", "hardcore"]}, "no leaders"),
])
def test_rejected(players, options, words):
    with pytest.raises(IllegalAction) as err:
        make_ruleset(players, options)
    assert words.lower() in str(err.value).lower()


def test_options_must_be_a_dict():
    with pytest.raises(IllegalAction):
        make_ruleset(2, ["preset", "classic"])


def test_ruleset_is_immutable_hashable_and_round_trips():
    r = make_ruleset(4, {"preset": "classic", "variants": ["teams", "hardcore"], "island": "random"})
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.strategy_limit = 5
    assert hash(r) == hash(make_ruleset(4, r.options))
    assert make_ruleset(4, r.options) == r
    data = json.loads(json.dumps(r.to_json()))
    assert Ruleset.from_json(data) == r
    assert data["variants"] == ["teams", "hardcore"]


def test_lobby_helpers():
    ps = presets()
    assert [p["id"] for p in ps] == ["standard", "classic", "expert"]
    for p in ps:
        assert set(p) == {"id", "name", "description", "options"}
        assert p["name"] and p["description"]
        assert make_ruleset(2, p["options"]).preset == p["id"]
    vs = variants()
    assert {v["id"] for v in vs} == {"teams", "flag", "cockfight", "quickplay", "hardcore", "base_bonus"}
    for v in vs:
        assert set(v) == {"id", "name", "description"} and v["name"] and v["description"]
    assert {m["id"] for m in modes()} == {"multi", "solo", "solo_hard"}
    json.dumps([ps, vs, modes()])


option_values = st.fixed_dictionaries({}, optional={
    "preset": st.sampled_from(["standard", "classic", "expert", "other"]),
    "mode": st.sampled_from(["multi", "solo", "solo_hard", "other"]),
    "island": st.sampled_from(["starter", "random", "build", "other"]),
    "variants": st.lists(st.sampled_from(["teams", "flag", "cockfight", "quickplay", "hardcore", "base_bonus"]),
                         max_size=3),
})


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 5), option_values)
def test_any_options_build_or_say_why(players, options):
    try:
        r = make_ruleset(players, options)
    except IllegalAction as err:
        assert str(err)
        return
    assert make_ruleset(players, r.options) == r
    assert r.solo == (r.mode != "multi")
    assert not (r.teams and r.flag)
    assert r.players in (2, 3, 4)
    if r.teams:
        assert r.players == 4
    if "base_bonus" in r.variants:
        assert r.players == 2
