"""Scrolls played from the hand in your own Take-actions step, and star abilities printed on
your strategies and machines (rules sections 4, 8).

Magic that says so is played face up and discarded; a strategy goes into your area (over the
limit you name the one it replaces: `{"type": "play_scroll", "card": id, "replace": old}`).
Effects that need a target push a small choice frame (`hit`, `transmute`, `lava_trap`).
"""

from __future__ import annotations

from ..messages import msg
from . import actions, cards, cockfight, dice, scrolls, teams, units
from .combat import base_bonus
from .state import distance, note, turn_frame, who
from .lava import apply_lava

RESOURCES = cards.RESOURCES


def hit_options(state: dict, seat: int, hit: dict) -> list[str]:
    """Enemy units within the hit's range of ours; leaders only for a hit that strips leaders'
    shields (`leaders`), and only while they hold one: a hit never tags."""
    mine = [u["hex"] for u in state["units"].values() if u["owner"] == seat]
    return sorted(u["id"] for u in cockfight.may_fight(state, list(state["units"].values()))
                  if teams.opposed(state, seat, u["owner"])
                  and (u["kind"] != "leader" or hit.get("leaders") and u["shields"])
                  and any(1 <= distance(h, u["hex"]) <= hit["range"] for h in mine))


def _useful(state: dict, seat: int, effect: dict) -> bool:
    s = state["seats"][seat]
    if "hit" in effect:
        return bool(hit_options(state, seat, effect["hit"]))
    if "transmute" in effect:
        return any(s["res"][a] and state["supply"][b] for a in RESOURCES for b in RESOURCES if a != b)
    if "lava_trap" in effect:
        return any(t["kind"] == "neutral" for t in state["island"]["tiles"].values())
    if "take_resources" in effect:
        return any(state["supply"][r] for r in RESOURCES)
    if "hatch" in effect:
        return bool(s["destroyed"])
    return True


def play_actions(state: dict, seat: int) -> list[dict]:
    out = []
    s = state["seats"][seat]
    full = len(s["strategies"]) >= scrolls.strategy_limit(state, seat)
    for cid in sorted(set(s["hand"]), key=s["hand"].index):
        c = cards.card(cid)
        if c["type"] == "magic" and "actions" in c["play"] and _useful(state, seat, cockfight.effect(state, cid)):
            out.append({"type": "play_scroll", "card": cid})
        elif c["type"] == "strategy":
            if full:
                out.extend({"type": "play_scroll", "card": cid, "replace": old} for old in s["strategies"])
            else:
                out.append({"type": "play_scroll", "card": cid})
    return out


def play(state: dict, seat: int, action: dict):
    cid = action["card"]
    s = state["seats"][seat]
    s["hand"].remove(cid)
    c = cards.card(cid)
    state["stats"]["played"][c["key"]] = state["stats"]["played"].get(c["key"], 0) + 1
    note(state, msg("wfci.event.plays", who=who(seat), card=cards.name(cid)))
    if c["type"] == "strategy":
        scrolls.put_in_play(state, seat, cid, action.get("replace"))
        return
    effect = cockfight.effect(state, cid)
    if effect.get("draw"):
        scrolls.draw(state, seat, effect["draw"])
    if effect.get("extra_move"):
        turn_frame(state)["extra_moves"] = turn_frame(state).get("extra_moves", 0) + effect["extra_move"]
    if effect.get("hatch"):
        scrolls.hatch(state, seat, effect["hatch"])
    if effect.get("take_resources"):
        state["stack"].append({"kind": "retrieve", "seat": seat, "left": effect["take_resources"], "only": "resources"})
    if effect.get("hit"):
        state["stack"].append({"kind": "hit", "seat": seat, "strength": effect["hit"]["strength"],
                               "leaders": effect["hit"].get("leaders"),
                               "options": hit_options(state, seat, effect["hit"])})
    if effect.get("transmute"):
        state["stack"].append({"kind": "transmute", "seat": seat, "count": effect["transmute"]})
    if effect.get("lava_trap"):
        state["stack"].append({"kind": "lava_trap", "seat": seat})
    # Resolved, then discarded (2nd ed. "Cartes Magie"): a draw never finds the card itself.
    state["decks"]["scroll_discard"].append(cid)


# -- choice frames -------------------------------------------------------------------------

def hit_legal(state: dict, frame: dict) -> list[dict]:
    return [{"type": "hit", "unit": u} for u in frame["options"] if u in state["units"]]


