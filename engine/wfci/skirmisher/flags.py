"""The skirmisher in capture the flag: bringing flags home.

Bases keep their entry rule with or without a flag, so in standard and expert a flag comes
home on a chicken only ("Vos Machines ... ne peuvent pas entrer dans votre Base"). A flag held
by a machine passes to a chicken that joins its stack (D-12), so a machine that took one walks
to our base's gate, a chicken from the base steps onto its hex and takes the flag over, and
then walks in alone.
"""

from __future__ import annotations

from .. import flag, units
from ..movement import destinations
from ..state import distance
from . import judge

PAY = {"car": 0, "extra": 1, "claw": 2, "free": 3}


def bring_home(state: dict, seat: int, legal: list[dict], best_stop) -> dict | None:
    """Move a stack carrying an opponent's flag toward our base; at the gate, send a chicken
    from the base to a machine that holds one; else make room for a flag coming home."""
    if not flag.playing(state):
        return None
    walk = judge.walk_to(state, state["seats"][seat]["base"])
    for u in flag.trophies(state, seat):
        moves = [a for a in judge.by_type(legal, "move") if a["hex"] == u["hex"]]
        if not moves:
            continue
        members = [m for m in state["units"].values() if m["owner"] == seat and m["hex"] == u["hex"]]
        if best_stop(state, seat, members, u["hex"], walk)[1] < walk.get(u["hex"], 99):
            return min(moves, key=lambda a: PAY[a["pay"]])
    if rider_wanted(state, seat):
        base = state["seats"][seat]["base"]
        moves = [a for a in judge.by_type(legal, "move") if a["hex"] == base]
        if moves:
            return min(moves, key=lambda a: PAY[a["pay"]])
    way = in_the_way(state, seat, walk)  # stuck behind our own units: make room
    return next((a for a in judge.by_type(legal, "move") if a["hex"] in way), None)


def rider_wanted(state: dict, seat: int) -> str | None:
    """The hex at our base's gate where a machine of ours holds a flag it may not bring in and
    a chicken of ours could join it (it bands, and no chicken of ours is there yet)."""
    base = state["seats"][seat]["base"]
    for u in flag.trophies(state, seat):
        if flag.homeward(state, u) or not units.bands(u) or distance(u["hex"], base) != 1:
            continue
        if not any(m["owner"] == seat and m["hex"] == u["hex"] and flag.homeward(state, m) for m in state["units"].values()):
            return u["hex"]
    return None


def move(state: dict, seat: int, frame: dict, legal: list[dict], members: list[dict]) -> dict | None:
    """The flag's part of a move: a stack bringing a flag goes home (what may not enter stays
    at the gate); a chicken from the base rides out to a machine holding one; stacks in the way
    of a flag coming home step aside. None: the skirmisher's usual move."""
    if not flag.playing(state):
        return None
    base = state["seats"][seat]["base"]
    if any(judge.bringing(state, u) for u in members):
        if distance(frame["hex"], base) == 1:  # at the gate: what may not enter stays outside
            out = next((u for u in members if not flag.homeward(state, u)
                        and {"type": "drop", "unit": u["id"]} in legal), None)
            if out is not None and any(judge.bringing(state, u) and flag.homeward(state, u) for u in members):
                return {"type": "drop", "unit": out["id"]}
        return homeward(state, seat, frame, legal)
    pick = boarding_move(state, seat, frame, legal, members)
    if pick is not None:
        return pick
    gate = rider_wanted(state, seat)
    if gate is not None and frame["hex"] == base and not frame["moved"]:
        riders = [u for u in members if u["kind"] == "chicken" and not flag.carried_by(state, u["id"])]
        if riders:
            for u in members:  # one chicken rides out; our own flag and the rest stay home
                if u is not riders[0] and {"type": "drop", "unit": u["id"]} in legal:
                    return {"type": "drop", "unit": u["id"]}
            if {"type": "move_to", "hex": gate} in legal:
                return {"type": "move_to", "hex": gate}
    if not frame["moved"] and flag.trophies(state, seat):
        walk = judge.walk_to(state, base)
        way = in_the_way(state, seat, walk)
        if frame["hex"] in way:  # out of the way of a flag coming home: off its path
            room = [a for a in judge.by_type(legal, "move_to") if a["hex"] not in way
                    and walk.get(a["hex"], 99) >= walk.get(frame["hex"], 99)]
            if room:
                return max(room, key=lambda a: (walk.get(a["hex"], 99), a["hex"]))
    return None


def in_the_way(state: dict, seat: int, walk: dict) -> set:
    """Hexes of our stacks between a flag we carry and our base, near enough to block it."""
    out = set()
    for t in flag.trophies(state, seat):
        for u in state["units"].values():
            if u["owner"] == seat and not judge.bringing(state, u) and u["hex"] != t["hex"] \
                    and walk.get(u["hex"], 99) < walk.get(t["hex"], 99) and distance(u["hex"], t["hex"]) <= 2:
                out.add(u["hex"])
    return out


def homeward(state: dict, seat: int, frame: dict, legal: list[dict]) -> dict:
    walk = judge.walk_to(state, state["seats"][seat]["base"])
    target = min(judge.by_type(legal, "move_to"), key=lambda a: (walk.get(a["hex"], 99), a["hex"]), default=None)
    if target and walk.get(target["hex"], 99) < walk.get(frame["hex"], 99):
        return target
    return {"type": "end_move"} if {"type": "end_move"} in legal else {"type": "cancel"}


