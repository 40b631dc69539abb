"""Hand-built WfCI positions on the 2-player starter island, for the rules tests."""

import engine
from engine.wfci import positions as P

GAME = engine.get_game("wfci")

# The 2-player starter island as seed 0 sets it up: Red (seat 0) holds B1, Blue (seat 1) B2.
RED_BASE, BLUE_BASE = "1,-3", "-1,3"
RED_LAND = ["0,-2", "1,-2", "0,-1", "1,-1"]
BLUE_LAND = ["0,2", "-1,2", "0,1", "-1,1"]
LAVA, NEUTRAL = ["0,0", "-1,-1", "1,1"], ["1,0", "-1,0"]


def fresh(players=2, seed=0, **kw):
    state = P.started(players, seed, **kw)
    if players == 2:
        assert state["seats"][0]["base"] == RED_BASE and state["seats"][1]["base"] == BLUE_BASE
    return state


def act(state, action, seat=None):
    seat = GAME.to_act(state)[0] if seat is None else seat
    return GAME.apply(state, seat, action)


def legal(state):
    return GAME.legal_actions(state, GAME.to_act(state)[0])


NEUTRAL_LEADERS = {0: "dusty", 1: "gizzard"}  # abilities that touch no test below


def board(players=2):
    """An empty island (leaders on their bases), Red in its Take-actions step, no dice."""
    state = P.board(players, leaders=NEUTRAL_LEADERS, hands=True)
    if players == 2:
        assert state["seats"][0]["base"] == RED_BASE and state["seats"][1]["base"] == BLUE_BASE
    return state
