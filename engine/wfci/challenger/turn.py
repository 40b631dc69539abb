"""The Challenger's turn (rules section 10), one logged step at a time.

Its turn frame is the ordinary turn frame with `step: "challenger"` and a `stage`:

    opening  (first turn only) it builds the strongest stock machine that can move
    free     the free action: its first machine fights (your leader first) or moves toward
             your leader; with no machine it builds (the Build rule with 0 dice)
    rows     the pair of rows with more dice fires (D-7: a tie fires the top pair)
    command  one step per Command die (top pair)
    build    one machine from the stock window (bottom pair, even with no Build die)
    reinforce  the Reinforcement ladder (bottom pair, with at least one Star die)
    roll     its spent dice are rolled into the rows
    draw     it draws 2 scrolls, and the turn passes

The frame remembers the Power bonus of this turn, which Command die comes next, the unit a
move brought into range (`follow`: the next Command die makes it fight), and how many times
each unit was activated (its leader may move only after two other units were activated).
"""

from __future__ import annotations

from .. import cards, dice, scrolls, units
from . import (
    DATA,
    ROW_OF,
    SEAT,
    activation_order,
    build_hex,
    build_window,
    firing_pair,
    label,
    leader,
    machines,
    move_to,
    place_machine,
    power_bonus,
    row_dice,
    spend_row,
    targets,
)
from ...messages import msg
from ...rng import Rng
from ..actions import base_open
from ..combat import start_fight
from ..state import note, ruleset
from ..turn import end_turn
from . import order_key


def start(frame: dict, opening: bool = False) -> dict:
    """Turn an ordinary turn frame into the Challenger's."""
    frame.update({"step": "challenger", "stage": "opening" if opening else "free", "pair": None, "power": 0,
                  "die": 0, "last": None, "follow": None, "activated": {}})
    return frame


def _act(stage: str, **details) -> dict:
    return {"type": "challenger", "step": stage, **details}


# -- planning: the one action of each stage -------------------------------------------------

def plan(state: dict, frame: dict) -> dict:
    stage = frame["stage"]
    if stage == "opening":
        _window, cid = build_window(state, None)
        return _act("opening_build", card=cid, hex=build_hex(state, cid) if cid else None)
    if stage == "free":
        return _plan_free(state)
    if stage == "rows":
        return _act("rows", pair=firing_pair(state))
    if stage == "command":
        return _plan_command(state, frame)
    if stage == "build":
        n = len(row_dice(state, "build"))
        window, cid = build_window(state, n)
        return _act("build", dice=n, window=len(window), card=cid, hex=build_hex(state, cid) if cid else None)
    if stage == "reinforce":
        return _act("reinforce", dice=len(row_dice(state, "reinforcement")))
    if stage == "roll":
        return _act("roll", dice=len(state["seats"][SEAT]["spent"]))
    return _act("draw", count=DATA["draw_per_turn"])


def fight_or_move(state: dict, unit: dict) -> dict:
    """A unit's activation: fight the best target in range, else move toward your leader."""
    found = targets(state, unit)
    if found:
        return {"do": "fight", "unit": unit["id"], "target": found[0]["id"]}
    dest = move_to(state, unit)
    if dest is None:
        return {"do": "stay", "unit": unit["id"]}
    return {"do": "move", "unit": unit["id"], "hex": dest}


def _plan_free(state: dict) -> dict:
    mine = machines(state)
    if mine:
        return _act("free", **fight_or_move(state, mine[0]))
    if ruleset(state).challenger_uses_chickens:
        return _act("free", **_chicken_free(state))
    _window, cid = build_window(state, 0)
    if cid is None:
        return _act("free", do="none")
    return _act("free", do="build", card=cid, hex=build_hex(state, cid))


# -- classic: its chickens (D-S14, D-S15) -------------------------------------------------

