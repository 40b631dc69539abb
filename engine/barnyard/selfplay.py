"""Self-play report: `python -m engine.barnyard.selfplay [games] [players]`.

Plays the "general" bot against itself (factions dealt at random) and against "random", and
prints faction win rates, each place in the turn order's share of the wins, game length, Super Army timing and how often
each command card and battle plan is played.
"""

from __future__ import annotations

import sys
from collections import Counter
from multiprocessing import Pool

from ..places import Places
from .bots import choose
from .data import card_kind
from .game import BarnyardGame

GAME = BarnyardGame()


def play(seed: int, players: int, bots: list[str]) -> dict:
    state = GAME.setup(seed, players, {})
    formed: dict[int, int] = {}
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        action = choose(state, seat, bots[seat])
        if action["type"] == "form":
            formed[seat] = state["round"]
        state = GAME.apply(state, seat, action)
    result = GAME.outcome(state)
    return {"factions": [s["faction"] for s in state["sides"]], "winners": result["winners"],
            "reason": result["reason"], "rounds": state["round"], "first": state["first"],
            "formed": list(formed.values()), "played": [card_kind(c) for c in state["played"]], "bots": bots}


def _mirror(args):
    seed, players = args
    return play(seed, players, ["general"] * players)


def _versus(args):
    seed, players = args
    bots = ["general" if (seat + seed) % 2 == 0 else "random" for seat in range(players)]
    return play(seed, players, bots)


def report(games: int = 1000, players: int = 2, processes: int | None = None) -> str:
    with Pool(processes) as pool:
        mirror = pool.map(_mirror, [(seed, players) for seed in range(games)], chunksize=8)
        versus = pool.map(_versus, [(10**6 + seed, players) for seed in range(min(games // 2, 200))], chunksize=8)
    lines = [f"Barnyard Generals self-play: {games} games of {players} 'general' bots, factions dealt at random."]
    seated, won = Counter(), Counter()
    for g in mirror:
        seated.update(g["factions"])
        for w in g["winners"]:
            won[g["factions"][w]] += 1 / len(g["winners"])
    lines.append("Faction win rates (wins / games played):")
    for f in sorted(seated):
        lines.append(f"  {f:9s} {won[f] / seated[f]:6.1%}  ({won[f]:.0f} / {seated[f]})")
    places = Places(players)
    for g in mirror:
        places.add(g["first"], g["winners"])
    lines.append(places.line())
    rounds = sorted(g["rounds"] for g in mirror)
    reasons = Counter(g["reason"] for g in mirror)
    lines.append(f"Game length in rounds: mean {sum(rounds) / len(rounds):.1f}, median {rounds[len(rounds) // 2]}, "
                 f"max {rounds[-1]}; endings {dict(reasons)}")
    formed = sorted(r for g in mirror for r in g["formed"])
    if formed:
        lines.append(f"Super Army formed in round: mean {sum(formed) / len(formed):.1f}, median {formed[len(formed) // 2]}, "
                     f"{len(formed) / (len(mirror) * players):.0%} of factions form one")
    played = Counter(k for g in mirror + versus for k in g["played"])
    from .data import COMMANDS, PLANS
    ranked = sorted(list(COMMANDS) + list(PLANS), key=lambda k: -played[k])
    lines.append("Cards played (all games): " + ", ".join(f"{k} {played[k]}" for k in ranked))
    never = [k for k in ranked if played[k] == 0]
    lines.append(f"Never played: {', '.join(never) if never else 'none'}")
    gwins = sum(1 / len(g["winners"]) for g in versus
                for w in g["winners"] if g["bots"][w] == "general")
    lines.append(f"'general' against 'random': wins {gwins / len(versus):.1%} of {len(versus)} games")
    return "\n".join(lines)


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    print(report(*args))
