"""The skirmisher as you in a solo game: a person's plan against the Challenger.

The Challenger's fights are strong (Power +3 a die, its deck card and half its hand, each read
as +1 to +4) and one tag on your leader loses, so marching out as in a multiplayer game loses.
Its machines only walk toward your leader, and they stop to fight whatever of yours is in
range (rules section 10). So the plan is: the leader stays on its base (+2 armor), your units
fill the land hexes around the base (the screen: nothing of its can then reach the leader,
and it spends its attacks and its hand on the screen), destroyed chickens come back and refill
it, and you strike its leader when it comes within reach and the odds are good. Once a few of
your machines can walk, they besiege its leader (siege.py). Everything it reads is public or
your own: its hand and the deck are counts.
"""

from __future__ import annotations

from .. import board, cards, combat, scrolls, solo
from ..state import distance, island, pt, ruleset
from . import cut, judge, odds, siege, stand

THREAT = 4  # its units this many steps from a hole of the screen: close it
OPEN_GATE = True  # open the screen again when nothing of its is near
HUNT = 8  # its units this many steps from our base are hunted down
STOCK = {"type": "star", "ability": "stock"}


def playing(state: dict, seat: int) -> bool:
    return ruleset(state).solo and seat == solo.HUMAN


# -- what the position is ------------------------------------------------------------------

def home(state: dict, seat: int) -> str:
    return state["seats"][seat]["base"]


def screen(state: dict, seat: int) -> list[str]:
    """The hexes around the base the Challenger could stand on to fight a leader there."""
    tiles = state["island"]["tiles"]
    out = []
    for n in board.neighbors(pt(home(state, seat))):
        key = board.hex_key(n)
        if key in tiles and tiles[key]["kind"] in ("territory", "neutral"):
            out.append(key)
    return sorted(out)


def mine_at(state: dict, seat: int, key: str) -> list[dict]:
    return [u for u in state["units"].values() if u["owner"] == seat and u["hex"] == key]


def holes(state: dict, seat: int) -> list[str]:
    """Screen hexes with nothing of ours that one of its units could walk to soon, nearest
    first. A closed screen leaves it no way to your leader, so nothing of its moves any more;
    it is closed only when they come near, and they stop where they are."""
    foes = [u for u in state["units"].values() if u["owner"] == solo.SEAT]
    out = []
    for k in screen(state, seat):
        if mine_at(state, seat, k):
            continue
        walk = judge.walk_to(state, k)
        near = min((walk.get(u["hex"], 99) for u in foes), default=99)
        if near <= THREAT:
            out.append((near, k))
    return [k for _, k in sorted(out)]


def its_leader(state: dict) -> dict | None:
    return state["units"].get(f"lead-{solo.SEAT}")


def best_strike(state: dict, seat: int, legal: list[dict]) -> tuple[float, dict | None]:
    """Our unit with the best chance against its leader, among those that may attack now."""
    leader = its_leader(state)
    best, pick = 0.0, None
    if leader is None:
        return best, pick
    for a in judge.by_type(legal, "attack"):
        u = state["units"][a["unit"]]
        if leader not in combat.reach(state, u):
            continue
        chance = odds.strike_odds(state, seat, u, leader)
        if chance > best:
            best, pick = chance, a
    return best, pick


# -- the turn ------------------------------------------------------------------------------

