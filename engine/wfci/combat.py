"""The Fight (rules section 7) as a chain of atomic decisions, so it works over days.

1. `attack` (paid with the free action or a Claw die) names the attacking unit or leader;
   `target` names the enemy defender within reach (adjacent, or range X ignoring terrain).
2. Stage "dice": the attacker spends +2/+3 dice onto the attacker (`boost`), then `done`.
3. Stage "cards": starting with the attacker and going clockwise, every player (in the fight
   or not) plays one scroll face down (`play_scroll`) or passes. The rounds go on until every
   player has passed one after the other; a player who passed may play again later. A player
   whose hand is empty (which everyone can see) passes without being asked.
4. Reveal from the defender, clockwise. Stage "sides": each player outside the fight says,
   card by card, whether it helps the attacker or the defender.
5. Stage "resolve": card effects in reveal order (Change Now! asks its player for the new
   defender), then Strength >= Armor succeeds: a shield is removed instead of anything else,
   a leader receives a humiliation tag, any other defender is destroyed. Magic cards go to
   the discard, strategies stay in play, cards that draw scrolls draw after the fight.
`state["combat"]` holds the fight; a frame {"kind": "combat"} on the stack names who decides.
"""

from __future__ import annotations

from ..messages import msg
from . import cards, cockfight, dice, epic, flag, scrolls, solo, teams, units, victory
from .state import clockwise, distance, note, pop, ruleset, turn_frame, who


# -- starting a fight ----------------------------------------------------------------------

def reach(state: dict, unit: dict) -> list[dict]:
    """Enemy units and leaders the unit could fight: within its range, never in its own hex,
    never a partner's (teams, D-T1)."""
    rng = units.unit_range(state, unit)
    near = sorted((u for u in state["units"].values()
                   if teams.opposed(state, unit["owner"], u["owner"]) and 1 <= distance(unit["hex"], u["hex"]) <= rng),
                  key=lambda u: u["id"])
    return cockfight.may_fight(state, near)  # cockfight: only leaders and top chickens


def payments(state: dict, seat: int) -> list[str]:
    out = []
    if dice.count(state, seat, "claw"):
        out.append("claw")
    if turn_frame(state)["free"]:
        out.append("free")
    return out


def attack_actions(state: dict, seat: int) -> list[dict]:
    pays = payments(state, seat)
    if not pays:
        return []
    out = []
    for u in cockfight.may_fight(state, sorted(state["units"].values(), key=lambda u: u["id"])):
        if u["owner"] == seat and units.stats(u)["strength"] > 0 and reach(state, u):
            out.extend({"type": "attack", "unit": u["id"], "pay": p} for p in pays)
    return out


def begin_attack(state: dict, seat: int, action: dict):
    state["stack"].append({"kind": "target", "seat": seat, "unit": action["unit"], "pay": action["pay"]})


def target_legal(state: dict, frame: dict) -> list[dict]:
    attacker = state["units"][frame["unit"]]
    return [{"type": "target", "unit": u["id"]} for u in reach(state, attacker)] + [{"type": "cancel"}]


def target_apply(state: dict, frame: dict, action: dict):
    state["stack"].pop()
    if action["type"] == "cancel":
        return
    seat = frame["seat"]
    if frame["pay"] == "claw":
        dice.spend(state, seat, "claw")
    else:
        turn_frame(state)["free"] = False
    start_fight(state, seat, frame["unit"], action["unit"])


def start_fight(state: dict, seat: int, attacker_id: str, defender_id: str, boost: int = 0):
    """The fight is on: the attacker's dice, then the card rounds. The Challenger spends no
    dice in a fight (its Power bonus comes in as `boost`), so its fights go straight to cards."""
    attacker, defender = state["units"][attacker_id], state["units"][defender_id]
    state["combat"] = {
        "attacker": attacker["id"], "defender": defender["id"],
        "att_seat": seat, "def_seat": defender["owner"],
        "ranged": distance(attacker["hex"], defender["hex"]) > 1,
        "boost": boost, "stage": "dice", "turn": seat, "passes": 0,
        "down": {str(s): [] for s in range(state["players"])},
        "revealed": [], "next": 0, "draws": [],
    }
    state["stack"].append({"kind": "combat", "seat": seat})
    note(state, msg("wfci.event.attacks_boosted" if boost else "wfci.event.attacks", unit=units.name(state, attacker),
                    target=units.name(state, defender), boost=boost))
    cockfight.reveal(state, [attacker, defender])
    if solo.is_challenger(state, seat) or not _boost_faces(state, seat):
        _start_cards(state)


# -- stages --------------------------------------------------------------------------------

def _boost_faces(state: dict, seat: int) -> list[str]:
    return [f for f in ("2", "3") if dice.count(state, seat, f)]


def _start_cards(state: dict):
    if ruleset(state).solo:
        solo.STEPS["start_cards"](state)
        return
    c = state["combat"]
    c["stage"], c["turn"], c["passes"] = "cards", c["att_seat"], 0
    _next_player(state)