def hit_apply(state: dict, frame: dict, action: dict):
    state["stack"].pop()
    victim = state["units"][action["unit"]]
    cockfight.reveal(state, [victim])  # a hit is an attack: the chicken turns face up
    armor = units.stats(victim)["armor"] + base_bonus(state, victim) + cockfight.rank(state, victim)
    if victim["kind"] == "leader" and frame.get("leaders") == "all_shields":
        units.strip_shields(state, victim)
        note(state, msg("wfci.event.hit_strips_all", unit=units.name(state, victim)))
    elif victim["shields"]:
        units.hit(state, victim)
        note(state, msg("wfci.event.hit_strips", unit=units.name(state, victim)))
    elif frame["strength"] >= armor and victim["kind"] != "leader":
        note(state, msg("wfci.event.hit_destroys", unit=units.name(state, victim)))
        units.hit(state, victim)
    else:
        note(state, msg("wfci.event.hit_bounces", unit=units.name(state, victim), armor=armor))


def transmute_legal(state: dict, frame: dict) -> list[dict]:
    res = state["seats"][frame["seat"]]["res"]
    return [{"type": "transmute", "from": a, "to": b} for a in RESOURCES for b in RESOURCES
            if a != b and res[a] and state["supply"][b]]


def transmute_apply(state: dict, frame: dict, action: dict):
    state["stack"].pop()
    res = state["seats"][frame["seat"]]["res"]
    a, b = action["from"], action["to"]
    n = min(frame["count"], res[a], state["supply"][b])
    res[a] -= n
    state["supply"][a] += n
    state["supply"][b] -= n
    res[b] += n
    note(state, msg("wfci.event.transmutes", who=who(frame["seat"]), n=n, old=msg(f"wfci.resource.{a}"),
                    new=msg(f"wfci.resource.{b}")))


def lava_trap_legal(state: dict, frame: dict) -> list[dict]:
    return [{"type": "lava_trap", "hex": k} for k, t in sorted(state["island"]["tiles"].items()) if t["kind"] == "neutral"]


def lava_trap_apply(state: dict, frame: dict, action: dict):
    state["stack"].pop()
    state["island"]["tiles"][action["hex"]]["kind"] = "lava"
    note(state, msg("wfci.event.lava_trap", hex=action["hex"]))
    for line in apply_lava(state):
        note(state, line)


def discard_scroll_legal(state: dict, frame: dict) -> list[dict]:
    return [{"type": "discard_scroll", "card": cid} for cid in state["seats"][frame["seat"]]["hand"]]


def discard_scroll_apply(state: dict, frame: dict, action: dict):
    s = state["seats"][frame["seat"]]
    s["hand"].remove(action["card"])
    state["decks"]["scroll_discard"].append(action["card"])
    note(state, msg("wfci.event.discards", who=who(frame["seat"]), card=cards.name(action["card"])))
    frame["count"] -= 1
    down_to = frame.get("down_to")
    if (down_to is not None and len(s["hand"]) <= down_to) or (down_to is None and frame["count"] <= 0) or not s["hand"]:
        state["stack"].pop()


# -- star abilities printed on cards -------------------------------------------------------

def activations(state: dict, seat: int) -> list[dict]:
    stars = dice.count(state, seat, "star")
    if not stars:
        return []
    out = []
    for cid in state["seats"][seat]["strategies"]:
        for i, ab in enumerate(cockfight.effect(state, cid)):
            if "star" in ab and ab["star"] <= stars and _do_useful(state, seat, ab["do"]):
                out.append({"type": "activate", "card": cid, "ability": i})
    for u in sorted(state["units"].values(), key=lambda u: u["id"]):
        if u["owner"] == seat and u["kind"] == "machine":
            for i, ab in enumerate(units.abilities(u)):
                if "star" in ab and ab["star"] <= stars and _do_useful(state, seat, ab["do"]):
                    out.append({"type": "activate", "unit": u["id"], "ability": i})
    return out


def _do_useful(state: dict, seat: int, do: dict) -> bool:
    if "take_resources" in do:
        return any(state["supply"][r] for r in RESOURCES)
    if "hatch" in do:
        return bool(state["seats"][seat]["destroyed"]) and actions.base_open(state, seat)
    if "range_boost" in do:
        cls = do["range_boost"]["class"]
        return any(u["owner"] == seat and units.is_kind(u, cls) for u in state["units"].values())
    return bool(state["decks"]["scroll"] or state["decks"]["scroll_discard"])


def activate(state: dict, seat: int, action: dict):
    if "card" in action:
        ab = cockfight.effect(state, action["card"])[action["ability"]]
        name = cards.name(action["card"])
    else:
        unit = state["units"][action["unit"]]
        ab = units.abilities(unit)[action["ability"]]
        name = cards.name(unit["card"])
    dice.spend(state, seat, "star", ab["star"])
    note(state, msg("wfci.event.uses", who=who(seat), thing=name))
    scrolls.start_do(state, seat, ab["do"])