def actions(state: dict, seat: int, frame: dict, legal: list[dict], extras, march) -> dict:
    """Strike its leader on good odds; else keep the screen whole (a closed screen leaves its
    machines no way to your leader, so they stand still); else build, fight its machines when
    they must answer with half its hand, and march the rest on its leader. `extras` (stars,
    +1 dice, scrolls) and `march` are the skirmisher's own steps."""
    if stand.on(state) or not joined(state, seat):  # a cut island: nothing to wait for (cut.py)
        return _last_stand(state, seat, frame, legal, extras)
    chance, strike = best_strike(state, seat, legal)
    if strike is not None and chance >= odds.STRIKE_ODDS:
        return _pay_claw_first(legal, strike)
    rescue = _rescue(state, seat, legal)
    if rescue is not None:
        return rescue
    gaps = holes(state, seat)
    retrieve = _retrieve(state, seat, legal, urgent=bool(gaps))
    refill = _refill(state, seat, legal)
    if gaps and refill is not None:
        return refill
    if gaps and retrieve is not None:
        return retrieve
    gate = _open_gate(state, seat, legal)
    if gate is not None:
        return gate
    # Only machines that can walk: a tower or cannon never reaches its leader, and its
    # resources and pilots are the siege's (solo, standard, seeds 0-89: 24 wins of 90 against 8).
    builds = [a for a in judge.by_type(legal, "build") if cards.card(a["card"])["speed"] >= 1]
    if not builds and STOCK in legal and judge.stuck_stock(state, seat):
        return STOCK  # it takes every walker from the shared stock: a star deals a new one
    if builds and frame["free"]:
        return max(builds, key=lambda a: _machine_score(a["card"]))
    if siege.on(state, seat):
        keep = _home_ring(state, seat) if gaps else {home(state, seat)}
        pick = siege.rock(state, seat, legal) or siege.strike(state, seat, legal) or _hit(state, seat, legal, None) \
            or siege.advance(state, seat, legal, march, keep)
        if pick is not None:
            return pick
    hit = _hit(state, seat, legal, strike)
    if hit is not None and (hit["pay"] == "claw" or strike is not None or not judge.by_type(legal, "move")):
        return hit
    pick = extras(state, seat, legal)
    if pick is not None:
        return pick
    if retrieve is not None:
        return retrieve
    marchers = [a for a in judge.by_type(legal, "move") if a["hex"] not in _home_ring(state, seat)]
    prey = _prey(state, seat)
    pick = march(state, seat, marchers, prey["hex"]) if marchers and prey is not None else None
    if pick is None and marchers and its_leader(state) is not None:
        pick = march(state, seat, marchers, its_leader(state)["hex"])
    if pick is not None:
        return pick
    return hit or {"type": "end_actions"}


def _last_stand(state, seat, frame, legal, extras) -> dict:
    """Late in the game (stand.py): a machine at our leader first, then its leader's shields,
    then any strike on it, a walker built, any fight in reach, the march."""
    def chance(u, t):
        return odds.strike_odds(state, seat, u, t)

    builds = [a for a in judge.by_type(legal, "build") if cards.card(a["card"])["speed"] >= 1]
    if frame["free"] and not joined(state, seat):  # walkers go nowhere: a gun over the lava (cut.py)
        gun = cut.build(state, seat, legal)
        builds = [gun] if gun is not None else [a for a in builds if cut.keeps_room(state, seat, a["card"])]
    pick = _rescue(state, seat, legal) or siege.rock(state, seat, legal) or stand.open_gate(state, seat, legal, chance)
    if pick is None and not joined(state, seat):
        pick = (builds[0] if builds and cut.ranged(builds[0]["card"]) else None) or cut.prepare(state, seat, legal) \
            or cut.restock(state, seat, legal)
    if pick is None:
        pick = stand.fight(state, seat, legal, chance)
        if pick is not None and state["units"].get(f"lead-{solo.SEAT}") not in combat.reach(state, state["units"][pick["unit"]]) \
                and builds and frame["free"] and pick["pay"] == "free":
            pick = None  # the free action builds; a lesser fight waits for a Claw
    if pick is None and builds and frame["free"]:
        pick = max(builds, key=lambda a: _machine_score(a["card"]))
    if pick is None and not joined(state, seat):
        pick = cut.lure(state, seat, legal)
    return pick or extras(state, seat, legal) or stand.advance(state, seat, legal) or {"type": "end_actions"}


def calm(state: dict, seat: int) -> bool:
    """Nothing of the Challenger's within THREAT + 2 steps of the screen."""
    foes = [u for u in state["units"].values() if u["owner"] == solo.SEAT]
    for k in screen(state, seat):
        walk = judge.walk_to(state, k)
        if any(walk.get(u["hex"], 99) <= THREAT + 2 for u in foes):
            return False
    return True


def _open_gate(state, seat, legal):
    """A closed screen with nothing near: its leader will never set off while there is no way
    to ours, so chickens of the screen go home and let the next ones come (and then close it)."""
    if not OPEN_GATE or holes(state, seat) or not calm(state, seat):
        return None
    ring = screen(state, seat)
    if not ring or not all(mine_at(state, seat, k) for k in ring):
        return None
    for a in judge.by_type(legal, "move"):
        if a["hex"] in ring and all(u["kind"] == "chicken" for u in mine_at(state, seat, a["hex"])):
            return a
    return None


