"""The `skirmisher` bot: a plain heuristic that builds machines, marches them on the nearest
enemy leader and fights when the odds are good. No lookahead and no peeking: it reads the
state, but only what its seat's view shows (its own hand, counts of others' face-down cards).

Each decision is a function of the frame on top of the stack; every choice it makes is one of
`turn.legal`, so it can never play an illegal action.
"""

from __future__ import annotations

from .. import board, cards, cockfight, combat, custom_island, dice, flag, scrolls, teams, turn, units
from ..hand import hit_options
from ..movement import destinations
from ..state import distance, pt, top
from . import cut, flags, judge, solo, stand


def choose(state: dict, seat: int) -> dict:
    legal = turn.legal(state, seat)
    if len(legal) == 1:
        return legal[0]
    frame = top(state)
    while True:
        pick = _decide(state, seat, frame, legal)
        pick = pick if pick in legal else legal[-1] if frame["kind"] != "turn" else _fallback(legal)
        if frame["kind"] != "turn" or pick["type"] not in ("move", "build") or not _cancels(state, seat, pick):
            return pick
        legal = [a for a in legal if a != pick]


def _cancels(state: dict, seat: int, opening: dict) -> bool:
    """A move or build we would cancel before it is done: a cancel refunds it, so opening it
    again would loop forever. Played ahead only while nothing is drawn or rolled (the RNG's
    state unchanged), so the look ahead never sees a hidden card."""
    after = turn.apply_action(state, seat, opening)
    depth = len(after["stack"])
    for _ in range(12):
        frame = top(after)
        if after["result"] is not None or len(after["stack"]) < depth or frame["seat"] != seat \
                or after["rng"] != state["rng"]:
            return False
        legal = turn.legal(after, seat)
        pick = _decide(after, seat, frame, legal)
        if pick == {"type": "cancel"}:
            return True
        if pick not in legal:
            return False
        after = turn.apply_action(after, seat, pick)
    return False


def _decide(state, seat, frame, legal):
    if solo.playing(state, seat):
        pick = _solo(state, seat, frame, legal)
        if pick is not None:
            return pick
    return DECIDE.get(frame["kind"], _first)(state, seat, frame, legal)


def _solo(state, seat, frame, legal):
    """You against the Challenger: the solo plan (solo.py) where it differs from ours."""
    kind = frame["kind"]
    if kind == "turn" and frame["step"] == "actions":
        return solo.actions(state, seat, frame, legal, _solo_extras, _solo_march)
    if kind == "turn" and frame["step"] == "draw":
        return solo.draw(state, seat, frame, legal)
    if kind == "turn" and frame["step"] == "roll":
        return _toggle_to(frame, legal, _roll_wanted(state, seat) | solo.rerolls(state, seat))
    if kind == "turn" and frame["step"] == "reroll":
        return _toggle_to(frame, legal, solo.paid_rerolls(state, seat), solo.pay_reroll(state, seat, legal))
    if kind in ("tsunami", "eruption", "lava_trap"):
        return solo.lava_choice(state, seat, frame, legal)
    decide = {"move": solo.move, "build": solo.build_spot, "target": solo.target, "combat": solo.fight}.get(kind)
    return decide(state, seat, frame, legal) if decide else None


def _solo_extras(state, seat, legal):
    # In the last stand a die on a unit is a move or a fight less a turn, for good: with all
    # five on units, one fight a turn (the free action) held games at the limit.
    plus = None if stand.on(state) else _plus_one(state, seat, legal)
    pick = _stars(state, seat, legal) or plus or _play(state, seat, legal)
    if pick and pick["type"] == "play_scroll" and cards.card(pick["card"])["type"] == "magic":
        eff = cockfight.effect(state, pick["card"])
        if eff.get("extra_move") or eff.get("draw") and len(state["decks"]["scroll"]) < 3 \
                or eff.get("take_resources") and sum(state["seats"][seat]["res"].values()) >= 7:
            return None  # nothing of ours marches alone; no draw or windfall spun for nothing
        if eff.get("lava_trap") and not solo.joined(state, seat, _trap_target(state, seat), "lava"):
            return None  # a trap that cuts the island in two ends every hope of a result
    return pick


