"""Build, Retrieve and the +1 die (rules sections 5 and 6); Move is in movement.py.

Build is a pending choice: pick the stock machine, then each pilot (any of your chickens on
the island, stacks included), then the hex. Nothing is paid until the hex is chosen, so
`cancel` is always clean. Retrieve takes one thing per click up to the allowance, and a
banner over the resource cap discards down to it afterwards (which lets a full banner swap
a resource type, as the printed rule allows).
"""

from __future__ import annotations

from ..rng import Rng
from ..messages import msg
from . import cards, cockfight, dice, flag, units
from .leaders import leader_value
from .state import home_hexes, new_unit_id, note, occupancy, ruleset, turn_frame, who

RESOURCES = cards.RESOURCES


# -- the machine stock ---------------------------------------------------------------------

def refill_stock(state: dict):
    """Refill the stock to 4 at once; an empty machine deck is rebuilt from its discard.
    New cards enter at the right end, so in solo the cards right of a taken one shift left."""
    decks = state["decks"]
    if ruleset(state).no_machines:  # cockfight: the machine cards stay out of the game
        return
    while len(decks["stock"]) < 4:
        if not decks["machine"]:
            if not decks["machine_discard"]:
                break
            _discard_into_deck(decks)
            shuffle(state, decks["machine"])
        decks["stock"].append(decks["machine"].pop())
    if ruleset(state).solo:
        _solo_reshuffle(state)


def _solo_reshuffle(state: dict):
    """Solo (D-9): whenever every stock machine has speed 0, the stock is shuffled into the
    machine deck and 4 new cards are dealt, until one can move. When no card left in the deck
    could move, the discard is shuffled in first (D-S2): the print would loop forever there."""
    decks = state["decks"]
    while decks["stock"] and not _any_moves(decks["stock"]):
        if not _any_moves(decks["machine"]):
            if not _any_moves(decks["machine_discard"]):
                return
            _discard_into_deck(decks)
        decks["machine"].extend(decks["stock"])
        decks["stock"] = []
        shuffle(state, decks["machine"])
        while len(decks["stock"]) < 4 and decks["machine"]:
            decks["stock"].append(decks["machine"].pop())
        note(state, msg("wfci.event.stock_stuck"))


def _any_moves(card_ids: list) -> bool:
    return any(cards.card(c)["speed"] > 0 for c in card_ids)


def _discard_into_deck(decks: dict):
    decks["machine"].extend(decks["machine_discard"])
    decks["machine_discard"] = []


def shuffle(state: dict, items: list):
    rng = Rng(state["rng"])
    rng.shuffle(items)
    state["rng"] = rng.state


def new_stock(state: dict):
    """Star ability 1: the stock goes back into the machine deck and 4 new cards come out."""
    decks = state["decks"]
    decks["machine"].extend(decks["stock"])
    decks["stock"] = []
    shuffle(state, decks["machine"])
    refill_stock(state)


# -- build ---------------------------------------------------------------------------------

def free_hexes(state: dict, seat: int, card_id: str, pilots: set) -> None:
    band = cards.card(card_id)["band"]
    occ = occupancy(state)
    out = []
    for key in sorted(home_hexes(state, seat)):
        here = [u for u in occ.get(key, ()) if u["id"] not in pilots]
        if not here or (band and all(u["owner"] == seat and units.bands(u) for u in here)):
            out.append(key)
    return out


def _could_place(state: dict, seat: int, card_id: str, need: int) -> bool:
    """Some territory hex is free now or once the pilots are taken from it."""
    band = cards.card(card_id)["band"]
    occ = occupancy(state)
    for key in home_hexes(state, seat):
        here = occ.get(key, ())
        if not here or (band and all(u["owner"] == seat and units.bands(u) for u in here)):
            return True
        if all(u["owner"] == seat and u["kind"] == "chicken" for u in here) and len(here) <= need:
            return True
    return False


