"""The skirmisher's turn: what it rolls, which action it takes, where it marches (the answers
to mid-turn frames are in answers.py). The solo plan (solo.py) overrides it where a person
against the Challenger plays differently."""

from __future__ import annotations

from .. import cards, cockfight, custom_island, dice, flag, turn, units
from ..movement import destinations
from ..state import top
from . import answers, flags, judge, rolls, solo, stand


def choose(state: dict, seat: int) -> dict:
    legal = turn.atomic_legal(state, seat)
    if len(legal) == 1:
        return legal[0]
    frame = top(state)
    while True:
        pick = decide(state, seat, frame, legal)
        pick = pick if pick in legal else legal[-1] if frame["kind"] != "turn" else _fallback(legal)
        if frame["kind"] != "turn" or pick["type"] not in ("move", "build") or not cancels(state, seat, pick):
            return pick
        legal = [a for a in legal if a != pick]


def cancels(state: dict, seat: int, opening: dict) -> bool:
    """A move, build or attack we would cancel before it is done: a cancel refunds it, so
    opening it again would loop forever (the warlord's candidates ask it of attacks too).
    Played ahead only while nothing is drawn or rolled (the RNG's state unchanged), so the
    look ahead never sees a hidden card."""
    after = turn.apply_action(state, seat, opening)
    depth = len(after["stack"])
    for _ in range(12):
        frame = top(after)
        if after["result"] is not None or len(after["stack"]) < depth or frame["seat"] != seat \
                or after["rng"] != state["rng"]:
            return False
        legal = turn.atomic_legal(after, seat)
        pick = decide(after, seat, frame, legal)
        if pick == {"type": "cancel"}:
            return True
        if pick not in legal:
            return False
        after = turn.apply_action(after, seat, pick)
    return False


def decide(state, seat, frame, legal):
    """The skirmisher's pick for this frame among `legal`, without `choose`'s check for a
    move or build it would cancel: the cadet's second thought asks it of what is left."""
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
        return _toggle_to(frame, legal, _roll_wanted(state, seat) | rolls.rerolls(state, seat))
    if kind == "turn" and frame["step"] == "reroll":
        return _toggle_to(frame, legal, rolls.paid_rerolls(state, seat), rolls.pay_reroll(state, seat, legal))
    if kind in ("tsunami", "eruption", "lava_trap"):
        return solo.lava_choice(state, seat, frame, legal)
    answer = {"move": solo.move, "build": solo.build_spot, "target": solo.target, "combat": solo.fight}.get(kind)
    return answer(state, seat, frame, legal) if answer else None


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
        if eff.get("lava_trap") and not solo.joined(state, seat, answers.trap_target(state, seat), "lava"):
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
        return draw(state, seat, legal)
    return _actions(state, seat, frame, legal)


def draw(state, seat, legal, wanted: int | None = None) -> dict:
    """Draw while the hand holds fewer than `wanted` scrolls: the normal level's handful unless
    told (the warlord draws more where it was measured to win, docs/bots.md). When lava cuts
    the island in two, only a catastrophe can reopen the way: keep drawing."""
    want = len(state["seats"][seat]["hand"]) < (wanted or judge.HAND_WANTED) or judge.cut_off(state, seat)
    return {"type": "draw"} if want and {"type": "draw"} in legal else {"type": "end_turn"}


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
    if _stock_stuck(state, seat) and not dice.count(state, seat, "star"):
        # Fight dice kept for a fight that never came held a stuck stock for 60 rounds and
        # more: they are rolled again for a star.
        want |= {d["id"] for d in s["banner"] if d["face"] in ("1", "2", "3")}
    return want


def _stock_stuck(state, seat) -> bool:
    """Capture the flag: nothing in the stock we would build. On the long way a Golem's two
    pilots are never spared, and a stock of one Golem and three towers stayed so for the rest
    of a game: no machine was built after round 10."""
    return flag.playing(state) and judge.stuck_stock(
        state, seat, lambda card: flags.pilots_spared(state, seat, card["pilots"]))


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
        if target is not None and score < 500 and _passes_by(state, seat, state["units"][a["unit"]], target, goal):
            continue
        if target is not None and score > best:
            best, choice = score, a["unit"]
    if choice is not None and (best >= 1000 or not free or not judge.by_type(legal, "build")):
        pays = [a["pay"] for a in attacks if a["unit"] == choice]
        return {"type": "attack", "unit": choice, "pay": "claw" if "claw" in pays else pays[0]}
    # 2. Build the strongest machine that can walk; a cannon or tower only with resources to spare.
    builds = [a for a in judge.by_type(legal, "build") if (cards.card(a["card"])["speed"] >= 1
              or (sum(state["seats"][seat]["res"].values()) >= 8 and not flag.playing(state)))
              and flags.pilots_spared(state, seat, cards.card(a["card"])["pilots"])]
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
    # 4. March on the goal (capture the flag: chickens first board a machine that bands;
    # chickens waiting to be retrieved come back first).
    pick = flags.restock(state, seat, legal) or flags.board(state, seat, legal)
    if pick:
        return pick
    if goal is not None:
        pick = _march(state, seat, legal, goal)
        if pick:
            return pick
    # 5. Retrieve with what is left.
    retrieves = judge.by_type(legal, "retrieve")
    s = state["seats"][seat]
    if retrieves and (free or dice.count(state, seat, "chicken")):
        if (sum(s["res"].values()) < 8 and not cockfight.playing(state)) or s["destroyed"] or answers.restack_wanted(state, seat):
            return next((a for a in retrieves if a["pay"] == "chicken"), retrieves[0])
    return {"type": "end_actions"}