def _prey(state, seat) -> dict | None:
    """Its unit nearest our base, if it stands within HUNT steps: the screen stopped it, so
    our machines go and fight it there, its leader above all."""
    walk = judge.walk_to(state, home(state, seat))
    near = [(walk.get(u["hex"], 99), u["kind"] != "leader", u["id"], u) for u in state["units"].values()
            if u["owner"] == solo.SEAT]
    near = [n for n in near if n[0] <= HUNT]
    return min(near, key=lambda n: n[:3])[3] if near else None


def intruders(state: dict, seat: int) -> list[dict]:
    """Its machines that reach our leader: the screen broke, and its next die fights him."""
    leader = state["units"].get(f"lead-{seat}")
    if leader is None:
        return []
    return [u for u in state["units"].values() if u["owner"] == solo.SEAT and u["kind"] == "machine"
            and leader in combat.reach(state, u)]


def _rescue(state, seat, legal):
    """Fight the intruder with the best odds, whatever it costs."""
    found = intruders(state, seat)
    best, pick = -1.0, None
    for a in judge.by_type(legal, "attack"):
        u = state["units"][a["unit"]]
        for t in combat.reach(state, u):
            if t in found:
                chance = odds.strike_odds(state, seat, u, t)
                if chance > best:
                    best, pick = chance, a
    return _pay_claw_first(legal, pick) if pick is not None else None


def _home_ring(state, seat) -> set:
    return set(screen(state, seat)) | {home(state, seat)}


def _pay_claw_first(legal, attack):
    claw = {**attack, "pay": "claw"}
    return claw if claw in legal else attack


def _machine_score(cid: str) -> float:
    """Strength strikes its leader; armor outlasts its attacks."""
    c = cards.card(cid)
    return c["strength"] * 1.5 + c["armor"] + c["speed"] * 0.5


def _retrieve(state, seat, legal, urgent: bool):
    """Chickens home for the screen: with a Chicken die, or the free action when the screen
    has a hole or the banner runs dry."""
    s = state["seats"][seat]
    options = judge.by_type(legal, "retrieve")
    paid = next((a for a in options if a["pay"] == "chicken"), None)
    if paid is not None and (s["destroyed"] or sum(s["res"].values()) < 9):
        return paid
    free = next((a for a in options if a["pay"] == "free"), None)
    if free is not None and (s["destroyed"] and urgent or sum(s["res"].values()) < 3):
        return free
    return None


def _refill(state, seat, legal):
    """Move a stack of ours toward the thinnest screen hex: chickens from the base first."""
    base = home(state, seat)
    ring = set(screen(state, seat))
    best, pick = None, None
    for a in judge.by_type(legal, "move"):
        group = mine_at(state, seat, a["hex"])
        spare = [u for u in group if u["kind"] != "leader"]
        if not spare or (a["hex"] in ring and len(spare) < 2) or (a["hex"] not in ring | {base} and not holes(state, seat)):
            continue
        if a["hex"] in ring and min(len(mine_at(state, seat, k)) for k in ring) + 1 >= len(spare):
            continue  # already the thickest there is: nothing to share
        rank = (a["hex"] != base, a["hex"] in ring, {"car": 0, "extra": 1, "claw": 2, "free": 3}[a["pay"]])
        if best is None or rank < best:
            best, pick = rank, a
    return pick


def _hit(state, seat, legal, strike):
    """A fight on one of its machines that it must answer with half its hand (our strength
    reaches the machine's armor before any card): the best chance of destroying it, never
    the unit kept for the strike on its leader."""
    best, pick = -1.0, None
    for a in judge.by_type(legal, "attack"):
        if strike is not None and a["unit"] == strike["unit"]:
            continue
        u = state["units"][a["unit"]]
        for t in combat.reach(state, u):
            if t["kind"] != "machine":
                continue
            s, arm = judge.strength(state, u, t)
            chance = odds.at_most(odds.its_cards(state), s + judge.boosts(state, seat) - arm)
            if s < arm and chance < 0.3:
                continue
            leader = its_leader(state)
            if leader is not None and distance(t["hex"], leader["hex"]) == 1:
                chance += 0.25  # in the way to its leader
            if chance > best:
                best, pick = chance, a
    return _pay_claw_first(legal, pick) if pick is not None else None


# -- sub-decisions ---------------------------------------------------------------------------

