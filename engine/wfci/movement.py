"""The Move action (rules section 6): a unit, leader or banded stack moves up to its speed.

A move is a pending choice so each click is one atomic action: `move` picks the hex whose
units set off (all of them, by default) and how the move is paid; then `drop` leaves a member
behind, `pick_up` takes along one of your banding units on the current hex, `move_to` jumps to
any hex the stack can reach with the movement it has left, and `end_move` stops. The stack's
movement is its fastest member's speed when it sets off (D-W1: picking up or dropping on the
way does not change what is left). Moving never crosses lava, sea, an enemy unit or a base the
stack may not enter; it may pass through your own units but only stop where everyone bands.
"""

from __future__ import annotations

from . import board, cockfight, dice, flag, teams, units
from .state import island, occupancy, pt, hx, ruleset, top, turn_frame


def may_enter_base(state: dict, seat: int, key: str, members: list[dict] | None = None) -> bool:
    """Standard: only a base's owner's chickens and leader may enter it (ruleset base_entry).
    Expert adds enemy units ("une Base adverse"): your own machines still stay out of yours.
    Capture the flag changes nothing: "Vos Machines ainsi que les Unités adverses ne peuvent
    pas entrer dans votre Base", with or without a flag (D-15)."""
    t = state["island"]["tiles"].get(key)
    if t is None or t["kind"] != "base":
        return True
    entry = ruleset(state).base_entry
    if entry == "unblocked":
        return True
    if t["owner"] != seat:
        return entry == "enemies_too"
    return all(u["kind"] in ("chicken", "leader") for u in (members or []))


def _predicates(state: dict, seat: int, members: list[dict]):
    occ = occupancy(state)
    tiles = state["island"]["tiles"]
    all_band = all(units.bands(u) for u in members)
    walk_lava = all(units.lava_walk(u) for u in members)
    ids = {u["id"] for u in members}
    base_ok: dict = {}

    def can_enter(h) -> bool:
        key = hx(h)
        t = tiles.get(key)
        if t is None:
            return False
        if t["kind"] == "lava" and not walk_lava:
            return False
        if t["kind"] == "base":
            if key not in base_ok:
                base_ok[key] = may_enter_base(state, seat, key, members)
            if not base_ok[key]:
                return False
        return not any(teams.opposed(state, seat, u["owner"]) for u in occ.get(key, ()))

    def can_stop(h) -> bool:
        key = hx(h)
        if tiles[key]["kind"] == "lava":
            return False
        here = [u for u in occ.get(key, ()) if u["id"] not in ids]
        return not here or (all_band and all(u["owner"] == seat and units.bands(u) for u in here))

    return can_enter, can_stop


def destinations(state: dict, seat: int, members: list[dict], start: str, left: int) -> dict[str, int]:
    if left <= 0:
        return {}
    can_enter, can_stop = _predicates(state, seat, members)
    reach = board.reachable(island(state), pt(start), left, can_enter, can_stop)
    return {hx(h): cost for h, cost in reach.items()}


def _way(state: dict, seat: int, members: list[dict], start: str, end: str, cost: int) -> list[str]:
    """The hexes a step of `cost` from start to end enters on its way (not `start`, not `end`):
    of the equally short ways, the one crossing the most loose flags (D-12), since a unit that
    enters a flag's hex takes it; ties by hex order."""
    can_enter, _can_stop = _predicates(state, seat, members)
    isl = island(state)
    a, b = pt(start), pt(end)
    to_end = board.walk_distances(isl, b, can_enter)
    flagged = {pt(f["hex"]) for f in state["flags"] if f["unit"] is None}
    # Best count of flags from each hex of a shortest way on to `end`, walking back from it.
    best: dict = {b: (0, [])}
    for d in range(1, cost + 1):
        for h in sorted(k for k, v in to_end.items() if v == d):
            onward = [best[n] for n in board.neighbors(h) if n in best and to_end.get(n) == d - 1]
            if onward:
                n_flags, path = max(onward, key=lambda x: (x[0], [(-q, -r) for q, r in x[1]]))
                here = [] if h == a else [h]
                best[h] = (n_flags + (h in flagged and h != a), here + path)
    way = best.get(a, (0, []))[1]
    return [hx(h) for h in way if h != b]


