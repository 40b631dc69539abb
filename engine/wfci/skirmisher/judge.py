"""What the skirmisher reads off a position: whom to go for, how a fight would start, what a
unit is worth, who marches. Only what its seat's view shows; no decision is taken here."""

from __future__ import annotations

from .. import board, cards, cockfight, combat, dice, flag, scrolls, teams, units
from ..state import distance, island, pt, hx, ruleset
from ..victory import can_humiliate

HAND_WANTED = 6
RAID_ROUND = 8
ASSAULT = 4  # how far below even a fight for a flag is still tried: a failed one costs only the action


def by_type(legal, kind):
    return [a for a in legal if a["type"] == kind]


def enemy_leaders(state: dict, seat: int) -> list[dict]:
    return [u for u in state["units"].values() if u["kind"] == "leader" and teams.opposed(state, seat, u["owner"])]


def foe(state: dict, seat: int, owner: int) -> bool:
    return teams.opposed(state, seat, owner)


def done_with(state: dict, seat: int, owner: int) -> bool:
    """Teams: an opponent who already carries a tag needs no other while their partner has none."""
    if not teams.playing(state) or not state["seats"][owner]["tags"]:
        return False
    return not state["seats"][teams.partner(state, owner)]["tags"]


def after(state: dict, seat: int, owner: int) -> int:
    """How many places after us `owner` sits round the table: the tie-break between opponents.
    Breaking ties by the seat's number made every bot go for seat 0 first: in three-player
    capture the flag seat 0 won 66 of 299 games between skirmishers, 100 of 300 with this."""
    return (owner - seat) % state["players"]


def goal_of(state: dict, seat: int) -> dict | None:
    """The enemy leader to humiliate: one whose banner lacks our tag first (3-4 players), then
    nearest, then the next round the table."""
    if flag.playing(state):
        return flag_goal(state, seat)
    mine = [u for u in state["units"].values() if u["owner"] == seat]
    leaders = [u for u in enemy_leaders(state, seat) if taggable(state, seat, u["owner"])]
    if not leaders:
        leaders = enemy_leaders(state, seat)
    if not leaders:
        return None

    def key(u):
        tagged = state["seats"][u["owner"]]["tags"].count(seat)
        if teams.playing(state):
            tagged = len(state["seats"][u["owner"]]["tags"])
        near = min((distance(m["hex"], u["hex"]) for m in mine), default=99)
        return (tagged if state["players"] > 2 else 0, near, after(state, seat, u["owner"]))

    return min(leaders, key=key)


def taggable(state, seat, other):
    return can_humiliate(state, seat, other)


def cut_off(state: dict, seat: int) -> bool:
    goal = goal_of(state, seat)
    leader = state["units"].get(f"lead-{seat}")
    if flag.playing(state):  # no leader: cut off when none of ours can walk to the flag
        walk = walk_to(state, goal["hex"]) if goal else {}
        return goal is None or not any(u["hex"] in walk for u in state["units"].values() if u["owner"] == seat)
    return goal is not None and leader is not None and leader["hex"] not in walk_to(state, goal["hex"])


_WALKS: dict = {}


def walk_to(state: dict, goal_hex: str) -> dict:
    """Steps to `goal_hex` over land that is not lava; read-only, as it is shared. Memoised on
    the island (islands are immutable and memoised on their tiles): the expert's rollouts ask
    for the same few walks thousands of times."""
    isl = island(state)
    known = _WALKS.get((id(isl), goal_hex))  # by identity: an island's own hash reads every tile
    if known is None or known[0] is not isl:
        if len(_WALKS) > 4096:
            _WALKS.clear()
        dist = board.walk_distances(isl, pt(goal_hex))  # over land: Territory, Neutral, Base
        known = _WALKS[(id(isl), goal_hex)] = (isl, {hx(h): d for h, d in dist.items()})
    return known[1]


def strength(state: dict, attacker: dict, defender: dict) -> tuple[int, int]:
    """Strength and armor before dice and cards (what the fight would start from); a
    cockfight chicken's rank as far as the attacker's player knows it."""
    s = units.stats(attacker)["strength"] + len(attacker["dice"]) + cockfight.guess(state, attacker, attacker["owner"])
    s += scrolls.fighter_bonus(state, attacker, "attacking", defender)
    a = units.stats(defender)["armor"] + combat.base_bonus(state, defender) + cockfight.guess(state, defender, attacker["owner"])
    a += scrolls.fighter_bonus(state, defender, "defending", attacker)
    return s, a


def boosts(state: dict, seat: int) -> int:
    return 2 * dice.count(state, seat, "2") + 3 * dice.count(state, seat, "3")


def hand_bonus(state: dict, seat: int, ours: dict, theirs: dict, role: str) -> int:
    total = 0
    for cid in state["seats"][seat]["hand"]:
        c = cards.card(cid)
        if c["type"] == "magic" and "combat" in c["play"]:
            total += scrolls._card_value(state, cockfight.effect(state, cid), role, ours, theirs)
    return total


