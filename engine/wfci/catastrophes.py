"""The four catastrophes (rules section 8), resolved by the player who drew them.

A drawn catastrophe waits in `state["cats"]` (face up, in the order drawn: D-W6, drawing one
scroll at a time means several never arrive at once) and `turn.settle` resolves it as soon as
the turn frame is on top again: `begin` does the effect or pushes the choices it needs, then
the aftermath (ruleset `catastrophe_aftermath`) runs. No humiliation tag is ever given.
"""

from __future__ import annotations

from ..rng import Rng
from ..messages import msg
from . import cards, cockfight, teams, units, victory
from .lava import apply_lava
from .movement import may_enter_base
from .solo import is_challenger
from .state import clockwise, kind, neighbours, note, ruleset, who


def _lava(state: dict) -> list[str]:
    return sorted(k for k, t in state["island"]["tiles"].items() if t["kind"] == "lava")


def _neutral(state: dict) -> list[str]:
    return sorted(k for k, t in state["island"]["tiles"].items() if t["kind"] == "neutral")


def begin(state: dict):
    cat = state["cat"]
    which = cards.card(cat["card"])["catastrophe"]
    seat = cat["seat"]
    note(state, msg("wfci.event.resolves", who=who(seat), card=cards.name(cat["card"])))
    if ruleset(state).catastrophe_texts == "classic":
        return begin_classic(state, which, seat)
    if which == "hurricane":
        hens = cockfight.chicken_catastrophe(state, which)  # D-C6: a cockfight's resources are chickens
        for s in reversed(clockwise(state, seat)):
            total = len(cockfight.chickens_of(state, s)) if hens else sum(state["seats"][s]["res"].values())
            if total:
                state["stack"].append({"kind": "hurricane", "seat": s, "left": min(2, total),
                                       **({"chickens": True} if hens else {})})
    elif which == "tsunami":
        if _lava(state):
            state["stack"].append({"kind": "tsunami", "seat": seat})
    elif which == "earthquake":
        _earthquake(state)
    elif which == "eruption":
        if _lava(state) or _neutral(state):
            state["stack"].append({"kind": "eruption", "seat": seat})


def _earthquake(state: dict) -> None:
    """Every lava and neutral tile flips; units now on lava follow the lava rule (both editions)."""
    for k in _lava(state) + _neutral(state):
        t = state["island"]["tiles"][k]
        t["kind"] = "neutral" if t["kind"] == "lava" else "lava"
    note(state, msg("wfci.event.quake"))
    for line in apply_lava(state):
        note(state, line)


# -- the classic texts (D-W19) ---------------------------------------------------------------

def begin_classic(state: dict, which: str, seat: int):
    """Hurricane: the drawer returns 2 resources of one opponent, then may move any chicken 1
    hex. Tsunami: all lava turns neutral; with none, the drawer picks a neutral tile and the
    chickens and machines next to it are destroyed. Earthquake: every tile flips (lava rule),
    then the drawer may move any chicken 1 hex. Eruption: a lava tile (none: a neutral one
    turns to lava) destroys the chickens and machines next to it."""
    if which == "hurricane":
        state["stack"].append({"kind": "nudge", "seat": seat})
        if _robbable(state, seat):
            state["stack"].append({"kind": "hurricane_rob", "seat": seat})
    elif which == "tsunami":
        lava = _lava(state)
        for k in lava:
            state["island"]["tiles"][k]["kind"] = "neutral"
        if lava:
            note(state, msg("wfci.event.tsunami_floods_all"))
        elif _neutral(state):
            state["stack"].append({"kind": "tsunami", "seat": seat, "classic": True})
    elif which == "earthquake":
        state["stack"].append({"kind": "nudge", "seat": seat})
        _earthquake(state)
    elif which == "eruption":
        if _lava(state) or _neutral(state):
            state["stack"].append({"kind": "eruption", "seat": seat, "classic": True})


def _holdings(state: dict, seat: int) -> int:
    """What a Hurricane can take from a seat: resources, or chickens in a cockfight (D-C6)."""
    if cockfight.chicken_catastrophe(state, "hurricane"):
        return len(cockfight.chickens_of(state, seat))
    return sum(state["seats"][seat]["res"].values())


def _robbable(state: dict, seat: int) -> list[int]:
    return [s for s in clockwise(state, seat)[1:] if _holdings(state, s) and teams.opposed(state, seat, s)]


