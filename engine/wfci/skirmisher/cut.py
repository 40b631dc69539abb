"""The island cut in two, part of the last stand: guns across the lava.

Why: once lava cuts every way between the bases (the 1st edition's Earthquake turns every
Neutral tile to lava), only an Earthquake or a Tsunami we draw joins the island again, and by
then the scroll deck is empty. Traced on random-island classic seed 5: cut for good at round
51, deck and discard empty, 38 scrolls in our hand and 23 in its, its Tsunami and Earthquake
among them. The Challenger plays scrolls only in fights, and walkers never fight across the
lava, so nothing changed until the turn limit. A machine with range 2 or more (a cannon, the
Archer Tower) shoots across one lava hex: each fight takes its deck card and half its hand to
the discard, the discard becomes the deck again, and we draw the catastrophe that rejoins the
island. So on a cut island we build the ranged machine the stock and our resources allow,
nearest its units, and our walkers stop walking (they have nowhere to go).

Guns only fire at what stands in their range, and the Challenger's machines walk toward our
leader (as the crow flies, once lava cuts every way): with our leader on its base they stood 3
to 5 steps from our guns, and 14 of 15 classic games on random islands sat at the turn limit
with every catastrophe in its hand (seeds 2-84, traced at round 140). Nothing of its can fight
over the lava (it builds walkers only, all of range 1), so our leader is safe anywhere on our
side: it walks to where its first units (the only ones its Command dice reach), coming for
it, stop in range of our guns (the lure). With no gun and none affordable, a Retrieve takes
the resources a gun in the stock lacks, and every fight of ours here plays a scroll, so that
it answers with half its hand (the bait). With nothing of its in reach of anything of ours,
every die of ours is rolled again, for a Star that deals a new stock (a longer gun) or Claws.
docs/wfci-solo.md, "the island cut in two" and "the last of them", has the traces and the
figures.
"""

from __future__ import annotations

from collections import Counter

from .. import actions, board, cards, cockfight, combat, solo, units
from ..movement import destinations
from ..state import distance, island, pt
from . import judge

RANGED = 2  # the range that reaches over one lava hex


def ranged(cid: str) -> bool:
    return cards.card(cid)["range"] >= RANGED


def _near_its(state: dict, key: str) -> int:
    """Steps as the crow flies from `key` to the nearest unit of its (99 with none)."""
    return min((distance(key, u["hex"]) for u in state["units"].values() if u["owner"] == solo.SEAT), default=99)


def build(state: dict, seat: int, legal: list[dict]) -> dict | None:
    """The ranged machine to build: the longest range, then the strongest (one that leaves a
    hex free, below)."""
    guns = [a for a in judge.by_type(legal, "build") if ranged(a["card"]) and keeps_room(state, seat, a["card"])]
    return max(guns, key=lambda a: (cards.card(a["card"])["range"], cards.card(a["card"])["strength"], a["card"]),
               default=None)


def keeps_room(state: dict, seat: int, cid: str) -> bool:
    """Whether building `cid` leaves a hex of our territory free, or outranges every gun of
    ours: guns of range 2 on all four hexes of our territory left no room for a Boulder Cannon
    (range 3) that would have reached its units (random-island classic seeds 75 and 82, at the
    turn limit with one in the stock and its price in our banner)."""
    taken = {u["hex"] for u in state["units"].values()}
    free = [k for k in actions.home_hexes(state, seat) if k not in taken]
    if len(free) >= 2:
        return True
    if not ranged(cid):
        return False
    reach, guns = cards.card(cid)["range"], _guns(state, seat)
    if reach > max((units.stats(g)["range"] for g in guns), default=0):
        return True
    # The last hex still takes a gun that would reach its units nearer than ours do (random-
    # island classic seed 23: an Archer Tower there would reach five of its units at the lava,
    # our one gun missed them by a step, and the hex stayed empty to the turn limit).
    return min((_near_its(state, k) - reach for k in _spots(state, seat, cid)), default=99) \
        < min(_near_its(state, g["hex"]) - units.stats(g)["range"] for g in guns)


