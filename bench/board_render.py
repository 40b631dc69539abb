"""The match page's board render for 4-player War for Chicken Island positions (not a test).

    python bench/board_render.py [--matches 3] [--positions 4] [--repeat 30]

Issue 16 asks for a median of at most 15 ms. Plays random 4-player matches through the site's
write path on an in-memory SQLite database, stops at mid-game positions, and times for the
player to act, three layers of the same render:

1. the page model, `get_board("wfci").page(view, legal, seat, players)`;
2. the board template alone, rendered with the context the match view builds;
3. the whole board fragment the page polls, GET /matches/<id>/board/ through Django's test
   client (the view's queries, the page model, the log and the template).

Prints median and p95 in ms per layer and writes JSON to bench/results/. It asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

from inmemory import ROOT  # sets Django up: before anything of it

from django.core.management import call_command  # noqa: E402
from django.template.loader import render_to_string  # noqa: E402
from django.test import Client, RequestFactory  # noqa: E402

from accounts.models import User  # noqa: E402
from games.lobby import tables
from games.play import visibility, services
from games.views import match as match_views  # noqa: E402
from games.boards import get_board  # noqa: E402
from games.models import Match  # noqa: E402


def summary(samples: list[float]) -> dict:
    ordered = sorted(samples)
    return {
        "count": len(ordered),
        "median_ms": round(statistics.median(ordered) * 1000, 2),
        "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] * 1000, 2),
        "max_ms": round(ordered[-1] * 1000, 2),
    }


def play_to(match: Match, users: list, steps: int, rng: random.Random) -> Match:
    """Random legal actions through the write path until `steps` more are made or the match ends."""
    for _ in range(steps):
        match = Match.objects.get(pk=match.pk)
        if match.status != Match.Status.ACTIVE:
            break
        seat = match.to_act[0]
        _, legal = visibility.game_view(match, seat)
        services.submit_action(match.pk, users[seat], rng.choice(legal), match.version)
    return Match.objects.get(pk=match.pk)


def timed(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        began = time.perf_counter()
        fn()
        out.append(time.perf_counter() - began)
    return out


def measure(match: Match, users: list, repeat: int, samples: dict) -> None:
    seat = match.to_act[0]
    user = users[seat]
    board = get_board("wfci")
    request = RequestFactory().get(f"/matches/{match.pk}/board/")
    request.user, request.htmx = user, True
    context = match_views._board_context(request, match)
    view, legal, players = context["view"], context["legal"], context["players"]
    client = Client()
    client.force_login(user)
    url = f"/matches/{match.pk}/board/"
    if client.get(url).status_code != 200:
        raise SystemExit(f"the board fragment of match {match.pk} did not render")
    samples["page_model"] += timed(lambda: board.page(view, legal, seat, players), repeat)
    samples["board_template"] += timed(lambda: render_to_string(board.TEMPLATE, context, request), repeat)
    samples["board_fragment_get"] += timed(lambda: client.get(url), repeat)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=3, help="random 4-player matches")
    parser.add_argument("--positions", type=int, default=4, help="positions measured per match")
    parser.add_argument("--every", type=int, default=60, help="random actions between positions")
    parser.add_argument("--repeat", type=int, default=30, help="renders timed per position")
    parser.add_argument("--out", default=str(ROOT / "bench" / "results"))
    args = parser.parse_args(argv)
    call_command("migrate", "--noinput", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)  # the production storage reads its manifest
    samples: dict[str, list] = {"page_model": [], "board_template": [], "board_fragment_get": []}
    positions = []
    for m in range(args.matches):
        users = [User.objects.create_user(f"bench{m}-{i}", f"bench{m}-{i}@example.com", "pw") for i in range(4)]
        match = tables.create_match(users[0], "wfci", 4)
        for u in users[1:]:
            tables.join_match(u, match)
        rng = random.Random(m)
        for _ in range(args.positions):
            match = play_to(match, users, args.every, rng)
            if match.status != Match.Status.ACTIVE:
                break
            measure(match, users, args.repeat, samples)
            positions.append({"match": m, "version": match.version})
    result = {
        "when": datetime.now(timezone.utc).isoformat(),
        "game": "wfci",
        "players": 4,
        "positions": positions,
        "database": "sqlite in memory",
        **{k: summary(v) for k, v in samples.items()},
    }
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"board-render-wfci-4p-{datetime.now(timezone.utc):%Y%m%dT%H%M%S}.json"
    path.write_text(json.dumps(result, indent=2))
    print(f"War for Chicken Island board render, 4 players, {len(positions)} mid-game positions")
    print(f"{'layer':<38}{'n':>6}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}")
    names = {"page_model": "page model (boards.wfci.page)", "board_template": "board template (render_to_string)",
             "board_fragment_get": "GET /matches/{id}/board/ (whole)"}
    for key, name in names.items():
        r = result[key]
        print(f"{name:<38}{r['count']:>6}{r['median_ms']:>11}{r['p95_ms']:>9}{r['max_ms']:>9}")
    print(f"results: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