def rob_legal(state: dict, frame: dict) -> list[dict]:
    if "victim" not in frame:
        return [{"type": "rob", "seat": s} for s in _robbable(state, frame["seat"])]
    if cockfight.chicken_catastrophe(state, "hurricane"):
        return [{"type": "destroy", "unit": u} for u in cockfight.chickens_of(state, frame["victim"])]
    res = state["seats"][frame["victim"]]["res"]
    return [{"type": "return_resource", "resource": r} for r in cards.RESOURCES if res[r]]


def rob_apply(state: dict, frame: dict, action: dict):
    if action["type"] == "rob":
        frame["victim"] = action["seat"]
        frame["left"] = min(2, _holdings(state, action["seat"]))
        note(state, msg("wfci.event.hurricane_blows", who=who(action["seat"])))
        return
    if action["type"] == "destroy":
        _blow_away(state, frame, action["unit"])
        if frame["left"] <= 0 or not rob_legal(state, frame):
            state["stack"].pop()
        return
    state["seats"][frame["victim"]]["res"][action["resource"]] -= 1
    state["supply"][action["resource"]] += 1
    note(state, msg("wfci.event.loses", who=who(frame["victim"]), resource=msg(f"wfci.resource.{action['resource']}")))
    frame["left"] -= 1
    if frame["left"] <= 0 or not rob_legal(state, frame):
        state["stack"].pop()


def nudge_legal(state: dict, frame: dict) -> list[dict]:
    """Any chicken (not a pilot) to a neighbouring hex its owner could stop on: land that is
    not lava, a base it may enter, no unit of another seat, everything there banding (D-W19)."""
    out = []
    for u in sorted(state["units"].values(), key=lambda u: u["id"]):
        if u["kind"] != "chicken":
            continue
        for n in sorted(neighbours(u["hex"])):
            if kind(state, n) in ("territory", "base", "neutral") and may_enter_base(state, u["owner"], n, [u]) \
                    and units.can_stop_with(state, n, u["owner"], True):
                out.append({"type": "nudge", "unit": u["id"], "hex": n})
    return out + [{"type": "no_nudge"}]


def nudge_apply(state: dict, frame: dict, action: dict):
    state["stack"].pop()
    if action["type"] == "nudge":
        unit = state["units"][action["unit"]]
        unit["hex"] = action["hex"]
        note(state, msg("wfci.event.wind", unit=units.name(state, unit), hex=action["hex"]))


def _wipe_out(state: dict, key: str, what: str):
    """Classic Tsunami and Eruption: every chicken and machine next to `key` is destroyed; a
    shield absorbs it instead (as in a fight); leaders are untouched (D-W19)."""
    near = set(neighbours(key))
    for u in sorted(list(state["units"].values()), key=lambda u: u["id"]):
        if u["id"] not in state["units"] or u["hex"] not in near or u["kind"] == "leader":
            continue
        label = units.name(state, u)
        result = units.hit(state, u)
        note(state, msg(f"wfci.event.{what}_{'strips' if result == 'shield' else 'destroys'}", unit=label))


# -- choice frames -------------------------------------------------------------------------

def hurricane_legal(state: dict, frame: dict) -> list[dict]:
    if frame.get("chickens"):
        return [{"type": "destroy", "unit": u} for u in cockfight.chickens_of(state, frame["seat"])]
    res = state["seats"][frame["seat"]]["res"]
    return [{"type": "return_resource", "resource": r} for r in cards.RESOURCES if res[r]]


def hurricane_apply(state: dict, frame: dict, action: dict):
    if action["type"] == "destroy":
        _blow_away(state, frame, action["unit"])
    else:
        state["seats"][frame["seat"]]["res"][action["resource"]] -= 1
        state["supply"][action["resource"]] += 1
        frame["left"] -= 1
    if frame["left"] <= 0 or not hurricane_legal(state, frame):
        state["stack"].pop()


def _blow_away(state: dict, frame: dict, uid: str):
    """D-C6: a chicken the Hurricane takes is eliminated by a catastrophe: a shield absorbs it."""
    victim = state["units"][uid]
    label = units.name(state, victim)
    result = units.hit(state, victim)
    note(state, msg(f"wfci.event.hurricane_{'strips' if result == 'shield' else 'destroys'}", unit=label))
    frame["left"] -= 1