def _solo_march(state, seat, legal, goal_hex):
    return _march(state, seat, legal, {"hex": goal_hex})


def _first(state, seat, frame, legal):
    return legal[0]


def _fallback(legal):
    for kind in ("end_actions", "end_turn", "keep", "roll"):
        for a in legal:
            if a["type"] == kind:
                return a
    return legal[0]


# -- the turn ------------------------------------------------------------------------------

def _turn(state, seat, frame, legal):
    step = frame["step"]
    if step == "roll":
        return _roll(state, seat, frame, legal)
    if step == "reroll":
        return {"type": "keep"}
    if step == "build":  # quickplay's Build step
        builds = [a for a in judge.by_type(legal, "build") if cards.card(a["card"])["speed"] >= 1]
        return max(builds, key=lambda a: _machine_score(a["card"])) if builds else {"type": "skip_build"}
    if step == "draw":
        # Scrolls beyond a handful mostly feed catastrophes (every draw may be one).
        # When lava cuts the island in two, only a catastrophe can reopen the way: keep drawing.
        want = len(state["seats"][seat]["hand"]) < judge.HAND_WANTED or judge.cut_off(state, seat)
        return {"type": "draw"} if want and {"type": "draw"} in legal else {"type": "end_turn"}
    return _actions(state, seat, frame, legal)


def _roll(state, seat, frame, legal):
    return _toggle_to(frame, legal, _roll_wanted(state, seat))


def _toggle_to(frame, legal, want: set, then: dict | None = None) -> dict:
    """Select exactly the dice in `want`, one toggle at a time, then roll (or `then`)."""
    for die in sorted(want ^ set(frame["selected"])):
        toggle = {"type": "toggle_die", "die": die}
        if toggle in legal:
            return toggle
    return then or {"type": "roll"}


def _roll_wanted(state, seat) -> set:
    s = state["seats"][seat]
    want = set()
    for d in s["banner"]:
        if d["face"] == "1" and not any(u["owner"] == seat and u["kind"] == "machine" for u in state["units"].values()):
            want.add(d["id"])
        if d["face"] == "chicken" and not s["destroyed"] and sum(s["res"].values()) >= 6:
            want.add(d["id"])
    return want


def _actions(state, seat, frame, legal):
    home = flags.bring_home(state, seat, legal, _best_stop)
    if home:
        return home
    goal = judge.goal_of(state, seat)
    free = frame["free"]
    # 1. A fight we expect to win, the leader above all.
    attacks = judge.by_type(legal, "attack")
    best, choice = 0, None
    for a in attacks:
        score, target = judge.best_target(state, seat, state["units"][a["unit"]])
        if target is not None and score > best:
            best, choice = score, a["unit"]
    if choice is not None and (best >= 1000 or not free or not judge.by_type(legal, "build")):
        pays = [a["pay"] for a in attacks if a["unit"] == choice]
        return {"type": "attack", "unit": choice, "pay": "claw" if "claw" in pays else pays[0]}
    # 2. Build the strongest machine that can walk; a cannon or tower only with resources to spare.
    builds = [a for a in judge.by_type(legal, "build") if cards.card(a["card"])["speed"] >= 1
              or (sum(state["seats"][seat]["res"].values()) >= 8 and not flag.playing(state))]
    if builds:
        # A flag comes home on a chicken where machines stay out of their base: machines that
        # band carry chickens along (and hand them the flags they take).
        riders = flag.playing(state) and not flag.homeward(state, {"kind": "machine"})
        return max(builds, key=lambda a: _machine_score(a["card"]) + (8 if riders and cards.card(a["card"])["band"] else 0))
    if choice is not None:
        pays = [a["pay"] for a in attacks if a["unit"] == choice]
        return {"type": "attack", "unit": choice, "pay": "claw" if "claw" in pays else pays[0]}
    # 3. Stars, +1 dice, scrolls (none of them uses the free action).
    pick = _stars(state, seat, legal) or _plus_one(state, seat, legal) or _play(state, seat, legal)
    if pick:
        return pick
    # 4. March on the goal.
    if goal is not None:
        pick = _march(state, seat, legal, goal)
        if pick:
            return pick
    # 5. Retrieve with what is left.
    retrieves = judge.by_type(legal, "retrieve")
    s = state["seats"][seat]
    if retrieves and (free or dice.count(state, seat, "chicken")):
        if (sum(s["res"].values()) < 8 and not cockfight.playing(state)) or s["destroyed"] or _restack_wanted(state, seat):
            return next((a for a in retrieves if a["pay"] == "chicken"), retrieves[0])
    return {"type": "end_actions"}