def margin(state: dict, defender: dict) -> int:
    """What the defender's player might still add: about one armor card per 3 scrolls held."""
    return min(4, len(state["seats"][defender["owner"]]["hand"]) // 2)


def odds_of(state: dict, seat: int, attacker: dict, defender: dict) -> int:
    s, a = strength(state, attacker, defender)
    s += boosts(state, seat) + hand_bonus(state, seat, attacker, defender, "attacking")
    return s - a - margin(state, defender)


def value(u: dict) -> int:
    if u["kind"] == "leader":
        return 100
    if u["kind"] == "chicken":
        return 2
    c = cards.card(u["card"])
    return c["strength"] + c["armor"] + c["pilots"] * 2


def best_target(state: dict, seat: int, attacker: dict) -> tuple[int, dict | None]:
    """The first of equal targets is the next player's round the table, as for flags and
    leaders: in the order of the units every bot went for seat 0's first."""
    best, pick = -1, None
    for u in sorted(combat.reach(state, attacker), key=lambda u: after(state, seat, u["owner"])):
        odds = odds_of(state, seat, attacker, u)
        prize = flag_prize(state, seat, u, attacker)
        if prize < 0 or odds < (-ASSAULT if prize else 0):
            continue
        if u["kind"] == "leader" and not taggable(state, seat, u["owner"]) and not u["shields"]:
            continue
        score = (value(u) if not (u["kind"] == "leader" and done_with(state, seat, u["owner"])) else 8) * 10 + odds
        score += prize
        if score > best:
            best, pick = score, u
    return best, pick


def marches(state: dict, u: dict) -> bool:
    """Machines that can walk; and from round RAID_ROUND on, or with dice for a strong blow,
    the leader too: it cannot be destroyed, so late in the game it leads the raid. A cockfight
    has no machines: its chickens and leader march together. A flag's carrier marches home."""
    if flag.playing(state) and (bringing(state, u) or u["kind"] == "chicken"):
        # Capture the flag has no leader to lead the raid: late on, chickens go (not our flag's);
        # where machines may not enter their own base, a flag comes home on a chicken, so they
        # ride with the machines from the start.
        early = not flag.homeward(state, {"kind": "machine"})
        return bringing(state, u) or ((early or state["round"] >= RAID_ROUND) and not flag.carried_by(state, u["id"]))
    if cockfight.playing(state):
        return u["kind"] in ("chicken", "leader")
    if u["kind"] == "machine":
        return units.speed(u) > 0
    return u["kind"] == "leader" and (state["round"] >= RAID_ROUND or boosts(state, u["owner"]) >= 8)


def bringing(state, u) -> bool:
    """This unit carries an opponent's flag (capture the flag)."""
    return any(f != u["owner"] for f in flag.carried_by(state, u["id"]))


def stuck_stock(state, seat, crewed=lambda card: True) -> bool:
    """Nothing in the stock we would build (a machine that can walk, and one we would give its
    pilots: `crewed`), and we could pay for a machine: a star deals four new ones."""
    return (turn_frame_free(state) and sum(state["seats"][seat]["res"].values()) >= 4
            and not any(cards.card(c)["speed"] >= 1 and crewed(cards.card(c)) for c in state["decks"]["stock"]))


def turn_frame_free(state) -> bool:
    return bool(state["stack"] and state["stack"][0].get("free"))


def flag_goal(state, seat):
    """The flag to go for: ours if an enemy holds it, else the opponents' nearest to our
    marchers, then the next round the table (ours before any on a tie)."""
    marchers = [u for u in state["units"].values() if u["owner"] == seat and marches(state, u)] or \
        [u for u in state["units"].values() if u["owner"] == seat]
    best, goal = None, None
    for f in state["flags"]:
        key = flag.where(state, f)
        carrier = state["units"].get(f["unit"]) if f["unit"] else None
        if key is None or (carrier is not None and carrier["owner"] == seat) or island(state).kind(pt(key)) == "lava":
            continue  # ours already, or out of reach in the lava until a catastrophe flips it
        walk = walk_to(state, key)
        near = min((walk.get(u["hex"], 99) for u in marchers), default=99)
        rank = (near - (4 if f["seat"] == seat else 0), after(state, seat, f["seat"]))
        if best is None or rank < best:
            best, goal = rank, {"hex": key, "owner": f["seat"], "kind": "flag", "near": 0 if carrier is None else 1}
    return goal


def flag_prize(state, seat, u, attacker=None) -> int:
    """A unit carrying a flag we want, or banded with one, is the best target there is; best
    taken by a unit that may enter our base to bring it home (a machine may not, but standard).
    A machine that bands can hand it to a chicken later; on the long way one that does not
    would hold an opponent's flag for good, where nobody brings it home: -1, leave it (ours it
    takes back)."""
    if not flag.playing(state):
        return 0
    for f in state["flags"]:
        carrier = state["units"].get(f["unit"]) if f["unit"] else None
        if carrier is not None and carrier["owner"] != seat and carrier["owner"] == u["owner"] \
                and carrier["hex"] == u["hex"]:
            if attacker is None:
                return 1000
            mates = [m for m in state["units"].values() if m["hex"] == attacker["hex"] and m["owner"] == attacker["owner"]]
            if any(flag.homeward(state, m) for m in mates):
                return 1000
            if f["seat"] != seat and not units.bands(attacker) and long_way(state, seat):
                return -1
            return 500
    return 0


LONG_WAY = 8  # steps between bases beyond which capture the flag is played the long way


def long_way(state, seat) -> bool:
    """Capture the flag with the bases far apart (the two-player island: 15 steps) where only a
    chicken brings a flag home (machines stay out of their own base). Closer bases (3 and 4
    players) keep the plain plan."""
    base = state["seats"][seat]["base"]
    if not flag.playing(state) or base is None or flag.homeward(state, {"kind": "machine"}):
        return False  # (no base yet: bases are still being claimed)
    walk = walk_to(state, base)
    return min((walk.get(s["base"], 99) for s in state["seats"] if s["seat"] != seat and s["base"]), default=0) > LONG_WAY


def draw_pile(state):
    """Scrolls a draw can reach: the deck, and the discard where it is reshuffled (D-W4). A
    draw scroll is played only to gain a card: two Scavenges alone in the piles would
    otherwise draw each other back forever."""
    decks = state["decks"]
    return len(decks["scroll"]) + (len(decks["scroll_discard"]) if ruleset(state).catastrophe_aftermath != "none" else 0)