def _stack_chickens(state: dict) -> list[str]:
    """Its chickens standing with its leader, by token id."""
    lead = leader(state)
    if lead is None:
        return []
    return sorted(u["id"] for u in state["units"].values()
                  if u["owner"] == SEAT and u["kind"] == "chicken" and u["hex"] == lead["hex"])


def _draws(state: dict, pool: list[str], n: int) -> tuple[list[str], int]:
    """n picks without replacement from `pool` with the game's RNG (no state change): the picks
    and the RNG state after them."""
    rng = Rng(state["rng"])
    pool, out = list(pool), []
    for _ in range(min(n, len(pool))):
        out.append(pool.pop(rng.below(len(pool))))
    return out, rng.state


def _chicken_free(state: dict) -> dict:
    """Classic free action without a machine (D-S15): a random chicken of its leader's stack
    acts; with none, it retrieves 2 random destroyed chickens to its base (if no enemy stands
    on it). The picks use the game's RNG; the action names them, so its one legal action is
    known before it is applied, and applying it makes the same draws."""
    stack = _stack_chickens(state)
    if stack:
        pick, _rng = _draws(state, stack, 1)
        return {**fight_or_move(state, state["units"][pick[0]]), "random": True}
    destroyed = sorted(state["seats"][SEAT]["destroyed"])
    if destroyed and base_open(state, SEAT):
        picks, _rng = _draws(state, destroyed, 2)
        return {"do": "retrieve", "chickens": picks}
    return {"do": "none"}


def _next_unit(state: dict, frame: dict) -> dict | None:
    """The unit after the last one activated, in activation order, wrapping round (a unit
    destroyed meanwhile keeps its place: the next is the first one after it)."""
    order = activation_order(state)
    if not order:
        return None
    last = frame["last"]
    if last is None:
        return order[0]
    key = order_key(state["units"][last]) if last in state["units"] else _gone_key(last)
    return next((u for u in order if order_key(u) > key), order[0])


def _gone_key(uid: str) -> tuple:
    if uid.startswith("hen-"):
        return (1, -units.CHICKEN["strength"], uid)
    if uid.startswith("lead-"):
        return (2, 0, "")
    return (0, int(uid[1:]), "")


def _others_activated(state: dict, frame: dict) -> int:
    lead = leader(state)
    return sum(1 for uid, n in frame["activated"].items() if n and (lead is None or uid != lead["id"]))


def _plan_command(state: dict, frame: dict) -> dict:
    die = frame["die"] + 1
    follow = state["units"].get(frame["follow"]) if frame["follow"] else None
    if follow is not None and targets(state, follow):
        return _act("command", die=die, follow=True, do="fight", unit=follow["id"],
                    target=targets(state, follow)[0]["id"])
    unit = _next_unit(state, frame)
    if unit is None:
        return _act("command", die=die, do="none")
    extra = {}
    if unit["kind"] == "leader" and not targets(state, unit) \
            and _others_activated(state, frame) < DATA["leader_moves_after"]:
        first = activation_order(state)[0]
        if first["kind"] == "leader":  # no machine to stand in for it: the die is lost (D-S3)
            return _act("command", die=die, do="held", unit=unit["id"])
        unit, extra = first, {"instead": True}
    step = fight_or_move(state, unit)
    if step["do"] == "move":
        step["ready"] = _in_range_after(state, unit, step["hex"])
    return _act("command", die=die, **extra, **step)


def _in_range_after(state: dict, unit: dict, dest: str) -> bool:
    return bool(targets(state, {**unit, "hex": dest}))


# -- applying --------------------------------------------------------------------------------