def target(state, seat, frame, legal):
    attacker = state["units"][frame["unit"]]
    leader = its_leader(state)
    options = [state["units"][a["unit"]] for a in judge.by_type(legal, "target")]
    if leader in options and (stand.on(state) or odds.strike_odds(state, seat, attacker, leader) >= odds.STRIKE_ODDS):
        return {"type": "target", "unit": leader["id"]}
    machines = [u for u in options if u["kind"] != "leader"]
    found = [u for u in machines if u in intruders(state, seat)]
    if found:
        return {"type": "target", "unit": max(found, key=lambda u: (odds.strike_odds(state, seat, attacker, u), u["id"]))["id"]}
    if not machines:
        return {"type": "target", "unit": leader["id"]} if leader in options else legal[-1]

    def key(u):
        s, a = judge.strength(state, attacker, u)
        return (s - a, judge.value(u), u["id"])

    return {"type": "target", "unit": max(machines, key=key)["id"]}


def fight(state, seat, frame, legal):
    """Its leader is worth every +2/+3 die and scroll; our leader too (one tag loses); other
    fights are not: the scrolls wait for those two. In the last stand every fight we start is
    worth them (stand.py)."""
    c = state["combat"]
    attacker, defender = state["units"][c["attacker"]], state["units"][c["defender"]]
    vital = defender["kind"] == "leader" or defender in intruders(state, seat) \
        or (stand.on(state) and c["att_seat"] == seat)  # the last stand has no better fight to wait for
    if c["att_seat"] == seat and defender is its_leader(state) and _long_shot(state, seat, attacker, defender) \
            and not stand.on(state):
        vital = False  # a strike that wears its hand down: our dice and scrolls wait for a better one
    if c["stage"] == "dice":
        if c["att_seat"] == seat and vital:
            return max(judge.by_type(legal, "boost"), key=lambda b: b["face"], default={"type": "done"})
        s, a = judge.strength(state, attacker, defender)
        short = a - s - c["boost"]
        boosts = [b for b in judge.by_type(legal, "boost") if short > 0]
        return max(boosts, key=lambda b: b["face"]) if boosts else {"type": "done"}
    if c["stage"] != "cards":
        return legal[0]
    role = "attacking" if c["att_seat"] == seat else "defending"
    bait = cut.bait(state, seat, legal) if role == "attacking" and not joined(state, seat) else None
    if not vital:
        return bait or {"type": "pass"}
    ours, theirs = (attacker, defender) if role == "attacking" else (defender, attacker)
    for play in judge.by_type(legal, "play_scroll"):
        card = cards.card(play["card"])
        if card["type"] != "magic":
            continue
        eff = card["effect"]
        if scrolls._card_value(state, eff, role, ours, theirs) > 0 or eff.get("negate") \
                or (eff.get("shield") and role == "defending"):
            return play
    return bait or {"type": "pass"}


def _long_shot(state, seat, attacker, defender) -> bool:
    """A strike on its leader that even every +2/+3 die and scroll we hold would leave below
    the odds worth them."""
    s, a = judge.strength(state, attacker, defender)
    s += state["combat"]["boost"] + judge.boosts(state, seat) \
        + judge.hand_bonus(state, seat, attacker, defender, "attacking")
    return odds.at_most(odds.its_cards(state), s - a) < odds.STRIKE_ODDS


def move(state, seat, frame, legal):
    """A stack setting off from the base leaves the leader there and spreads over the screen,
    the thinnest hexes first; a leader pushed off its base walks home."""
    base = home(state, seat)
    group = [state["units"][u] for u in frame["group"]]
    here = frame["hex"]
    leader = next((u for u in group if u["kind"] == "leader"), None)
    if leader is not None and not joined(state, seat):
        return cut.lure_move(state, seat, frame, legal)
    if leader is not None and not stand.all_in(state):
        if here == base and {"type": "drop", "unit": leader["id"]} in legal:
            return {"type": "drop", "unit": leader["id"]}
        if {"type": "move_to", "hex": base} in legal:
            return {"type": "move_to", "hex": base}
    if stand.on(state):
        gate = stand.gate_move(state, seat, frame, legal) if stand.barred(
            state, seat, lambda u, t: odds.strike_odds(state, seat, u, t)) else None
        return gate or stand.move(state, seat, frame, legal)
    ring = screen(state, seat)
    if siege.on(state, seat) and (here in ring and not holes(state, seat) or here not in ring and here != base):
        return siege.leaving(state, seat, group, legal)  # None: the march takes them
    if here in ring and OPEN_GATE and not holes(state, seat) and calm(state, seat) \
            and {"type": "move_to", "hex": base} in legal:
        return {"type": "move_to", "hex": base}
    if here not in ring and here != base and not holes(state, seat):
        return None  # a march on its leader: the skirmisher's own move
    ids = set(frame["group"])
    counts = {k: sum(1 for u in mine_at(state, seat, k) if u["id"] not in ids) for k in ring}
    reachable = [k for k in ring if k != here and {"type": "move_to", "hex": k} in legal]
    if here in ring:
        if not reachable:
            return _stop(legal)
        share = (counts[here] + len(group) + sum(counts[k] for k in reachable)) / (1 + len(reachable))
        if min(counts[k] for k in reachable) >= share:
            return _stop(legal)
        if counts[here] < share - 0.5 and len(group) > 1:
            drop = next((u for u in sorted(group, key=lambda u: (u["kind"] != "chicken", u["id"]))
                         if {"type": "drop", "unit": u["id"]} in legal), None)
            if drop is not None:
                return {"type": "drop", "unit": drop["id"]}
    if reachable:
        goal = min(reachable, key=lambda k: (counts[k], distance(k, base), k))
        return {"type": "move_to", "hex": goal}
    return _stop(legal)


