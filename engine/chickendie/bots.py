"""Bots: "farmer" (a heuristic worth playing against), "random", and the levels built on the
farmer's rules: "farmhand" (easy) and "smallholder" (normal) in levels.py, "rooster" (strong,
search.py).

The farmer keeps its chickens alive and its answers for when they count: it lays down every
Specialty chicken, grows its flock with every growth card (an Incubator only for three Chicks
while the flock is big), aims every attack at the opponent whose flock and hand are worth most,
cashes six eggs for a Chick and never three for a card, skips the die whenever a card lets it,
answers every attack but an Omelette or a Hen Swap that brings at least the Hens it takes,
spends Immunity only on a Robo-Hen or a Dino or to stay in, gives up a Mad Scientist from its
flock only to save two chickens or its last, keeps its attack cards while more than two
opponents are in, and takes a roll only when it is good.
"""

from __future__ import annotations

import json
import zlib

from ..errors import IllegalAction
from ..rng import Rng, seed_state
from . import cards as C
from . import flock as F
from . import levels, search
from .flock import VALUE, value
from .flow import asking, legal_actions

BOTS = ("farmer", "rooster", "random", "farmhand", "smallholder")
LEVELS = {"easy": "farmhand", "normal": "smallholder", "strong": "rooster"}
ATTACK_ORDER = ("chicken_blaster", "coyote_attack", "eat_mor_chikin", "die_die_die", "infertility",
                "hen_swap", "three_egg_omelette")
GROWTH_ORDER = ("resurrection", "feeding_frenzy", "farm_to_table", "incubator")
ANSWER_ORDER = ("chicken_wire", "mad_scientist_chicken", "immunity", "cock_block")
# Attack cards wait while more opponents than this are in: among many players a hit rarely
# decides who is last, and the cards are worth more once the field has thinned (46% against
# 44.5% over 6,000 games with three random bots).
HOLD_ATTACKS = 2
# Immunity is kept for the chickens worth at least this (Robo-Hen, Dino) or for the last ones: a
# card in hand that saves the last chicken is worth more than a Hen now (+0.7 points).
IMMUNITY_VALUE = 3.5
SMALL_FLOCK = 2
# A card in an opponent's hand counts like this much flock value when choosing whom to attack.
HAND_WEIGHT = 1.0


def choose(state: dict, seat: int, bot: str) -> dict:
    legal = [a for a in legal_actions(state, seat) if a["type"] != "set_auto_pass"]
    if not legal:
        raise IllegalAction("chickendie.refuse.nothing", who={"seat": seat})
    if bot == "random":
        return legal[_state_rng(state, seat).below(len(legal))]
    if bot == "farmer":
        return _farmer(state, seat, legal)
    if bot == "rooster":
        return search.decide(state, seat, legal, _farmer)
    if bot == "farmhand":
        return levels.farmhand(state, seat, legal, _farmer)
    if bot == "smallholder":
        return levels.smallholder(state, seat, legal, _farmer)
    raise IllegalAction("chickendie.refuse.bot", bot=repr(bot))


def _state_rng(state: dict, seat: int) -> Rng:
    """An RNG seeded from the whole state, so the game's own RNG is never advanced."""
    text = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return Rng(seed_state(zlib.crc32(text.encode("utf-8")) * 8 + seat))


def _chicken(state: dict, owner: int, fid: str) -> dict:
    return F.find(state, owner, fid) or {"kind": "chick"}


def _farmer(state: dict, seat: int, legal: list[dict]) -> dict:
    frame, _ = asking(state)
    op = frame["op"]
    if op == "turn":
        return _turn(state, seat, legal)
    if op in ("attack", "deaths"):
        return _answer(state, seat, legal)
    if op == "pick":
        owner = frame["owner"]
        ranked = sorted(legal, key=lambda a: value(_chicken(state, owner, a["chicken"])))
        return ranked[-1] if owner != seat else ranked[0]
    if op == "swap":  # the Hens it receives: the fertile ones first
        return max(legal, key=lambda a: value(_chicken(state, frame["target"], a["chicken"])))
    face = frame["face"]
    return {"type": "take"} if face in (1, 2, 3) else {"type": "leave"}