def _spots(state: dict, seat: int, cid: str) -> list[str]:
    """The hexes of our territory `cid` can go on: empty, or holding only chickens of ours
    that it takes as its pilots."""
    out = []
    for key in actions.home_hexes(state, seat):
        here = [u for u in state["units"].values() if u["hex"] == key]
        if not here or len(here) <= cards.card(cid)["pilots"] and all(u["owner"] == seat and u["kind"] == "chicken" for u in here):
            out.append(key)
    return out


def pilot(state: dict, seat: int, frame: dict, legal: list[dict]) -> dict | None:
    """A gun's pilot is the chicken standing on the hex of our territory nearest its units, so
    that the gun goes there (random-island classic seed 107: our chickens held the two hexes
    left, and a Spiked Cannon on the nearer would have reached its walker across the lava)."""
    if frame.get("card") is None or not ranged(frame["card"]):
        return None
    best = min(_spots(state, seat, frame["card"]), key=lambda k: (_near_its(state, k), k), default=None)
    picks = [a for a in judge.by_type(legal, "pick_pilot") if state["units"][a["unit"]]["hex"] == best]
    return min(picks, key=lambda a: a["unit"], default=None)


def spot(state: dict, frame: dict, legal: list[dict]) -> dict | None:
    """A ranged machine goes to the hex of our territory nearest its units, so its fights
    reach over the lava."""
    if frame.get("card") is None or not ranged(frame["card"]):
        return None
    spots = judge.by_type(legal, "build_at")
    return min(spots, key=lambda a: (_near_its(state, a["hex"]), a["hex"]), default=None)


def _guns_in_stock(state: dict) -> list[str]:
    return [cid for cid in state["decks"]["stock"]
            if ranged(cid) and state["supply"]["minis"][cards.card(cid)["class"]] > 0]


def _affords(res: dict, cid: str) -> bool:
    return all(res[r] >= n for r, n in cards.card(cid)["cost"].items())


def transmute(state: dict, seat: int, count: int = 3) -> dict | None:
    """The Transmutation (up to `count` of one type into another) that pays for a gun in the
    stock; None when none does."""
    res = state["seats"][seat]["res"]
    for cid in sorted(_guns_in_stock(state)):
        for a in cards.RESOURCES:
            for b in cards.RESOURCES:
                n = min(count, res[a], state["supply"][b])
                if a == b or not n:
                    continue
                after = {**res, a: res[a] - n, b: res[b] + n}
                if _affords(after, cid):
                    return {"type": "transmute", "from": a, "to": b}
    return None


def prepare(state: dict, seat: int, legal: list[dict]) -> dict | None:
    """What a gun still lacks, with a gun in the stock: a pilot (chickens home) or the
    resources (a Transmutation that pays for it)."""
    guns = _guns_in_stock(state)
    if not guns or any(ranged(a["card"]) for a in judge.by_type(legal, "build")):
        return None  # a walker we could build is no reason to leave the gun unpaid (seed 23)
    hens = [u for u in state["units"].values() if u["owner"] == seat and u["kind"] == "chicken"]
    if len(hens) < min(cards.card(cid)["pilots"] for cid in guns):
        if not state["seats"][seat]["destroyed"]:
            return None  # every chicken pilots a machine: a Retrieve brings none (it looped till the limit)
        home = judge.by_type(legal, "retrieve")
        return min(home, key=lambda a: a["pay"] != "chicken", default=None)  # a Chicken die before the free action
    if any(_affords(state["seats"][seat]["res"], cid) for cid in guns):
        return None
    for a in judge.by_type(legal, "play_scroll"):
        eff = cockfight.effect(state, a["card"]) if cards.card(a["card"])["type"] == "magic" else {}
        if eff.get("transmute") and "replace" not in a and transmute(state, seat, eff["transmute"]):
            return a
        if eff.get("take_resources") and "replace" not in a and _windfall_pays(state, seat, eff["take_resources"]):
            return a
    if sum(state["seats"][seat]["res"].values()) < CAP and _lacking(state, seat) and not judge.by_type(legal, "attack"):
        home = judge.by_type(legal, "retrieve")
        return min(home, key=lambda a: a["pay"] != "chicken", default=None)  # resources for the gun
    return None


