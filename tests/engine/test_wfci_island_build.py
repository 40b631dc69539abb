"""The hand-built island (island: "build") and the minimum base distance (D-10): the players
place the tiles in turn as the custom-island procedure says, the random island draws from the
same legal placements, and a placement that breaks a rule is refused with the rule's words."""

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import engine
from engine import IllegalAction
from engine.messages import render
from engine.rng import Rng, seed_state
from engine.testing import playout, random_chooser
from engine.wfci import audit, board, cards, classic_island, custom_island, expert, fair_bases, island
from engine.wfci.dice import DICE_PER_COLOUR
from engine.wfci.state import pt

GAME = engine.get_game("wfci")
BUILD = {"island": "build"}


def act(state, action, seat=None):
    seat = GAME.to_act(state)[0] if seat is None else seat
    assert action in GAME.legal_actions(state, seat), (action, GAME.legal_actions(state, seat))
    return GAME.apply(state, seat, action)


def refused(state, action) -> str:
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(state, GAME.to_act(state)[0], action)
    return exc.value.message["id"]


def at_island(players=2, seed=0, options=BUILD):
    """A new build game with the leaders chosen: the first round's Territory is due."""
    state = GAME.setup(seed, players, options)
    while state["stack"][-1]["kind"] == "choose_leader":
        state = act(state, GAME.legal_actions(state, GAME.to_act(state)[0])[0])
    return state


def isl(state):
    return board.Island.from_json(state["island"])


def place_by_bot(state, until):
    """Let the skirmisher place tiles until `until(state)` holds."""
    while not until(state):
        seat = GAME.to_act(state)[0]
        state = act(state, GAME.bot_action(state, seat, "skirmisher"), seat)
    return state


# -- the minimum base distance -------------------------------------------------------------

def test_the_minimum_base_distance_comes_from_the_speeds_and_the_dice():
    fastest = max(c["speed"] for c in cards.catalog()["machine"].values() if c["strength"] >= 3)
    assert fair_bases.opening_speed() == fastest == 2
    assert fair_bases.min_base_gap(2, "starter") == (1 + DICE_PER_COLOUR) * fastest + 1 == 13
    assert fair_bases.min_base_gap(2) == 1 * fastest + 1 == 3  # the free action alone
    assert fair_bases.min_base_gap(1) == 3 and fair_bases.min_base_gap(3) == fair_bases.min_base_gap(4) == 0


def test_the_starter_island_keeps_the_full_distance_and_face_off_does_not():
    long_bay = island.starter_island(2)
    assert fair_bases.closest_bases(long_bay)[0] >= fair_bases.min_base_gap(2, "starter")
    face_off = island.constructed_island("face_off")
    assert fair_bases.base_gap(face_off, pt("-1,3"), pt("1,-3")) == 4
    assert fair_bases.closest_bases(face_off)[0] < fair_bases.min_base_gap(2, "starter")


def test_base_gap_walks_territory_and_neutral_land_only():
    tiles = {(0, 0): {"kind": "territory", "tile": "T1", "owner": None},
             (1, 0): {"kind": "territory", "tile": "T1", "owner": None},
             (0, -1): {"kind": "base", "tile": "B1", "owner": None, "territory": "T1"},
             (2, 0): {"kind": "lava", "tile": "L1", "owner": None},
             (1, 1): {"kind": "neutral", "tile": "L2", "owner": None},
             (2, 1): {"kind": "territory", "tile": "T2", "owner": None},
             (3, 1): {"kind": "territory", "tile": "T2", "owner": None},
             (4, 0): {"kind": "base", "tile": "B2", "owner": None, "territory": "T2"}}
    bay = board.Island(tiles)
    # from 0,0 (T1's hex next to B1) by 1,0, 1,1 (neutral) and 2,1 to 3,1 next to B2: lava never walked
    assert fair_bases.base_gap(bay, (0, -1), (4, 0)) == 4
    assert fair_bases.base_gap(bay.flip((1, 1)), (0, -1), (4, 0)) is None


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**63 - 1))
def test_random_two_player_islands_keep_the_distance_with_a_walk_each_way(seed):
    made = island.random_island(Rng(seed_state(seed)), 2)
    bases = [made.tile_hexes(b)[0] for b in made.tile_ids("base")]
    for a, b in ((bases[0], bases[1]), (bases[1], bases[0])):
        gap = fair_bases.base_gap(made, a, b)
        assert gap is not None and gap >= fair_bases.min_base_gap(2)
    assert island.bases_connected(made) and not island.enclosed_spaces(made)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), players=st.sampled_from([2, 3, 4]), stop=st.integers(0, 12))
