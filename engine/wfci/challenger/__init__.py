"""The Challenger (rules section 10): the solo game's opponent, played by the engine itself.

It has no choices: wherever its seat must act, its rules give exactly one action, so
`legal_actions(state, SEAT)` is that one action and nobody can steer it through the API. Each
step is an ordinary logged action `{"type": "challenger", "step": ...}` applied through the
normal `apply`, so the turn log shows what it did and a replay reproduces the game.

This module holds what every part of it shares: its dice rows, its activation order, its
choice of target, its move toward your leader and its build rule (what the rules below must
know of the solo card is in solo.py). The steps are in turn.py (its turn and the opening
build), fight.py (its scrolls in fights) and setup.py (the solo setup); words.py writes the
log lines and the solo card of the view; play.py gives its one action wherever its seat acts,
and bot.py hooks all of it into the rules and the turn flow.
"""

from __future__ import annotations

from ...messages import msg
from .. import board, cards, combat, movement, priority, units
from ..actions import refill_stock
from ..solo import (DATA, HUMAN, SEAT, by_priority, is_challenger, pick_hex,  # noqa: F401 (shared with the steps)
                    priority_neighbors)
from ..state import hx, island, new_unit_id, pt, ruleset

ROWS = tuple(row["id"] for row in DATA["rows"])
ROW_OF = {face: row["id"] for row in DATA["rows"] for face in row["faces"]}
PAIR_OF = {row["id"]: row["pair"] for row in DATA["rows"]}
BUILD_MIN_SPEED = DATA["build_min_speed"]


# -- the dice rows of the solo card ----------------------------------------------------------

def row_dice(state: dict, row: str) -> list[dict]:
    """Its dice in one row, in banner order (the dice sit on the solo card, not a banner)."""
    return [d for d in state["seats"][SEAT]["banner"] if ROW_OF[d["face"]] == row]


def rows(state: dict) -> dict[str, list[str]]:
    return {row: [d["face"] for d in row_dice(state, row)] for row in ROWS}


def pair_counts(state: dict) -> dict[str, int]:
    counts = {pair: 0 for pair in DATA["pairs"]}
    for d in state["seats"][SEAT]["banner"]:
        counts[PAIR_OF[ROW_OF[d["face"]]]] += 1
    return counts


def firing_pair(state: dict) -> str:
    """The pair of rows with more dice fires, even with an empty row; D-7: a tie fires the top."""
    counts = pair_counts(state)
    if counts["top"] == counts["bottom"]:
        return DATA["tie_pair"]
    return "top" if counts["top"] > counts["bottom"] else "bottom"


def power_bonus(state: dict) -> int:
    """What Power adds to every attack this turn, if the top pair fires."""
    if firing_pair(state) != "top":
        return 0
    return DATA["power_per_die"] * len(row_dice(state, "power"))


def spend_row(state: dict, row: str, n: int | None = None) -> int:
    """Move n dice (default all) of a row to its spent dice, for the re-roll at the end."""
    s = state["seats"][SEAT]
    picked = row_dice(state, row)[: (None if n is None else n)]
    for d in picked:
        s["banner"].remove(d)
        s["spent"].append(d["id"])
    return len(picked)


# -- its units -------------------------------------------------------------------------------

def seq(unit: dict) -> float:
    """Machine ids count up as machines are built, and each new card goes just left of the
    leader card: so build order is activation order, with the leader last."""
    return int(unit["id"][1:]) if unit["kind"] == "machine" else float("inf")


def machines(state: dict) -> list[dict]:
    return sorted((u for u in state["units"].values() if u["owner"] == SEAT and u["kind"] == "machine"), key=seq)


def leader(state: dict, seat: int = SEAT) -> dict | None:
    return state["units"].get(f"lead-{seat}")


def chickens(state: dict) -> list[dict]:
    """Classic: its chickens on the island, by strength descending (D-S14: ties by token id)."""
    if not ruleset(state).challenger_uses_chickens:
        return []
    return sorted((u for u in state["units"].values() if u["owner"] == SEAT and u["kind"] == "chicken"),
                  key=lambda u: order_key(u))


def order_key(unit: dict) -> tuple:
    """Its place in the activation order: machines by build order, then chickens by strength
    descending (ties by id), then the leader. A destroyed unit keeps its key (a chicken off the
    island has no +1 dice, so its strength is the printed 1)."""
    if unit["kind"] == "machine":
        return (0, seq(unit), "")
    if unit["kind"] == "chicken":
        return (1, -strength(unit), unit["id"])
    return (2, 0, "")


def activation_order(state: dict) -> list[dict]:
    """Its machine cards left to right, then its leader (rules section 10); classic: its
    chickens by strength descending between the machines and the leader."""
    out = machines(state) + chickens(state)
    if leader(state):
        out.append(leader(state))
    return out


def name(unit: dict) -> str:
    """A Challenger unit's card name ("Rock Golem"), or its leader's."""
    if unit["kind"] == "leader":
        return f"its leader {cards.card(unit['card'])['name']}"
    if unit["kind"] == "chicken":
        return "its chicken"
    return cards.card(unit["card"])["name"]


