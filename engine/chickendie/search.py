"""The "rooster" bot: the farmer's rules, plus cashing eggs for cards, checked by a short
determinized Monte-Carlo lookahead.

Cards win two-player games: the farmer, tuned among four players against random bots, never
cashes 3 Eggs for a card, and a farmer that cashes every 3 Eggs for one beats it in 58.5% of
6,000 two-player games (docs/bots.md). Once two players are left the rooster plays that way
and tries its first choice against up to three others in 16 sampled futures played two rounds
on; before, as it always did, in 8 futures one round on, by the farmer's rules. The bot may only
know what its seat sees: every sampled world keeps the public state (flocks, eggs, piles, the
decision under way), deals the unseen cards afresh into the other hands and the draw pile, and
gets a fresh die seed; the sampling is seeded from the seat's view, so the same view always
gives the same decision, whatever the hidden cards are.
"""

from __future__ import annotations

import json
import zlib
from collections import Counter

from ..rng import Rng, seed_state
from . import cards as C
from . import flock as F
from . import flow
from .view import build_view

# (samples, margin, rounds) with two players left, and with more: the longer look and the cashing
# rule were measured in two-player games; among more players the rooster plays as it did.
SAMPLES = {True: 16, False: 8}   # sampled worlds per decision; every candidate meets the same worlds
MARGIN = {True: 0.06, False: 0.04}  # mean score another choice must gain over the rooster's own
HORIZON = {True: 2, False: 1}    # rounds played out after the current turn before the position is scored
MAX_CANDIDATES = 4   # choices tried (the rooster's own choice always among them)
MAX_STEPS = 800      # safety cap on one rollout
CASH_CARD = {"type": "cash", "for": "card"}
ENDS = ("roll", "next", "skip_roll", "end_turn", "cash")  # the farmer ending its play or cash step


def own_choice(state: dict, seat: int, legal: list[dict], farmer) -> dict:
    """The farmer's choice, but with two players left 3 Eggs become a card whenever they can
    before the turn ends (before End Your Turn too, and before a Chick)."""
    first = farmer(state, seat, legal)
    if len(F.alive(state)) == 2 and CASH_CARD in legal and state["stack"][-1]["op"] == "turn" \
            and (first["type"] in ENDS or state["turn"]["step"] == "cash"):
        return CASH_CARD
    return first


def decide(state: dict, seat: int, legal: list[dict], farmer) -> dict:
    """The rooster's own choice unless another candidate scores clearly better in the same
    sampled worlds; `farmer` plays the other seats in them, `own_choice` this one.

    Answers to attacks and losing one's own cheapest chicken stay the farmer's: the choice is
    rarely close, and searching every decision would double the time a game takes. So does the
    draw (step 2): End Your Turn still skips the die when played in step 4, after the card is
    drawn, so playing it before the draw only gives up a card. A one-round lookahead cannot see
    what that card is worth later and took the skip in 10 of 26 first turns; played out to the
    end, drawing wins as often or more (docs/chicken-die.md)."""
    first = own_choice(state, seat, legal, farmer)

    def policy(st, who, lg):
        return own_choice(st, who, lg, farmer) if who == seat else farmer(st, who, lg)

    frame = flow.asking(state)[0]
    if frame["op"] in ("attack", "deaths") or (frame["op"] == "pick" and frame["owner"] == seat) \
            or (frame["op"] == "turn" and state["turn"]["seat"] == seat and state["turn"]["step"] == "draw"):
        return first
    cands = candidates(state, seat, legal, first)
    if len(cands) == 1:
        return first
    rng = Rng(seed_state(zlib.crc32(_public_key(state, seat).encode("utf-8")) * 8 + seat))
    duel = len(F.alive(state)) == 2
    totals = [0.0] * len(cands)
    for _ in range(SAMPLES[duel]):
        world = sample_world(state, seat, rng)
        die_seed = rng.next64()
        for i, action in enumerate(cands):
            sim = flow.copy_state(world)
            sim["rng"] = die_seed
            totals[i] += rollout(sim, seat, action, policy, HORIZON[duel])
    best = max(range(1, len(cands)), key=lambda i: totals[i])
    return cands[best] if totals[best] > totals[0] + MARGIN[duel] * SAMPLES[duel] else first


