"""Self-play report: the check that the card catalog is balanced.

    python -m engine.wfci.selfplay --games 1000 --players 2 [--bot skirmisher] [--seed 0] [--variants cockfight]
        [--island starter|random|build] [--preset standard|classic|expert]
    python -m engine.wfci.selfplay --solo --games 100 [--bot skirmisher|expert] [--island random]
        [--setups standard,hard,classic] [--rollouts 24] [--markdown]

Plays bot-vs-bot games from consecutive seeds and prints the win rate per leader, the first
player's win rate, average turns, machines built and catastrophes per game, and the most and
least played scrolls. With --markdown it prints the leader table as Markdown for docs/.

--solo plays the bot (as you, seat 0) against the Challenger in the standard, hard (solo_hard)
and classic solo set-ups: game g gives you leader g mod 9 and the Challenger another one in
turn, and the report is the games won, lost and stopped at a limit (the turn limit, or the
step cap) per leader and in all in each set-up, how many of those at a limit ended on an island
cut in two, the share of games that end before your first turn, and the average game length
(docs/wfci-solo.md).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

from ..places import Places
from . import bots, cards, expert, positions, setup, turn
from .skirmisher import solo as skirmisher_solo


def play(seed: int, players: int, bot: str, options: dict | None = None, max_steps: int = 100_000) -> dict:
    state = setup.new_game(seed, players, options or {})
    steps = 0
    while state["result"] is None and steps < max_steps:
        seat = state["stack"][-1]["seat"]
        state = turn.apply_action(state, seat, bots.bot_action(state, seat, bot))
        steps += 1
    return state


def report(games: int, players: int, bot: str = "skirmisher", seed: int = 0, options: dict | None = None) -> dict:
    played, won = Counter(), Counter()
    first_wins = limit = draws = 0
    turns = built = cats = 0
    places = Places(players)
    scrolls = Counter({c["key"]: 0 for c in cards.catalog()["scroll"].values() if c["type"] != "catastrophe"})
    started = time.perf_counter()
    for g in range(games):
        state = play(seed + g, players, bot, options)
        result = state["result"] or {"winners": [], "reason": "unfinished"}
        leaders = {s["seat"]: cards.card(s["leader"])["name"] if s["leader"] else "(no leader)" for s in state["seats"]}
        for name in leaders.values():
            played[name] += 1
        for w in result["winners"]:
            won[leaders[w]] += 1
        if state["first"] in result["winners"]:
            first_wins += 1
        places.add(state["first"], result["winners"])
        limit += "turn limit" in result["reason"] or result["reason"] == "unfinished"
        draws += not result["winners"]
        turns += state["turns"]
        built += state["stats"]["built"]
        cats += state["stats"]["catastrophes"]
        scrolls.update({k: v for k, v in state["stats"]["played"].items() if k in scrolls})
    n = max(games, 1)
    return {
        "games": games, "players": players, "bot": bot, "seconds": time.perf_counter() - started,
        "teams": "teams" in (options or {}).get("variants", []),
        "leaders": {name: (won[name], played[name]) for name in sorted(played)},
        "first_player_win_rate": first_wins / n, "places": places, "turn_limit": limit / n, "draws": draws / n,
        "avg_turns": turns / n, "machines_per_game": built / n, "catastrophes_per_game": cats / n,
        "scrolls": scrolls,
    }


def format_report(r: dict, markdown: bool = False) -> str:
    lines = [f"{r['games']} games, {r['players']} players, bot {r['bot']} ({r['seconds']:.1f} s)"]
    expected = 1 / 2 if r.get("teams") else 1 / r["players"]  # teams: a leader's team wins or loses
    if markdown:
        lines += ["", "| leader | games | wins | win rate |", "|---|---:|---:|---:|"]
        for name, (w, p) in sorted(r["leaders"].items(), key=lambda kv: -kv[1][0] / max(kv[1][1], 1)):
            lines.append(f"| {name} | {p} | {w} | {w / max(p, 1):.1%} |")
        lines.append("")
    else:
        lines.append(f"win rate per leader (an even game gives {expected:.0%}):")
        for name, (w, p) in sorted(r["leaders"].items(), key=lambda kv: -kv[1][0] / max(kv[1][1], 1)):
            lines.append(f"  {name:22s} {w / max(p, 1):6.1%}  ({w}/{p})")
    who = "first player's team" if r.get("teams") else "first player"
    lines.append(f"{who} wins: {r['first_player_win_rate']:.1%}")
    lines.append(r["places"].line())
    lines.append(f"games stopped by the turn limit: {r['turn_limit']:.1%}; draws: {r['draws']:.1%}")
    lines.append(f"average turns: {r['avg_turns']:.1f}")
    lines.append(f"machines built per game: {r['machines_per_game']:.2f}")
    lines.append(f"catastrophes per game: {r['catastrophes_per_game']:.2f}")
    ranked = r["scrolls"].most_common()
    lines.append("most played scrolls: " + ", ".join(f"{k} {v}" for k, v in ranked[:5]))
    lines.append("least played scrolls: " + ", ".join(f"{k} {v}" for k, v in ranked[-5:]))
    return "\n".join(lines)


SETUPS = {"standard": ("solo", {}), "hard": ("solo_hard", {}), "classic": ("solo", {"preset": "classic"})}


def _you(state: dict, bot: str, rollouts: int) -> dict:
    if bot == "expert":
        return expert.choose(state, 0, rollouts=rollouts)
    return bots.bot_action(state, 0, bot)


def solo_play(seed: int, mode: str, you: str, it: str, bot: str = "skirmisher", options: dict | None = None,
              rollouts: int = expert.ROLLOUTS, max_steps: int = 20_000) -> tuple[dict, bool]:
    """One solo game: you lead `you` (a leader key), the Challenger `it`; the bot plays you.
    Returns the final state and whether the game ended before your first turn. A game still
    running after `max_steps` actions (a bot repeating itself) stops with no result."""
    state = positions.solo(seed, mode, you, it, options, layout=None)
    started = False
    while state["result"] is None and state["steps"] < max_steps:
        frame = state["stack"][-1]
        seat = frame["seat"]
        started = started or (seat == 0 and state["stack"][0]["seat"] == 0)
        action = bots.bot_action(state, 1, "challenger") if seat == 1 else _you(state, bot, rollouts)
        state = turn.apply_action(state, seat, action)
    return state, not started


def solo_report(games: int, bot: str = "skirmisher", seed: int = 0, setups=("standard", "hard", "classic"),
                options: dict | None = None, rollouts: int = expert.ROLLOUTS) -> dict:
    """Game g (its seed) gives you leader g mod 9 and the Challenger another one in turn, so a
    run split over seed ranges plays the same games as one run."""
    keys = [c["key"] for c in cards.catalog()["leader"].values()]
    names = {c["key"]: c["name"] for c in cards.catalog()["leader"].values()}
    started = time.perf_counter()
    out = {"games": games, "bot": bot, "modes": {}, "island": (options or {}).get("island", "starter"),
           "rollouts": rollouts if bot == "expert" else None}
    for setup_name in setups:
        mode, extra = SETUPS[setup_name]
        played, won, beaten, unfinished = Counter(), Counter(), Counter(), Counter()
        turns = rounds = limit = early = stuck = lost = cut = 0
        for g in range(seed, seed + games):
            you = keys[g % len(keys)]
            others = [k for k in keys if k != you]
            it = others[(g // len(keys)) % len(others)]
            state, before = solo_play(g, mode, you, it, bot, {**(options or {}), **extra}, rollouts)
            result = state["result"] or {"winners": [], "reason": "unfinished"}
            played[names[you]] += 1
            won[names[you]] += 0 in result["winners"]
            lost += 1 in result["winners"]
            beaten[names[you]] += 1 in result["winners"]
            unfinished[names[you]] += not result["winners"]
            cut += not result["winners"] and not skirmisher_solo.joined(state, 0)
            turns += state["turns"]
            rounds += state["round"]
            limit += result["reason"].startswith("turn limit")
            stuck += result["reason"] == "unfinished"
            early += before
        n = max(games, 1)
        out["modes"][setup_name] = {"leaders": {k: (won[k], played[k]) for k in sorted(played)},
                                    "outcomes": {k: (won[k], beaten[k], unfinished[k]) for k in sorted(played)},
                                    "cut": cut,
                                    "wins": sum(won.values()), "losses": lost,
                                    "avg_turns": turns / n, "avg_rounds": rounds / n,
                                    "turn_limit": limit / n, "before_first_turn": early / n, "stuck": stuck}
    out["seconds"] = time.perf_counter() - started
    return out


def _all(r: dict, mode: str) -> str:
    d = r["modes"][mode]
    return f"{d['wins']} / {d['losses']} / {r['games'] - d['wins'] - d['losses']} of {r['games']}"


def format_solo(r: dict, markdown: bool = False) -> str:
    modes = list(r["modes"])
    bot = f"{r['bot']} ({r['rollouts']} rollouts a decision)" if r.get("rollouts") else r["bot"]
    head = f"{r['games']} games per set-up on the {r['island']} island, {bot} (you) against the Challenger"
    lines = [f"{head} ({r['seconds']:.1f} s)"]
    leaders = sorted({k for m in modes for k in r["modes"][m]["leaders"]})

    def cell(mode, name):
        w, p = r["modes"][mode]["leaders"].get(name, (0, 0))
        if markdown and "outcomes" in r["modes"][mode]:
            _w, l, u = r["modes"][mode]["outcomes"][name]
            return f"{w} / {l} / {u} of {p} ({w / max(p, 1):.0%})"
        return f"{w}/{p} ({w / max(p, 1):.0%})"

    if markdown:
        lines += ["", "Each cell: won / lost / at a limit, of the games played (the share won).", "",
                  "| your leader | " + " | ".join(modes) + " |", "|---|" + "---:|" * len(modes)]
        for name in leaders:
            lines.append(f"| {name} | " + " | ".join(cell(m, name) for m in modes) + " |")
        total = [f"**{_all(r, m)} ({r['modes'][m]['wins'] / max(r['games'], 1):.0%})**" for m in modes]
        lines.append("| **all** | " + " | ".join(total) + " |")
        lines.append("| ended before your first turn | "
                     + " | ".join(f"{r['modes'][m]['before_first_turn']:.0%}" for m in modes) + " |")
        lines.append("")
    else:
        lines.append("your win rate per leader: " + ", ".join(modes))
        for name in leaders:
            lines.append(f"  {name:22s} " + "   ".join(f"{cell(m, name):>14s}" for m in modes))
    for m in modes:
        d = r["modes"][m]
        at_limit = r["games"] - d["wins"] - d["losses"]
        lines.append(f"{m}: {d['wins']} won, {d['losses']} lost, {at_limit} at a limit (turn limit or step cap)"
                     + (f", {d['cut']} of them with the island cut in two" if d.get("cut") else ""))
        lines.append(f"{m}: you win {d['wins'] / max(r['games'], 1):.1%}; ended before your first turn "
                     f"{d['before_first_turn']:.1%}; average game {d['avg_turns']:.1f} turns "
                     f"({d['avg_rounds']:.1f} rounds); stopped by the turn limit {d['turn_limit']:.1%}"
                     + (f"; stopped unfinished (a bot repeating itself) {d['stuck']}" if d.get("stuck") else ""))
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", default="skirmisher", choices=[b for b in bots.BOTS if b != "challenger"])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--island", default="starter", choices=["starter", "random", "build"])
    parser.add_argument("--variants", default="", help="variants, comma separated (e.g. cockfight)")
    parser.add_argument("--preset", default="standard", choices=["standard", "classic", "expert"])
    parser.add_argument("--solo", action="store_true", help="the bot as you against the Challenger")
    parser.add_argument("--setups", default="standard,hard,classic", help="solo set-ups, comma separated")
    parser.add_argument("--rollouts", type=int, default=expert.ROLLOUTS, help="the expert's rollouts per decision")
    args = parser.parse_args(argv)
    options = {"island": args.island} if args.island != "starter" else {}
    if args.preset != "standard":
        options["preset"] = args.preset
    if args.variants:
        options["variants"] = args.variants.split(",")
    if args.solo:
        setups = tuple(args.setups.split(","))
        print(format_solo(solo_report(args.games, args.bot, args.seed, setups, options, args.rollouts), args.markdown))
        return 0
    print(format_report(report(args.games, args.players, args.bot, args.seed, options), args.markdown))
    return 0


if __name__ == "__main__":
    sys.exit(main())
