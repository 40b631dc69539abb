"""The card-effect interpreter: every ability, strategy and magic scroll is data in a small
vocabulary (docs/wfci-cards.md) and this module is the one place that gives it meaning.

Bonus entries read `{"bonus": {"strength"|"armor"|"power": n}, "when": "attacking"|"defending"
|"always", "if": {"ours": kind, "theirs": kind, "on": "home"|"base"}}`: strength counts only
for an attacker, armor only for a defender, power for both. Magic cards played in a fight
help the side they were played for; their fighter is "ours".
"""

from __future__ import annotations

from ..messages import msg
from . import actions, cards, cockfight, solo, teams, units, victory
from .leaders import leader_abilities, leader_value
from .solo import draws, is_its_card, reading
from .state import neighbours, note, ruleset, turn_frame, who

# -- scrolls in and out of hands -----------------------------------------------------------


def refill_deck(state: dict) -> bool:
    """An empty scroll deck is rebuilt from the discard (D-W4); expert never reshuffles."""
    decks = state["decks"]
    if decks["scroll"]:
        return True
    if ruleset(state).catastrophe_aftermath == "none" or not decks["scroll_discard"]:
        return False
    decks["scroll"] = decks["scroll_discard"]
    decks["scroll_discard"] = []
    actions.shuffle(state, decks["scroll"])
    return True


def draw(state: dict, seat: int, n: int = 1) -> int:
    """Draw n scrolls; a catastrophe is shown to all and queued to resolve (catastrophes.py)."""
    got = 0
    for _ in range(n):
        if not refill_deck(state):
            break
        cid = state["decks"]["scroll"].pop()
        got += 1
        if cards.card(cid)["type"] == "catastrophe" and not solo.is_challenger(state, seat):
            state["cats"].append({"card": cid, "seat": seat})
            note(state, msg("wfci.event.draws_catastrophe", who=who(seat), card=cards.name(cid)))
        else:
            state["seats"][seat]["hand"].append(cid)
    deck = state["decks"]["scroll"]
    if ruleset(state).catastrophe_aftermath == "none" and deck and not state["cats"] \
            and all(cards.card(c)["type"] == "catastrophe" for c in deck):
        victory.everyone_loses(state, "Only catastrophes are left in the scroll deck: everyone loses",
                               msg("wfci.event.only_catastrophes"))
    return got


def strategy_limit(state: dict, seat: int) -> int:
    return ruleset(state).strategy_limit + leader_value(state, seat, "strategy_limit")


def put_in_play(state: dict, seat: int, cid: str, replace: str | None = None):
    """A strategy goes into its owner's area; over the limit, one of theirs is discarded first
    (the one named by `replace`, else the oldest: D-W5)."""
    mine = state["seats"][seat]["strategies"]
    if len(mine) >= strategy_limit(state, seat):
        old = replace if replace in mine else mine[0]
        mine.remove(old)
        state["decks"]["scroll_discard"].append(old)
    mine.append(cid)


# -- combat bonuses ------------------------------------------------------------------------

def _matches(state: dict, cond: dict | None, ours: dict, theirs: dict | None) -> bool:
    if not cond:
        return True
    if "ours" in cond and not units.is_kind(ours, cond["ours"]):
        return False
    if "theirs" in cond and (theirs is None or not units.is_kind(theirs, cond["theirs"])):
        return False
    if "on" in cond:
        t = state["island"]["tiles"].get(ours["hex"])
        if not t or t["owner"] != ours["owner"] or (cond["on"] == "base" and t["kind"] != "base"):
            return False
    return True


def _stat(bonus: dict, role: str) -> int:
    value = bonus.get("power", 0)
    value += bonus.get("strength", 0) if role == "attacking" else bonus.get("armor", 0)
    return value