def _machine_score(cid: str) -> float:
    c = cards.card(cid)
    mobile = 6 if c["speed"] >= 1 else -6
    return c["strength"] * 1.5 + c["armor"] + mobile + c["speed"] * 0.5 + (1 if c["free_move"] else 0)


def _stars(state, seat, legal):
    stars = judge.by_type(legal, "star")
    if not stars:
        return None
    kinds = {a["ability"]: a for a in stars}
    if "untag" in kinds:
        return kinds["untag"]
    if "stock" in kinds and flag.playing(state) and judge.stuck_stock(state, seat):
        return kinds["stock"]
    leader = state["units"].get(f"lead-{seat}")
    if "shield" in kinds and leader and not leader["shields"] and state["seats"][seat]["tags"]:
        return kinds["shield"]
    if "draw" in kinds and (dice.count(state, seat, "star") >= 3 or judge.cut_off(state, seat)):
        return kinds["draw"]
    return None


def _plus_one(state, seat, legal):
    options = judge.by_type(legal, "plus_one")
    if not options:
        return None
    machines = [a for a in options if state["units"][a["unit"]]["kind"] == "machine"
                and units.speed(state["units"][a["unit"]]) > 0
                or cockfight.playing(state) and state["units"][a["unit"]]["kind"] == "leader"]
    if not machines:
        return None
    return max(machines, key=lambda a: units.stats(state["units"][a["unit"]])["strength"])


def _play(state, seat, legal):
    for a in judge.by_type(legal, "play_scroll"):
        c = cards.card(a["card"])
        if c["type"] == "strategy" and "replace" not in a:
            return a
        if c["type"] != "magic":
            continue
        eff = cockfight.effect(state, a["card"])
        if eff.get("hatch") or eff.get("take_resources") or min(eff.get("draw", 0), judge.draw_pile(state)) > 1:
            return a
        if eff.get("hit") and _hit_target(state, seat, eff["hit"]):
            return a
        if eff.get("lava_trap") and _trap_target(state, seat):
            return a
        if eff.get("transmute") and _transmute(state, seat, legal):
            return a
        if eff.get("extra_move") and not state["stack"][0]["free"] and judge.goal_of(state, seat) is not None:
            if any(judge.marches(state, u) and u["owner"] == seat for u in state["units"].values()):
                return a
    return None


def _transmute(state, seat, legal=None):
    """Worth it when one type piles up while the best stock machine lacks another."""
    res = state["seats"][seat]["res"]
    want = {}
    for cid in state["decks"]["stock"]:
        if cards.card(cid)["speed"] >= 1:
            for r, n in cards.card(cid)["cost"].items():
                want[r] = want.get(r, 0) + max(0, n - res[r])
    src = max(cards.RESOURCES, key=lambda r: res[r] - want.get(r, 0))
    dst = max(cards.RESOURCES, key=lambda r: want.get(r, 0))
    if src != dst and res[src] >= 3 and want.get(dst, 0) and state["supply"][dst]:
        return {"type": "transmute", "from": src, "to": dst}
    return None


def _transmute_choice(state, seat, frame, legal):
    pick = cut.transmute(state, seat, frame["count"]) if solo.playing(state, seat) and not solo.joined(state, seat) else None
    pick = pick or _transmute(state, seat)
    return pick if pick in legal else legal[0]


