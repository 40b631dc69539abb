"""The stack that runs a game: set-up, who must decide now, applying a choice, the end.

Effects nest (an instant card drawn while cashing in eggs, a death inside a die roll inside an
attack), so pending work is a stack of frames; the turn frame lies at the bottom. After every
choice the stack runs until its top frame waits for a seat (`ask`) or the game is over.
"""

from __future__ import annotations

import json

from ..errors import IllegalAction
from ..placement import ranked
from ..strict import is_legal
from ..rng import seed_state
from . import cards as C
from . import flock as F
from . import effects, reactions, swap, turn
from .deck import pick_first, shuffle
from .events import log, who

HANDLERS = {**effects.HANDLERS, **reactions.HANDLERS, **swap.HANDLERS, **turn.HANDLERS}
OPTION_KEYS = {"auto_pass"}


def copy_state(state: dict) -> dict:
    """A copy sharing nothing that apply mutates (log lines are written once, never changed)."""
    new = dict(state)
    for key in ("auto_pass", "eggs", "draw", "discard", "graveyard", "table", "log"):
        new[key] = list(state[key])
    new["hands"] = [list(hand) for hand in state["hands"]]
    new["flocks"] = [[dict(entry) for entry in flock] for flock in state["flocks"]]
    new["out"] = [dict(entry) for entry in state["out"]]
    new["dead"] = list(state.get("dead", []))  # entries are written once, never changed
    new["stack"] = [{k: list(v) if isinstance(v, list) else v for k, v in frame.items()} for frame in state["stack"]]
    new["turn"] = dict(state["turn"]) if state["turn"] else None
    new["result"] = json.loads(json.dumps(state["result"])) if state["result"] else None
    return new


def load_state(data: dict) -> dict:
    return json.loads(json.dumps(data))


def setup(seed: int, players: int, options: dict | None) -> dict:
    options = dict(options or {})
    limits = C.rules()["players"]
    if isinstance(players, bool) or not isinstance(players, int) or not limits["min"] <= players <= limits["max"]:
        raise IllegalAction("chickendie.refuse.players", low=limits["min"], high=limits["max"])
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise IllegalAction("chickendie.refuse.seed")
    unknown = sorted(set(options) - OPTION_KEYS)
    if unknown:
        raise IllegalAction("chickendie.refuse.option", option=unknown[0])
    quick = options.get("auto_pass", [])
    if not isinstance(quick, list) or any(isinstance(s, bool) or s not in range(players) for s in quick):
        raise IllegalAction("chickendie.refuse.auto_pass")
    state = {
        "game": "chickendie", "rng": seed_state(seed), "players": players,
        "auto_pass": [s in quick for s in range(players)],
        "hands": [[] for _ in range(players)], "eggs": [0] * players,
        "flocks": [[] for _ in range(players)], "out": [],
        "draw": list(C.all_ids()), "discard": [], "graveyard": [], "table": [],
        "direction": 1, "turn": None, "turns": 0, "stack": [], "next": 0, "chain": 0, "ply": 0,
        "seq": 0, "log": [], "result": None, "dead": [],
    }
    _deal(state)
    first = pick_first(state, list(range(players)))
    log(state, "first", who=who(first))
    turn.new_turn(state, first)
    state["stack"] = [{"op": "turn", "ask": None}]
    run(state)
    return state


def _deal(state: dict) -> None:
    """Instant cards met while dealing are set aside and shuffled back in (D-12): nobody loses
    chickens before the first turn."""
    start = C.rules()["start"]
    shuffle(state, state["draw"])
    aside = []
    for seat in range(state["players"]):
        for _ in range(start["chicks"]):
            F.add(state, seat, C.CHICK)
        for _ in range(start["hens"]):
            F.add(state, seat, C.HEN)
        state["eggs"][seat] = start["eggs"]
        while len(state["hands"][seat]) < start["cards"]:
            card = state["draw"].pop()
            (aside if C.is_instant(card) else state["hands"][seat]).append(card)
    state["draw"].extend(aside)
    shuffle(state, state["draw"])


