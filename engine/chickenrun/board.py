"""Squares, pieces and the starting position of Chicken Run.

The board is 5 columns (a-e) by 9 rows (1-9). White (seat 0) sits at row 1, Black (seat 1) at
row 9. Inside the state a square is an index `row * 5 + col` into a list of stacks; a stack is
a list of piece codes from bottom to top. A piece code is two characters: the kind letter
(W White family, B Black family, C chicken, S spectator) and the size digit (1 small, 2 medium,
3 large). Outside the state (actions, views) a square is `[col, row]`, both 0-based.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from ..messages import msg

COLS = 5
ROWS = 9
SQUARES = COLS * ROWS
FILES = "abcde"
CENTRAL = (1, 3)  # family members and chickens stay in columns b-d

SEAT_NAMES = ("White", "Black")
FAMILY_LETTER = ("W", "B")
SIZE_NAMES = {1: "small", 2: "medium", 3: "large"}
KIND_NAMES = {"W": "family", "B": "family", "C": "chicken", "S": "spectator"}

DATA_DIR = Path(__file__).resolve().parent / "data"


def index(col: int, row: int) -> int:
    return row * COLS + col


def coords(sq: int) -> tuple[int, int]:
    return sq % COLS, sq // COLS


def on_board(col: int, row: int) -> bool:
    return 0 <= col < COLS and 0 <= row < ROWS


def square_name(sq: int) -> str:
    col, row = coords(sq)
    return f"{FILES[col]}{row + 1}"


def parse_square_name(name: str) -> int:
    col = FILES.index(name[0])
    row = int(name[1:]) - 1
    if not on_board(col, row):
        raise ValueError(f"no square {name!r}")
    return index(col, row)


def _neighbours(sq: int) -> tuple[int, ...]:
    col, row = coords(sq)
    out = []
    for dc, dr in ((0, 1), (0, -1), (-1, 0), (1, 0)):
        c, r = col + dc, row + dr
        if on_board(c, r):
            out.append(index(c, r))
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(sq) for sq in range(SQUARES))
IS_CENTRAL: tuple[bool, ...] = tuple(CENTRAL[0] <= coords(sq)[0] <= CENTRAL[1] for sq in range(SQUARES))


# --- pieces ---------------------------------------------------------------------------------

def size(code: str) -> int:
    return ord(code[1]) - 48


def kind(code: str) -> str:
    return KIND_NAMES[code[0]]


def owner(code: str) -> int | None:
    """The seat owning a family member; None for chickens and spectators (transparent)."""
    if code[0] == "W":
        return 0
    if code[0] == "B":
        return 1
    return None


def is_family(code: str) -> bool:
    return code[0] in "WB"


def is_chicken(code: str) -> bool:
    return code[0] == "C"


def is_spectator(code: str) -> bool:
    return code[0] == "S"


def family_code(seat: int, piece_size: int) -> str:
    return f"{FAMILY_LETTER[seat]}{piece_size}"


def chicken_code(piece_size: int) -> str:
    return f"C{piece_size}"


def piece_name(code: str) -> dict:
    """A piece as a message: 'White's medium', 'the small chicken', 'the large spectator'."""
    return msg(f"chickenrun.piece.{code}")


def colour(seat: int) -> dict:
    """A seat by its colour (the board names players White and Black)."""
    return msg(f"chickenrun.colour.{seat}")


def size_word(piece_size: int) -> dict:
    return msg(f"chickenrun.size.{piece_size}")


def piece_view(code: str) -> dict:
    return {"owner": owner(code), "kind": kind(code), "size": SIZE_NAMES[size(code)]}


def step_cost(code: str) -> int:
    """Movement points one orthogonal step costs: 1 small, 2 medium, 3 large."""
    return size(code)


def may_stand(code: str, sq: int) -> bool:
    """Family members and chickens keep to the central 3x9 area; spectators go anywhere."""
    return IS_CENTRAL[sq] or is_spectator(code)


# --- setup ----------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _setup_data() -> dict:
    with open(DATA_DIR / "setup.json", encoding="utf-8") as fh:
        data = json.load(fh)
    if data["columns"] != COLS or data["rows"] != ROWS:
        raise ValueError("setup.json does not describe a 5x9 board")
    return data


def initial_board() -> list[list[str]]:
    board: list[list[str]] = [[] for _ in range(SQUARES)]
    for name, stack in _setup_data()["stacks"].items():
        sq = parse_square_name(name)
        for code in stack:
            if code[0] not in KIND_NAMES or size(code) not in SIZE_NAMES:
                raise ValueError(f"bad piece code {code!r} in setup.json")
            if not may_stand(code, sq):
                raise ValueError(f"{code} may not start on {name}")
        board[sq] = list(stack)
    return board