def _bonus(state: dict, ab: dict, role: str, ours: dict, theirs: dict | None) -> int:
    if "bonus" not in ab or ab.get("when", "always") not in ("always", role):
        return 0
    return _stat(ab["bonus"], role) if _matches(state, ab.get("if"), ours, theirs) else 0


def owner_effects(state: dict, seat: int) -> list[dict]:
    """Leader abilities and strategies in play (and strategies revealed in this fight)."""
    out = list(leader_abilities(state, seat))
    strategies = list(state["seats"][seat]["strategies"])
    if state.get("combat"):
        strategies += [e["card"] for e in state["combat"]["revealed"] if e["seat"] == seat and e["side"] == "owner"]
    for cid in strategies:
        out.extend(cockfight.effect(state, cid))
    return out


def fighter_bonus(state: dict, unit: dict, role: str, other: dict) -> int:
    """Everything but scrolls played in the fight: the machine's own abilities, its stack
    (soldiers), auras of your other units, your leader's ability and your strategies."""
    total = 0
    for ab in units.abilities(unit):
        total += _bonus(state, ab, role, unit, other)
        if "per_soldier" in ab:
            mates = sum(1 for u in state["units"].values() if u["hex"] == unit["hex"] and u["id"] != unit["id"]
                        and u["owner"] == unit["owner"] and units.is_kind(u, "soldier"))
            total += mates * _stat(ab["per_soldier"], role)
    if role == "defending":
        near = set(neighbours(unit["hex"]))
        for u in state["units"].values():
            if u["owner"] != unit["owner"] or u["id"] == unit["id"] or u["kind"] != "machine":
                continue
            for ab in units.abilities(u):
                if "aura" in ab and (u["hex"] == unit["hex"] or (ab.get("reach", 0) >= 1 and u["hex"] in near)):
                    total += ab["aura"].get("armor", 0)
    for ab in owner_effects(state, unit["owner"]):
        total += _bonus(state, ab, role, unit, other)
    return total


def _card_value(state: dict, effect: dict, role: str, ours: dict, theirs: dict) -> int:
    if not _matches(state, effect.get("if"), ours, theirs):
        return 0
    value = _stat(effect, role)
    if effect.get("per_pilot") and ours["kind"] == "machine":
        value += effect["per_pilot"] * len(ours["pilots"])
    if effect.get("per_chicken"):  # Pilot's Nerve in a cockfight: the chickens of the stack
        value += effect["per_chicken"] * cockfight.per_chicken(state, ours)
    return value


def card_bonuses(state: dict, attacker: dict, defender: dict) -> tuple[int, int]:
    """Strength and armor from the magic cards of the fight, after Feather Dispel cancels."""
    counted = card_values(state, attacker, defender)
    a = sum(v for e, v, off in counted if not off and e["side"] == "attacker")
    d = sum(v for e, v, off in counted if not off and e["side"] == "defender")
    return a, d


def card_values(state: dict, attacker: dict, defender: dict) -> list[tuple[dict, int, bool]]:
    """(revealed entry, its bonus, cancelled by Feather Dispel) for every card that counts."""
    c = state["combat"]
    fighters = {"attacker": (attacker, defender, "attacking"), "defender": (defender, attacker, "defending")}
    entries = [e for e in c["revealed"] if e["side"] in fighters
               and (cards.card(e["card"])["type"] == "magic" or is_its_card(state, e))]
    theirs = [is_its_card(state, e) for e in entries]  # the Challenger reads its cards its own way
    values = [reading(e["card"]) if its else
              _card_value(state, cockfight.effect(state, e["card"]), fighters[e["side"]][2],
                          fighters[e["side"]][0], fighters[e["side"]][1]) for e, its in zip(entries, theirs)]
    cancelled = set()
    for i, e in enumerate(entries):
        if not theirs[i] and cockfight.effect(state, e["card"]).get("negate"):
            others = [j for j, f in enumerate(entries) if f["side"] != e["side"] and j not in cancelled and values[j] > 0]
            if others:
                cancelled.add(max(others, key=lambda j: (values[j], -j)))
    return [(e, v, j in cancelled) for j, (e, v) in enumerate(zip(entries, values))]