def label(unit: dict) -> dict:
    """"The Challenger's Rock Golem", "The Challenger's leader Keekmee" for the events."""
    if unit["kind"] == "leader":
        return msg("wfci.event.ch_unit_leader", card=cards.name(unit["card"]))
    if unit["kind"] == "chicken":
        return msg("wfci.event.ch_unit_chicken")
    return msg("wfci.event.ch_unit", card=cards.name(unit["card"]))


def your(unit: dict) -> str:
    """One of the human's units as the log addresses them: "your leader Keekmee"."""
    if unit["kind"] == "leader":
        return f"your leader {cards.card(unit['card'])['name']}"
    if unit["kind"] == "chicken":
        return "your chicken"
    return f"your {cards.card(unit['card'])['name']}"


# -- targets ---------------------------------------------------------------------------------

def strength(unit: dict) -> int:
    """A unit's strength as the Challenger compares them: printed plus permanent +1 dice."""
    return units.stats(unit)["strength"] + len(unit["dice"])


def targets(state: dict, unit: dict) -> list[dict]:
    """Your units and leader in its range, best first: your leader, then the highest strength;
    classic: the least armor, your leader not preferred (1st ed.); ties by the priority hex
    around the attacker, then by id."""
    found = combat.reach(state, unit)
    if not found:
        return []
    order = {k: i for i, k in enumerate(by_priority(state, unit["hex"], {u["hex"] for u in found}))}
    lowest_armor = ruleset(state).challenger_target == "lowest_armor"

    def key(u):
        stat = units.stats(u)["armor"] if lowest_armor else -strength(u)
        return (not lowest_armor and u["kind"] != "leader", stat, order[u["hex"]], u["id"])

    return sorted(found, key=key)


def tied(state: dict, unit: dict, ranked: list[dict]) -> bool:
    """Whether the priority hex had to break a tie between the first two targets."""
    if len(ranked) < 2:
        return False
    lowest_armor = ruleset(state).challenger_target == "lowest_armor"
    if lowest_armor:
        return units.stats(ranked[0])["armor"] == units.stats(ranked[1])["armor"]
    return "leader" not in (ranked[0]["kind"], ranked[1]["kind"]) and strength(ranked[0]) == strength(ranked[1])


# -- moving toward your leader ---------------------------------------------------------------

def move_to(state: dict, unit: dict) -> str | None:
    """Where the unit ends moving toward your leader (its full speed, the shortest walk, ties
    by the priority hex); None when no hex it can reach is closer."""
    goal = leader(state, HUMAN)
    if goal is None or units.speed(unit) <= 0:
        return None
    can_enter, can_stop = movement._predicates(state, SEAT, [unit])
    start = pt(unit["hex"])
    dest = priority.step_toward(island(state), start, pt(goal["hex"]), units.speed(unit), can_enter, can_stop,
                             priority_neighbors(state, unit["hex"]))
    return None if dest == start else hx(dest)


def steps(state: dict, unit: dict, dest: str) -> int:
    """How many hexes the move to `dest` walks."""
    reach = movement.destinations(state, SEAT, [unit], unit["hex"], units.speed(unit))
    return reach.get(dest, 0)


# -- building --------------------------------------------------------------------------------

def buildable(state: dict, cid: str) -> bool:
    """Speed 1 or more, and a miniature of its class still free (a machine cannot be built
    without one)."""
    c = cards.card(cid)
    return c["speed"] >= BUILD_MIN_SPEED and state["supply"]["minis"][c["class"]] > 0


def build_window(state: dict, dice: int | None) -> tuple[list[str], str | None]:
    """The stock window and the machine it takes: the window starts at the leftmost buildable
    card and each Build die widens it one card to the right; it takes the highest strength
    buildable card in it, the leftmost on ties. dice=None: the whole stock (the opening build)."""
    stock = state["decks"]["stock"]
    first = next((i for i, cid in enumerate(stock) if buildable(state, cid)), None)
    if first is None:
        return [], None
    window = stock[first:] if dice is None else stock[first:first + 1 + dice]
    best = None
    for cid in window:
        if buildable(state, cid) and (best is None or cards.card(cid)["strength"] > cards.card(best)["strength"]):
            best = cid
    return window, best


def build_hex(state: dict, cid: str) -> str | None:
    """Where its new machine goes: a free hex of its territory next to its base, by the
    priority hex around the base; with none, any free hex of its territory (D-S5)."""
    base = state["seats"][SEAT]["base"]
    band = cards.card(cid)["band"]
    free = []
    for key, t in state["island"]["tiles"].items():
        if t["kind"] != "territory" or t["owner"] != SEAT:
            continue
        here = [u for u in state["units"].values() if u["hex"] == key]
        if not here or (band and all(u["owner"] == SEAT and units.bands(u) for u in here)):
            free.append(key)
    near = {board.hex_key(n) for n in board.neighbors(pt(base))}
    for group in ([k for k in free if k in near], free):
        if group:
            return by_priority(state, base, group)[0]
    return None


def place_machine(state: dict, cid: str, key: str) -> str:
    """Build for free: no resources, no pilots (rules section 10); the stock shifts left."""
    uid = new_unit_id(state)
    state["units"][uid] = {"id": uid, "owner": SEAT, "kind": "machine", "card": cid, "hex": key,
                           "shields": 0, "dice": [], "pilots": []}
    state["supply"]["minis"][cards.card(cid)["class"]] -= 1
    state["decks"]["stock"].remove(cid)
    refill_stock(state)
    state["stats"]["built"] += 1
    return uid
