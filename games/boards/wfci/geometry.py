"""Hex geometry of the island: axial "q,r" on pointy-top hexes to SVG units.

The engine's axes (engine/wfci/board.py: DIRECTIONS E, SE, SW, W, NW, NE with screen y down)
are kept; the whole island is turned once by a multiple of 30 degrees to fit a phone held
upright, the same for every viewer and every step of the match, and the units of one hex
share it in fixed token slots.
"""

from __future__ import annotations

import math

SIZE = 40  # hex centre-to-corner, in SVG units
SQ3 = math.sqrt(3)
DIRECTIONS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))  # E, SE, SW, W, NW, NE


def parse_hex(key: str) -> tuple[int, int]:
    q, r = str(key).split(",")
    return int(q), int(r)


def hex_center(q: int, r: int, size: float = SIZE) -> tuple[float, float]:
    """Pointy-top axial hex to SVG pixels: x = size*sqrt(3)*(q + r/2), y = size*3/2*r."""
    return size * SQ3 * (q + r / 2), size * 1.5 * r


def hex_points(cx: float = 0, cy: float = 0, size: float = SIZE) -> str:
    """The six corners of a pointy-top hex, as an SVG `points` attribute."""
    pts = []
    for i in range(6):
        a = math.radians(60 * i - 30)
        pts.append(f"{num(cx + size * math.cos(a))},{num(cy + size * math.sin(a))}")
    return " ".join(pts)


def num(x: float) -> str:
    s = f"{x:.1f}"
    s = s.removesuffix(".0")
    return "0" if s == "-0" else s


def hex_id(key: str) -> str:
    """An HTML-id-safe form of "q,r": "1,-3" -> "1_m3"."""
    return str(key).replace(",", "_").replace("-", "m")


# The room a portrait phone gives the island (px): the island is turned once, for good, to
# fill it best, so every hex keeps its place from the first set-up step to the end.
PHONE_BOX = (390.0, 560.0)


def half_extent(angle: int, size: float = SIZE) -> tuple[float, float]:
    """Half the width and height of one hex turned by `angle` degrees (a multiple of 30)."""
    return (size * SQ3 / 2, size) if angle % 60 == 0 else (size, size * SQ3 / 2)


def turn_point(x: float, y: float, angle: int) -> tuple[float, float]:
    a = math.radians(angle)
    return x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)


def place(key: str, angle: int) -> tuple[float, float]:
    """A hex's centre in SVG units on the island turned by `angle` degrees."""
    return turn_point(*hex_center(*parse_hex(key)), angle)


def extent(keys, angle: int) -> tuple[float, float, float, float]:
    """The box (x, y, w, h) that holds the hexes `keys` on the island turned by `angle`."""
    pts = [place(k, angle) for k in keys] or [(0.0, 0.0)]
    hw, hh = half_extent(angle)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs) - hw, min(ys) - hh, max(xs) - min(xs) + 2 * hw, max(ys) - min(ys) + 2 * hh


def orientation(keys) -> int:
    """The turn (a multiple of 30 degrees) that shows the island biggest on a portrait phone;
    of equal ones the smallest, so every viewer of a match sees the same island."""
    best, best_scale = 0, 0.0
    for angle in range(0, 360, 30):
        _x, _y, w, h = extent(keys, angle)
        scale = min(PHONE_BOX[0] / w, PHONE_BOX[1] / h)
        if scale > best_scale * 1.01:
            best, best_scale = angle, scale
    return best


def turned_hex_points(angle: int, size: float = SIZE) -> str:
    """The corners of one hex turned by `angle`, as an SVG `points` attribute."""
    pts = []
    for i in range(6):
        a = math.radians(60 * i - 30 + angle)
        pts.append(f"{num(size * math.cos(a))},{num(size * math.sin(a))}")
    return " ".join(pts)


# Token slots inside a hex: the centre and a ring of six (a stack of a leader and six
# chickens fills it exactly), then a tighter grid for bigger stacks.
RING = [(0, 0), (-9, -16), (9, -16), (18, 0), (9, 16), (-9, 16), (-18, 0)]
SLOTS = {
    1: [(0, 0)],
    2: [(-14, 0), (14, 0)],
    3: [(-12, -9), (12, -9), (0, 12)],
    4: [(-12, -11), (12, -11), (-12, 11), (12, 11)],
    5: [(0, 0), (-15, -13), (15, -13), (-15, 13), (15, 13)],
    6: [(0, -16), (-17, -7), (17, -7), (-17, 10), (17, 10), (0, 18)],
    7: RING,
}


def token_slots(n: int) -> tuple[list[tuple[int, int]], float]:
    """Positions (relative to the hex centre) and the token radius for n units in one hex."""
    if n in SLOTS:
        radius = {1: 19, 2: 13, 3: 12, 4: 11, 5: 9.5, 6: 9, 7: 8}[n]
        return SLOTS[n], radius
    cols = 4 if n > 9 else 3
    rows = math.ceil(n / cols)
    step = 13 if cols == 4 else 16
    out = []
    for i in range(n):
        row, col = divmod(i, cols)
        x = (col - (cols - 1) / 2) * step
        y = (row - (rows - 1) / 2) * step
        out.append((round(x, 1), round(y, 1)))
    return out, 6 if cols == 4 else 7