def test_the_rng_draws_among_the_placements_the_players_are_offered(seed, players, stop):
    rng = Rng(seed_state(seed))
    made = island.initial_island()
    for _ in range(stop):
        step = island.next_step(made, players)
        if step is None:
            break
        choice = island.pick(made, players, rng)
        assert choice in island.options(made, players)
        made = island.place(made, *step, choice)


# -- the set-up phase ----------------------------------------------------------------------

def test_the_island_is_built_after_the_leaders_and_before_the_claims():
    state = GAME.setup(3, 3, BUILD)
    kinds = [f["kind"] for f in state["stack"]]
    assert kinds == ["turn"] + ["claim_base"] * 3 + ["island"] + ["choose_leader"] * 3
    assert isl(state).tile_ids() == ["L1"] and isl(state).kind((0, 0)) == "lava"
    state = at_island(3, seed=3)
    first = state["first"]
    assert GAME.to_act(state) == [first] and GAME.view(state, None)["phase"] == "setup"
    block = GAME.view(state, None)["island_build"]
    assert block["step"] == "territory" and block["round"] == 1 and block["rounds"] == 3
    assert [o["seat"] for o in block["order"]] == [(first + k) % 3 for k in range(3)]
    assert block["left"] == {"territory": 6, "base": 4, "lava_neutral": 7} and block["min_gap"] == 0


def test_a_territory_is_placed_by_its_two_ends():
    state = at_island()
    offered = island.options(isl(state), 2)
    froms = {a["hex"] for a in GAME.legal_actions(state, GAME.to_act(state)[0])}
    assert froms == {board.hex_key(t) for p in offered for t in custom_island.tips(p)}
    start = sorted(froms)[0]
    state = act(state, {"type": "territory_from", "hex": start})
    legal = GAME.legal_actions(state, GAME.to_act(state)[0])
    assert {"type": "territory_back"} in legal
    ends = [a["hex"] for a in legal if a["type"] == "territory_to"]
    assert ends and len(ends) <= 6  # the six rotations of the rhombus about that end
    for end in ends:
        assert board.distance(pt(start), pt(end)) == 2 and board.direction_index(pt(start), pt(end)) is None
    reach = GAME.view(state, 1)["island_build"]["reach"]
    assert [r["hex"] for r in reach] == sorted(ends, key=pt)
    state = act(state, {"type": "territory_to", "hex": ends[0]})
    placed = isl(state).tile_hexes("T1")
    assert {board.hex_key(h) for h in placed} == set(reach[0]["hexes"]) and len(placed) == 4
    assert tuple(sorted(placed)) in offered
    assert GAME.view(state, None)["island_build"]["step"] == "base"
    assert "Territory tile T1" in GAME.view(state, None)["events"][0]


def test_going_back_picks_the_first_end_again():
    state = at_island()
    start = GAME.legal_actions(state, GAME.to_act(state)[0])[0]
    state = act(state, start)
    state = act(state, {"type": "territory_back"})
    assert state["stack"][-1]["from"] is None and start in GAME.legal_actions(state, GAME.to_act(state)[0])


