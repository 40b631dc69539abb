"""Setting up a game (rules section 3): the island, the decks, dice, resources, and the two
setup decisions each player makes (keep one of two leaders; claim a base).

Leaders are chosen in turn order from the first player; bases are claimed from the player to
the right of the first player, counter-clockwise (seat order is clockwise), so the first player
claims last. Both are frames on the stack above the first turn: leaders first, then (on a
hand-built island) the tiles and the bases (2nd ed.); classic builds the island and claims the
bases (1st ed. set-up 3a-3e) before the leaders are dealt (step 4), and each leader then joins
its stack on its base.
"""

from __future__ import annotations

from ..errors import IllegalAction
from ..messages import msg
from ..rng import Rng, seed_state
from . import cards, chain_island, classic_island, cockfight, custom_island, dice, flag, island as islands, solo, units
from .actions import refill_stock
from .leaders import leader_value
from .options import make_ruleset
from .state import FORMAT, colour, hx, island, new_turn_frame, note, pt, ruleset, who

# Rules the engine does not play yet refuse the game rather than play it wrong.
NOT_YET = {
    "preset": {},
    "mode": {},
    "island": {},
    "variants": {},
}


def check_supported(rs) -> None:
    for key in ("preset", "mode", "island"):
        why = NOT_YET[key].get(getattr(rs, key))
        if why:
            raise IllegalAction(why)
    for v in sorted(rs.variants):
        if v in NOT_YET["variants"]:
            raise IllegalAction(NOT_YET["variants"][v])


def _random_island(rng: Rng, players: int, rs):
    """2 players and solo: the chain island keeps the starter's base distance (D-17); 3 and 4
    players: the printed custom procedure of the preset's edition (classic: by kind)."""
    if players == 2:
        return chain_island.random_chain_island(rng)
    procedure = classic_island if rs.island_procedure == "by_kind" else islands
    return procedure.random_island(rng, players)


