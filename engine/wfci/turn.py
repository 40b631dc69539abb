"""The turn sequence (rules section 4) and the one dispatcher from a frame to its rules.

A turn is the frame at the bottom of the stack: {"kind": "turn", "seat", "step": "roll" |
"reroll" | "actions" | "draw", "free": the free action is unused, ...}. Every decision above
it (a build, a move, a fight, a catastrophe's choice) is a frame of its own kind, and FRAMES
maps each kind to (legal, apply). `apply_action` checks the action is one of the legal ones,
copies the state, applies, then `settle`s what follows on its own (catastrophes).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from ..errors import IllegalAction
from ..messages import listing, msg
from ..strict import is_legal
from . import (actions, cards, catastrophes, cockfight, combat, composite, custom_island, dice, epic, flag, hand,
               movement, scrolls, setup, solo, stars, victory)
from .leaders import leader_abilities
from .state import copy_state, new_turn_frame, note, ruleset, top, who


# -- the steps of a turn -------------------------------------------------------------------

def reroll_cost(state: dict, seat: int) -> int | None:
    cost = ruleset(state).reroll_cost
    if cost is None:
        return None
    override = [ab["reroll_cost"] for ab in leader_abilities(state, seat)
                if "reroll_cost" in ab]
    return min([cost] + override)


def _reroll_payments(state: dict, seat: int) -> list[list[str]]:
    cost = reroll_cost(state, seat)
    res = state["seats"][seat]["res"]
    if cost is None or sum(res.values()) < cost:
        return []
    out = []
    for combo in combinations_with_replacement(cards.RESOURCES, cost):
        if all(res[r] >= combo.count(r) for r in set(combo)):
            out.append(list(combo))
    return out


def draw_limit(state: dict, seat: int) -> int:
    return ruleset(state).draw_per_turn + scrolls.leader_value(state, seat, "draw_extra")


def turn_legal(state: dict, frame: dict) -> list[dict]:
    seat, step = frame["seat"], frame["step"]
    if step in ("roll", "reroll"):
        out = [{"type": "toggle_die", "die": d} for d in dice.toggleable(state, seat, step)]
        if step == "roll":
            return out + [{"type": "roll"}, {"type": "skip_roll"}]
        if frame["selected"]:
            out += [{"type": "reroll", "pay": p} for p in _reroll_payments(state, seat)]
        return out + [{"type": "keep"}]
    if step == "build":
        return actions.build_actions(state, seat) + [{"type": "skip_build"}]
    if step == "actions":
        out = []
        out += actions.build_actions(state, seat)
        out += movement.start_actions(state, seat)
        out += combat.attack_actions(state, seat)
        out += actions.retrieve_actions(state, seat)
        out += actions.plus_one_actions(state, seat)
        out += stars.star_actions(state, seat)
        out += hand.activations(state, seat)
        out += hand.play_actions(state, seat)
        return out + [{"type": "end_actions"}]
    if frame["drawn"] < draw_limit(state, seat) and stars._can_draw(state):
        return [{"type": "draw"}] if ruleset(state).draw_compulsory else [{"type": "draw"}, {"type": "end_turn"}]
    return [{"type": "end_turn"}]


def turn_apply(state: dict, frame: dict, action: dict):
    seat, kind = frame["seat"], action["type"]
    if kind == "toggle_die":
        sel = frame["selected"]
        sel.remove(action["die"]) if action["die"] in sel else sel.append(action["die"])
    elif kind == "roll":
        n = len(state["seats"][seat]["spent"]) + len(frame["selected"])
        dice.roll_step(state, seat, frame["selected"])
        frame["selected"] = []
        frame["step"] = "reroll" if _reroll_payments(state, seat) else _after_roll(state)
        note(state, msg("wfci.event.rolls", who=who(seat), n=n, faces=_faces(state, seat)))
    elif kind == "reroll":
        for r in action["pay"]:
            state["seats"][seat]["res"][r] -= 1
            state["supply"][r] += 1
        n = len(frame["selected"])
        dice.reroll(state, seat, frame["selected"])
        frame["selected"] = []
        frame["step"] = _after_roll(state)
        pay = listing("engine.list.and", [msg(f"wfci.resource.{r}") for r in action["pay"]])
        note(state, msg("wfci.event.rerolls", who=who(seat), pay=pay, n=n, faces=_faces(state, seat)))
    elif kind == "skip_roll":
        frame["selected"] = []
        frame["step"] = _after_roll(state)
        note(state, msg("wfci.event.no_roll", who=who(seat)))
    elif kind == "keep":
        frame["selected"] = []
        frame["step"] = _after_roll(state)
    elif kind == "skip_build":
        frame["step"] = "actions"
    elif kind == "end_actions":
        frame["step"] = "draw"
    elif kind == "draw":
        frame["drawn"] += 1
        scrolls.draw(state, seat, 1)
        if frame["drawn"] >= draw_limit(state, seat) and not state["cats"]:
            end_turn(state)
    elif kind == "end_turn":
        end_turn(state)
    else:
        ACTION_STARTS[kind](state, seat, action)


def _after_roll(state: dict) -> str:
    """Quickplay puts a Build step between the roll and the actions."""
    return "build" if ruleset(state).quickplay_build_step else "actions"


def _faces(state: dict, seat: int) -> list | dict:
    faces = [msg(f"wfci.face.{d['face']}") for d in state["seats"][seat]["banner"]]
    return faces or msg("wfci.event.no_faces")


def end_turn(state: dict):
    seat = state["stack"][0]["seat"]
    nxt = (seat + 1) % state["players"]
    state["turns"] += 1
    if nxt == state["first"]:
        state["round"] += 1
    state["stack"] = [new_turn_frame(nxt)]
    epic.start_of_turn(state, nxt)
    if solo.is_challenger(state, nxt):
        solo.STEPS["start_turn"](state["stack"][0])
    victory.turn_limit(state)
    if state["result"] is None:
        note(state, msg("wfci.event.turn", who=who(nxt)))


ACTION_STARTS = {
    "build": actions.begin_build,
    "move": movement.begin,
    "attack": combat.begin_attack,
    "retrieve": actions.begin_retrieve,
    "plus_one": actions.plus_one,
    "star": stars.use,
    "activate": hand.activate,
    "play_scroll": hand.play,
}


# -- dispatch ------------------------------------------------------------------------------

FRAMES = {
    "turn": (turn_legal, turn_apply),
    "choose_leader": (setup.leader_legal, setup.leader_apply),
    "claim_base": (setup.claim_legal, setup.claim_apply),
    "island": (custom_island.legal, custom_island.apply),
    "build": (actions.build_legal, actions.build_apply),
    "move": (movement.legal, movement.apply),
    "retrieve": (actions.retrieve_legal, actions.retrieve_apply),
    "discard_resources": (actions.discard_legal, actions.discard_apply),
    "target": (combat.target_legal, combat.target_apply),
    "combat": (combat.legal, combat.apply),
    "swap": (combat.swap_legal, combat.swap_apply),
    "hit": (hand.hit_legal, hand.hit_apply),
    "transmute": (hand.transmute_legal, hand.transmute_apply),
    "lava_trap": (hand.lava_trap_legal, hand.lava_trap_apply),
    "discard_scroll": (hand.discard_scroll_legal, hand.discard_scroll_apply),
    "shield_target": (stars.shield_legal, stars.shield_apply),
    "hurricane": (catastrophes.hurricane_legal, catastrophes.hurricane_apply),
    "tsunami": (catastrophes.tsunami_legal, catastrophes.tsunami_apply),
    "hurricane_rob": (catastrophes.rob_legal, catastrophes.rob_apply),
    "nudge": (catastrophes.nudge_legal, catastrophes.nudge_apply),
    "eruption": (catastrophes.eruption_legal, catastrophes.eruption_apply),
    "leader_refuge": (lambda state, frame: [{"type": "refuge", "hex": h} for h in frame["options"]],
                      lambda state, frame, action: _refuge(state, frame, action)),
}


def _refuge(state: dict, frame: dict, action: dict):
    state["stack"].pop()
    state["units"][frame["unit"]]["hex"] = action["hex"]


def to_act(state: dict) -> list[int]:
    if state["result"] is not None or not state["stack"]:
        return []
    return [top(state)["seat"]]


def handlers(state: dict, frame: dict):
    """(legal, apply) for the frame on top: wherever the solo Challenger's seat decides, its
    rules give the one action (the challenger package registers its `legal` and `apply`, and
    the frames of the solo setup, when it is imported)."""
    if solo.is_challenger(state, frame["seat"]):
        return solo.STEPS["legal"], solo.STEPS["apply"]
    return FRAMES[frame["kind"]]


def atomic_legal(state: dict, seat: int) -> list[dict]:
    """Every atomic choice: what the composites are made of."""
    if state["result"] is not None or not state["stack"] or top(state)["seat"] != seat:
        return []
    frame = top(state)
    return handlers(state, frame)[0](state, frame) + stars.any_time(state, frame)


def legal(state: dict, seat: int) -> list[dict]:
    """The atomic choices, then the composite ones that stand for a run of them (composite.py)."""
    out = atomic_legal(state, seat)
    return out + composite.offered(state, seat, top(state), apply_action, atomic_legal) if out else out


def apply_action(state: dict, seat: int, action, known_legal: bool = False) -> dict:
    """The state after `seat` takes `action` (a new state: `state` is never changed).
    `known_legal`: the caller took the action from this very state's legal choices (a bot's
    playout), so they are not worked out a second time; a player's move is always checked."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("wfci.refuse.not_a_dict")
    if state["result"] is not None:
        raise IllegalAction("wfci.refuse.over")
    frame = top(state)
    if seat != frame["seat"]:
        raise IllegalAction("wfci.refuse.not_your_turn", who=who(frame["seat"]))
    if composite.is_composite(action):
        if not is_legal(action, legal(state, seat)):
            raise IllegalAction("wfci.refuse.composite", kind=action["type"])
        return composite.run(state, seat, action, apply_action, atomic_legal)[0]
    legal_now, _apply = handlers(state, frame)
    any_time = is_legal(action, stars.any_time(state, frame))  # classic star abilities (D-W25)
    if not any_time and not known_legal and not is_legal(action, legal_now(state, frame)):
        if frame["kind"] == custom_island.KIND:
            raise custom_island.refusal(state, frame, action)  # says which placement rule
        raise IllegalAction("wfci.refuse.not_legal", kind=action["type"])
    new = copy_state(state)
    new["events"] = []
    new["steps"] += 1
    frame = top(new)
    if any_time:
        stars.use_any_time(new, seat, action)
    else:
        handlers(new, frame)[1](new, frame, action)
    settle(new)
    cockfight.after(state, new)
    flag.settle(new)
    return new


def settle(state: dict):
    """Resolve what happens by itself once the turn frame is back on top: catastrophes."""
    while state["result"] is None and state["stack"] and top(state)["kind"] == "turn" and state["combat"] is None:
        cat = state["cat"]
        if cat is None:
            if not state["cats"]:
                break
            state["cat"] = {**state["cats"].pop(0), "stage": "effect"}
            catastrophes.begin(state)
        elif cat["stage"] == "effect":
            cat["stage"] = "aftermath"
            catastrophes.aftermath(state)
        else:
            catastrophes.finish(state)
            frame = top(state)
            if frame["step"] == "draw" and frame["drawn"] >= draw_limit(state, frame["seat"]) and not state["cats"]:
                end_turn(state)