def test_placements_that_break_the_printed_rules_say_which_rule():
    state = at_island()
    assert refused(state, {"type": "territory_from", "hex": "0,0"}) == "wfci.refuse.island.covered"
    assert refused(state, {"type": "territory_from", "hex": "5,5"}) == "wfci.refuse.island.territory_first"
    assert refused(state, {"type": "place_base", "hex": "1,1"}) == "wfci.refuse.island.step"
    assert refused(state, {"type": "territory_from", "hex": "x"}) == "wfci.refuse.island.hex"
    start = GAME.legal_actions(state, GAME.to_act(state)[0])[0]
    state = act(state, start)
    q, r = pt(start["hex"])
    straight = next(f"{q + 2 * dq},{r + 2 * dr}" for dq, dr in board.DIRECTIONS
                    if (q + 2 * dq, r + 2 * dr) not in isl(state).tiles)
    assert refused(state, {"type": "territory_to", "hex": straight}) == "wfci.refuse.island.shape"
    end = next(a for a in GAME.legal_actions(state, GAME.to_act(state)[0]) if a["type"] == "territory_to")
    state = act(state, end)
    t1 = set(isl(state).tile_hexes("T1"))
    far = next(h for h in board.hexes_within((0, 0), 5) if h not in isl(state).tiles
               and sum(n in t1 for n in board.neighbors(h)) < 2)
    assert refused(state, {"type": "place_base", "hex": board.hex_key(far)}) == "wfci.refuse.island.base_rule"
    state = act(state, GAME.legal_actions(state, GAME.to_act(state)[0])[0])
    # the Lava/Neutral tile: lava side first; turning it offers the neutral hexes
    legal = GAME.legal_actions(state, GAME.to_act(state)[0])
    lava = {a["hex"] for a in legal if a["type"] == "place_tile"}
    assert lava == {board.hex_key(h) for s, h in island.options(isl(state), 2) if s == "lava"}
    lonely = next(h for h in board.hexes_within((0, 0), 6) if h not in isl(state).tiles
                  and not any(n in isl(state).tiles for n in board.neighbors(h)))
    assert refused(state, {"type": "place_tile", "hex": board.hex_key(lonely)}) == "wfci.refuse.island.lava_rule"
    state = act(state, {"type": "tile_side", "side": "neutral"})
    neutral = {a["hex"] for a in GAME.legal_actions(state, GAME.to_act(state)[0]) if a["type"] == "place_tile"}
    assert neutral == {board.hex_key(h) for s, h in island.options(isl(state), 2) if s == "neutral"}
    assert refused(state, {"type": "place_tile", "hex": board.hex_key(lonely)}) == "wfci.refuse.island.neutral_rule"
    state = act(state, {"type": "place_tile", "hex": sorted(neutral)[0]})
    assert isl(state).kind(pt(sorted(neutral)[0])) == "neutral"
    assert GAME.to_act(state) == [(state["first"] + 1) % 2]


def _second_base_step():
    """Round 2's Base step, on a Territory with a Base spot too close to the first base."""
    for seed in range(40):
        state = place_by_bot(at_island(seed=seed), lambda s: custom_island._step(s)[1] == 1)
        seat = GAME.to_act(state)[0]
        state = act(state, GAME.bot_action(state, seat, "skirmisher"))  # the Territory's first end
        for end in [a for a in GAME.legal_actions(state, seat) if a["type"] == "territory_to"]:
            after = act(state, end)
            printed = island.legal_base_placements(isl(after), "T2")
            if set(printed) - set(island.options(isl(after), 2)):
                return after, printed
    raise AssertionError("no such position")


def test_a_base_too_close_is_refused_with_the_distance():
    state, printed = _second_base_step()
    offered = set(island.options(isl(state), 2))
    close = next(h for h in printed if h not in offered)
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(state, GAME.to_act(state)[0], {"type": "place_base", "hex": board.hex_key(close)})
    message = exc.value.message
    assert message["id"] == "wfci.refuse.island.too_close"
    assert message["args"]["least"] == 3 and message["args"]["gap"] < 3
    assert "at least 3 apart" in str(exc.value)
    for h in offered:
        after = island.place(isl(state), "base", 1, h)
        assert fair_bases.bases_far_apart(after, 2)


def test_the_island_ends_with_the_enclosed_spaces_and_the_claims_follow():
    state = place_by_bot(at_island(4, seed=2), lambda s: s["stack"][-1]["kind"] != "island")
    made = isl(state)
    assert len(made.tile_ids("territory")) == len(made.tile_ids("base")) == 4
    assert not island.enclosed_spaces(made) and island.bases_connected(made)
    assert state["stack"][-1]["kind"] == "claim_base" and len(island.claimable(made)) == 4
    assert "The island is finished" in GAME.view(state, None)["events"]
    assert "island_build" not in GAME.view(state, None)