def combat_effect(state: dict, entry: dict) -> bool:
    """The non-bonus effects of a revealed magic card; True when it asks to swap the defender
    (Change Now!), which the fight itself offers."""
    c = state["combat"]
    card = cards.card(entry["card"])
    if is_its_card(state, entry):  # its cards do nothing but draw it scrolls
        if draws(entry["card"]):
            c["draws"].append([entry["seat"], draws(entry["card"])])
        return False
    if card["type"] != "magic" or entry["side"] not in ("attacker", "defender"):
        return False
    effect = cockfight.effect(state, entry["card"])
    if effect.get("draw"):
        c["draws"].append([entry["seat"], effect["draw"]])
    if effect.get("shield"):
        fighter = state["units"][c["attacker"] if entry["side"] == "attacker" else c["defender"]]
        if units.give_shield(state, fighter):
            note(state, msg("wfci.event.gains_shield", unit=units.name(state, fighter)))
    return bool(effect.get("swap_defender"))


# -- effects outside fights ----------------------------------------------------------------

def gain(state: dict, seat: int, what: dict):
    """Resources from the supply, never past the cap (no discard choice in the middle of a fight)."""
    cap = ruleset(state).resource_cap
    res = state["seats"][seat]["res"]
    if solo.is_challenger(state, seat):
        return
    for r, n in what.items():
        for _ in range(n):
            if state["supply"][r] <= 0 or (cap is not None and sum(res.values()) >= cap):
                return
            state["supply"][r] -= 1
            res[r] += 1


def on_destroyed(state: dict, unit: dict, effect: dict):
    seat = unit["owner"]
    if effect.get("draw"):
        draw(state, seat, effect["draw"])
    if effect.get("gain"):
        gain(state, seat, effect["gain"])
    if effect.get("shield_leader"):
        leader = state["units"].get(f"lead-{seat}")
        if leader and units.give_shield(state, leader):
            note(state, msg("wfci.event.gains_shield", unit=units.name(state, leader)))
    if effect.get("blast"):
        near = set(neighbours(unit["hex"]))
        for victim in sorted(list(state["units"].values()), key=lambda u: u["id"]):
            if victim["id"] in state["units"] and victim["hex"] in near and teams.opposed(state, seat, victim["owner"]) \
                    and victim["kind"] != "leader" and units.stats(victim)["armor"] <= effect["blast"]:
                if units.hit(state, victim) == "destroyed":
                    note(state, msg("wfci.event.blast_destroys", unit=units.name(state, victim)))


def hatch(state: dict, seat: int, n: int) -> int:
    k = 0
    while k < n and state["seats"][seat]["destroyed"] and actions.base_open(state, seat):
        actions.take(state, seat, "chicken")
        k += 1
    return k


def start_do(state: dict, seat: int, do: dict):
    """The effect of a star ability printed on a strategy or machine."""
    if do.get("draw"):
        draw(state, seat, do["draw"])
    if do.get("draw_discard"):
        draw(state, seat, 1)
        if state["seats"][seat]["hand"]:
            state["stack"].append({"kind": "discard_scroll", "seat": seat, "count": 1})
    if do.get("take_resources"):
        state["stack"].append({"kind": "retrieve", "seat": seat, "left": do["take_resources"], "only": "resources"})
    if do.get("hatch"):  # Supply Lines in a cockfight: a chicken instead of a resource
        hatch(state, seat, do["hatch"])
    if do.get("range_boost"):
        boost = turn_frame(state).setdefault("boost", {})
        cls = do["range_boost"]["class"]
        boost[cls] = boost.get(cls, 0) + do["range_boost"]["range"]


units.EFFECTS["on_destroyed"] = on_destroyed
