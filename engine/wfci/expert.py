"""The `expert` bot: determinized flat Monte-Carlo search over the engine, at the fights.

Where a fight is in its hands (an attack it may launch, the cards of a fight, a target) it
deals the cards it cannot see at random again, consistently with its own view (the scroll deck,
the others' hands and face-down fight cards, the machine deck, unseen leaders, a cockfight's
face-down chicken ranks, and a fresh dice stream), tries every candidate in that same world and
plays the game on with the skirmisher (the Challenger's own bot for its seat) for about two
rounds. The skirmisher's pick stands unless another candidate does clearly better over the same
worlds; every other decision is the skirmisher's. It never reads hidden state: every sampled
world is built from its view alone, so two states that look the same to it get the same answer.

Deterministic for a given game seed and position: the sampling stream is derived from them,
and the work is a fixed number of rollouts; the CPU budget is only a safety cap (it stops
early, and then the answer may depend on the machine's speed).
"""

from __future__ import annotations

import time

from ..errors import IllegalAction
from ..rng import Rng, seed_state
from . import cockfight, flag, solo, teams, turn
from .challenger.bot import bot_action as challenger_action
from .skirmisher import choose as skirmish
from .state import copy_state, top

BUDGET_SECONDS = 1.0  # CPU per decision, a cap
ROLLOUTS = 24  # sampled worlds per decision, shared among the candidates
CANDIDATES = 6  # the skirmisher's choice plus up to this many others
HORIZON = 48  # steps a rollout plays before the position is judged (about two rounds)
MARGIN = 0.05  # how much better, on average over the worlds, another candidate must do
FIGHTS = ("attack", "end_actions")  # its candidates at the Take-actions step


def _rng(state: dict, seat: int) -> Rng:
    return Rng(seed_state(state["seed"] * 2_000_003 + state["steps"] * 104_729 + seat * 31 + 17))


def determinize(state: dict, seat: int, rng: Rng) -> dict:
    """A copy of the state where everything `seat` cannot see is dealt again at random."""
    world = copy_state(state)
    decks = world["decks"]
    others = [s for s in world["seats"] if s["seat"] != seat]
    down = world["combat"]["down"] if world["combat"] else {}
    down_keys = [k for k in down if int(k) != seat]
    pool = decks["scroll"] + [c for s in others for c in s["hand"]] + [c for k in down_keys for c in down[k]]
    pool = rng.shuffle(sorted(pool))  # sorted first: the hidden order must not matter
    at = 0
    for s in others:
        s["hand"], at = pool[at:at + len(s["hand"])], at + len(s["hand"])
    for k in down_keys:
        down[k], at = pool[at:at + len(down[k])], at + len(down[k])
    decks["scroll"] = pool[at:]
    decks["machine"] = rng.shuffle(sorted(decks["machine"]))
    leaders = decks["leader_box"] + [c for s in others for c in s["leader_options"]] \
        + [s["spare"] for s in others if s.get("spare")]
    leaders = rng.shuffle(sorted(leaders))
    at = 0
    for s in others:
        s["leader_options"], at = leaders[at:at + len(s["leader_options"])], at + len(s["leader_options"])
        if s.get("spare"):
            s["spare"], at = leaders[at], at + 1
    decks["leader_box"] = leaders[at:]
    cockfight.resample(world, seat, rng)  # the ranks of others' face-down chickens
    world["rng"] = seed_state(rng.below(2**31))
    return world


def _policy(state: dict, seat: int) -> dict:
    if solo.is_challenger(state, seat):
        return challenger_action(state, seat)
    return skirmish(state, seat)


def score(state: dict, seat: int) -> float:
    """1 for a win, 0 for a loss; otherwise tags given against tags taken, squeezed into (0, 1)."""
    result = state["result"]
    if result is not None:
        return 1.0 if seat in result["winners"] else 0.0 if result["winners"] else 0.5
    side = teams.team_of(seat) if teams.playing(state) else (seat,)  # teams: the team's tags
    given = sum(s["tags"].count(m) for s in state["seats"] if s["seat"] not in side for m in side)
    taken = sum(len(state["seats"][m]["tags"]) for m in side)
    machines = sum(1 if u["owner"] in side else -1 / max(state["players"] - len(side), 1)
                   for u in state["units"].values() if u["kind"] == "machine")
    trophies = 0.2 * flag.progress(state, seat)  # capture the flag: flags taken and brought near home
    return 0.5 + 0.2 * (given - taken) + 0.02 * max(-5, min(5, machines)) + trophies


def rollout(world: dict, seat: int) -> float:
    for _ in range(HORIZON):
        if world["result"] is not None:
            break
        who = world["stack"][-1]["seat"]
        world = turn.apply_action(world, who, _policy(world, who))
    return score(world, seat)


def weighty(state: dict, seat: int, legal: list[dict]) -> bool:
    """The decisions it searches: the fights (whether to attack, which cards, which target).
    Elsewhere the skirmisher's plan stands: searching a roll or a march with a few noisy worlds
    replaced good picks by lucky ones more often than it found better ones."""
    kind = top(state)["kind"]
    if kind in ("combat", "target"):
        return True
    return kind == "turn" and any(a["type"] == "attack" for a in legal)


def candidates(state: dict, seat: int, legal: list[dict], rng: Rng, limit: int = CANDIDATES) -> list[dict]:
    """The skirmisher's pick first, then up to `limit - 1` others in a fixed sampled order: at
    the Take-actions step only attacks and ending the actions, elsewhere any."""
    first = skirmish(state, seat)
    rest = [a for a in legal if a != first]
    if top(state)["kind"] == "turn":
        rest = [a for a in rest if a["type"] in FIGHTS]
    return [first] + rng.shuffle(list(rest))[:limit - 1]


def choose(state: dict, seat: int, rollouts: int = ROLLOUTS, budget: float = BUDGET_SECONDS) -> dict:
    legal = turn.atomic_legal(state, seat)
    if len(legal) == 1:
        return legal[0]
    if not weighty(state, seat, legal):
        return skirmish(state, seat)
    return search(state, seat, legal, rollouts, budget)


def search(state: dict, seat: int, legal: list[dict], rollouts: int, budget: float) -> dict:
    """Every candidate is played on in the same sampled worlds (same deal, same dice), and
    another candidate replaces the skirmisher's pick only when it does better by a clear margin
    over those worlds: a lucky world or two must not overrule the plan."""
    rng = _rng(state, seat)
    options = candidates(state, seat, legal, rng)
    if len(options) == 1:
        return options[0]
    totals = [0.0] * len(options)
    worlds = 0
    start = time.process_time()
    longest = 0.0  # the longest world so far: another one must still fit in the budget
    for _ in range(max(rollouts // len(options), 1)):
        began = time.process_time()
        if longest and began - start + longest > budget:
            break
        world = determinize(state, seat, rng)
        for i, option in enumerate(options):
            try:
                after = turn.apply_action(world, seat, option)  # apply never mutates `world`
            except IllegalAction:  # legal in its view, refused in this sampled world: a loss
                continue
            totals[i] += rollout(after, seat)
        worlds += 1
        longest = max(longest, time.process_time() - began)
    best = max(range(1, len(options)), key=lambda i: (totals[i], -i))
    return options[best] if totals[best] - totals[0] > MARGIN * worlds else options[0]
