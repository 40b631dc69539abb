"""Building positions by hand, for tests, docs and tutorials.

Everything here moves pieces between their real places (a chicken comes from its owner's
destroyed chickens, a machine card from a deck, a scroll from wherever it is), so a position
built this way still passes the conservation audit.
"""

from __future__ import annotations

from . import cards, turn
from .actions import refill_stock
from .challenger.turn import start
from .island import constructed_island
from .solo import SEAT
from .state import new_unit_id


LAYOUT = "face_off"


def _on_layout(state: dict, layout: str | None) -> dict:
    """2-player positions are built on the compact Face-off island unless layout is None (the
    real starter island, D-10, is long: hand-built positions would be spread over it)."""
    if layout and state["players"] == 2 and state["options"]["island"] == "starter":
        state["island"] = constructed_island(layout).to_json()
    return state


def started(players: int = 2, seed: int = 0, options: dict | None = None, leaders: dict | None = None,
            layout: str | None = LAYOUT) -> dict:
    """A game past setup: each seat kept its first leader option (or the leader key given in
    `leaders`) and claimed the first free base; the first player is about to roll."""
    state = _on_layout(turn.setup.new_game(seed, players, options or {}), layout)
    leaders = leaders or {}
    while state["stack"][-1]["kind"] in ("choose_leader", "claim_base"):
        frame = state["stack"][-1]
        if frame["kind"] == "choose_leader" and frame["seat"] in leaders:
            give_leader(state, frame["seat"], leaders[frame["seat"]])
        action = turn.legal(state, frame["seat"])[0]
        state = turn.apply_action(state, frame["seat"], action)
    return state


def give_leader(state: dict, seat: int, key: str):
    """Make `key` the first leader option of the seat (swapping cards with wherever it is)."""
    cid = cards.by_key("leader", key)[0]
    options = state["seats"][seat]["leader_options"]
    if cid in options:
        options.remove(cid)
        options.insert(0, cid)
        return
    old = options.pop(0)
    holder = next((x for x in state["seats"] if x.get("spare") == cid), None)
    if holder is not None:  # classic: another seat kept it face down; it gets the old option instead
        holder["spare"] = old
    else:
        _take_card(state, cid)
        state["decks"]["leader_box"].append(old)
    options.insert(0, cid)


def _take_card(state: dict, cid: str):
    for pile in state["decks"].values():
        if cid in pile:
            pile.remove(cid)
            return
    for s in state["seats"]:
        for key in ("hand", "strategies", "leader_options"):
            if cid in s[key]:
                s[key].remove(cid)
                return
    raise ValueError(f"{cid} is not free to take")


def clear_island(state: dict):
    """Every chicken to its owner's destroyed chickens; leaders stay on their bases."""
    for u in list(state["units"].values()):
        if u["kind"] == "chicken":
            del state["units"][u["id"]]
            state["seats"][u["owner"]]["destroyed"].append(u["id"])
        elif u["kind"] == "leader":
            u["hex"] = state["seats"][u["owner"]]["base"]


def chicken(state: dict, seat: int, hx: str) -> str:
    hen = state["seats"][seat]["destroyed"].pop(0)
    state["units"][hen] = {"id": hen, "owner": seat, "kind": "chicken", "card": None, "hex": hx,
                           "shields": 0, "dice": [], "pilots": []}
    return hen


def machine(state: dict, seat: int, key: str, hx: str) -> str:
    """Build a machine for free (its pilots come from the seat's chickens anywhere)."""
    cid = next(c for c in cards.by_key("machine", key)
               if c in state["decks"]["machine"] or c in state["decks"]["stock"] or c in state["decks"]["machine_discard"])
    c = cards.card(cid)
    _take_card(state, cid)
    if cid not in state["decks"]["stock"]:
        refill_stock(state)
    pilots = []
    for _ in range(c["pilots"]):
        s = state["seats"][seat]
        if s["destroyed"]:
            pilots.append(s["destroyed"].pop(0))
        else:
            hen = next(u for u in state["units"].values() if u["owner"] == seat and u["kind"] == "chicken")
            del state["units"][hen["id"]]
            pilots.append(hen["id"])
    uid = new_unit_id(state)
    state["units"][uid] = {"id": uid, "owner": seat, "kind": "machine", "card": cid, "hex": hx,
                           "shields": 0, "dice": [], "pilots": pilots}
    state["supply"]["minis"][c["class"]] -= 1
    return uid


def scroll(state: dict, seat: int, key: str) -> str:
    """Put a scroll of that kind from the deck or its discard into the seat's hand."""
    decks = state["decks"]
    for cid in cards.by_key("scroll", key):
        for pile in (decks["scroll"], decks["scroll_discard"]):
            if cid in pile:
                pile.remove(cid)
                state["seats"][seat]["hand"].append(cid)
                return cid
    raise ValueError(f"no {key} scroll left in the deck or the discard")


