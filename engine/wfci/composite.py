"""Composite choices: one action that stands for a short run of atomic ones, so what a turn does
most often costs one tap instead of one per die or per resource.

`legal_actions` lists every atomic choice as before and, next to them, these composites:

- `{"type": "roll", "again": [faces]}` at the roll step: pick every banner die showing one of
  these faces (one or two faces, two dice or more), then roll (the spent dice roll anyway);
- `{"type": "pick_dice", "faces": [faces]}` at the reroll step: pick exactly the banner dice
  showing these faces (two dice or more; then pay the reroll, or keep), unless a paid reroll
  with its dice is offered (one way to pay, nothing picked yet: shortcuts.py);
- `{"type": "take_all", "what": [...]}` while retrieving: every take the allowance leaves, at
  once (and "done" if the retrieve would still be open after them);
- `{"type": "end_actions", "then": "draw"}`: end the actions and draw what the turn may;
- in a fight's dice stage, `{"type": "boost", "face", "then": "done"}`: this die and no more;
  `{"type": "done", "then": "pass"}`: no more dice, and no scroll when the scrolls come to you
  next;
- `{"type": "build", "card": ..., "pilots": [...]}`: a machine with pilots, the obvious ones
  picked (chickens carrying no flag first, then those at the base, then by id); the player
  then taps where it goes;
- a move with where it goes, an attack with its target, a retrieve with what it takes, a paid
  reroll with its dice (shortcuts.py).

A composite is applied as the very atomic steps it stands for, one `apply_action` each, so every
rule holds in one place and its result is the state the step-by-step path reaches. Nothing here
knows the dispatcher: `step(state, seat, action) -> state` and `legal(state, seat)` (the atomic
choices only) are passed in.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from ..errors import IllegalAction
from ..strict import is_legal
from . import actions, cards, dice, flag, shortcuts, solo
from .state import top



def is_composite(action: dict) -> bool:
    kind = action.get("type")
    return ((kind == "roll" and "again" in action) or kind in ("pick_dice", "take_all")
            or (kind in ("end_actions", "done", "boost") and "then" in action) or (kind == "build" and "pilots" in action)
            or shortcuts.is_shortcut(action))


def _face_sets(state: dict, seat: int, chosen: set, least: int = 2) -> list[list[str]]:
    """The sets of one or two faces showing on the banner whose dice differ from `chosen` by
    `least` dice or more (fewer save no tap), smallest first, in face order: a short row of
    buttons. A paid reroll is a step of its own, so there one die is enough."""
    shown = [f for f in dice.FACES if dice.count(state, seat, f)]
    sets = [list(c) for n in (1, 2) for c in combinations(shown, n)]
    return [f for f in sets if len(_showing(state, seat, f) ^ chosen) >= least]


def _showing(state: dict, seat: int, faces: list[str]) -> set[str]:
    return {d["id"] for d in state["seats"][seat]["banner"] if d["face"] in faces}


def offered(state: dict, seat: int, frame: dict, step, legal) -> list[dict]:
    """The composites open to `seat` with `frame` on top (none for the Challenger's seat, whose
    one forced action is the whole of its legal list)."""
    if solo.is_challenger(state, seat):
        return []
    kind = frame["kind"]
    if kind == "combat":
        return _done_and_pass(state, seat, step, legal)
    if kind == "turn" and frame["step"] == "roll" and not frame["selected"]:
        return [{"type": "roll", "again": f} for f in _face_sets(state, seat, set())]
    if kind == "turn" and frame["step"] == "reroll":
        paid = [] if frame["selected"] else _paid_rerolls(state, seat, step, legal)
        if paid:  # one way to pay: picking by face and paying at once covers every pick_dice
            return paid
        return [{"type": "pick_dice", "faces": f} for f in _face_sets(state, seat, set(frame["selected"]))]
    out = []
    atomic = legal(state, seat)
    if kind == "turn" and frame["step"] in ("actions", "build"):
        out += _piloted_builds(state, seat, atomic)
    if kind == "turn" and frame["step"] == "actions":
        out += shortcuts.moves(state, seat, atomic) + shortcuts.attacks(state, seat, atomic)
        out += _retrieves(state, seat, atomic, step, legal)
        after = step(state, seat, {"type": "end_actions"})
        if {"type": "draw"} in legal(after, seat):
            out.append({"type": "end_actions", "then": "draw"})
        return out
    if kind == "retrieve" and frame["left"] > 1:
        return _take_sets(state, seat, frame, step, legal)
    return out


def _paid_rerolls(state: dict, seat: int, step, legal) -> list[dict]:
    """Before any die is picked, when the reroll can be paid one way only: the dice of one or
    two faces and that payment, at once. (With several ways to pay, a row of dice per payment
    would not fit a phone's decision bar: the player picks, then pays.)"""
    banner = state["seats"][seat]["banner"]
    ids = {d["id"] for d in banner}
    toggle = next((a for a in legal(state, seat) if a["type"] == "toggle_die" and a["die"] in ids), None)
    if toggle is None:
        return []
    picked = step(state, seat, toggle)
    pays = [a["pay"] for a in legal(picked, seat) if a["type"] == "reroll"]
    if len(pays) != 1:
        return []
    return [{"type": "reroll", "pay": p, "faces": f} for p in pays for f in _face_sets(state, seat, set(), least=1)]


def _done_and_pass(state: dict, seat: int, step, legal) -> list[dict]:
    """A fight's dice stage: one die and no more (while another could still be added); no more
    dice and, when the scrolls come to you next, none of them."""
    atomic = legal(state, seat)
    if state["combat"] is None or state["combat"]["stage"] != "dice" or {"type": "done"} not in atomic:
        return []
    out = []
    for a in atomic:
        if a["type"] == "boost" and "then" not in a:
            after = step(state, seat, a)
            if after["combat"] and after["combat"]["stage"] == "dice" and {"type": "done"} in legal(after, seat):
                out.append({**a, "then": "done"})
    after = step(state, seat, {"type": "done"})
    if after["stack"] and top(after)["seat"] == seat and {"type": "pass"} in legal(after, seat):
        out.append({"type": "done", "then": "pass"})
    return out


def obvious_pilots(state: dict, seat: int, need: int) -> list[str]:
    """The pilots a player takes unless something says otherwise: a chicken carrying a flag
    keeps it on the island, one at the base is out of the way; then by id."""
    base = state["seats"][seat]["base"]
    hens = sorted(actions.own_chickens(state, seat),
                  key=lambda u: (bool(flag.carried_by(state, u["id"])), u["hex"] != base, u["id"]))
    return [u["id"] for u in hens[:need]]


def _piloted_builds(state: dict, seat: int, legal: list[dict]) -> list[dict]:
    out = []
    for a in legal:
        if a["type"] != "build" or "card" not in a:
            continue
        need = cards.card(a["card"])["pilots"]
        pilots = obvious_pilots(state, seat, need) if need else []
        if need and len(pilots) == need and actions.free_hexes(state, seat, a["card"], set(pilots)):
            out.append({**a, "pilots": pilots})
    return out


def _take_sets(state: dict, seat: int, frame: dict, step, legal, then: dict | None = None) -> list[dict]:
    """Every set of `frame["left"]` things the retrieve may take, as a take_all (or as `then`
    with them, for a retrieve not begun yet)."""
    takes = sorted({a["what"] for a in legal(state, seat) if a["type"] == "take"})
    out = []
    for combo in combinations_with_replacement(takes, frame["left"]):
        action = {"type": "take_all", "what": list(combo)}
        try:
            run(state, seat, action, step, legal)
        except IllegalAction:
            continue
        out.append({**then, "what": list(combo)} if then else action)
    return out


def _retrieves(state: dict, seat: int, atomic: list[dict], step, legal) -> list[dict]:
    """A retrieve with the whole allowance it takes, paid with a Chicken die when there is one
    (it pays nothing else), else with the free action: one row of choices, which fits a phone's
    decision bar. The other payment takes the plain retrieve, then the allowance."""
    pays = [a for a in atomic if a["type"] == "retrieve" and "what" not in a]
    out = []
    for a in sorted(pays, key=lambda a: a["pay"] != "chicken")[:1]:
        after = step(state, seat, a)
        if after["stack"] and top(after)["kind"] == "retrieve" and top(after)["seat"] == seat:
            out += _take_sets(after, seat, top(after), step, legal, then=a)
    return out


def run(state: dict, seat: int, action: dict, step, legal) -> tuple[dict, list[dict]]:
    """Apply a composite as its atomic steps: (the state after them, the steps). A step that
    is not legal when its turn comes refuses the whole composite."""
    kind = action["type"]
    done: list[dict] = []
    events: list = []

    def do(a: dict) -> None:
        nonlocal state
        if not is_legal(a, legal(state, seat)):
            raise IllegalAction("wfci.refuse.composite", kind=kind)
        state = step(state, seat, a)
        events.extend(state["events"])
        done.append(a)

    if kind in ("roll", "pick_dice", "reroll"):
        faces = action.get("again" if kind == "roll" else "faces")
        if not isinstance(faces, list) or not faces or any(not isinstance(f, str) for f in faces):
            raise IllegalAction("wfci.refuse.composite", kind=kind)
        chosen = set(top(state)["selected"]) if state["stack"] else set()
        for die in sorted(_showing(state, seat, faces) ^ chosen):
            do({"type": "toggle_die", "die": die})
        if kind == "roll":
            do({"type": "roll"})
        if kind == "reroll":
            do({"type": "reroll", "pay": action.get("pay")})
    elif kind in ("take_all", "retrieve"):
        what = action.get("what")
        if not isinstance(what, list) or not what:
            raise IllegalAction("wfci.refuse.composite", kind=kind)
        if kind == "retrieve":
            do({"type": "retrieve", "pay": action.get("pay")})
        for w in what:
            do({"type": "take", "what": w})
        if state["stack"] and top(state)["kind"] == "retrieve" and top(state)["seat"] == seat:
            do({"type": "done"})
    elif kind == "build":
        pilots = action.get("pilots")
        if not isinstance(pilots, list) or not pilots:
            raise IllegalAction("wfci.refuse.composite", kind=kind)
        do({k: v for k, v in action.items() if k != "pilots"})
        for p in pilots:
            do({"type": "pick_pilot", "unit": p})
    elif kind in ("move", "attack"):
        for a in shortcuts.steps(state, action):
            do(a)
        if kind == "move" and shortcuts.still_moving(state, seat):
            do({"type": "end_move"})
    elif kind == "done" and action.get("then") == "pass":
        do({"type": "done"})
        do({"type": "pass"})
    elif kind == "boost" and action.get("then") == "done":
        do({"type": "boost", "face": action.get("face")})
        do({"type": "done"})
    elif kind == "end_actions":
        do({"type": "end_actions"})
        while {"type": "draw"} in legal(state, seat) and top(state)["kind"] == "turn":
            do({"type": "draw"})
    else:
        raise IllegalAction("wfci.refuse.composite", kind=kind)
    state["events"] = events
    return state, done


def fold(state: dict, seat: int, choose, step, legal) -> dict:
    """The composite a player choosing with `choose(state, seat)` would take here: the longest
    one that reaches the very state that player's next choices reach; else the atomic choice. The
    figures of docs/wfci-ui.md play a careful player this way."""
    first = choose(state, seat)
    composites = offered(state, seat, top(state), step, legal) if legal(state, seat) else []
    best, best_len = first, 1
    for c in composites:
        try:
            after, steps = run(state, seat, c, step, legal)
        except IllegalAction:
            continue
        if len(steps) <= best_len:
            continue
        t = state
        for _ in steps:
            if t["result"] is not None or not t["stack"] or top(t)["seat"] != seat:
                break
            t = step(t, seat, choose(t, seat))
        if {**t, "events": []} == {**after, "events": []}:
            best, best_len = c, len(steps)
    return best
