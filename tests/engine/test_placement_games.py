"""Each card and farm game's placement rule on built positions: Chicken Die! and Barnyard
Generals rank the seats behind the winner by elimination order (and, at our limits, by chickens
or score); Chicken Run's two players are first and second, or share a draw."""

from hypothesis import given, settings, strategies as st

from engine import placement as PL
from engine.barnyard import GAME as BARNYARD
from engine.barnyard import battle as BT
from engine.chickendie import GAME as CHICKENDIE
from engine.chickendie import cards as C
from engine.chickendie import flow
from engine.chickendie.positions import position
from tests.engine.test_barnyard import grid


# --- Chicken Die! -------------------------------------------------------------------------------

def test_chicken_die_turn_limit_ranks_the_players_still_in_by_chickens_then_the_out_by_order():
    state = position(5, flocks={0: ["hen"], 1: ["hen", "hen"], 2: ["chick"], 3: ["hen"], 4: ["hen", "chick"]})
    state["flocks"][3], state["flocks"][0] = [], []
    state["out"] = [{"seat": 3, "chain": 2}, {"seat": 0, "chain": 5}]
    state["turns"] = C.rules()["turn_limit"] + 1
    flow.run(state)
    result = CHICKENDIE.outcome(state)
    assert result["reason"] == "limit" and result["winners"] == [1, 4]
    assert result["placement"] == [[1, 4], [2], [0], [3]]


def test_chicken_die_players_put_out_by_one_action_share_their_place():
    state = position(4, flocks={0: ["hen"], 1: ["hen"], 2: ["hen"], 3: ["hen"]})
    for s in (1, 2, 3):
        state["flocks"][s] = []
    state["chain"] += 1
    state["out"] = [{"seat": 3, "chain": state["chain"] - 1}]
    flow.run(state)  # 1 and 2 go out now, together
    result = CHICKENDIE.outcome(state)
    assert result["reason"] == "last" and result["placement"] == [[0], [1, 2], [3]]


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_chicken_die_placement_follows_chickens_then_elimination_order(data):
    n = data.draw(st.integers(2, 6))
    chickens = data.draw(st.lists(st.integers(0, 3), min_size=n, max_size=n).filter(lambda c: any(c)))
    chains = {s: data.draw(st.integers(0, 3)) for s in range(n) if chickens[s] == 0}
    state = position(n, flocks={s: ["hen"] * max(c, 1) for s, c in enumerate(chickens)})
    for s, chain in sorted(chains.items(), key=lambda kv: kv[1]):
        state["flocks"][s] = []
        state["out"].append({"seat": s, "chain": chain})
    state["turns"] = C.rules()["turn_limit"] + 1
    flow.run(state)
    result = CHICKENDIE.outcome(state)
    assert PL.agrees(result, n)
    rest = [s for s in range(n) if s not in result["winners"]]
    key = {s: (1, chickens[s]) if s not in chains else (0, chains[s]) for s in rest}
    expected = [result["winners"]] + [sorted(s for s in rest if key[s] == k)
                                      for k in sorted(set(key.values()), reverse=True)]
    assert result["placement"] == expected


# --- Barnyard Generals --------------------------------------------------------------------------

def _beaten(state, seat, ply):
    """The faction's Super Army has lost its last troop at this ply."""
    state["ply"] = ply
    state["sides"][seat]["army"] = {"sq": state["barns"][seat], "units": []}
    state["sides"][seat]["generals"] = [None, None, None]


def test_barnyard_the_later_a_faction_is_out_the_better_its_place():
    state = grid(4)
    _beaten(state, 1, 5)
    BT.eliminate(state)
    _beaten(state, 3, 9)
    BT.eliminate(state)
    assert state["result"] is None and state["sides"][3]["out_at"] == 9
    _beaten(state, 2, 12)
    BT.eliminate(state)
    result = BARNYARD.outcome(state)
    assert result["winners"] == [0] and result["placement"] == [[0], [2], [3], [1]]


def test_barnyard_factions_out_in_one_battle_share_a_place_and_old_states_share_too():
    state = grid(4)
    _beaten(state, 1, 5)
    _beaten(state, 2, 5)
    BT.eliminate(state)
    _beaten(state, 3, 7)
    BT.eliminate(state)
    assert BARNYARD.outcome(state)["placement"] == [[0], [3], [1, 2]]
    for side in state["sides"]:
        side.pop("out_at", None)  # saved before the order was kept
    assert BARNYARD.outcome(BARNYARD.deserialize(state))["placement"] == [[0], [1, 2, 3]]


def test_barnyard_round_limit_ranks_standing_factions_by_score_before_those_out():
    state = grid(4)
    _beaten(state, 3, 4)
    BT.eliminate(state)
    state["sides"][0]["generals"][0]["units"] = ["bull"]  # 5
    state["sides"][1]["generals"][0]["units"] = ["rabbit"]  # 1
    state["sides"][2]["generals"][0]["units"] = ["horse", "rabbit"]  # 5
    state["result"] = BT.round_limit_result(state)
    result = BARNYARD.outcome(state)
    assert result["winners"] == [0, 2] and result["placement"] == [[0, 2], [1], [3]]
