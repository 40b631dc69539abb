"""Hand-built Chicken Run positions for the engine's and the board's tests."""

from engine.chickenrun import GAME
from engine.chickenrun import board as B
from engine.chickenrun.houserules import RULE_IDS

ALL_PIECES = sorted(["W1", "W2", "W3", "B1", "B2", "B3", "C1", "C2", "C3"]
                    + ["S1"] * 4 + ["S2"] * 4 + ["S3"] * 2)
VALID_RULE_SETS = [
    rules for rules in (
        [r for i, r in enumerate(RULE_IDS) if mask >> i & 1] for mask in range(1 << len(RULE_IDS))
    )
    if not ({"R4", "R5"} <= set(rules) or {"R5", "B6"} <= set(rules))
]


def sq(name: str) -> list[int]:
    col, row = B.coords(B.parse_square_name(name))
    return [col, row]


def make(stacks: dict, *, seat=0, kind="family", points=6, tie=False, rules=(), forced=False,
         queue=(), dice=None, fallback=False) -> dict:
    """A state with the given stacks (square name -> codes, bottom to top) and an open phase."""
    state = GAME.setup(1, 2, {"house_rules": list(rules)})
    board = [[] for _ in range(B.SQUARES)]
    for name, codes in stacks.items():
        board[B.parse_square_name(name)] = list(codes)
    state["board"] = board
    if dice is None:
        dice = [points, points] if tie else ([points, 1] if seat == 0 else [1, points])
    state["dice"] = dice
    state["phase"] = {"seat": seat, "kind": kind, "die": points, "points": points, "tie": tie,
                      "role": "tie" if tie else "high", "forced": forced, "fallback": fallback,
                      "fell_back": False}
    state["queue"] = [dict(spec) for spec in queue]
    state["selected"] = None
    state["tie_first"] = 1 - seat
    return state


def act(state, seat, *actions):
    for action in actions:
        state = GAME.apply(state, seat, action)
    return state


def select(name):
    return {"type": "select", "square": sq(name)}


def step(name):
    return {"type": "step", "to": sq(name)}


def steps_of(state, seat=0):
    return sorted(B.square_name(B.index(*a["to"])) for a in GAME.legal_actions(state, seat) if a["type"] == "step")


def selects_of(state, seat=0):
    return sorted(B.square_name(B.index(*a["square"])) for a in GAME.legal_actions(state, seat) if a["type"] == "select")


def stack(state, name):
    return state["board"][B.parse_square_name(name)]


def conservation(game, state):
    pieces = sorted(code for s in state["board"] for code in s)
    assert pieces == ALL_PIECES