def tsunami_legal(state: dict, frame: dict) -> list[dict]:
    if frame.get("classic"):
        return [{"type": "flood", "hex": k} for k in _neutral(state)]
    if "hex" not in frame:
        return [{"type": "flip", "hex": k} for k in _lava(state)]
    return [{"type": "destroy", "unit": u} for u in frame["options"]]


def tsunami_apply(state: dict, frame: dict, action: dict):
    if action["type"] == "flood":
        state["stack"].pop()
        note(state, msg("wfci.event.tsunami_breaks", hex=action["hex"]))
        _wipe_out(state, action["hex"], "tsunami")
        return
    if action["type"] == "flip":
        state["island"]["tiles"][action["hex"]]["kind"] = "neutral"
        note(state, msg("wfci.event.tsunami_floods", hex=action["hex"]))
        near = set(neighbours(action["hex"]))
        frame["hex"] = action["hex"]
        frame["options"] = sorted(u["id"] for u in state["units"].values() if u["hex"] in near and u["kind"] != "leader")
        if not frame["options"]:
            state["stack"].pop()
        return
    state["stack"].pop()
    victim = state["units"][action["unit"]]
    result = units.hit(state, victim)
    note(state, msg(f"wfci.event.tsunami_{'strips' if result == 'shield' else 'destroys'}", unit=units.name(state, victim)))


def eruption_legal(state: dict, frame: dict) -> list[dict]:
    lava = _lava(state)
    if lava:
        return [{"type": "erupt", "hex": k} for k in lava]
    return [{"type": "erupt", "hex": k} for k in _neutral(state)]


def eruption_apply(state: dict, frame: dict, action: dict):
    state["stack"].pop()
    key = action["hex"]
    if state["island"]["tiles"][key]["kind"] == "neutral":
        state["island"]["tiles"][key]["kind"] = "lava"
        note(state, msg("wfci.event.to_lava", hex=key))
    note(state, msg("wfci.event.erupts", hex=key))
    if frame.get("classic"):
        _wipe_out(state, key, "eruption")
        for line in apply_lava(state):
            note(state, line)
        return
    near = set(neighbours(key))
    for u in sorted(list(state["units"].values()), key=lambda u: u["id"]):
        if u["id"] not in state["units"] or u["hex"] not in near:
            continue  # gone already (a golem's blast), or not next to the eruption
        if u["kind"] != "leader" and not u["shields"]:
            note(state, msg("wfci.event.eruption_destroys", unit=units.name(state, u)))
            units.destroy(state, u)
        else:
            units.strip_shields(state, u)
    for line in apply_lava(state):
        note(state, line)


# -- aftermath -----------------------------------------------------------------------------

def aftermath(state: dict):
    """Standard: everyone discards down to 9 scrolls (the player chooses which), clockwise
    from the drawer; the discard and the catastrophe are then shuffled into the deck."""
    if ruleset(state).catastrophe_aftermath != "discard_to_9_and_reshuffle":
        return
    seat = state["cat"]["seat"]
    for s in reversed(clockwise(state, seat)):
        hand = state["seats"][s]["hand"]
        if len(hand) > 9 and is_challenger(state, s):
            # It has no choices: the bottom of its face-down pile (what it drew first) goes (D-S8).
            n = len(hand) - 9
            state["decks"]["scroll_discard"].extend(hand[:n])
            del hand[:n]
            note(state, msg("wfci.event.challenger_discards", n=n))
        elif len(hand) > 9:
            state["stack"].append({"kind": "discard_scroll", "seat": s, "count": 0, "down_to": 9})


def finish(state: dict):
    cat = state["cat"]
    decks = state["decks"]
    mode = ruleset(state).catastrophe_aftermath
    rng = Rng(state["rng"])
    if mode == "discard_to_9_and_reshuffle":
        decks["scroll"] = decks["scroll"] + decks["scroll_discard"] + [cat["card"]]
        decks["scroll_discard"] = []
        rng.shuffle(decks["scroll"])
    elif mode == "reshuffle_catastrophe":
        decks["scroll"].append(cat["card"])
        rng.shuffle(decks["scroll"])
    else:
        decks["scroll"].insert(0, cat["card"])  # expert: back under the deck, no reshuffle
        if all(cards.card(c)["type"] == "catastrophe" for c in decks["scroll"]):
            victory.everyone_loses(state, "Only catastrophes are left in the scroll deck: everyone loses",
                                   msg("wfci.event.only_catastrophes"))
    state["rng"] = rng.state
    state["cat"] = None
    state["stats"]["catastrophes"] += 1