def test_two_player_build_keeps_the_minimum_base_distance():
    for seed in (0, 1):
        state = place_by_bot(at_island(seed=seed), lambda s: s["stack"][-1]["kind"] != "island")
        made = isl(state)
        assert fair_bases.bases_far_apart(made, 2, walk_needed=True)


def test_the_expert_bot_places_tiles_too():
    state = at_island(seed=5)
    action = expert.choose(state, GAME.to_act(state)[0], rollouts=2, budget=5.0)
    assert action in GAME.legal_actions(state, GAME.to_act(state)[0])


def test_prompts_and_log_lines_name_the_step():
    state = at_island()
    seat = GAME.to_act(state)[0]
    assert render(GAME.view(state, seat)["prompt"]).startswith("You must place a Territory tile")
    assert render(GAME.view(state, 1 - seat)["prompt"]).startswith("Waiting for")
    action = GAME.legal_actions(state, seat)[0]
    line = GAME.describe_action(state, seat, action)
    assert line["id"] == "wfci.log.territory_from" and line["args"]["hex"] == action["hex"]


# -- playouts ------------------------------------------------------------------------------

def conservation(game, state):
    problems = audit.problems(state)
    assert not problems, problems


@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**31), players=st.sampled_from([2, 3, 4]))
def test_build_playouts_keep_the_engine_contract(seed, players):
    state, actions, _ = playout(GAME, seed, players, options=BUILD, choose=random_chooser(seed), max_steps=90,
                                check_every=3, extra_check=conservation)
    assert any(a["type"] == "territory_to" for _s, a in actions)


def test_skirmishers_build_the_island_and_play_on():
    bots = {0: "skirmisher", 1: "skirmisher", 2: "random"}
    state, actions, _ = playout(GAME, 11, 3, options=BUILD, bots=bots, max_steps=80, check_every=10)
    assert any(a["type"] == "claim_base" for _s, a in actions)
    assert state["stack"][0]["kind"] == "turn"


def test_turning_the_tile_to_a_side_with_no_legal_hex_is_refused(monkeypatch):
    state = place_by_bot(at_island(), lambda s: custom_island._step(s)[0] == "lava_neutral")
    assert GAME.view(state, None)["island_build"]["side"] == "lava"
    assert refused(state, {"type": "tile_side", "side": "lava"}) == "wfci.refuse.not_legal"
    lava_only = [c for c in island.options(isl(state), 2) if c[0] == "lava"]
    monkeypatch.setattr(island, "options", lambda made, players: lava_only)
    assert {"type": "tile_side", "side": "neutral"} not in GAME.legal_actions(state, GAME.to_act(state)[0])
    assert refused(state, {"type": "tile_side", "side": "neutral"}) == "wfci.refuse.island.no_side"


# -- the 1st edition: by kind (classic) ------------------------------------------------------

CLASSIC_BUILD = {"island": "build", "preset": "classic"}


def test_classic_island_building_places_every_territory_then_every_base_then_one_neutral_each():
    """1st ed. set-up 3b-3d: "The starting player takes one of the Territory tile ...
    Clockwise, the other players take turns ... each of them placing a Territory tile", then
    each a Base tile "adjacent to a single Territory tile which does not currently have a base
    tile adjacent to it", then each a Lava/Neutral tile "with the Neutral side faceup"."""
    for players in (2, 3, 4):
        state = GAME.setup(7, players, CLASSIC_BUILD)
        first = state["first"]
        assert state["stack"][-1]["kind"] == "island"  # before any base or leader (1st ed. 3, then 4)
        placed = []
        while state["stack"][-1]["kind"] == "island":
            seat = GAME.to_act(state)[0]
            step = custom_island._step(state)
            before = isl(state)
            state = act(state, GAME.bot_action(state, seat, "skirmisher"), seat)
            if isl(state).tile_ids() != before.tile_ids():
                placed.append((step[0], seat))
        n = players
        expected = [(kind, (first + k) % n) for kind in ("territory", "base", "lava_neutral") for k in range(n)]
        assert placed == expected, players
        made = isl(state)
        assert len(made.tile_ids("neutral")) == n
        assert sorted(made.base_territory(b) for b in made.tile_ids("base")) == sorted(made.tile_ids("territory"))
        assert island.bases_connected(made) and not island.enclosed_spaces(made)
        assert state["stack"][-1]["kind"] == "claim_base" and not audit.problems(state)