def asking(state: dict) -> tuple[dict, int] | None:
    if state["result"] is not None or not state["stack"]:
        return None
    frame = state["stack"][-1]
    return None if frame.get("ask") is None else (frame, frame["ask"])


def to_act(state: dict) -> list[int]:
    found = asking(state)
    return [] if found is None else [found[1]]


def legal_actions(state: dict, seat: int) -> list[dict]:
    found = asking(state)
    if found is None or found[1] != seat:
        return []
    frame = found[0]
    actions = HANDLERS[frame["op"]][1](state, frame, seat)
    return actions + [{"type": "set_auto_pass", "on": not state["auto_pass"][seat]}]


def apply(state: dict, seat: int, action: dict) -> dict:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("engine.not_a_dict")
    found = asking(state)
    if found is None or found[1] != seat:
        raise IllegalAction("engine.not_your_turn")
    if not is_legal(action, legal_actions(state, seat)):
        raise IllegalAction("engine.not_legal")
    state = copy_state(state)
    state["ply"] += 1
    if action["type"] == "set_auto_pass":
        state["auto_pass"][seat] = action["on"]
        log(state, "auto_pass_on" if action["on"] else "auto_pass_off", who=who(seat))
        return state
    if len(state["stack"]) == 1:
        state["chain"] += 1
    frame = state["stack"][-1]
    HANDLERS[frame["op"]][2](state, frame, seat, action)
    run(state)
    return state


def run(state: dict) -> None:
    while state["result"] is None:
        F.drop_out(state)
        if _game_over(state):
            return
        frame = state["stack"][-1]
        if frame.get("ask") is not None:
            return
        HANDLERS[frame["op"]][0](state, frame)


def _game_over(state: dict) -> bool:
    """The print: "Play continues until only one player has chickens left". The game ends the
    moment one player is left, even in the middle of a card (Fox on the Loose rolls in turn
    order, so a player put out by an earlier roll is out). Only a card that hits everyone at
    once (Foster Farms, Bird Flu, Chicken Assassin) is resolved to its end first: when it takes
    the last chickens of all players still in, they lose them at the same moment and share the
    win (D-15)."""
    living = F.alive(state)
    if not living:
        last = [e["seat"] for e in state["out"] if e["chain"] == state["chain"]]
        _finish(state, last, "together")
    elif len(living) == 1 and not _at_once_under_way(state):
        _finish(state, living, "last")
    elif state["turns"] > C.rules()["turn_limit"] and len(state["stack"]) == 1:
        counts = {s: len(state["flocks"][s]) for s in living}
        best = max(counts.values())
        _finish(state, [s for s in living if counts[s] == best], "limit")
    return state["result"] is not None


def placement(state: dict) -> list[list[int]]:
    """The winners first; then, at the turn limit, the players still in by their chickens; then
    the players who are out, the later out the better, those put out by the same action sharing
    a place (as D-15 lets them share the win) (docs/chicken-die.md, "Placement")."""
    winners = state["result"]["winners"]
    out = {e["seat"]: e["chain"] for e in state["out"]}

    def key(s: int) -> tuple[int, int]:
        return (0, out[s]) if s in out else (1, len(state["flocks"][s]))

    return [sorted(winners), *ranked((s for s in range(state["players"]) if s not in winners), key)]


def _at_once_under_way(state: dict) -> bool:
    return any(frame["op"] == "instant" and C.info(frame["card"]).get("at_once") for frame in state["stack"])


def _finish(state: dict, winners: list[int], reason: str) -> None:
    """The end; a card still being resolved (a Fox on the Loose cut short) goes to the discard pile."""
    losers = [s for s in range(state["players"]) if s not in winners]
    state["result"] = {"winners": sorted(winners), "losers": losers, "reason": reason}
    state["stack"][-1]["ask"] = None
    state["discard"].extend(state["table"])
    state["table"] = []
    log(state, "win_" + reason, who=[who(s) for s in sorted(winners)], n=len(winners))