def _hit_target(state, seat, hit):
    best = None
    for uid in hit_options(state, seat, hit):
        u = state["units"][uid]
        armor = units.stats(u)["armor"] + combat.base_bonus(state, u) + cockfight.guess(state, u, seat)
        if u["shields"] or armor <= hit["strength"]:
            if best is None or judge.value(u) > judge.value(state["units"][best]):
                best = uid
    return best


def _trap_target(state, seat):
    best, pick = 0, None
    for k, t in sorted(state["island"]["tiles"].items()):
        if t["kind"] != "neutral":
            continue
        here = [u for u in state["units"].values() if u["hex"] == k and u["kind"] != "leader"]
        score = sum(judge.value(u) for u in here if judge.foe(state, seat, u["owner"])) \
            - sum(judge.value(u) * 2 for u in here if not judge.foe(state, seat, u["owner"]))
        if score > best:
            best, pick = score, k
    return pick


def _movers(state, seat, key):
    return [u for u in state["units"].values() if u["owner"] == seat and u["hex"] == key and judge.marches(state, u)]


def _march(state, seat, legal, goal):
    walk = judge.walk_to(state, goal["hex"])
    best, pick = 0, None
    for a in judge.by_type(legal, "move"):
        movers = _movers(state, seat, a["hex"])
        if not movers:
            continue
        here = walk.get(a["hex"], 99)
        if here <= goal.get("near", 1):  # next to it (a loose flag: on it)
            continue
        gain = here - _best_stop(state, seat, movers, a["hex"], walk)[1]
        if gain <= 0:
            continue
        rank = {"car": 4, "extra": 3, "claw": 2, "free": 1}[a["pay"]]
        score = gain * 10 + rank
        if score > best:
            best, pick = score, a
    return pick


def _best_stop(state, seat, members, start, walk):
    speed = max(units.speed(u) for u in members)
    dests = destinations(state, seat, members, start, speed)
    best = (start, walk.get(start, 99))
    for k in sorted(dests):
        d = walk.get(k, 99)
        if d < best[1]:
            best = (k, d)
    return best


def _move(state, seat, frame, legal):
    members = [state["units"][u] for u in frame["group"]]
    pick = flags.move(state, seat, frame, legal, members)
    if pick is not None:
        return pick
    keep = [u for u in members if judge.marches(state, u)]
    for u in members:
        if u not in keep and {"type": "drop", "unit": u["id"]} in legal:
            return {"type": "drop", "unit": u["id"]}
    restack = _restack(state, seat, legal, [u for u in members if u["kind"] == "chicken"])
    if restack:
        return restack
    goal = judge.goal_of(state, seat)
    if goal is not None:
        walk = judge.walk_to(state, goal["hex"])
        target = min((a for a in judge.by_type(legal, "move_to")), key=lambda a: (walk.get(a["hex"], 99), a["hex"]),
                     default=None)
        if target and walk.get(target["hex"], 99) < walk.get(frame["hex"], 99):
            return target
    return {"type": "end_move"} if {"type": "end_move"} in legal else {"type": "cancel"}


# -- sub-decisions -------------------------------------------------------------------------

def _build(state, seat, frame, legal):
    picks = judge.by_type(legal, "pick_pilot")
    if picks:
        base = state["seats"][seat]["base"]
        return min(picks, key=lambda a: (bool(flag.carried_by(state, a["unit"])),  # a flag stays on the island
                                         state["units"][a["unit"]]["hex"] != base, a["unit"]))
    spots = judge.by_type(legal, "build_at")
    goal = judge.goal_of(state, seat)
    if spots and goal is not None:
        return min(spots, key=lambda a: (distance(a["hex"], goal["hex"]), a["hex"]))
    return spots[0] if spots else {"type": "cancel"}


def _target(state, seat, frame, legal):
    _score, target = judge.best_target(state, seat, state["units"][frame["unit"]])
    if target is not None:
        return {"type": "target", "unit": target["id"]}
    return legal[0]


