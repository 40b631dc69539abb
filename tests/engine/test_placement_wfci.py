"""War for Chicken Island placements on built positions: every mode (multi, teams, capture the
flag, cockfight, solo against the Challenger) and the turn limit's draws."""

from hypothesis import given, settings, strategies as st

import engine
from engine import placement as PL
from engine.wfci import flag, victory
from engine.wfci import positions as P
from engine.wfci.solo import HUMAN, SEAT

GAME = engine.get_game("wfci")
TEAMS = {"variants": ["teams"]}
FLAG = {"variants": ["flag"]}
COCKFIGHT = {"variants": ["cockfight"]}


def tags(state, *pairs):
    for attacker, defender in pairs:
        assert victory.humiliate(state, attacker, defender)


def limit(state):
    state["round"] = victory.MAX_ROUNDS + 1
    victory.turn_limit(state)
    return GAME.outcome(state)


def test_multi_the_others_rank_by_opponents_humiliated_then_tags_placed():
    state = P.started(4)
    tags(state, (3, 1), (2, 3), (2, 3), (0, 1), (0, 2))
    result = GAME.outcome(state)
    assert result["winners"] == [0] and result["placement"] == [[0], [2], [3], [1]]
    assert state["result"].get("placement") is None, "the stored result is left as it was"


def test_multi_equal_progress_shares_a_place():
    state = P.started(4, 0, COCKFIGHT)
    tags(state, (3, 2), (1, 2), (0, 1), (0, 3))
    assert GAME.outcome(state)["placement"] == [[0], [1, 3], [2]]


def test_turn_limit_draw_puts_the_tied_first_and_ranks_the_rest():
    state = P.started(3)
    tags(state, (0, 1), (1, 2))
    result = limit(state)
    assert result["winners"] == [] and result["draw"] == [0, 1]
    assert result["placement"] == [[0, 1], [2]]
    assert limit(P.started(3))["placement"] == [[0, 1, 2]]


def test_turn_limit_with_a_single_leader():
    state = P.started(4)
    tags(state, (2, 1), (2, 1), (0, 3))
    result = limit(state)
    assert result["winners"] == [2] and result["placement"] == [[2], [0], [1, 3]]


def test_teams_partners_share_their_place_and_a_team_draw_is_one_place():
    state = P.started(4, 0, TEAMS)
    tags(state, (0, 1), (2, 3))
    result = GAME.outcome(state)
    assert result["winners"] == [0, 2] and result["placement"] == [[0, 2], [1, 3]]
    state = P.started(4, 0, TEAMS)
    tags(state, (1, 0))
    assert limit(state)["placement"] == [[1, 3], [0, 2]]
    assert limit(P.started(4, 0, TEAMS))["placement"] == [[0, 1, 2, 3]]


def test_solo_the_winner_before_the_challenger_or_one_place_when_unfinished():
    state = P.solo()
    tags(state, (HUMAN, SEAT))
    assert GAME.outcome(state)["placement"] == [[HUMAN], [SEAT]]
    state = P.solo()
    tags(state, (SEAT, HUMAN))
    assert GAME.outcome(state)["placement"] == [[SEAT], [HUMAN]]
    result = limit(P.solo())
    assert result.get("unfinished") and result["placement"] == [[0, 1]]


def test_capture_the_flag_ranks_the_others_by_enemy_flags_they_carry():
    state = P.started(4, 0, FLAG)
    mine = {s: next(u["id"] for u in state["units"].values() if u["owner"] == s) for s in range(4)}
    state["flags"][0]["unit"], state["flags"][0]["hex"] = mine[1], None
    state["flags"][3]["unit"], state["flags"][3]["hex"] = mine[2], None
    state["flags"][2]["unit"], state["flags"][2]["hex"] = mine[2], None  # its own flag counts for nothing
    flag.win(state, 1, 0)
    result = GAME.outcome(state)
    assert result["winners"] == [1] and result["placement"] == [[1], [2], [0, 3]]


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), team=st.booleans(), data=st.data())
def test_any_humiliations_then_the_limit_give_a_placement_that_agrees(players, team, data):
    """Random tags (until someone wins), then the turn limit if nobody did: the placement agrees
    with the result and, outside teams, every later place made less progress."""
    team = team and players == 4
    state = P.started(players, 0, TEAMS if team else None)
    seats = st.integers(0, players - 1)
    for attacker, defender in data.draw(st.lists(st.tuples(seats, seats), max_size=10)):
        if state["result"] is None and victory.teams.opposed(state, attacker, defender):
            victory.humiliate(state, attacker, defender)
    result = GAME.outcome(state) if state["result"] is not None else limit(state)
    assert PL.agrees(result, players)
    if not team:
        def progress(s):
            banners = [b["tags"] for o, b in enumerate(state["seats"]) if o != s]
            return sum(1 for b in banners if s in b), sum(b.count(s) for b in banners)
        keys = [{progress(s) for s in place} for place in result["placement"][1:]]
        assert all(len(k) == 1 for k in keys)
        assert [k.pop() for k in keys] == sorted((progress(p[0]) for p in result["placement"][1:]), reverse=True)
        assert len(set(progress(p[0]) for p in result["placement"][1:])) == len(result["placement"]) - 1
