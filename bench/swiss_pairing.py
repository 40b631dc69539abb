"""How long one Swiss round takes to pair as the field grows (not a test; it asserts nothing).

    python bench/swiss_pairing.py [--sizes 9 16 32 64 128] [--rounds 7] [--seed 1]

Plays a Swiss of each size with random results (win, draw, loss), pairing every round with
`games.tournaments.swiss.pair_round`, and times each call: the bye search and the maximum-weight
matching. Prints median and worst per size and writes JSON to bench/results/.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games.tournaments.swiss import CannotPair, SwissPlayer, pair_round  # noqa: E402


def play(size: int, rounds: int, rng: random.Random) -> list[float]:
    """Seconds per pair_round call over one Swiss of `size` players."""
    points = {i: 0.0 for i in range(size)}
    met = {i: set() for i in range(size)}
    seats = {i: [0, 0, 0, None] for i in range(size)}  # firsts, seconds, byes, last seat
    timings = []
    for _ in range(rounds):
        ordered = sorted(points, key=lambda i: (-points[i], i))
        field = [
            SwissPlayer(id=i, points=points[i], opponents=set(met[i]), firsts=seats[i][0], seconds=seats[i][1],
                        byes=seats[i][2], rank=rank, last_seat=seats[i][3])
            for rank, i in enumerate(ordered)
        ]
        start = time.perf_counter()
        try:
            pairing = pair_round(field)
        except CannotPair:
            break
        timings.append(time.perf_counter() - start)
        for a, b in pairing.games:
            met[a].add(b)
            met[b].add(a)
            seats[a][0] += 1
            seats[b][1] += 1
            seats[a][3], seats[b][3] = 0, 1
            score = rng.choice([1.0, 0.5, 0.0])
            points[a] += score
            points[b] += 1 - score
        if pairing.bye is not None:
            seats[pairing.bye][2] += 1
            points[pairing.bye] += 1
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[9, 16, 32, 64, 128])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=str(ROOT / "bench" / "results"))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rows = []
    for size in args.sizes:
        timings = play(size, args.rounds, rng)
        row = {"players": size, "rounds": len(timings), "median_ms": round(1000 * statistics.median(timings), 1),
               "worst_ms": round(1000 * max(timings), 1)}
        rows.append(row)
        print(f"{size:4d} players, {row['rounds']} rounds: median {row['median_ms']} ms, worst {row['worst_ms']} ms")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    (out / f"swiss_pairing-{stamp}.json").write_text(json.dumps({"seed": args.seed, "sizes": rows}, indent=2))


if __name__ == "__main__":
    main()