def own_chickens(state: dict, seat: int) -> list[dict]:
    return sorted((u for u in state["units"].values() if u["owner"] == seat and u["kind"] == "chicken"),
                  key=lambda u: u["id"])


def can_afford(state: dict, seat: int, card_id: str) -> bool:
    res = state["seats"][seat]["res"]
    return all(res[r] >= n for r, n in cards.card(card_id)["cost"].items())


def build_actions(state: dict, seat: int) -> list[dict]:
    """Build with the free action; with the quickplay variant, only in the Build step."""
    turn = turn_frame(state)
    if turn["step"] == "build":
        pay = "step"
    elif ruleset(state).quickplay_build_step or not turn["free"]:
        return []
    else:
        pay = "free"
    out = []
    chickens = len(own_chickens(state, seat))
    for cid in state["decks"]["stock"]:
        c = cards.card(cid)
        if state["supply"]["minis"][c["class"]] <= 0 or not can_afford(state, seat, cid):
            continue
        if chickens < c["pilots"] or not _could_place(state, seat, cid, c["pilots"]):
            continue
        out.append({"type": "build", "card": cid} if pay == "free" else {"type": "build", "card": cid, "pay": pay})
    return out


def begin_build(state: dict, seat: int, action: dict):
    state["stack"].append({"kind": "build", "seat": seat, "card": action["card"], "pilots": []})


def build_legal(state: dict, frame: dict) -> list[dict]:
    seat, need = frame["seat"], cards.card(frame["card"])["pilots"]
    if len(frame["pilots"]) < need:
        out = [{"type": "pick_pilot", "unit": u["id"]} for u in own_chickens(state, seat) if u["id"] not in frame["pilots"]]
    else:
        out = [{"type": "build_at", "hex": k} for k in free_hexes(state, seat, frame["card"], set(frame["pilots"]))]
    return out + [{"type": "cancel"}]


def build_apply(state: dict, frame: dict, action: dict) -> None:
    if action["type"] == "cancel":
        state["stack"].pop()
        return
    if action["type"] == "pick_pilot":
        frame["pilots"].append(action["unit"])
        return
    seat, cid = frame["seat"], frame["card"]
    c = cards.card(cid)
    s = state["seats"][seat]
    for r, n in c["cost"].items():
        s["res"][r] -= n
        state["supply"][r] += n
    for pid in frame["pilots"]:
        chicken = state["units"].pop(pid)
        s["spent"].extend(chicken["dice"])  # a +1 die cannot ride along inside a machine
        units.strip_shields(state, chicken)
        flag.drop(state, chicken)  # a pilot carries no flag: it stays on the hex (D-14)
    uid = new_unit_id(state)
    state["units"][uid] = {"id": uid, "owner": seat, "kind": "machine", "card": cid, "hex": action["hex"],
                           "shields": 0, "dice": [], "pilots": list(frame["pilots"])}
    state["supply"]["minis"][c["class"]] -= 1
    state["decks"]["stock"].remove(cid)
    refill_stock(state)
    turn = turn_frame(state)
    if turn["step"] == "build":
        turn["step"] = "actions"  # quickplay: the Build step is over
    else:
        turn["free"] = False
    state["stats"]["built"] += 1
    state["stack"].pop()
    note(state, msg("wfci.event.builds", who=who(seat), card=cards.name(cid)))


# -- retrieve ------------------------------------------------------------------------------

def allowance(state: dict, seat: int, pay: str) -> int:
    rs = ruleset(state)
    base = rs.retrieve_free if pay == "free" else rs.retrieve_chicken_die
    return base + leader_value(state, seat, "retrieve_extra")


def base_open(state: dict, seat: int) -> bool:
    """Chickens come home only to a base no enemy stands on (expert lets enemies enter bases)."""
    base = state["seats"][seat]["base"]
    return not any(u["hex"] == base and u["owner"] != seat for u in state["units"].values())


