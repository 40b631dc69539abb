"""The public event log kept in the state: what every seat may read about what just happened.

Each event is a message (DESIGN.md, "Texts"); `describe_action` returns the events an action
caused, and the view shows the latest ones.
"""

from __future__ import annotations

from ..messages import msg, seat
from .cards import rules

P = "chickendie."


def log(state: dict, key: str, **args) -> None:
    state["seq"] += 1
    state["log"].append([state["seq"], msg(P + "log." + key, **args)])
    del state["log"][: -rules()["log_size"]]


def since(state: dict, seq: int) -> list[dict]:
    return [line for n, line in state["log"] if n > seq]


def card_name(kind: str) -> dict:
    return msg(P + "card." + kind + ".name")


def who(n: int) -> dict:
    return seat(n)