CAP = 9  # the banner holds no more resources


def _windfall_pays(state: dict, seat: int, count: int) -> bool:
    """Whether taking `count` resources from the supply pays for a gun in the stock (the take
    asks for what it lacks: `take`)."""
    res = state["seats"][seat]["res"]
    for cid in _guns_in_stock(state):
        short = {r: n - res[r] for r, n in cards.card(cid)["cost"].items() if res[r] < n}
        if sum(short.values()) <= min(count, CAP - sum(res.values())) \
                and all(state["supply"][r] >= n for r, n in short.items()):
            return True
    return False

STOCK = {"type": "star", "ability": "stock"}


def restock(state: dict, seat: int, legal: list[dict]) -> dict | None:
    """With no gun built and none in the stock, a star deals a new stock (four new machine
    cards): otherwise nothing of ours ever fights over the lava (traced: random-island classic
    seed 40, a stock of walkers and a tower from round 60 to the turn limit, its stars unused).
    So too when our guns reach nothing and no gun in the stock would reach nearer from a hex
    of our territory (seed 44: an Egg Cannon a step short, an Archer Tower of the same range
    in the stock, a Boulder Cannon would have reached)."""
    if STOCK not in legal:
        return None
    guns = _guns(state, seat)
    if not guns:
        return None if _guns_in_stock(state) else STOCK
    leader = state["units"].get(f"lead-{seat}")
    if not idle(state, seat) or leader is None or lure_spot(state, seat) != leader["hex"]:
        return None  # a fight to fight, or the lure still draws its units on
    return None if any(_nearer(state, seat, cid) for cid in _guns_in_stock(state)) else STOCK


def _gap(state: dict, key: str, reach: int) -> int:
    return _near_its(state, key) - reach


def _nearer(state: dict, seat: int, cid: str) -> bool:
    """Whether `cid` built on a hex of our territory with no machine on it would reach nearer
    its units than every gun of ours."""
    machines = {u["hex"] for u in state["units"].values() if u["kind"] == "machine" or u["owner"] != seat}
    spots = [k for k in actions.home_hexes(state, seat) if k not in machines]
    best = min((_gap(state, g["hex"], units.stats(g)["range"]) for g in _guns(state, seat)), default=99)
    return min((_gap(state, k, cards.card(cid)["range"]) for k in spots), default=99) < best


def idle(state: dict, seat: int) -> bool:
    """Nothing of its in reach of anything of ours: no fight to fight this turn."""
    return not any(t["owner"] == solo.SEAT for u in state["units"].values() if u["owner"] == seat
                   for t in combat.reach(state, u))


def idle_dice(state: dict, seat: int) -> set:
    """Every die of ours, on the banner or on a unit, when nothing can fight: rolled again for
    a Star (a new stock) or Claws (seed 44 kept a 3, a 3 and three 2s for 60 rounds)."""
    if not idle(state, seat):
        return set()
    ids = {d["id"] for d in state["seats"][seat]["banner"]}
    return ids | {d for u in state["units"].values() if u["owner"] == seat for d in u["dice"]}


def _lacking(state: dict, seat: int) -> list[str]:
    """The resources the gun in the stock nearest to paid for still lacks (with the supply
    able to give them), scarcest first."""
    res = state["seats"][seat]["res"]
    guns = _guns_in_stock(state)
    if not guns:
        return []
    cid = min(guns, key=lambda c: (sum(max(0, n - res[r]) for r, n in cards.card(c)["cost"].items()), c))
    short = [r for r, n in cards.card(cid)["cost"].items() if res[r] < n and state["supply"][r] > 0]
    return sorted(short, key=lambda r: (res[r] - cards.card(cid)["cost"][r], r))


