"""Chicken Die! test helpers: acting in a position and reading a hand, a flock and the log."""

from engine.chickendie import GAME
from engine.chickendie import cards as C
from engine.chickendie.positions import check_conservation

LET = {"type": "let"}
NEXT = {"type": "next"}
DRAW = {"type": "draw"}


def act(state, seat, *actions):
    for action in actions:
        state = GAME.apply(state, seat, action)
        check_conservation(GAME, state)
    return state


def card(state, seat, kind):
    return next(c for c in state["hands"][seat] if C.kind(c) == kind)


def play(state, seat, kind, **extra):
    return act(state, seat, {"type": "play", "card": card(state, seat, kind), **extra})


def kinds(state, seat):
    return sorted(e["kind"] + ("!" if e["infertile"] else "") for e in state["flocks"][seat])


def asked(state):
    return GAME.to_act(state)


def fid(state, seat, kind):
    return next(e["id"] for e in state["flocks"][seat] if e["kind"] == kind)


def log_ids(state):
    return [line["id"].split(".")[-1] for _n, line in state["log"]]
