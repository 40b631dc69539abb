"""Where a piece may go: up to 2 squares (a Super Army 3), each step to any of the 8 squares
around (D-3); never into forest or lake, nor into another faction's barn unless a Super Army.
A piece may stop only on an empty square, except that a faction's generals share their barn.
Moving onto an enemy piece is an attack; "a player's barn cannot be attacked by opponents", so
another faction's generals never attack there, but its owner's generals attack an enemy Super
Army standing in it.
"""

from __future__ import annotations

from . import board as B
from .data import UNITS
from .state import ARMY, barn_of, occupants, piece


def steps_allowed(state: dict, seat: int, p) -> int:
    if p == ARMY:
        return 5 if state["sides"][seat]["effects"].get("march") else 3
    return 2


def can_attack(units: list[str]) -> bool:
    return any(UNITS[u]["attack"] >= 1 for u in units)


def enterable(state: dict, seat: int, p, sq: int) -> bool:
    """The tile itself lets this piece in (ignoring who stands there)."""
    tile = state["tiles"][sq]
    if tile is None or tile in B.IMPASSABLE:
        return False
    return p == ARMY or not tile.startswith("barn:") or tile == f"barn:{seat}"


def reach(state: dict, seat: int, p, where: dict | None = None) -> tuple[list[int], list[int]]:
    """(squares it may move to, squares it may attack) from where it stands."""
    where = occupants(state) if where is None else where
    size = state["size"]
    start = piece(state, seat, p)["sq"]
    own_barn = barn_of(state, seat)
    armed = can_attack(piece(state, seat, p)["units"])
    moves, attacks = set(), set()
    frontier, seen = [start], {start}
    for _ in range(steps_allowed(state, seat, p)):
        nxt = []
        for sq in frontier:
            for n in B.neighbours(sq, size):
                if n in seen or not enterable(state, seat, p, n):
                    continue
                others = where.get(n, [])
                if not others or n == own_barn and all(s == seat for s, _ in others):
                    seen.add(n)
                    moves.add(n)
                    nxt.append(n)
                elif others[0][0] != seat and armed and _attackable(state, seat, p, n):
                    attacks.add(n)
        frontier = nxt
    moves.discard(start)
    return sorted(moves), sorted(attacks)


def _attackable(state: dict, seat: int, p, sq: int) -> bool:
    """A barn protects its owner: opponents' generals cannot attack there, a Super Army can."""
    return p == ARMY or B.barn_owner(state["tiles"][sq]) in (None, seat)


def retreats(state: dict, seat: int, p, where: dict | None = None) -> list[int]:
    """Empty squares next to the piece it may step onto (its own barn counts as empty for it)."""
    where = occupants(state) if where is None else where
    sq = piece(state, seat, p)["sq"]
    own_barn = barn_of(state, seat)
    return [n for n in B.neighbours(sq, state["size"])
            if enterable(state, seat, p, n) and (not where.get(n) or n == own_barn
                                                 and all(s == seat for s, _ in where[n]))]