def group_speed(members: list[dict]) -> int:
    return max((units.speed(u) for u in members), default=0)


def unused_car(state: dict, members: list[dict]) -> dict | None:
    used = turn_frame(state).get("cars", [])
    for u in members:
        if u["kind"] == "machine" and units.cards.card(u["card"])["free_move"] and u["id"] not in used:
            return u
    return None


def payments(state: dict, seat: int, members: list[dict]) -> None:
    """How a Move may be paid: a battle car's free move, a Forced March, a Claw die, the free action."""
    turn = turn_frame(state)
    out = []
    if unused_car(state, members):
        out.append("car")
    if turn.get("extra_moves"):
        out.append("extra")
    if dice.count(state, seat, "claw"):
        out.append("claw")
    if turn["free"]:
        out.append("free")
    return out


def start_actions(state: dict, seat: int) -> list[dict]:
    """`move` actions for every hex of yours whose stack can go somewhere."""
    out = []
    occ = occupancy(state)
    for key in sorted(occ):
        members = [u for u in occ[key] if u["owner"] == seat]
        if not members:
            continue
        pays = payments(state, seat, members)
        if not pays or not destinations(state, seat, members, key, group_speed(members)):
            continue
        out.extend({"type": "move", "hex": key, "pay": p} for p in pays)
    return out


def begin(state: dict, seat: int, action: dict):
    members = [u for u in state["units"].values() if u["owner"] == seat and u["hex"] == action["hex"]]
    group = sorted(u["id"] for u in members)
    frame = {"kind": "move", "seat": seat, "group": group, "hex": action["hex"],
             "left": group_speed(members), "moved": False, "pay": action["pay"]}
    if action["pay"] == "car":
        frame["car"] = unused_car(state, members)["id"]  # the car that moves for free stays in the group
    state["stack"].append(frame)


def _pay(state: dict, frame: dict, members: list[dict]):
    turn = turn_frame(state)
    pay = frame["pay"]
    if pay == "car":
        turn.setdefault("cars", []).append(frame["car"])
    elif pay == "extra":
        turn["extra_moves"] -= 1
    elif pay == "claw":
        dice.spend(state, frame["seat"], "claw")
    else:
        turn["free"] = False


def legal(state: dict, frame: dict) -> list[dict]:
    seat = frame["seat"]
    members = [state["units"][u] for u in frame["group"]]
    out = [{"type": "move_to", "hex": k} for k in sorted(destinations(state, seat, members, frame["hex"], frame["left"]))]
    if len(members) > 1:
        out.extend({"type": "drop", "unit": u["id"]} for u in members if u["id"] != frame.get("car"))
    if all(units.bands(u) for u in members):
        for u in sorted(state["units"].values(), key=lambda u: u["id"]):
            if u["owner"] == seat and u["hex"] == frame["hex"] and u["id"] not in frame["group"] and units.bands(u):
                out.append({"type": "pick_up", "unit": u["id"]})
    out.extend(cockfight.move_reorder(state, frame))  # cockfight: which chicken lands on top
    out.append({"type": "end_move"} if frame["moved"] else {"type": "cancel"})
    return out


def apply(state: dict, frame: dict, action: dict) -> None:
    kind = action["type"]
    if kind == "cancel":
        state["stack"].pop()
        return
    if kind == "end_move":
        state["stack"].pop()
        return
    if kind == "to_top":
        cockfight.move_to_top(state, frame, action)
        return
    if kind == "drop":
        frame["group"].remove(action["unit"])
        return
    if kind == "pick_up":
        frame["group"] = sorted(frame["group"] + [action["unit"]])
        return
    members = [state["units"][u] for u in frame["group"]]
    if not frame["moved"]:
        _pay(state, frame, members)
        frame["moved"] = True
    cost = destinations(state, frame["seat"], members, frame["hex"], frame["left"])[action["hex"]]
    crossed = _way(state, frame["seat"], members, frame["hex"], action["hex"], cost) if flag.playing(state) else []
    frame["left"] -= cost
    frame["hex"] = action["hex"]
    for u in members:
        u["hex"] = action["hex"]
    flag.pass_through(state, members, crossed)
    if frame["left"] <= 0 and top(state) is frame:
        state["stack"].pop()