def _passes_by(state, seat, attacker, target, goal) -> bool:
    """Capture the flag: a fight far from both flags only trades units on the long way between
    the bases, so a stack that can still step toward the flag it goes for walks past."""
    if not flags.riding(state, seat) or goal is None or not flags.far_from_flags(state, seat, target):
        return False
    walk = judge.walk_to(state, goal["hex"])
    members = [u for u in state["units"].values() if u["owner"] == seat and u["hex"] == attacker["hex"]]
    return walk.get(attacker["hex"], 99) > goal.get("near", 1) and \
        _best_stop(state, seat, members, attacker["hex"], walk)[1] < walk.get(attacker["hex"], 99)


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
    if "stock" in kinds and _stock_stuck(state, seat):
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
        if eff.get("hit") and answers.hit_target(state, seat, eff["hit"]):
            return a
        if eff.get("lava_trap") and answers.trap_target(state, seat):
            return a
        if eff.get("transmute") and answers.transmute(state, seat, legal):
            return a
        if eff.get("extra_move") and not state["stack"][0]["free"] and judge.goal_of(state, seat) is not None:
            if any(judge.marches(state, u) and u["owner"] == seat for u in state["units"].values()):
                return a
    return None


def _movers(state, seat, key):
    return [u for u in state["units"].values() if u["owner"] == seat and u["hex"] == key and judge.marches(state, u)]


def _march(state, seat, legal, goal):
    walk = judge.walk_to(state, goal["hex"])
    best, pick = 0, None
    for a in judge.by_type(legal, "move"):
        movers = _movers(state, seat, a["hex"])
        if not movers or flags.waits(state, seat, a["hex"]):
            continue
        here = walk.get(a["hex"], 99)
        if here <= goal.get("near", 1):  # next to it (a loose flag: on it)
            continue
        gain = here - _best_stop(state, seat, movers, a["hex"], walk, marching=True)[1]
        if gain <= 0:
            continue
        rank = {"car": 4, "extra": 3, "claw": 2, "free": 1}[a["pay"]]
        score = gain * 10 + rank
        if score > best:
            best, pick = score, a
    return pick


def _best_stop(state, seat, members, start, walk, marching=False):
    speed = max(units.speed(u) for u in members)
    dests = destinations(state, seat, members, start, speed)
    if marching:
        dests = flags.safe_stops(state, seat, dests, members)
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
    restack = answers.restack(state, seat, legal, [u for u in members if u["kind"] == "chicken"])
    if restack:
        return restack
    goal = judge.goal_of(state, seat)
    if goal is not None:
        walk = judge.walk_to(state, goal["hex"])
        stops = flags.safe_stops(state, seat, [a["hex"] for a in judge.by_type(legal, "move_to")], keep)
        target = min(({"type": "move_to", "hex": k} for k in stops), key=lambda a: (walk.get(a["hex"], 99), a["hex"]),
                     default=None)
        if target and walk.get(target["hex"], 99) < walk.get(frame["hex"], 99):
            return target
    return {"type": "end_move"} if {"type": "end_move"} in legal else {"type": "cancel"}


DECIDE = {
    "turn": _turn,
    "move": _move,
    "build": answers.build_at,
    "target": answers.target,
    "combat": answers.fight,
    "retrieve": answers.retrieve,
    "discard_resources": answers.pick_resource,
    "hurricane": answers.pick_resource,
    "hurricane_rob": answers.pick_resource,
    "discard_scroll": answers.discard_scroll,
    "tsunami": answers.tsunami,
    "eruption": answers.hexy,
    "lava_trap": answers.hexy,
    "hit": answers.hit,
    "swap": answers.swap,
    "shield_target": answers.shield,
    "transmute": answers.transmute_choice,
    "island": lambda state, seat, frame, legal: custom_island.sensible(state, frame),
}