def new_game(seed: int, players: int, options: dict | None) -> dict:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise IllegalAction("wfci.refuse.seed")
    rs = make_ruleset(players, options)
    check_supported(rs)
    if not 2 <= players <= 4:
        raise IllegalAction("wfci.refuse.players")
    rng = Rng(seed_state(seed))
    isl = {"random": lambda: _random_island(rng, players, rs), "build": islands.initial_island}.get(
        rs.island, lambda: islands.starter_island(players))()
    cat = cards.catalog()
    leaders = rng.shuffle(cards.deck_ids("leader"))
    machines = rng.shuffle(cards.deck_ids("machine"))
    boxed = cockfight.removed_scrolls(rs)
    scrolls = rng.shuffle([c for c in cards.deck_ids("scroll") if c not in boxed])
    first = solo.SEAT if rs.solo else rng.below(players)
    seats = []
    for s in range(players):
        seats.append({
            "seat": s, "colour": colour(s), "leader": None,
            "leader_options": [leaders.pop(), leaders.pop()] if rs.leaders else [],  # flag: no leaders
            "hand": [], "strategies": [], "banner": [], "spent": [], "res": {r: 0 for r in cards.RESOURCES},
            "tags_left": 3, "tags": [], "destroyed": [], "reserve": [f"hen-{s}-{i}" for i in range(1, 7)],
            "base": None, "spare": None, "fallen": [], "waiting": False,
        })
    # Three scrolls each; a catastrophe dealt now is set aside and shuffled back afterwards.
    aside = []
    for s in range(players):
        while len(seats[s]["hand"]) < 3:
            cid = scrolls.pop()
            (aside if cards.card(cid)["type"] == "catastrophe" else seats[s]["hand"]).append(cid)
    scrolls.extend(aside)
    rng.shuffle(scrolls)
    # Resources: a pool of 3 of each type per player, each draws their share at random.
    pool = [r for r in cards.RESOURCES for _ in range(rs.resource_pool_per_type_per_player * players)]
    supply = {r: 12 for r in cards.RESOURCES}
    rng.shuffle(pool)
    for s in range(players):
        if rs.starting_resources_random:
            got = [pool.pop() for _ in range(rs.starting_resources)]
        else:
            got = [r for r in cards.RESOURCES for _ in range(rs.starting_resources // 3)]
        for r in got:
            seats[s]["res"][r] += 1
            supply[r] -= 1
    state = {
        "format": FORMAT, "game": "wfci", "seed": seed, "players": players, "options": rs.options,
        "rng": rng.state, "first": first, "round": 1, "turns": 0, "steps": 0, "counter": 0,
        "island": isl.to_json(), "units": {}, "seats": seats,
        "decks": {"scroll": scrolls, "scroll_discard": [], "machine": machines, "machine_discard": [],
                  "stock": [], "leader_box": leaders},
        "supply": {**supply, "shields": 8, "minis": dict(cat["miniatures"])},
        "stack": [], "combat": None, "last_fight": None, "cats": [], "cat": None, "result": None, "events": [],
        "stats": {"built": 0, "catastrophes": 0, "played": {}},
    }
    if rs.flag:
        state["flags"] = []  # each seat's flag is planted as it claims its base
    refill_stock(state)
    for s in range(players):
        dice.roll_ids(state, s, [f"die-{s}-{i}" for i in range(1, dice.DICE_PER_COLOUR + 1)])
    if rs.hidden_chicken_ranks:
        cockfight.begin(state, boxed)
    if rs.solo:
        return solo.STEPS["prepare"](state)
    claims = [{"kind": "claim_base", "seat": (first - 1 - i) % players} for i in range(players)]
    leaders = [{"kind": "choose_leader", "seat": (first + i) % players} for i in range(players)] if rs.leaders else []
    island_build = [custom_island.start(state)] if rs.island == "build" else []
    if rs.setup_order == "bases_first":  # 1st ed.: the island (3a-3d), bases (3e), then leaders (4)
        order = island_build + claims + leaders
    else:  # 2nd ed.: leaders, then the island and the bases
        order = leaders + island_build + claims
    state["stack"].append(new_turn_frame(first))
    state["stack"].extend(reversed(order))
    note(state, msg("wfci.event.first", who=who(first)))
    return state


# -- the setup decisions -------------------------------------------------------------------

def leader_legal(state: dict, frame: dict) -> list[dict]:
    return [{"type": "choose_leader", "card": c} for c in state["seats"][frame["seat"]]["leader_options"]]


def leader_apply(state: dict, frame: dict, action: dict):
    seat = state["seats"][frame["seat"]]
    seat["leader"] = action["card"]
    if seat["base"] is not None:  # classic: the base is claimed first; the leader joins its stack
        place_leader(state, frame["seat"])
    for other in seat["leader_options"]:
        if other == action["card"]:
            continue
        if ruleset(state).spare_leader == "face_down":
            seat["spare"] = other  # classic, D-W15: kept face down for an epic death (epic.py)
        else:
            state["decks"]["leader_box"].append(other)
    seat["leader_options"] = []
    state["stack"].pop()
    note(state, msg("wfci.event.leads", who=who(frame["seat"]), card=cards.name(action["card"])))


def claim_legal(state: dict, frame: dict) -> list[dict]:
    isl = island(state)
    return [{"type": "claim_base", "hex": hx(isl.tile_hexes(b)[0])} for b, _t in islands.claimable(isl)]


def claim_apply(state: dict, frame: dict, action: dict):
    claim(state, frame["seat"], action["hex"])
    state["stack"].pop()
    note(state, msg("wfci.event.claims", who=who(frame["seat"]), hex=action["hex"]))


def claim(state: dict, seat: int, key: str, chickens: bool = True):
    """The seat takes the base at `key` with its territory; its 6 chickens (the solo
    Challenger has none in play) and its leader stand on the base."""
    isl = island(state)
    base_tile = isl.tile_id(pt(key))
    state["island"] = isl.claim(base_tile, seat).to_json()
    s = state["seats"][seat]
    s["base"] = key
    if chickens:
        for hen in s["reserve"]:
            state["units"][hen] = {"id": hen, "owner": seat, "kind": "chicken", "card": None, "hex": key,
                                   "shields": 0, "dice": [], "pilots": []}
        s["reserve"] = []
    if ruleset(state).flag:
        flag.plant(state, seat)
    if s["leader"] is not None:  # else: capture the flag (no leaders), or classic (chosen next)
        place_leader(state, seat)


def place_leader(state: dict, seat: int):
    """The seat's leader on top of its stack on its base, with its set-up shields."""
    s = state["seats"][seat]
    leader = {"id": f"lead-{seat}", "owner": seat, "kind": "leader", "card": s["leader"], "hex": s["base"],
              "shields": 0, "dice": [], "pilots": []}
    state["units"][leader["id"]] = leader
    shields = ruleset(state).leader_shields_at_setup
    for _ in range(shields + leader_value(state, seat, "setup_shields")):
        units.give_shield(state, leader)
