"""The skirmisher's answers to the frames that ask it something in the middle of a turn: where
to build, whom to fight, which card to play in a fight, what to retrieve or give up, where a
catastrophe strikes. Each answers one frame kind (plan.DECIDE) and picks one of `turn.legal`."""

from __future__ import annotations

from .. import board, cards, cockfight, combat, flag, scrolls, teams, units
from ..hand import hit_options
from ..state import distance, pt
from . import cut, judge, solo


def build_at(state, seat, frame, legal):
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


def target(state, seat, frame, legal):
    _score, target = judge.best_target(state, seat, state["units"][frame["unit"]])
    if target is not None:
        return {"type": "target", "unit": target["id"]}
    return legal[0]


def fight(state, seat, frame, legal):
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


def pick_resource(state, seat, frame, legal):
    hens = [state["units"][a["unit"]] for a in judge.by_type(legal, "destroy")]
    if hens:  # a cockfight's Hurricane takes chickens: ours shielded or weak, theirs bare and strong
        sign = 1 if frame["kind"] == "hurricane" else -1
        pick = min(hens, key=lambda u: (-sign * u["shields"], sign * cockfight.guess(state, u, seat), u["id"]))
        return {"type": "destroy", "unit": pick["id"]}
    res = state["seats"][seat]["res"]
    return max(legal, key=lambda a: res.get(a.get("resource"), 0))


def transmute(state, seat, legal=None):
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


def transmute_choice(state, seat, frame, legal):
    pick = cut.transmute(state, seat, frame["count"]) if solo.playing(state, seat) and not solo.joined(state, seat) else None
    pick = pick or transmute(state, seat)
    return pick if pick in legal else legal[0]


def hit_target(state, seat, hit):
    best = None
    for uid in hit_options(state, seat, hit):
        u = state["units"][uid]
        armor = units.stats(u)["armor"] + combat.base_bonus(state, u) + cockfight.guess(state, u, seat)
        if u["shields"] or armor <= hit["strength"]:
            if best is None or judge.value(u) > judge.value(state["units"][best]):
                best = uid
    return best


def trap_target(state, seat):
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


def retrieve(state, seat, frame, legal):
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
        top = restack(state, seat, legal, [u for u in state["units"].values()
                                           if u["owner"] == seat and u["kind"] == "chicken" and u["hex"] == here])
        if top:
            return top
    return {"type": "done"}


def restack_wanted(state, seat) -> bool:
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


def restack(state, seat, legal, hens):
    """Cockfight: the strongest of these chickens should fight on top of its stack."""
    if not hens:
        return None
    best = max(hens, key=lambda u: (cockfight.guess(state, u, seat), u["id"]))
    pick = {"type": "to_top", "unit": best["id"]}
    return pick if pick in legal else None


def discard_scroll(state, seat, frame, legal):
    def worth(a):
        c = cards.card(a["card"])
        return (c["type"] == "strategy", sum(v for k, v in c.get("effect", {}).items()
                                             if isinstance(v, int) and k in ("power", "strength", "armor"))
                if c["type"] == "magic" else 0)

    return min(legal, key=worth)


def enemy_count(state, seat, key):
    near = set(board.hex_key(n) for n in board.neighbors(pt(key)))
    return sum(judge.value(u) if judge.foe(state, seat, u["owner"]) else -2 * judge.value(u) for u in state["units"].values()
               if u["hex"] in near and u["kind"] != "leader")


def hexy(state, seat, frame, legal):
    return max(legal, key=lambda a: (enemy_count(state, seat, a["hex"]), a["hex"])) if "hex" in legal[0] else legal[0]


def tsunami(state, seat, frame, legal):
    if "hex" in legal[0]:
        return hexy(state, seat, frame, legal)
    return max(legal, key=lambda a: (judge.foe(state, seat, state["units"][a["unit"]]["owner"]), judge.value(state["units"][a["unit"]])))


def hit(state, seat, frame, legal):
    return max(legal, key=lambda a: judge.value(state["units"][a["unit"]]))


def swap(state, seat, frame, legal):
    return min(legal, key=lambda a: units.stats(state["units"][a["unit"]])["armor"]
               + cockfight.guess(state, state["units"][a["unit"]], seat))


def shield(state, seat, frame, legal):
    return next((a for a in legal if a["unit"] == f"lead-{seat}"), legal[0])