def retrieve_options(state: dict, seat: int) -> list[dict]:
    out = [] if ruleset(state).no_resources else [{"type": "take", "what": r} for r in RESOURCES if state["supply"][r] > 0]
    if state["seats"][seat]["destroyed"] and base_open(state, seat):
        out.append({"type": "take", "what": "chicken"})
    return out


def retrieve_actions(state: dict, seat: int) -> list[dict]:
    if not retrieve_options(state, seat) and not cockfight.reorder_actions(state, seat):
        return []
    out = []
    if turn_frame(state)["free"]:
        out.append({"type": "retrieve", "pay": "free"})
    if dice.count(state, seat, "chicken"):
        out.append({"type": "retrieve", "pay": "chicken"})
    return out


def begin_retrieve(state: dict, seat: int, action: dict):
    if action["pay"] == "free":
        turn_frame(state)["free"] = False
    else:
        dice.spend(state, seat, "chicken")
    state["stack"].append({"kind": "retrieve", "seat": seat, "left": allowance(state, seat, action["pay"]),
                           "only": None})


def retrieve_legal(state: dict, frame: dict) -> list[dict]:
    out = retrieve_options(state, frame["seat"]) if frame["left"] > 0 else []
    if frame.get("only") == "resources":
        out = [a for a in out if a["what"] != "chicken"]
    else:  # cockfight: Retrieve also reorders your stacks, even with nothing to retrieve
        out += cockfight.reorder_actions(state, frame["seat"])
    return out + [{"type": "done"}]


def take(state: dict, seat: int, what: str):
    s = state["seats"][seat]
    if what == "chicken":
        hen = s["destroyed"].pop(0)
        state["units"][hen] = {"id": hen, "owner": seat, "kind": "chicken", "card": None, "hex": s["base"],
                               "shields": 0, "dice": [], "pilots": []}
    else:
        state["supply"][what] -= 1
        s["res"][what] += 1


def retrieve_apply(state: dict, frame: dict, action: dict) -> None:
    seat = frame["seat"]
    if action["type"] == "to_top":
        cockfight.put_on_top(state, action["unit"])
    if action["type"] == "take":
        take(state, seat, action["what"])
        frame["left"] -= 1
    if action["type"] == "done" or not retrieve_legal(state, frame)[:-1]:
        state["stack"].pop()
        over_cap(state, seat)


def over_cap(state: dict, seat: int):
    """A banner above the resource cap discards down to it (the player picks which)."""
    cap = ruleset(state).resource_cap
    if cap is not None and sum(state["seats"][seat]["res"].values()) > cap:
        state["stack"].append({"kind": "discard_resources", "seat": seat, "down_to": cap})


def discard_legal(state: dict, frame: dict) -> list[dict]:
    res = state["seats"][frame["seat"]]["res"]
    return [{"type": "return_resource", "resource": r} for r in RESOURCES if res[r] > 0]


def discard_apply(state: dict, frame: dict, action: dict) -> None:
    s = state["seats"][frame["seat"]]
    s["res"][action["resource"]] -= 1
    state["supply"][action["resource"]] += 1
    if sum(s["res"].values()) <= frame["down_to"]:
        state["stack"].pop()


# -- the +1 die ----------------------------------------------------------------------------

def plus_one_actions(state: dict, seat: int) -> list[dict]:
    if not dice.count(state, seat, "1"):
        return []
    return [{"type": "plus_one", "unit": u["id"]}
            for u in sorted(state["units"].values(), key=lambda u: u["id"]) if u["owner"] == seat]


def plus_one(state: dict, seat: int, action: dict) -> None:
    s = state["seats"][seat]
    die = next(d for d in s["banner"] if d["face"] == "1")
    s["banner"].remove(die)
    unit = state["units"][action["unit"]]
    unit["dice"].append(die["id"])
    note(state, msg("wfci.event.plus_one", who=who(seat), unit=units.name(state, unit)))