def _next_player(state: dict):
    """Give the card round to `combat["turn"]`; a player with no scroll in hand (public
    knowledge) passes without being asked. Everyone passed in a row: reveal."""
    c = state["combat"]
    n = state["players"]
    while c["passes"] < n:
        if state["seats"][c["turn"]]["hand"]:
            state["stack"][-1]["seat"] = c["turn"]
            return
        c["passes"] += 1
        c["turn"] = (c["turn"] + 1) % n
    reveal(state)


def playable(state: dict, seat: int) -> list[str]:
    """Scrolls a player may put face down in a fight: combat magic and strategies."""
    out = []
    for cid in state["seats"][seat]["hand"]:
        c = cards.card(cid)
        if c["type"] == "strategy" or (c["type"] == "magic" and "combat" in c["play"]):
            out.append(cid)
    return out


def legal(state: dict, frame: dict) -> list[dict]:
    c = state["combat"]
    stage = c["stage"]
    if stage == "dice":
        return [{"type": "boost", "face": f} for f in _boost_faces(state, c["att_seat"])] + [{"type": "done"}]
    if stage == "cards":
        return [{"type": "play_scroll", "card": cid} for cid in playable(state, c["turn"])] + [{"type": "pass"}]
    if stage == "sides":
        entry = c["revealed"][c["next"]]
        return [{"type": "side", "card": entry["card"], "side": s} for s in ("attacker", "defender")]
    return []


def apply(state: dict, frame: dict, action: dict):
    c = state["combat"]
    kind = action["type"]
    if kind == "boost":
        dice.spend(state, c["att_seat"], action["face"])
        c["boost"] += int(action["face"])
        if not _boost_faces(state, c["att_seat"]):
            _start_cards(state)
    elif kind == "done":
        _start_cards(state)
    elif kind in ("play_scroll", "pass"):
        seat = c["turn"]
        if kind == "play_scroll":
            state["seats"][seat]["hand"].remove(action["card"])
            c["down"][str(seat)].append(action["card"])
            c["passes"] = 0
        else:
            c["passes"] += 1
        if c.get("solo"):  # against the Challenger you play all your scrolls in one turn
            solo.STEPS["after_human"](state, kind)
            return
        c["turn"] = (seat + 1) % state["players"]
        _next_player(state)
    elif kind == "side":
        c["revealed"][c["next"]]["side"] = action["side"]
        _next_side(state)


def reveal(state: dict):
    """Face-down cards turn up, the defender's first, then clockwise."""
    c = state["combat"]
    for seat in clockwise(state, c["def_seat"]):
        for cid in c["down"][str(seat)]:
            side = "attacker" if seat == c["att_seat"] else "defender" if seat == c["def_seat"] else None
            if cards.card(cid)["type"] == "strategy" and not (c.get("solo") and seat == solo.SEAT):
                side = "owner"  # the Challenger's strategies only help this fight, then go
            c["revealed"].append({"card": cid, "seat": seat, "side": side})
        c["down"][str(seat)] = []
    if c["revealed"]:
        note(state, msg("wfci.event.revealed", cards=[msg("wfci.event.revealed_card", who=who(e["seat"]),
                                                          card=cards.name(e["card"])) for e in c["revealed"]]))
    c["stage"], c["next"] = "sides", 0
    _next_side(state)


def _next_side(state: dict):
    """Ask the next outsider's card for its side; when none is left, resolve."""
    c = state["combat"]
    while c["next"] < len(c["revealed"]) and c["revealed"][c["next"]]["side"] is not None:
        c["next"] += 1
    if c["next"] < len(c["revealed"]):
        state["stack"][-1]["seat"] = c["revealed"][c["next"]]["seat"]
        return
    c["stage"], c["next"] = "resolve", 0
    resolve(state)


# -- resolution ----------------------------------------------------------------------------

def resolve(state: dict):
    """Card effects in reveal order (pausing for choices), then the result and the clean-up."""
    c = state["combat"]
    while c["next"] < len(c["revealed"]):
        entry = c["revealed"][c["next"]]
        c["next"] += 1
        if scrolls.combat_effect(state, entry):  # Change Now!: its player picks the new defender
            options = swap_options(state)
            if options:
                state["stack"].append({"kind": "swap", "seat": entry["seat"], "options": options})
                return  # swap_apply calls resolve again
    if c.get("solo"):
        solo.STEPS["note_reading"](state)
    strength, armor = strength_and_armor(state)
    attacker, defender = state["units"][c["attacker"]], state["units"][c["defender"]]
    c["strength"], c["armor"] = strength, armor
    record = _fight_record(state, attacker, defender, strength, armor)
    if strength >= armor:
        result = units.hit(state, defender)
        record["effect"] = result
        if result == "shield":
            note(state, msg("wfci.event.fight_shield", strength=strength, armor=armor, unit=units.name(state, defender)))
        elif result == "leader":
            placed = victory.can_humiliate(state, c["att_seat"], defender["owner"])
            note(state, msg("wfci.event.fight_humiliates" if placed else "wfci.event.fight_beaten", strength=strength,
                            armor=armor, unit=units.name(state, defender)))
            victory.humiliate(state, c["att_seat"], defender["owner"])
            record["effect"] = "humiliation" if placed else "no_tag"
            c["beaten"] = defender["id"]
        else:
            note(state, msg("wfci.event.fight_destroys", strength=strength, armor=armor, unit=units.name(state, defender)))
            flag.fought(state, attacker["id"], defender)
    else:
        note(state, msg("wfci.event.fight_fails", strength=strength, armor=armor, unit=units.name(state, attacker)))
    beaten, att_seat = c.get("beaten"), c["att_seat"]
    _clean_up(state)
    if beaten and beaten in state["units"]:
        epic.defeated(state, att_seat, state["units"][beaten])