def apply(state: dict, frame: dict, action: dict) -> None:
    stage = action["step"]
    if stage == "opening_build":
        if action["card"]:
            place_machine(state, action["card"], action["hex"])
            note(state, msg("wfci.event.ch_builds_opening", card=cards.name(action["card"])))
        frame["stage"] = "free"
    elif stage == "free":
        frame["pair"] = firing_pair(state)
        frame["power"] = power_bonus(state)
        frame["free"] = False
        frame["stage"] = "rows"
        _do(state, frame, action, free=True)
    elif stage == "rows":
        _rows(state, frame, action)
    elif stage == "command":
        dice.spend(state, SEAT, next(d["face"] for d in row_dice(state, "command")))
        frame["die"] += 1
        if not row_dice(state, "command"):
            frame["stage"] = "roll"
        _do(state, frame, action)
    elif stage == "build":
        spend_row(state, "build")
        frame["stage"] = "reinforce" if row_dice(state, "reinforcement") else "roll"
        if action["card"] and action["hex"]:
            place_machine(state, action["card"], action["hex"])
            note(state, msg("wfci.event.ch_builds", card=cards.name(action["card"])))
    elif stage == "reinforce":
        _reinforce(state, spend_row(state, "reinforcement"))
        frame["stage"] = "roll"
    elif stage == "roll":
        s = state["seats"][SEAT]
        spent, s["spent"] = sorted(s["spent"]), []
        dice.roll_ids(state, SEAT, spent)
        rolled = [d for d in state["seats"][SEAT]["banner"] if d["id"] in set(spent)]
        note(state, msg("wfci.event.ch_rolls", dice=[msg("wfci.event.ch_die_into", face=msg(f"wfci.face.{d['face']}"),
                                                          row=msg(f"wfci.row.{ROW_OF[d['face']]}")) for d in rolled]))
        frame["stage"] = "draw"
    else:
        scrolls.draw(state, SEAT, action["count"])
        end_turn(state)


def _rows(state: dict, frame: dict, action: dict) -> None:
    if action["pair"] == "top":
        spend_row(state, "power")
        frame["stage"] = "command" if row_dice(state, "command") else "roll"
    else:
        frame["stage"] = "build"


def _do(state: dict, frame: dict, action: dict, free: bool = False) -> None:
    """Carry out a fight, a move or a build decided by `plan`."""
    kind = action["do"]
    uid = action.get("unit")
    if action.get("random"):  # the RNG draws that picked the chicken (or the chickens)
        state["rng"] = _draws(state, _stack_chickens(state), 1)[1]
    if kind == "retrieve":
        state["rng"] = _draws(state, sorted(state["seats"][SEAT]["destroyed"]), 2)[1]
        s = state["seats"][SEAT]
        for hen in action["chickens"]:
            s["destroyed"].remove(hen)
            state["units"][hen] = {"id": hen, "owner": SEAT, "kind": "chicken", "card": None, "hex": s["base"],
                                   "shields": 0, "dice": [], "pilots": []}
        note(state, msg("wfci.event.ch_retrieves", n=len(action["chickens"])))
        return
    if kind in ("fight", "move", "stay"):
        frame["activated"][uid] = frame["activated"].get(uid, 0) + 1
        if not free and not action.get("follow"):
            frame["last"] = uid
        frame["follow"] = None
    if kind == "fight":
        start_fight(state, SEAT, uid, action["target"], boost=frame["power"])
    elif kind == "move":
        unit = state["units"][uid]
        unit["hex"] = action["hex"]
        note(state, msg("wfci.event.ch_moves", unit=label(unit), hex=action["hex"]))
        if action.get("ready"):
            frame["follow"] = uid
    elif kind == "build":
        place_machine(state, action["card"], action["hex"])
        note(state, msg("wfci.event.ch_builds", card=cards.name(action["card"])))


def _reinforce(state: dict, n: int) -> None:
    """The Reinforcement ladder: 1st die a scroll, 2nd a shield on its leader, 3rd-5th a scroll."""
    for rung in DATA["reinforcement_ladder"][:n]:
        if rung == "scroll":
            scrolls.draw(state, SEAT, 1)
        elif rung == "shield":
            lead = leader(state)
            if lead is not None and units.give_shield(state, lead):
                note(state, msg("wfci.event.ch_leader_shield"))
