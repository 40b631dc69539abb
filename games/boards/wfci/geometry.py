"""Hex geometry of the island: axial "q,r" on pointy-top hexes to SVG pixels.

The engine's axes (engine/wfci/board.py: DIRECTIONS E, SE, SW, W, NW, NE with screen y down)
are kept; the board is only turned by a multiple of 60 degrees so the viewer's base is at the
bottom, and the units of one hex share it in fixed token slots.
"""

from __future__ import annotations

import math

SIZE = 40  # hex centre-to-corner, in SVG units
SQ3 = math.sqrt(3)
DIRECTIONS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))  # E, SE, SW, W, NW, NE
MIN_PX_PER_COLUMN = 44  # below this a hex is too small to read: the island scrolls sideways instead


def parse_hex(key: str) -> tuple[int, int]:
    q, r = str(key).split(",")
    return int(q), int(r)


def rotate(q: int, r: int, k: int) -> tuple[int, int]:
    """Turn an axial hex k sixths of a turn clockwise (on screen, y down) about 0,0."""
    for _i in range(k % 6):
        q, r = -r, q + r
    return q, r


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


def best_rotation(hexes: list[str], base: str | None) -> int:
    """The turn (0..5 sixths, clockwise) that puts `base` nearest straight below the island's centre."""
    if not base or not hexes:
        return 0
    best, best_score = 0, None
    for k in range(6):
        pts = [hex_center(*rotate(*parse_hex(h), k)) for h in hexes]
        cx, cy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
        bx, by = hex_center(*rotate(*parse_hex(base), k))
        off = math.atan2(by - cy, bx - cx) - math.pi / 2
        score = abs(math.atan2(math.sin(off), math.cos(off)))
        if best_score is None or score < best_score - 1e-9:
            best, best_score = k, score
    return best


# Token slots inside a hex: the centre and a ring of six (a stack of a leader and six
# chickens fills it exactly), then a tighter grid for bigger stacks.
RING = [(0, 0), (-9, -16), (9, -16), (18, 0), (9, 16), (-9, 16), (-18, 0)]
SLOTS = {
    1: [(0, 0)],
    2: [(-12, 0), (12, 0)],
    3: [(-12, -9), (12, -9), (0, 12)],
    4: [(-12, -11), (12, -11), (-12, 11), (12, 11)],
    5: [(0, 0), (-15, -13), (15, -13), (-15, 13), (15, 13)],
    6: [(0, -16), (-17, -7), (17, -7), (-17, 10), (17, 10), (0, 18)],
    7: RING,
}


def token_slots(n: int) -> tuple[list[tuple[int, int]], float]:
    """Positions (relative to the hex centre) and the token radius for n units in one hex."""
    if n in SLOTS:
        radius = {1: 15, 2: 11, 3: 10, 4: 10, 5: 9, 6: 8.5, 7: 8}[n]
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

