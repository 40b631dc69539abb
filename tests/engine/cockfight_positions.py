"""Cockfight positions for the tests: a two-player board with chickens stacked by rank."""

import engine
from engine.wfci import cockfight, positions as P

GAME = engine.get_game("wfci")
COCKFIGHT = {"variants": ["cockfight"]}
RED_BASE, BLUE_BASE = "1,-3", "-1,3"
RED_EDGE, BLUE_EDGE = "1,0", "0,1"  # neighbours: a neutral hex and Blue's territory


def act(state, action):
    return GAME.apply(state, GAME.to_act(state)[0], action)


def legal(state):
    return GAME.legal_actions(state, GAME.to_act(state)[0])


def board(players=2, options=COCKFIGHT):
    """An empty island (leaders on their bases), Red in its Take-actions step, no dice, no hand."""
    return P.board(players, options, leaders={0: "dusty", 1: "gizzard", 2: "abigail", 3: "henrietta"})


def stack(state, seat, hx, ranks):
    """Chickens of these ranks on one hex, the last one on top."""
    hens = []
    for r in ranks:
        hen = P.chicken(state, seat, hx)
        set_rank(state, hen, r)
        cockfight.put_on_top(state, hen)
        hens.append(hen)
    return hens


def set_rank(state, hen, rank):
    """Swap ranks with another token of the colour, so each colour keeps 0, 0, 1, 1, 2, 2."""
    ranks = state["cockfight"]["ranks"]
    if ranks[hen] == rank:
        return
    other = next(t for t in sorted(ranks) if cockfight.owner(t) == cockfight.owner(hen) and t != hen
                 and ranks[t] == rank and t not in state["units"])
    ranks[hen], ranks[other] = ranks[other], ranks[hen]


def units_by_id(view):
    return {u["id"]: u for u in view["units"]}