def empty_hand(state: dict, seat: int):
    """Put the seat's scrolls back in the deck, so that no card in hand changes the position."""
    state["decks"]["scroll"].extend(state["seats"][seat]["hand"])
    state["seats"][seat]["hand"] = []


def board(players: int = 2, options: dict | None = None, leaders: dict | None = None, hands: bool = False) -> dict:
    """A started game with nothing on the island but the leaders on their bases, the first
    seat's Take-actions step, no dice, and no scrolls in hand unless `hands`: only what a test
    sets counts."""
    state = started(players, 0, options, leaders)
    clear_island(state)
    actions_step(state, 0)
    if not hands:
        return no_dice_no_hands(state)
    for seat in range(players):
        banner(state, seat, [])
    return state


def no_dice_no_hands(state: dict) -> dict:
    """Every seat with no dice on its banner and no scrolls in hand: only what a test sets counts."""
    for seat in range(state["players"]):
        banner(state, seat, [])
        empty_hand(state, seat)
    return state


def banner(state: dict, seat: int, faces: list[str]):
    """Set the seat's dice: these faces on the banner, the other dice spent."""
    s = state["seats"][seat]
    ids = [d["id"] for d in s["banner"]] + s["spent"]
    for u in state["units"].values():
        if u["owner"] == seat:
            ids += u["dice"]
            u["dice"] = []
    ids.sort()
    s["banner"] = [{"id": ids[i], "face": f} for i, f in enumerate(faces)]
    s["spent"] = ids[len(faces):]


def resources(state: dict, seat: int, **amounts):
    res = state["seats"][seat]["res"]
    for r, n in amounts.items():
        state["supply"][r] += res[r] - n
        res[r] = n


def actions_step(state: dict, seat: int | None = None) -> dict:
    """Jump to the Take-actions step of `seat` (default: whoever's turn it is)."""
    frame = state["stack"][0]
    if seat is not None and seat != frame["seat"]:
        state["stack"] = [turn.new_turn_frame(seat)]
        frame = state["stack"][0]
    frame["step"] = "actions"
    return state


def legal_types(state: dict) -> set[str]:
    frame = state["stack"][-1]
    return {a["type"] for a in turn.legal(state, frame["seat"])}


# -- solo positions (the Challenger, rules section 10) -------------------------------------------

def solo(seed: int = 0, mode: str = "solo", you: str = "dusty", it: str = "gizzard", options: dict | None = None,
         base: int = 0, layout: str | None = LAYOUT) -> dict:
    """A solo game past its setup choices: you lead `you`, the Challenger `it`, you hold the
    base offered `base`-th (0: the first); the Challenger is about to make its opening build."""
    state = _on_layout(turn.setup.new_game(seed, 2, {"mode": mode, **(options or {})}), layout)
    while state["stack"][-1]["kind"] in ("solo_leader", "solo_base"):
        frame = state["stack"][-1]
        legal = turn.legal(state, frame["seat"])
        if frame["kind"] == "solo_leader":
            key = you if frame["for"] == 0 else it
            legal = [a for a in legal if cards.card(a["card"])["key"] == key]
        elif frame["for"] == 0:
            legal = legal[base:] + legal[:base]
        elif state["seats"][0]["base"] is None:  # classic: its base is claimed first; yours is the other
            yours = legal[base % len(legal)]["hex"]
            legal = [a for a in legal if a["hex"] != yours]
        state = turn.apply_action(state, frame["seat"], legal[0])
    return state


def challenger_machine(state: dict, key: str, hx: str) -> str:
    """A machine of the Challenger's (no pilots), last in its activation order."""
    cid = next(c for c in cards.by_key("machine", key)
               if c in state["decks"]["machine"] or c in state["decks"]["stock"] or c in state["decks"]["machine_discard"])
    in_stock = cid in state["decks"]["stock"]
    _take_card(state, cid)
    if in_stock:
        refill_stock(state)
    uid = new_unit_id(state)
    state["units"][uid] = {"id": uid, "owner": SEAT, "kind": "machine", "card": cid, "hex": hx,
                           "shields": 0, "dice": [], "pilots": []}
    state["supply"]["minis"][cards.card(cid)["class"]] -= 1
    return uid


def stock(state: dict, keys: list[str]):
    """Put these machines in the stock, left to right (the old stock goes back to the deck)."""
    decks = state["decks"]
    decks["machine"].extend(decks["stock"])
    decks["stock"] = []
    for key in keys:
        cid = next(c for c in cards.by_key("machine", key) if c in decks["machine"] or c in decks["machine_discard"])
        _take_card(state, cid)
        decks["stock"].append(cid)


def challenger_turn(state: dict, stage: str = "free") -> dict:
    """Make it the Challenger's turn, at `stage` (free, rows, command, build, ...)."""
    state["stack"] = [start(turn.new_turn_frame(SEAT))]
    state["stack"][0]["stage"] = stage
    return state