def test_classic_island_placements_follow_the_first_edition_sides():
    made = island.initial_island()
    centre = set(made.lava_hexes())
    first = classic_island.options(made, 3)
    assert first and all(sum(1 for h in p for n in board.neighbors(h) if n in centre) >= 2 for p in first)
    # "If possible ... two sides touching the Lava tile and two sides touching other Territory
    # tile": a rhombus cannot do both next to the first one (it holds two of the lava's sides),
    # so the second keeps two sides on the first Territory.
    made = classic_island.place(made, "territory", 0, first[0])
    assert classic_island.territory_groups(made)[0] == []
    second = classic_island.options(made, 3)
    land = set(made.tile_hexes("T1"))
    assert second and all(sum(1 for h in p for n in board.neighbors(h) if n in land) >= 2 for p in second)
    # The 2nd edition's rule is looser: it allows territories the 1st edition's does not.
    assert set(island.territory_groups(made)[0]) - set(second)
    # Bases: next to exactly one Territory without a Base, two Territory sides in all.
    for k in (1, 2):
        made = classic_island.place(made, "territory", k, classic_island.options(made, 3)[0])
    spots = classic_island.options(made, 3)
    assert spots
    for h in spots:
        sides = [made.tiles[n]["tile"] for n in board.neighbors(h) if n in made.tiles and made.tiles[n]["kind"] == "territory"]
        assert len(sides) >= 2 and len(set(sides)) == 1  # no Territory has a Base yet: exactly one touched
    made = classic_island.place(made, "base", 0, spots[0])
    assert made.base_territory("B1") == made.tiles[next(n for n in board.neighbors(spots[0]) if n in made.tiles)]["tile"]


def test_classic_island_refusals_name_the_first_edition_rule():
    state = GAME.setup(7, 2, CLASSIC_BUILD)
    seat = GAME.to_act(state)[0]
    legal = {a["hex"] for a in GAME.legal_actions(state, seat)}
    bad = next(k for k in ("3,-3", "-3,3", "3,0", "0,3", "-3,0") if k not in legal)
    assert refused(state, {"type": "territory_from", "hex": bad}) == "wfci.refuse.island.classic_territory"
    state = place_by_bot(state, lambda s: custom_island._step(s)[0] == "base")
    legal = {a["hex"] for a in GAME.legal_actions(state, GAME.to_act(state)[0])}
    frontier = sorted({board.hex_key(n) for h in isl(state).tiles for n in board.neighbors(h) if n not in isl(state).tiles})
    bad = next(k for k in frontier if k not in legal)
    assert refused(state, {"type": "place_base", "hex": bad}) == "wfci.refuse.island.classic_base"
    assert GAME.view(state, None)["island_build"]["procedure"] == "by_kind"


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), players=st.sampled_from([2, 3, 4]), stop=st.integers(0, 12))
def test_classic_island_the_rng_draws_among_the_offered_placements(seed, players, stop):
    rng = Rng(seed_state(seed))
    made = island.initial_island()
    for _ in range(stop):
        step = classic_island.next_step(made, players)
        if step is None:
            break
        choice = classic_island.pick(made, players, rng)
        assert choice in classic_island.options(made, players)
        made = classic_island.place(made, *step, choice)


def test_classic_random_islands_for_three_and_four_players_are_built_by_kind():
    for players in (3, 4):
        state = GAME.setup(11, players, {"preset": "classic", "island": "random"})
        made = isl(state)
        assert len(made.tile_ids("territory")) == players and len(made.tile_ids("neutral")) == players
        for b in made.tile_ids("base"):
            sides = [made.tiles[n]["tile"] for n in board.neighbors(made.tile_hexes(b)[0])
                     if n in made.tiles and made.tiles[n]["kind"] == "territory"]
            assert made.base_territory(b) in sides and len(sides) >= 2
        assert island.bases_connected(made) and not island.enclosed_spaces(made)