def _public_key(state: dict, seat: int) -> str:
    view = build_view(state, seat)
    view.pop("log", None)
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def _key(state: dict, seat: int, action: dict) -> tuple:
    """Actions that differ only in which copy of a card they use are one choice."""
    out = []
    for k in sorted(action):
        v = action[k]
        if k == "card" and v in C.all_ids():
            v = C.kind(v)
        elif k == "chicken":
            owner = action.get("target", seat)
            entry = F.find(state, owner, v) if isinstance(v, str) and not v.startswith("cd-") else None
            v = (entry["kind"], bool(entry["infertile"])) if entry else (C.kind(v) if v in C.all_ids() else v)
        out.append((k, repr(v)))
    return tuple(out)


def candidates(state: dict, seat: int, legal: list[dict], first: dict) -> list[dict]:
    seen, out = set(), []
    for action in [first] + legal:
        key = _key(state, seat, action)
        if key not in seen:
            seen.add(key)
            out.append(action)
    if len(out) > MAX_CANDIDATES:
        keep = out[:1] + [a for a in out[1:] if a["type"] != "play"]
        out = (keep + [a for a in out[1:] if a["type"] == "play"])[:MAX_CANDIDATES]
    return out


def unseen(state: dict, seat: int) -> list[str]:
    """The cards this seat cannot see: the draw pile and the other hands, as one multiset."""
    visible = Counter(state["hands"][seat])
    visible.update(state["discard"])
    visible.update(state["graveyard"])
    visible.update(state["table"])
    for flock_ in state["flocks"]:
        visible.update(e["id"] for e in flock_ if F.is_special(e))
    rest = Counter(C.all_ids()) - visible
    return sorted(rest.elements())


def sample_world(state: dict, seat: int, rng: Rng) -> dict:
    """A state equal to this one in all the seat can see, the hidden cards dealt afresh.

    Instant cards never stay in a hand (they resolve when drawn), so hands get non-instants."""
    world = flow.copy_state(state)
    world["log"] = []
    pool = unseen(state, seat)
    rng.shuffle(pool)
    ordinary = [c for c in pool if not C.is_instant(c)]
    taken: Counter = Counter()
    for s in range(state["players"]):
        if s == seat:
            continue
        n = len(state["hands"][s])
        world["hands"][s] = ordinary[:n]
        taken.update(ordinary[:n])
        ordinary = ordinary[n:]
    draw = list((Counter(pool) - taken).elements())
    rng.shuffle(draw)
    world["draw"] = draw
    return world


def step(state: dict, seat: int, action: dict) -> None:
    """flow.apply without the legality check and the copy: rollouts own their state."""
    state["ply"] += 1
    if len(state["stack"]) == 1:
        state["chain"] += 1
    frame = state["stack"][-1]
    flow.HANDLERS[frame["op"]][2](state, frame, seat, action)
    flow.run(state)


def rollout(state: dict, seat: int, action: dict, policy, horizon: int = 1) -> float:
    step(state, seat, action)
    stop = state["turns"] + 1 + horizon * len(F.alive(state))
    for _ in range(MAX_STEPS):
        found = flow.asking(state)
        if found is None or state["turns"] > stop:
            break
        who = found[1]
        legal = [a for a in flow.legal_actions(state, who) if a["type"] != "set_auto_pass"]
        step(state, who, policy(state, who, legal))
    return score(state, seat)


def strength(state: dict, s: int) -> float:
    return sum(F.value(e) for e in state["flocks"][s]) + 0.25 * state["eggs"][s] + 0.3 * len(state["hands"][s])


def score(state: dict, seat: int) -> float:
    """1 for a win, 0 when out; between, this seat's share of the table's strength."""
    result = state["result"]
    if result is not None:
        return 1 / len(result["winners"]) if seat in result["winners"] else 0.0
    if F.is_out(state, seat):
        return 0.0
    living = F.alive(state)
    total = sum(strength(state, s) for s in living)
    return strength(state, seat) / total if total else 0.0