def take(state: dict, seat: int, legal: list[dict]) -> dict | None:
    """In a Retrieve on a cut island: a pilot if the gun needs one, else what it lacks."""
    hens = sum(1 for u in state["units"].values() if u["owner"] == seat and u["kind"] == "chicken")
    guns = _guns_in_stock(state)
    chicken = {"type": "take", "what": "chicken"}
    if guns and chicken in legal and hens < min(cards.card(c)["pilots"] for c in guns):
        return chicken
    for r in _lacking(state, seat):
        if {"type": "take", "what": r} in legal:
            return {"type": "take", "what": r}
    return None


# -- the lure: our leader draws its units into the range of our guns ----------------------

def _guns(state: dict, seat: int) -> list[dict]:
    return [u for u in state["units"].values() if u["owner"] == seat and u["kind"] == "machine"
            and units.stats(u)["range"] >= RANGED]


MOVERS = 2  # its units its Command dice surely reach in a turn (they start at the first)


def _movers(state: dict) -> list[dict]:
    """The first of its units in its activation order (machines by build order, then its
    chickens, then its leader: D-S14): each turn its Command dice start again from the first,
    so on a cut island the first ones, stuck at the lava, take every die and the rest never
    move (traced: seed 45 of random-island classic, no fight after round 90)."""
    its = [u for u in state["units"].values() if u["owner"] == solo.SEAT]
    rank = {"machine": 0, "chicken": 1, "leader": 2}
    return sorted(its, key=lambda u: (rank[u["kind"]], int(u["id"][1:]) if u["kind"] == "machine" else 0,
                                      -units.stats(u)["strength"] - len(u["dice"]), u["id"]))[:MOVERS]


def _ends(state: dict, key: str, theirs: set) -> tuple[list, list]:
    """Where its units stand once its first ones (`_movers`) have come for our leader on `key`
    (the others, then the movers), as (q, r): with no way over the lava, each move takes the
    hex nearest him as the crow flies, and only a strictly nearer one, on a hex none of its
    units stands on; so a walker stops where every hex in its reach is farther or taken (a bay
    of its side held them 3 to 5 steps from our guns)."""
    isl, goal = island(state), pt(key)
    side = {pt(k) for k in theirs}
    movers = _movers(state)
    taken = {pt(u["hex"]) for u in state["units"].values() if u["owner"] == solo.SEAT}
    stay = [pt(u["hex"]) for u in state["units"].values() if u["owner"] == solo.SEAT and u not in movers]
    out = []
    for u in movers:
        h, speed = pt(u["hex"]), units.speed(u)
        for _ in range(40 if speed > 0 else 0):
            stops = board.reachable(isl, h, speed, side.__contains__, lambda x: x not in taken)
            nxt = min(stops, key=lambda x: (board.distance(x, goal), x), default=h)
            if board.distance(nxt, goal) >= board.distance(h, goal):
                break
            taken.discard(h)
            taken.add(nxt)
            h = nxt
        out.append(h)
    return stay, out


def _miss(state: dict, key: str, guns: list[dict], theirs: set) -> tuple[int, int]:
    """With our leader on `key`: the steps by which our nearest gun misses its nearest unit,
    then by how many its first units miss in all (so that our leader draws them on step by
    step, round a bay, when no hex brings one in range at once)."""
    stay, moved = _ends(state, key, theirs)

    def gap(e) -> int:
        return min(max(0, board.distance(pt(g["hex"]), e) - units.stats(g)["range"]) for g in guns)

    return min((gap(e) for e in stay + moved), default=99), sum(gap(e) for e in moved)


