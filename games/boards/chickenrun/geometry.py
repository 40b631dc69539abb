"""Square geometry of the Chicken Run board in SVG units, turned for the viewer.

Each player sees their own end of the board at the bottom: White (and a spectator) row 1 with
column a on the left, Black row 9 with column a on the right (the board turned half a turn).
Everything inside a square is drawn upright.
"""

from __future__ import annotations

SQUARE = 40  # side of a square
MARGIN = 2
PIECE_FOOT = (20, 37)  # where the bottom piece of a stack stands, inside its square
PIECE_SHIFT = (3, -4)  # each piece up the stack sits this much right and up


def viewbox(columns: int, rows: int) -> str:
    return f"{-MARGIN} {-MARGIN} {columns * SQUARE + 2 * MARGIN} {rows * SQUARE + 2 * MARGIN}"


def square_origin(col: int, row: int, columns: int, rows: int, seat: int | None) -> tuple[int, int]:
    """The top-left corner on screen of the square at column `col`, row `row`."""
    if seat == 1:
        return (columns - 1 - col) * SQUARE, row * SQUARE
    return col * SQUARE, (rows - 1 - row) * SQUARE


def piece_position(i: int) -> tuple[int, int]:
    """The foot of the i-th piece (0 = bottom) of a stack, inside its square."""
    return PIECE_FOOT[0] + PIECE_SHIFT[0] * i, PIECE_FOOT[1] + PIECE_SHIFT[1] * i


def strip(where: str) -> dict:
    """A hit area inside a square: the whole square, or a strip along its top or bottom edge
    when the square carries two choices (a step onto a pyramid that can also be picked up or
    tackled), clear of the step's centre."""
    return {
        "step": {"x": 4, "y": 4, "w": 32, "h": 32, "rx": 4},
        "whole": {"x": 1, "y": 1, "w": 38, "h": 38, "rx": 2},
        "top": {"x": 1, "y": 1, "w": 38, "h": 11, "rx": 2},
        "bottom": {"x": 1, "y": 28, "w": 38, "h": 11, "rx": 2},
    }[where]