def _combat(state, seat, frame, legal):
    c = state["combat"]
    attacker, defender = state["units"][c["attacker"]], state["units"][c["defender"]]
    if c["stage"] == "dice":
        s, a = judge.strength(state, attacker, defender)
        if s + c["boost"] < a + judge.margin(state, defender) + 2 or defender["kind"] == "leader":
            boosts = judge.by_type(legal, "boost")
            if boosts:
                return max(boosts, key=lambda b: b["face"])
        return {"type": "done"}
    if c["stage"] == "sides":
        leader_seat = max(range(state["players"]), key=lambda s: sum(o["tags"].count(s) for o in state["seats"]))
        side = "defender" if c["att_seat"] == leader_seat else "attacker"
        if teams.playing(state):  # a partner's card helps the partner
            side = "attacker" if teams.partner(state, seat) == c["att_seat"] else "defender"
        return {"type": "side", "card": legal[0]["card"], "side": side}
    # card rounds: only the two sides play (teams: with their partners), each while it is
    # behind on what it can see
    friends = teams.team_of(seat) if teams.playing(state) else (seat,)
    if c["att_seat"] in friends:
        role = "attacking"
    elif c["def_seat"] in friends:
        role = "defending"
    else:
        return {"type": "pass"}
    ours, theirs = (attacker, defender) if role == "attacking" else (defender, attacker)
    s, a = judge.strength(state, attacker, defender)
    s += c["boost"]
    mine = sum(scrolls._card_value(state, cockfight.effect(state, cid), role, ours, theirs)
               for cid in c["down"][str(seat)] if cards.card(cid)["type"] == "magic")
    mine += sum(len(c["down"][str(f)]) for f in friends if f != seat) * 2  # a partner's, face down
    other = c["def_seat"] if role == "attacking" else c["att_seat"]
    foes = teams.team_of(other) if teams.playing(state) else (other,)
    theirs_down = sum(len(c["down"][str(s)]) for s in foes) * 2
    ahead = (s + mine - a - theirs_down) if role == "attacking" else (a + mine - s - theirs_down - 1)
    if ahead >= 0 and not (role == "defending" and defender["kind"] == "leader" and ahead < 2):
        return {"type": "pass"}
    best, pick = 0, None
    for play in judge.by_type(legal, "play_scroll"):
        card = cards.card(play["card"])
        if card["type"] != "magic":
            continue
        eff = cockfight.effect(state, play["card"])
        value = scrolls._card_value(state, eff, role, ours, theirs)
        if eff.get("negate") and theirs_down:
            value = 2
        if eff.get("shield") and role == "defending" and defender["kind"] == "leader":
            value = 5
        if eff.get("swap_defender") and role == "attacking" and defender["kind"] != "leader":
            softer = [u for u in combat.swap_options(state) if units.stats(state["units"][u])["armor"] < a - 1]
            value = 3 if softer else 0
        if value > best:
            best, pick = value, play
    return pick or {"type": "pass"}


def _pick_resource(state, seat, frame, legal):
    hens = [state["units"][a["unit"]] for a in judge.by_type(legal, "destroy")]
    if hens:  # a cockfight's Hurricane takes chickens: ours shielded or weak, theirs bare and strong
        sign = 1 if frame["kind"] == "hurricane" else -1
        pick = min(hens, key=lambda u: (-sign * u["shields"], sign * cockfight.guess(state, u, seat), u["id"]))
        return {"type": "destroy", "unit": pick["id"]}
    res = state["seats"][seat]["res"]
    return max(legal, key=lambda a: res.get(a.get("resource"), 0))