def _answer(state: dict, seat: int, legal: list[dict]) -> dict:
    """Answer every attack but an omelette or a Hen Swap that gains; keep Immunity and a
    laid-down Mad Scientist for the deaths that matter (a Mad Scientist in the flock is a
    chicken too: trading it for one Chick or for a hen's eggs loses a chicken)."""
    frame = state["stack"][-1]
    answers = [a for a in legal if a["type"] == "respond"]
    if frame["op"] == "attack" and frame["stage"] == "react" and _welcome(state, seat, frame):
        answers = []
    flock_size = len(state["flocks"][seat])
    dying = len(frame["chickens"]) if frame["op"] == "deaths" else 0
    if dying < 2 and dying < flock_size:
        answers = [a for a in answers if C.kind(a["card"]) != "mad_scientist_chicken" or a["card"] in state["hands"][seat]]
    if frame["op"] == "deaths" and dying < flock_size:
        answers = [a for a in answers if "chicken" not in a
                   or value(_chicken(state, seat, a["chicken"])) >= IMMUNITY_VALUE]
    if not answers:
        return legal[0]

    def rank(a):
        kind = C.kind(a["card"]) if a["card"] in C.all_ids() else "cock_block"
        in_hand = a["card"] in state["hands"][seat]
        saved = value(_chicken(state, seat, a["chicken"])) if "chicken" in a else 0
        return (ANSWER_ORDER.index(kind), not in_hand, -saved)

    return min(answers, key=rank)


def _welcome(state: dict, seat: int, frame: dict) -> bool:
    """An Omelette is not worth an answer, nor a Hen Swap that brings at least what it takes
    (all the attacker's Hens for at most three of ours, the attacker's choice: the best)."""
    kind = C.kind(frame["card"])
    if kind == "hen_swap":
        got = sum(value(e) for e in F.of_kind(state, frame["by"], C.HEN))
        ours = sorted((value(e) for e in F.of_kind(state, seat, C.HEN)), reverse=True)
        return got >= sum(ours[: C.rules()["hen_swap_max"]])
    return kind == "three_egg_omelette"


def _leader(state: dict, seat: int) -> list[int]:
    """Opponents, the strongest first: chickens by value plus the cards in hand (public counts),
    which are the next attacks and answers (+0.7 points over the flock alone)."""
    others = [s for s in range(state["players"]) if s != seat and not F.is_out(state, s)]

    def strength(s):
        return sum(value(e) for e in state["flocks"][s]) + HAND_WEIGHT * len(state["hands"][s])

    return sorted(others, key=lambda s: (-strength(s), -state["eggs"][s], s))


def _turn(state: dict, seat: int, legal: list[dict]) -> dict:
    if state["turn"]["step"] == "draw":
        return {"type": "draw"}  # End Your Turn waits for step 4: it skips the die then too
    plays = [a for a in legal if a["type"] == "play"]
    by_kind: dict[str, list[dict]] = {}
    for a in plays:
        by_kind.setdefault(C.kind(a["card"]), []).append(a)
    if state["turn"]["step"] == "play":
        for a in plays:
            if C.category(a["card"]) == "specialty":
                return a
        for kind in GROWTH_ORDER:
            if kind in by_kind and _worth_growing(state, seat, kind):
                return max(by_kind[kind], key=lambda a: (a.get("n", 0), _grave_value(a)))
        attack = _attack(state, seat, by_kind) if len(F.alive(state)) - 1 <= HOLD_ATTACKS else None
        if attack:
            return attack
        if "take_it_or_leave_it" in by_kind:
            return by_kind["take_it_or_leave_it"][0]
        if "reverse" in by_kind and not state["turn"]["no_roll"]:
            return by_kind["reverse"][0]
        return {"type": "next"}
    if {"type": "cash", "for": "chick"} in legal and "incubator" not in map(C.kind, state["hands"][seat]):
        return {"type": "cash", "for": "chick"}
    if "end_your_turn" in by_kind and not state["turn"]["no_roll"] and not state["turn"]["may_skip"]:
        return by_kind["end_your_turn"][0]
    for kind in ("skip_roll", "end_turn", "roll"):
        if {"type": kind} in legal:
            return {"type": kind}
    return legal[-1]


def _grave_value(action: dict) -> float:
    return VALUE.get(C.kind(action["chicken"]), 0) if "chicken" in action else 0


def _worth_growing(state: dict, seat: int, kind: str) -> bool:
    """An Incubator waits for the eggs of three Chicks (2 eggs each, not 6) unless the flock is small."""
    if kind == "incubator":
        rule = C.rules()["incubator"]
        return state["eggs"][seat] >= rule["eggs"] * rule["max"] or len(state["flocks"][seat]) <= SMALL_FLOCK
    if kind == "feeding_frenzy":
        return bool(F.of_kind(state, seat, C.CHICK))
    return True


def _attack(state: dict, seat: int, by_kind: dict) -> dict | None:
    mine_hens = len(F.of_kind(state, seat, C.HEN))
    for target in _leader(state, seat):
        for kind in ATTACK_ORDER:
            options = [a for a in by_kind.get(kind, []) if a["target"] == target]
            if not options:
                continue
            if kind == "hen_swap" and len(F.of_kind(state, target, C.HEN)) <= mine_hens:
                continue
            if kind == "three_egg_omelette" and state["eggs"][target] < 2:
                continue
            if kind in ("chicken_blaster", "infertility"):
                return max(options, key=lambda a: value(_chicken(state, target, a["chicken"])))
            return options[0]
    return None
