"""Helpers for whole-tournament tests: people whose moves a bot chooses, made through the
write path, so every follow-up (the next round, the end) runs as on the site."""

from __future__ import annotations

import engine
from games.models import Match
from games.play import services

# The quickest bot of each game (a whole tournament is many matches).
QUICK = {"chickenrun": "sensible", "chickendie": "random", "wfci": "skirmisher", "barnyard": "general"}


def play_out(match: Match, capture, max_moves: int = 20000, skip=()) -> Match:
    """Play a match to its end: each person's move is the bot's choice, submitted as theirs.
    `capture` is pytest-django's on-commit capture: the follow-ups of the last move run as
    they would after a real commit. Seats of users in `skip` are left to run out of time."""
    game = engine.get_game(match.game)
    with capture(execute=True):
        for _ in range(max_moves):
            match = Match.objects.get(pk=match.pk)
            if match.status != Match.Status.ACTIVE:
                break
            seats = {s.index: s for s in match.seats.select_related("user")}
            seat = next((i for i in match.to_act if not seats[i].bot and seats[i].user not in skip), None)
            if seat is None:
                if any(seats[i].bot for i in match.to_act):
                    services.play_bot_turns(match.pk)
                    continue
                break
            state = game.deserialize(match.state)
            action = game.bot_action(state, seat, QUICK[match.game])
            services.submit_action(match.pk, seats[seat].user, action, match.version)
    return Match.objects.get(pk=match.pk)


def order_of(match: Match) -> list[list]:
    """The match's finishing order as usernames, read from the outcome by hand: its placement,
    else winners before losers, else (a draw) everybody together."""
    seats = {s.index: s.user.username for s in match.seats.select_related("user")}
    outcome = match.outcome or {}
    groups = outcome.get("placement") or [g for g in (outcome.get("winners"), outcome.get("losers")) if g] \
        or [list(seats)]
    return [[seats[i] for i in g] for g in groups]


def hand_standings(tournament, byes: dict | None = None) -> list[dict]:
    """The standings worked out the long way, for comparison with the site's: per table, the
    score of each player against each other one (1 ahead, ½ level, 0 behind); points are the sum
    plus byes; Sonneborn–Berger sums each such score times that opponent's points; direct
    encounters count only between players level on both; fewer first seats ranks higher."""
    names = [e.user.username for e in tournament.entries.select_related("user")]
    versus = {}  # (a, b) -> a's score against b, summed
    firsts = dict.fromkeys(names, 0)
    for match in tournament.matches.filter(status=Match.Status.FINISHED):
        order = order_of(match)
        place = {name: i for i, group in enumerate(order) for name in group}
        firsts[match.seats.get(index=0).user.username] += 1
        for a in place:
            for b in place:
                if a != b:
                    score = 1.0 if place[a] < place[b] else 0.5 if place[a] == place[b] else 0.0
                    versus[(a, b)] = versus.get((a, b), 0.0) + score
    points = {n: (byes or {}).get(n, 0.0) + sum(v for (a, _), v in versus.items() if a == n) for n in names}
    sb = {n: sum(v * points[b] for (a, b), v in versus.items() if a == n) for n in names}
    direct = {n: sum(v for (a, b), v in versus.items() if a == n and (points[b], sb[b]) == (points[n], sb[n]))
              for n in names}
    key = {n: (-points[n], -sb[n], -direct[n], firsts[n]) for n in names}
    ordered = sorted(names, key=lambda n: key[n])
    return [{"player": n, "points": points[n], "tiebreak": sb[n], "rank": 1 + sum(key[m] < key[n] for m in names)}
            for n in ordered]


def same_standings(site: list[dict], hand: list[dict]) -> bool:
    """Equal rows, in any order among equal ranks."""
    def rows(table):
        return sorted((r["rank"], r["player"], round(r["points"], 6), round(r["tiebreak"], 6)) for r in table)
    return rows(site) == rows(hand)