def lure_spot(state: dict, seat: int) -> str | None:
    """The hex of our side where our leader brings its walkers into our guns' range, or
    nearest it (the nearest such hex); its own hex when no hex does better; None with no gun
    or leader."""
    leader = state["units"].get(f"lead-{seat}")
    guns = _guns(state, seat)
    if leader is None or not guns:
        return None
    theirs = set(judge.walk_to(state, state["seats"][solo.SEAT]["base"]))
    ours = judge.walk_to(state, leader["hex"])
    if not theirs or not ours:
        return None
    now = _miss(state, leader["hex"], guns, theirs)
    if now[0] == 0:
        return leader["hex"]
    near = list(hops(state, seat, leader))
    scored = {k: _miss(state, k, guns, theirs) for k in near}
    best = min(near, key=lambda k: (scored[k], ours[k], k), default=None)
    return best if best is not None and scored[best] < now else leader["hex"]


def hops(state: dict, seat: int, leader: dict) -> dict[str, str | None]:
    """The hexes our leader can stop on, move after move, each with the first stop on its
    way there (None for its own hex). Our guns fill our territory and he may not stop on them:
    a hex a step beyond two of them was chosen for the lure and never reached (random-island
    classic seed 16, at the turn limit with its walkers a step out of our guns' reach)."""
    speed, start = units.speed(leader), leader["hex"]
    first: dict[str, str | None] = {start: None}
    frontier = [start]
    while frontier:
        later = []
        for key in frontier:
            for dest in sorted(destinations(state, seat, [leader], key, speed)):
                if dest not in first:
                    first[dest] = dest if key == start else first[key]
                    later.append(dest)
        frontier = later
    return first


def bait(state: dict, seat: int, legal: list[dict]) -> dict | None:
    """In a fight of ours on a cut island with nothing played yet: a scroll, so that it answers
    with half its hand, which it keeps when it defends, our strength is below its armor and we
    played none (traced: seed 62, a cannon's fight every turn from round 40 on, its hand never
    moved and its four catastrophes stayed in it). The scroll we hold most copies of."""
    if state["combat"]["down"][str(seat)]:
        return None
    plays = [a for a in judge.by_type(legal, "play_scroll")
             if cards.card(a["card"])["type"] != "magic" or not cockfight.effect(state, a["card"]).get("swap_defender")]
    held = Counter(cards.card(c)["key"] for c in state["seats"][seat]["hand"])
    return max(plays, key=lambda a: (held[cards.card(a["card"])["key"]], a["card"]), default=None)


PAY = {"car": 0, "extra": 1, "claw": 2, "free": 3}


def lure(state: dict, seat: int, legal: list[dict]) -> dict | None:
    """The move of our leader's stack toward the lure spot (the cheapest payment), if any
    step brings it nearer."""
    leader = state["units"].get(f"lead-{seat}")
    spot = lure_spot(state, seat)
    if spot is None or spot == leader["hex"]:
        return None
    if hops(state, seat, leader).get(spot) is None:
        return None
    moves = [a for a in judge.by_type(legal, "move") if a["hex"] == leader["hex"]]
    return min(moves, key=lambda a: PAY[a["pay"]], default=None)


def lure_move(state: dict, seat: int, frame: dict, legal: list[dict]) -> dict | None:
    """In a move of our leader on a cut island: it goes alone (the rest stay), toward the lure
    spot; None for a group without our leader."""
    group = [state["units"][u] for u in frame["group"]]
    leader = next((u for u in group if u["kind"] == "leader" and u["owner"] == seat), None)
    if leader is None:
        return None
    for u in group:
        if u is not leader and {"type": "drop", "unit": u["id"]} in legal:
            return {"type": "drop", "unit": u["id"]}
    spot = lure_spot(state, seat) or frame["hex"]
    hop = hops(state, seat, leader).get(spot)
    if hop is not None and {"type": "move_to", "hex": hop} in legal:
        return {"type": "move_to", "hex": hop}
    walk = judge.walk_to(state, spot)
    step = min(judge.by_type(legal, "move_to"), key=lambda a: (walk.get(a["hex"], 99), a["hex"]), default=None)
    if step is not None and walk.get(step["hex"], 99) < walk.get(frame["hex"], 99):
        return step
    return {"type": "end_move"} if {"type": "end_move"} in legal else {"type": "cancel"}
