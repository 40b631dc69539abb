"""The generic search baseline: determinized flat Monte Carlo over any game of the protocol.

A yardstick for the bots (`make bench-bots`, docs/bots.md), not a bot the site offers: it knows
no game, only the protocol. For each legal choice it plays the game on from worlds consistent
with what the seat can see (each game's `determinize` deals the hidden cards and dice afresh),
every choice in the same worlds with the same random rollout, and keeps the choice with the best
mean result for the seat. A rollout is uniformly random and stops at the game's end or after
`horizon` steps (scored as a draw), so what the baseline finds is what blind search finds.

It reads nothing hidden: the worlds come from the seat's view, and its own random stream is
seeded from that view and the seed, so two states that look alike to the seat get the same
answer. The work is a fixed number of playouts; a `budget` in CPU seconds may stop it early
(then the answer depends on the machine's speed).
"""

from __future__ import annotations

import json
import time
import zlib

from .barnyard.worlds import determinize as barnyard_worlds
from .chickendie.worlds import determinize as chickendie_worlds
from .chickenrun.worlds import determinize as chickenrun_worlds
from .rng import Rng, seed_state
from .wfci.expert import determinize as wfci_worlds

PLAYOUTS = 32       # rollouts per decision, shared among the candidates
HORIZON = 100       # steps a rollout plays before it is called a draw
MAX_CANDIDATES = 16  # choices tried; more are sampled down (the same way for the same view)
# A person's settings, not moves: a rollout never touches them and the baseline never picks them.
SETTINGS = ("set_auto_pass", "set_auto_fight")
# Clicks that only point at a piece: one is searched together with the click that follows it (a
# two-click move is one choice), else "select another piece" would look as good as any move for
# ever. Clicks that take one back are never searched nor played out.
POINTERS = ("select",)
UNDO = ("deselect", "cancel")
# Clicks that a repeat takes back (WfCI's dice, kept or not one at a time): left out while a click
# that commits remains (there, `pick_dice`, the whole choice at once), else the search wanders
# among them for ever: in one game 529 of its first 557 decisions toggled a die.
TOGGLES = ("toggle_die",)
_plans: dict[str, dict] = {}  # the second click of a chosen two-click move, by the view after the first

WORLDS = {
    "chickenrun": chickenrun_worlds,
    "chickendie": chickendie_worlds,
    "barnyard": barnyard_worlds,
    "wfci": wfci_worlds,
}


def determinize(game, state, seat: int, rng: Rng):
    """A state equal to this one in all `seat` sees, the rest dealt again from `rng`."""
    return WORLDS[game.slug](state, seat, rng)


def moves(game, state, seat: int) -> list[dict]:
    """The legal actions less a person's settings, and less the undo and toggle clicks when
    others remain."""
    legal = [a for a in game.legal_actions(state, seat) if a.get("type") not in SETTINGS]
    onward = [a for a in legal if a.get("type") not in UNDO + TOGGLES]
    return onward or legal


def _view_key(game, state, seat: int) -> int:
    text = json.dumps(game.view(state, seat), sort_keys=True, separators=(",", ":"), default=str)
    return zlib.crc32(text.encode("utf-8"))


def view_rng(game, state, seat: int, seed: int) -> Rng:
    """The baseline's own stream, from the seat's view: nothing hidden may steer it."""
    return Rng(seed_state(_view_key(game, state, seat) * 1_000_003 + seed * 7919 + seat))


def result(game, state, seat: int) -> float:
    """1 alone in first place, 0 alone in last; a shared place or an unfinished game between."""
    outcome = game.outcome(state)
    if outcome is None:
        return 0.5
    places = outcome["placement"]  # every seat exactly once, the first place first
    seats = sum(len(p) for p in places)
    for i, place in enumerate(places):
        if seat in place and seats > 1:
            return (sum(len(p) for p in places[i + 1:]) + (len(place) - 1) / 2) / (seats - 1)
    return 0.5


def rollout(game, world, seat: int, rng: Rng, horizon: int) -> float:
    for _ in range(horizon):
        acting = game.to_act(world)
        if not acting:
            break
        who = acting[0]
        legal = moves(game, world, who)
        world = game.apply(world, who, legal[rng.below(len(legal))])
    return result(game, world, seat)


def candidates(game, state, seat: int, rng: Rng, limit: int = MAX_CANDIDATES) -> list[tuple]:
    """The choices to compare, each one click or a pointer click and the click after it."""
    found: list[tuple] = []
    for action in moves(game, state, seat):
        if action.get("type") not in POINTERS:
            found.append((action,))
            continue
        after = game.apply(state, seat, action)
        follow = [b for b in moves(game, after, seat) if b.get("type") not in POINTERS] \
            if seat in game.to_act(after) else []
        found += [(action, b) for b in follow] or [(action,)]
    if len(found) <= limit:
        return found
    picked = sorted(rng.shuffle(list(range(len(found))))[:limit])
    return [found[i] for i in picked]


def _play(game, world, seat: int, clicks: tuple):
    for action in clicks:
        world = game.apply(world, seat, action)  # apply never mutates its input
    return world


def decide(game, state, seat: int, seed: int = 0, playouts: int = PLAYOUTS, horizon: int = HORIZON,
           budget: float | None = None) -> dict:
    """The candidate with the best mean result over the same sampled worlds and rollouts.

    With a budget, the first world is always played out for every candidate; after it the
    search stops as soon as the CPU time is spent, and each candidate is judged on its mean."""
    key = f"{game.slug}:{seat}:{seed}:{_view_key(game, state, seat)}"
    planned = _plans.pop(key, None)
    if planned is not None and planned in game.legal_actions(state, seat):
        return planned
    rng = view_rng(game, state, seat, seed)
    options = candidates(game, state, seat, rng)
    if len(options) == 1:
        return _first(game, state, seat, seed, options[0])
    totals = [0.0] * len(options)
    counts = [0] * len(options)
    start = time.process_time()
    for world_number in range(max(playouts // len(options), 1)):
        world = determinize(game, state, seat, rng)
        rollout_seed = rng.next64()
        for i, option in enumerate(options):
            if world_number and budget is not None and time.process_time() - start > budget:
                break
            totals[i] += rollout(game, _play(game, world, seat, option), seat, Rng(rollout_seed), horizon)
            counts[i] += 1
        else:
            continue
        break
    means = [t / c for t, c in zip(totals, counts)]
    best = [i for i, m in enumerate(means) if m >= max(means) - 1e-9]
    # a tie is drawn at random: when no rollout tells the choices apart, the first listed must
    # not be taken every time
    return _first(game, state, seat, seed, options[best[rng.below(len(best))]])


def _first(game, state, seat: int, seed: int, clicks: tuple) -> dict:
    """The first click of the choice; the second waits for the next call, in the view it expects."""
    if len(clicks) > 1:
        after = game.apply(state, seat, clicks[0])
        if len(_plans) > 1000:
            _plans.clear()
        _plans[f"{game.slug}:{seat}:{seed}:{_view_key(game, after, seat)}"] = clicks[1]
    return clicks[0]