def _retrieve(state, seat, frame, legal):
    s = state["seats"][seat]
    gun = cut.take(state, seat, legal) if solo.playing(state, seat) and not solo.joined(state, seat) else None
    if gun is not None:
        return gun
    hens = sum(1 for u in state["units"].values() if u["owner"] == seat and u["kind"] == "chicken")
    take_hen = {"type": "take", "what": "chicken"}
    if take_hen in legal and hens < 3:
        return take_hen
    want = {}
    for cid in state["decks"]["stock"]:
        for r, n in cards.card(cid)["cost"].items():
            want[r] = want.get(r, 0) + max(0, n - s["res"][r])
    takes = [a for a in legal if a["type"] == "take" and a["what"] != "chicken"]
    if takes and sum(s["res"].values()) < 9:
        return max(takes, key=lambda a: (want.get(a["what"], 0), -s["res"][a["what"]]))
    if take_hen in legal:
        return take_hen
    for a in judge.by_type(legal, "to_top"):  # cockfight: Retrieve puts the strongest chickens on top
        here = state["units"][a["unit"]]["hex"]
        restack = _restack(state, seat, legal, [u for u in state["units"].values()
                                                if u["owner"] == seat and u["kind"] == "chicken" and u["hex"] == here])
        if restack:
            return restack
    return {"type": "done"}


def _restack_wanted(state, seat) -> bool:
    """Cockfight: a stack of ours has a weaker chicken on top than one below it."""
    if not cockfight.playing(state):
        return False
    stacks = {}
    for u in state["units"].values():
        if u["owner"] == seat and u["kind"] == "chicken":
            stacks.setdefault(u["hex"], []).append(u)
    on_top = cockfight.tops(state)
    for hens in stacks.values():
        best = max(cockfight.guess(state, u, seat) for u in hens)
        if any(u["id"] in on_top and cockfight.guess(state, u, seat) < best for u in hens):
            return True
    return False


def _restack(state, seat, legal, hens):
    """Cockfight: the strongest of these chickens should fight on top of its stack."""
    if not hens:
        return None
    best = max(hens, key=lambda u: (cockfight.guess(state, u, seat), u["id"]))
    pick = {"type": "to_top", "unit": best["id"]}
    return pick if pick in legal else None


def _discard_scroll(state, seat, frame, legal):
    def worth(a):
        c = cards.card(a["card"])
        return (c["type"] == "strategy", sum(v for k, v in c.get("effect", {}).items()
                                             if isinstance(v, int) and k in ("power", "strength", "armor"))
                if c["type"] == "magic" else 0)

    return min(legal, key=worth)


def _enemy_count(state, seat, key):
    near = set(board.hex_key(n) for n in board.neighbors(pt(key)))
    return sum(judge.value(u) if judge.foe(state, seat, u["owner"]) else -2 * judge.value(u) for u in state["units"].values()
               if u["hex"] in near and u["kind"] != "leader")


def _hexy(state, seat, frame, legal):
    return max(legal, key=lambda a: (_enemy_count(state, seat, a["hex"]), a["hex"])) if "hex" in legal[0] else legal[0]


def _tsunami(state, seat, frame, legal):
    if "hex" in legal[0]:
        return _hexy(state, seat, frame, legal)
    return max(legal, key=lambda a: (judge.foe(state, seat, state["units"][a["unit"]]["owner"]), judge.value(state["units"][a["unit"]])))


def _hit(state, seat, frame, legal):
    return max(legal, key=lambda a: judge.value(state["units"][a["unit"]]))


def _swap(state, seat, frame, legal):
    return min(legal, key=lambda a: units.stats(state["units"][a["unit"]])["armor"]
               + cockfight.guess(state, state["units"][a["unit"]], seat))


def _shield(state, seat, frame, legal):
    return next((a for a in legal if a["unit"] == f"lead-{seat}"), legal[0])


DECIDE = {
    "turn": _turn,
    "move": _move,
    "build": _build,
    "target": _target,
    "combat": _combat,
    "retrieve": _retrieve,
    "discard_resources": _pick_resource,
    "hurricane": _pick_resource,
    "hurricane_rob": _pick_resource,
    "discard_scroll": _discard_scroll,
    "tsunami": _tsunami,
    "eruption": _hexy,
    "lava_trap": _hexy,
    "hit": _hit,
    "swap": _swap,
    "shield_target": _shield,
    "transmute": _transmute_choice,
    "island": lambda state, seat, frame, legal: custom_island.sensible(state, frame),
}
