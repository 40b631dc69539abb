"""Classic epic death and the spare leader (rules sections 3 and 9, ruleset `leader_elimination`
"epic_death" and `spare_leader` "face_down").

At setup a classic seat keeps its second leader card face down (`seat["spare"]`, hidden from the
other seats). A leader dies an epic death when the lava rule leaves it no legal hex, or when one
opponent defeats it twice in one turn with no shield either time (D-W16: counted per fight that
succeeds against it while it has no shield; the tag of each defeat is placed as usual). Then its
card is turned down (`seat["fallen"]`, public), its miniature leaves the island, and the spare
becomes the seat's leader: on the owner's base, else the nearest free hex of the owner's
territory, else it waits (`seat["waiting"]`) and enters at the start of the owner's next turn on
which such a hex is free (D-W17). A seat whose spare is already used has no epic death: the
standard outcome applies (lava: to its base; a second defeat: nothing more) (D-W18).
"""

from __future__ import annotations

from ..messages import msg
from . import cards
from .units import can_stop_with, strip_shields
from .state import distance, home_hexes, note, ruleset, who


def applies(state: dict, seat: int) -> bool:
    """Epic death is the rule here and the seat still has a spare leader to bring in."""
    s = state["seats"][seat]
    return ruleset(state).leader_elimination == "epic_death" and bool(s.get("spare"))


def entry_hexes(state: dict, seat: int) -> list[str]:
    """Where the spare may enter, best first: the base, else own territory hexes by distance
    from the base (ties by hex key). A hex is free if it holds no unit of another seat and
    every unit there bands (the leader joins its own stack)."""
    s = state["seats"][seat]
    base = s["base"]
    if base is None:
        return []
    if can_stop_with(state, base, seat, True):
        return [base]
    land = sorted(home_hexes(state, seat), key=lambda k: (distance(base, k), k))
    return [k for k in land if can_stop_with(state, k, seat, True)]


def die(state: dict, seat: int, why: str):
    """The leader of `seat` dies an epic death (callers check `applies` first)."""
    s = state["seats"][seat]
    leader = state["units"].pop(f"lead-{seat}", None)
    if leader is not None:
        strip_shields(state, leader)
        s["spent"].extend(leader["dice"])
        leader["dice"] = []
    old = s["leader"]
    s["fallen"].append(old)
    s["leader"], s["spare"] = s["spare"], None
    note(state, msg("wfci.event.epic_death", who=who(seat), card=cards.name(old), why=why, new=cards.name(s["leader"])))
    enter(state, seat)


def enter(state: dict, seat: int) -> bool:
    """Put the seat's new leader on the island if a hex allows it; else it waits."""
    s = state["seats"][seat]
    options = entry_hexes(state, seat)
    if not options:
        s["waiting"] = True
        note(state, msg("wfci.event.leader_waits", who=who(seat)))
        return False
    s["waiting"] = False
    state["units"][f"lead-{seat}"] = {"id": f"lead-{seat}", "owner": seat, "kind": "leader", "card": s["leader"],
                                      "hex": options[0], "shields": 0, "dice": [], "pilots": []}
    note(state, msg("wfci.event.leader_enters", who=who(seat), card=cards.name(s["leader"]), hex=options[0]))
    return True


def start_of_turn(state: dict, seat: int):
    """A waiting leader enters at the start of its owner's turn when a hex is legal."""
    if state["seats"][seat].get("waiting"):
        enter(state, seat)


def defeated(state: dict, att_seat: int, defender: dict):
    """A fight succeeded against an unshielded leader (its tag is placed already): the second
    such defeat by the same opponent in one turn is an epic death."""
    if ruleset(state).leader_elimination != "epic_death" or state["result"] is not None:
        return
    turn = state["stack"][0]
    key = f"{att_seat}>{defender['card']}"
    defeats = turn.setdefault("defeats", {})
    defeats[key] = defeats.get(key, 0) + 1
    if defeats[key] >= 2 and applies(state, defender["owner"]):
        die(state, defender["owner"], msg("wfci.event.why.defeated_twice", who=who(att_seat)))