def _fight_record(state: dict, attacker: dict, defender: dict, strength: int, armor: int) -> dict:
    """The public record of this fight, kept in `state["last_fight"]` until the next one
    resolves: the fighters, the revealed cards (with the bonus each counted for, as
    `scrolls.card_values` read them) and the result. Face-down cards are all revealed by now."""
    c = state["combat"]
    counted = {id(e): (v, off) for e, v, off in scrolls.card_values(state, attacker, defender)}
    revealed = []
    for e in c["revealed"]:
        value, off = counted.get(id(e), (None, False))
        revealed.append({"card": e["card"], "seat": e["seat"], "side": e["side"], "bonus": value, "cancelled": off})
    record = {
        "attacker": {"unit": attacker["id"], "name": units.label(state, attacker), "seat": c["att_seat"]},
        "defender": {"unit": defender["id"], "name": units.label(state, defender), "seat": c["def_seat"]},
        "ranged": c["ranged"], "boost": c["boost"], "revealed": revealed,
        "strength": strength, "armor": armor, "result": "success" if strength >= armor else "failure",
        "effect": None, "round": state["round"],
    }
    state["last_fight"] = record
    return record


def strength_and_armor(state: dict) -> tuple[int, int]:
    c = state["combat"]
    attacker, defender = state["units"][c["attacker"]], state["units"][c["defender"]]
    strength = units.stats(attacker)["strength"] + len(attacker["dice"]) + c["boost"] + cockfight.rank(state, attacker)
    strength += scrolls.fighter_bonus(state, attacker, "attacking", defender)
    armor = units.stats(defender)["armor"] + base_bonus(state, defender) + cockfight.rank(state, defender)
    armor += scrolls.fighter_bonus(state, defender, "defending", attacker)
    a_cards, d_cards = scrolls.card_bonuses(state, attacker, defender)
    return strength + a_cards, armor + d_cards


def base_bonus(state: dict, defender: dict) -> int:
    """Standard: +2 to a leader or chicken on its own base; base-bonus option: anyone on a base."""
    rs = ruleset(state)
    t = state["island"]["tiles"].get(defender["hex"])
    if not t or t["kind"] != "base" or rs.base_bonus_applies_to == "none":
        return 0
    if rs.base_bonus_applies_to == "any_defender":
        return rs.base_armor_bonus
    if t["owner"] == defender["owner"] and defender["kind"] in ("leader", "chicken"):
        return rs.base_armor_bonus
    return 0


def _clean_up(state: dict):
    c = state["combat"]
    for entry in c["revealed"]:
        cid = entry["card"]
        if cards.card(cid)["type"] == "strategy" and entry["side"] == "owner":
            scrolls.put_in_play(state, entry["seat"], cid)
        else:
            state["decks"]["scroll_discard"].append(cid)
        state["stats"]["played"][cards.card(cid)["key"]] = state["stats"]["played"].get(cards.card(cid)["key"], 0) + 1
    draws = c["draws"]
    state["combat"] = None
    pop(state)
    for seat, n in draws:
        scrolls.draw(state, seat, n)


def swap_legal(state: dict, frame: dict) -> list[dict]:
    return [{"type": "new_defender", "unit": u} for u in frame["options"]]


def swap_apply(state: dict, frame: dict, action: dict):
    state["stack"].pop()
    c = state["combat"]
    old = state["units"][c["defender"]]
    new = state["units"][action["unit"]]
    c["defender"], c["def_seat"] = new["id"], new["owner"]
    note(state, msg("wfci.event.change_now", unit=units.name(state, new), old=units.name(state, old)))
    cockfight.reveal(state, [new])
    resolve(state)


def swap_options(state: dict) -> list[str]:
    """Change Now!: another unit or leader within the attacker's reach, not the attacker's own."""
    c = state["combat"]
    attacker = state["units"][c["attacker"]]
    return [u["id"] for u in reach(state, attacker) if u["id"] != c["defender"]]