def joined(state: dict, seat: int, key: str | None = None, kind: str | None = None) -> bool:
    """Whether our base reaches its base on foot, with the tile at `key` turned to `kind`:
    an island cut in two by lava can never be won (nor lost) until a catastrophe reopens it."""
    isl = island(state)
    turned = pt(key) if key else None

    def land(h) -> bool:
        k = kind if h == turned else (isl.tiles[h]["kind"] if h in isl.tiles else None)
        return k in ("territory", "neutral", "base")

    walk = board.walk_distances(isl, pt(state["seats"][solo.SEAT]["base"]), land)
    return pt(home(state, seat)) in walk


def lava_choice(state: dict, seat: int, frame: dict, legal: list[dict]) -> dict | None:
    """Catastrophes and Lava Trap: never the tile that cuts the island between the bases; the
    one that joins it again if it is cut (a flooded lava tile, an erupting neutral one)."""
    kind = frame["kind"]
    if kind == "tsunami" and legal and legal[0]["type"] == "flip":
        keep = [a for a in legal if joined(state, seat, a["hex"], "neutral")]
        return keep[0] if keep and not joined(state, seat) else None
    if kind in ("eruption", "lava_trap") and legal and "hex" in legal[0]:
        safe = [a for a in legal if state["island"]["tiles"][a["hex"]]["kind"] == "lava"
                or joined(state, seat, a["hex"], "lava")]
        return None if len(safe) == len(legal) or not safe else safe[0]
    return None


def _stop(legal):
    return {"type": "end_move"} if {"type": "end_move"} in legal else {"type": "cancel"}


def build_spot(state, seat, frame, legal):
    """Pilots from the thickest stack; the machine into a hole of the screen, else as near the
    Challenger's way in as our territory allows."""
    cut_off = not joined(state, seat)  # nothing of its crosses the lava: no screen to hold
    picks = [a for a in judge.by_type(legal, "pick_pilot") if cut_off or not _holds_screen(state, seat, a["unit"])]
    if judge.by_type(legal, "pick_pilot"):
        if not picks:
            return {"type": "cancel"}
        if cut_off and cut.pilot(state, seat, frame, picks):
            return cut.pilot(state, seat, frame, picks)  # the gun goes where the chicken stood
        base = home(state, seat)
        return min(picks, key=lambda a: (state["units"][a["unit"]]["hex"] != base,
                                         -len(mine_at(state, seat, state["units"][a["unit"]]["hex"])), a["unit"]))
    spots = judge.by_type(legal, "build_at")
    if not spots:
        return {"type": "cancel"}
    gun = cut.spot(state, frame, legal) if cut_off else None
    if gun is not None:
        return gun
    gaps = set(holes(state, seat))
    ring = _home_ring(state, seat)
    foe_base = state["seats"][solo.SEAT]["base"]
    return min(spots, key=lambda a: (a["hex"] not in gaps, a["hex"] in ring, distance(a["hex"], foe_base), a["hex"]))


def _holds_screen(state, seat, uid) -> bool:
    """The last of ours on a screen hex: taking it as a pilot opens the screen."""
    key = state["units"][uid]["hex"]
    return key in screen(state, seat) and len(mine_at(state, seat, key)) <= 1


def draw(state, seat, frame, legal):
    """Scrolls are what strikes its leader and saves ours: always draw."""
    return {"type": "draw"} if {"type": "draw"} in legal else {"type": "end_turn"}
