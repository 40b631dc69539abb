"""Type-strict action matching: an action is legal only if it equals a legal action value for
value and type. Python's own `==` lets `0.0`, `False` or `1.0` pass for `0` or `1`, and such an
action would then fail deeper in the rules (as a list index, a dict key) instead of being refused."""

from __future__ import annotations


def same(a, b) -> bool:
    """Equal values of the same types, all the way down."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def is_legal(action, legal: list) -> bool:
    """Whether `action` is one of `legal`, compared with `same`."""
    return any(same(action, a) for a in legal)