def safe_stops(state: dict, seat: int, dests, members: list[dict]) -> list:
    """Capture the flag on the long way: where a marching stack may stop. A stack that could never bring a flag
    home (machines that do not band, where bases are closed to them) leaves an opponent's loose
    flag lying: picked up, nobody of ours could take it over."""
    if not riding(state, seat) or any(flag.homeward(state, u) or units.bands(u) for u in members):
        return list(dests)
    return [k for k in dests if not any(f["seat"] != seat for f in flag.loose_at(state, k))]


KEPT_CHICKENS = 5  # our flag's keeper and four to go for theirs
RESTOCK = 2  # chickens destroyed that make a Retrieve come before the march


def pilots_spared(state: dict, seat: int, pilots: int) -> bool:
    """Only a chicken brings a flag home on the long way: a build leaves us chickens enough
    (on the island or waiting to be retrieved), never all pilots."""
    if not riding(state, seat):
        return True
    hens = sum(1 for u in state["units"].values() if u["owner"] == seat and u["kind"] == "chicken")
    return hens + len(state["seats"][seat]["destroyed"]) - pilots >= KEPT_CHICKENS


def riding(state: dict, seat: int) -> bool:
    """Capture the flag on the long way (judge.long_way): a chicken must bring a flag home and
    the way eats units, so chickens ride machines that band (the stack moves at the machine's
    speed, and a flag the machine takes passes to the chicken at once, D-12) and come back
    before the march, and a stack walks past fights far from the flags."""
    return judge.long_way(state, seat)


def free_hens(state: dict, seat: int, key: str) -> list[dict]:
    """Our chickens on this hex that carry no flag (our flag's keeper stays home)."""
    return [u for u in state["units"].values() if u["owner"] == seat and u["hex"] == key
            and u["kind"] == "chicken" and not flag.carried_by(state, u["id"])]


def rides(state: dict, seat: int) -> list[str]:
    """Hexes of our walking machines that band and carry no chicken yet."""
    out = []
    for u in state["units"].values():
        if u["owner"] == seat and u["kind"] == "machine" and units.bands(u) and units.speed(u) > 0 \
                and not any(m["kind"] == "chicken" for m in state["units"].values()
                            if m["owner"] == seat and m["hex"] == u["hex"]) and u["hex"] not in out:
            out.append(u["hex"])
    return sorted(out)


def boarding(state: dict, seat: int, key: str) -> str | None:
    """The ride within one move of the free chickens on this hex, if they should board it."""
    if not riding(state, seat):
        return None
    hens = free_hens(state, seat, key)
    if not hens or any(u["kind"] == "machine" for u in state["units"].values() if u["owner"] == seat and u["hex"] == key):
        return None
    reach = destinations(state, seat, hens, key, max(units.speed(u) for u in hens))
    return next((k for k in rides(state, seat) if k in reach), None)


def board(state: dict, seat: int, legal: list[dict]) -> dict | None:
    """Start a move that takes chickens onto a machine of ours that bands."""
    for a in sorted(judge.by_type(legal, "move"), key=lambda a: PAY[a["pay"]]):
        if boarding(state, seat, a["hex"]):
            return a
    return None


def waits(state: dict, seat: int, key: str) -> bool:
    """A machine that bands and has no rider waits for one a chicken of ours can reach."""
    if not riding(state, seat) or key not in rides(state, seat):
        return False
    return any(boarding(state, seat, u["hex"]) == key for u in state["units"].values()
               if u["owner"] == seat and u["kind"] == "chicken")


def boarding_move(state: dict, seat: int, frame: dict, legal: list[dict], members: list[dict]) -> dict | None:
    """In a move that boards: who does not ride stays, then onto the machine's hex."""
    if frame["moved"]:
        return None
    ride = boarding(state, seat, frame["hex"])
    if ride is None:
        return None
    hens = {u["id"] for u in free_hens(state, seat, frame["hex"])}
    for u in members:
        if u["id"] not in hens and {"type": "drop", "unit": u["id"]} in legal:
            return {"type": "drop", "unit": u["id"]}
    return {"type": "move_to", "hex": ride} if {"type": "move_to", "hex": ride} in legal else None


def restock(state: dict, seat: int, legal: list[dict]) -> dict | None:
    """Capture the flag: the long way between bases eats chickens, and only chickens bring a
    flag home; a Retrieve brings two back at once, worth more than a step of the march."""
    if not riding(state, seat) or len(state["seats"][seat]["destroyed"]) < RESTOCK:
        return None
    retrieves = judge.by_type(legal, "retrieve")
    return next((a for a in retrieves if a["pay"] == "chicken"), retrieves[0] if retrieves else None)


FRONT = 4  # steps from a flag within which every fight is worth taking


def far_from_flags(state: dict, seat: int, target: dict) -> bool:
    """The target stands away from our base and from every flag we go for."""
    if distance(target["hex"], state["seats"][seat]["base"]) <= FRONT:
        return False
    return all(distance(target["hex"], key) > 2 for key in
               (flag.where(state, f) for f in flag.enemy_flags(state, seat)) if key)
