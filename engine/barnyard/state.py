"""The state: set-up, copying and questions about pieces.

A seat's pieces are its generals (0, 1, 2; None once destroyed) and, once formed, its Super
Army ("army"). Units are troop ids (shared pool, identical copies) and Special Forces ids.
"""

from __future__ import annotations

import json

from ..errors import IllegalAction
from ..rng import Rng, seed_state
from . import board as B
from .data import COMMAND_IDS, FACTION_IDS, FACTIONS, HEAD_START, PLAN_IDS, RESOURCES, SUPPLY, TROOPS, UNITS

HAND = 3
GENERALS = 3
GENERAL_CAP = 5
ARMY_CAP = 15
ARMY = "army"
SAFETY_ROUNDS = 100  # ours, not printed: ends a game nobody finishes (D-5)


def copy(state: dict) -> dict:
    return json.loads(json.dumps(state))


def setup(seed: int, players: int, options: dict | None) -> dict:
    options = options or {}
    if not isinstance(options, dict):
        raise IllegalAction("barnyard.refuse.options")
    if isinstance(players, bool) or players not in (2, 3, 4):
        raise IllegalAction("barnyard.refuse.players")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise IllegalAction("barnyard.refuse.seed")
    unknown = set(options) - {"factions", "preset"}
    if unknown:
        raise IllegalAction("barnyard.refuse.option", option=sorted(unknown)[0])
    rng = Rng(seed_state(seed))
    factions = options.get("factions")
    if factions is None:
        factions = rng.shuffle(list(FACTION_IDS))[:players]
    elif (not isinstance(factions, list) or len(factions) != players or len(set(map(str, factions))) != players
          or not set(map(str, factions)) <= set(FACTION_IDS)):
        raise IllegalAction("barnyard.refuse.factions")
    start, final = B.sizes(players)
    pile = rng.shuffle(B.tile_mix(players))
    tiles: list = [None] * (final * final)
    for sq in B.start_squares(players):
        tiles[sq] = pile.pop()
    deck = rng.shuffle(list(COMMAND_IDS))
    plan_deck = rng.shuffle(list(PLAN_IDS))
    sides = []
    for faction in factions:
        info = next(f for f in FACTIONS if f["id"] == faction)
        sides.append({
            "faction": faction,
            "generals": [{"sq": None, "units": []} for _ in range(GENERALS)],
            "army": None,
            "resources": {r: 0 for r in RESOURCES},
            "hand": [deck.pop() for _ in range(HAND)],
            "plans": [],
            "reserve": [s["id"] for s in info["specials"]],
            "lost": [],
            "out": False,
            "skip": False,
            "auto_fight": False,
            "effects": {},
        })
    rolls, first = _roll_for_first(rng, players)
    order = [(first + i) % players for i in range(players)]
    supply = {r: SUPPLY for r in RESOURCES}
    for place, seat in enumerate(order):  # D-10: later players start with a little grass
        supply["grass"] -= HEAD_START[players][place]
        sides[seat]["resources"]["grass"] += HEAD_START[players][place]
    return {
        "game": "barnyard",
        "version": 1,
        "rng": rng.state,
        "players": players,
        "size": final,
        "tiles": tiles,
        "pile": pile,
        "sides": sides,
        "pool": {t: TROOPS[t]["copies"] for t in TROOPS},
        "supply": supply,
        "deck": deck,
        "plan_deck": plan_deck,
        "played": [],
        "discarded": [],
        "opening": rolls,
        "first": first,
        "barn_order": list(reversed(order)),
        "barns": [None] * players,
        "phase": "barn",
        "turn": order[-1],
        "round": 0,
        "acted": [],
        "selected": None,
        "mud": [],
        "battle": None,
        "casualties": [],
        "last_battle": None,
        "result": None,
        "ply": 0,
    }


def _roll_for_first(rng: Rng, players: int) -> tuple[list, int]:
    """Everyone rolls a die; the highest rolls again among themselves until one is left."""
    rolls = []
    contenders = list(range(players))
    while True:
        dice = {seat: rng.randint(1, 6) for seat in contenders}
        rolls.append([[seat, dice[seat]] for seat in contenders])
        best = max(dice.values())
        contenders = [seat for seat in contenders if dice[seat] == best]
        if len(contenders) == 1:
            return rolls, contenders[0]


# --- pieces --------------------------------------------------------------------------------------

def pieces(state: dict, seat: int) -> list:
    side = state["sides"][seat]
    if side["out"]:
        return []
    if side["army"] is not None:
        return [ARMY]
    return [i for i, g in enumerate(side["generals"]) if g is not None]


def piece(state: dict, seat: int, p) -> dict:
    side = state["sides"][seat]
    return side["army"] if p == ARMY else side["generals"][p]


def cap(p) -> int:
    return ARMY_CAP if p == ARMY else GENERAL_CAP


def occupants(state: dict) -> dict[int, list]:
    """Square -> [(seat, piece)] for every piece on the board."""
    where: dict[int, list] = {}
    for seat in range(state["players"]):
        for p in pieces(state, seat):
            sq = piece(state, seat, p)["sq"]
            if sq is not None:
                where.setdefault(sq, []).append((seat, p))
    return where


def barn_of(state: dict, seat: int) -> int | None:
    return state["barns"][seat]


def alive(state: dict) -> list[int]:
    return [s for s in range(state["players"]) if not state["sides"][s]["out"]]


def asked_when_attacked(state: dict, seat: int) -> bool:
    """Whether an attack waits for this seat's answer (D-9): it holds a card (a public count) and
    has not asked to let the dice roll at once. Never what the cards are, so a wait tells nothing."""
    side = state["sides"][seat]
    return not side.get("auto_fight", False) and bool(side["hand"] or side["plans"])


def score(state: dict, seat: int) -> int:
    """Safety-net score (D-5): attack plus defence of every unit the faction still has."""
    total = 0
    for p in pieces(state, seat):
        total += sum(UNITS[u]["attack"] + UNITS[u]["defence"] for u in piece(state, seat, p)["units"])
    return total
