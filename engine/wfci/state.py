"""The state of a WfCI game: plain dicts and lists of JSON values, nothing else.

Keeping the state a JSON value makes serialize/deserialize trivial and lossless, and lets a
step copy it with `marshal` (several times faster than copy.deepcopy) before changing the copy,
which is how `apply` keeps its promise never to mutate its input.

Shape (docs/wfci-rules-decisions.md explains the frames):
- `seats[i]`: colour, leader card, hand, strategies, banner dice, spent dice, resources,
  tags_left (own humiliation tags not yet placed), tags (the seats whose tags are on this banner),
  destroyed (own chicken tokens off the island), base hex.
- `units[id]`: every miniature and chicken token on the island. Chicken tokens keep their
  token id (`hen-0-3`) as unit id; machines get `m1`, `m2`...; leaders `lead-0`...
- `stack`: pending decisions, the last one decides `to_act`. The bottom frame is the turn.
- `combat`: the fight in progress, or None; `last_fight`: the public record of the last
  fight resolved (fighters, revealed cards, strength, armor, result), or None;
  `cats`/`cat`: catastrophes drawn / resolving.
- `decks`: scroll, scroll_discard, machine, machine_discard, stock, leader_box; `supply`:
  resources, shields and free miniatures; `stats`: public counters for the self-play report.
"""

from __future__ import annotations

import marshal

from ..errors import IllegalAction
from ..messages import msg
from . import board, options

COLOURS = ("Red", "Blue", "Yellow", "Green")
FORMAT = 1


def copy_state(state: dict) -> dict:
    """A deep copy of a JSON-valued state (marshal is the fastest deep copy for plain data)."""
    return marshal.loads(marshal.dumps(state))


def serialize(state: dict) -> dict:
    return copy_state(state)


def deserialize(data: dict) -> dict:
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("game") != "wfci":
        raise IllegalAction("wfci.refuse.not_a_state")
    return copy_state(data)


def colour(seat: int | None) -> str:
    return COLOURS[seat] if seat is not None and 0 <= seat < len(COLOURS) else "Nobody"


def who(seat: int | None) -> dict:
    """A seat by its colour, as a message (the board names players by colour)."""
    return msg(f"wfci.colour.{seat}" if seat is not None and 0 <= seat < len(COLOURS) else "wfci.colour.nobody")


# -- frames --------------------------------------------------------------------------------

def new_turn_frame(seat: int) -> dict:
    return {"kind": "turn", "seat": seat, "step": "roll", "free": True, "selected": [], "drawn": 0,
            "extra_moves": 0, "boost": {}, "cars": []}


def top(state: dict) -> dict | None:
    return state["stack"][-1] if state["stack"] else None


def pop(state: dict) -> dict:
    return state["stack"].pop()


def turn_frame(state: dict) -> dict:
    return state["stack"][0]


# -- the island ----------------------------------------------------------------------------

_ISLANDS: dict = {}


def island(state: dict) -> board.Island:
    """The board's Island for this state, memoised on the tiles (they change only on flips)."""
    key = marshal.dumps(state["island"]["tiles"])  # six times cheaper than str(), as exact
    isl = _ISLANDS.get(key)
    if isl is None:
        if len(_ISLANDS) > 256:
            _ISLANDS.clear()
        isl = _ISLANDS[key] = board.Island.from_json(state["island"])
    return isl


def kind(state: dict, hx: str) -> str:
    t = state["island"]["tiles"].get(hx)
    return t["kind"] if t else board.SEA


def hx(h) -> str:
    return board.hex_key(h)


def pt(key: str):
    return board.parse_hex(key)


def neighbours(key: str) -> list[str]:
    return [board.hex_key(n) for n in board.neighbors(board.parse_hex(key))]


def distance(a: str, b: str) -> int:
    return board.distance(board.parse_hex(a), board.parse_hex(b))


def home_hexes(state: dict, seat: int) -> list[str]:
    """The seat's own Territory hexes (where it builds)."""
    return [k for k, t in state["island"]["tiles"].items() if t["kind"] == "territory" and t["owner"] == seat]


# -- units ---------------------------------------------------------------------------------

def units_at(state: dict, key: str) -> list[dict]:
    return [u for u in state["units"].values() if u["hex"] == key]


def occupancy(state: dict) -> dict[str, list[dict]]:
    occ: dict[str, list[dict]] = {}
    for u in state["units"].values():
        occ.setdefault(u["hex"], []).append(u)
    return occ


def new_unit_id(state: dict) -> str:
    state["counter"] += 1
    return f"m{state['counter']}"


def clockwise(state: dict, start: int) -> list[int]:
    """Every seat once, clockwise from `start` (seat order is clockwise order)."""
    n = state["players"]
    return [(start + i) % n for i in range(n)]


# -- the ruleset ---------------------------------------------------------------------------

_RULESETS: dict = {}


def ruleset(state: dict):
    """The immutable options record (options.make_ruleset) for this game, memoised. Keyed by
    the options as written (a copy keeps their order): asked thousands of times a playout."""
    key = (state["players"], repr(state["options"]))
    rs = _RULESETS.get(key)
    if rs is None:
        rs = _RULESETS[key] = options.make_ruleset(state["players"], state["options"])
    return rs


def note(state: dict, message: dict):
    """A public line about what just happened, as a message (shown in views; never name a
    hidden card)."""
    state["events"].append(message)
