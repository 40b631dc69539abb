"""Messages for the page and the log: what must be decided now (`prompt`), and one line per
action (`describe_action`), written from the state before the action and revealing
nothing hidden (a scroll put face down in a fight is "a scroll"; a drawn scroll is not named).
"""

from __future__ import annotations

from ..messages import listing, msg
from . import cards, cockfight, custom_island, solo, units
from .state import ruleset, top, who

P = "wfci."
# What must be decided now, per pending choice: an id whose text is an infinitive phrase
# ("choose a leader"), put into "You must ..." or "Waiting for Red to ...".
CHOICES = ("choose_leader", "solo_leader", "solo_base", "claim_base", "build", "move", "retrieve",
           "discard_resources", "target", "swap", "hit", "transmute", "lava_trap", "discard_scroll",
           "shield_target", "hurricane", "tsunami", "eruption", "hurricane_rob", "nudge", "leader_refuge")


def _what(state: dict, frame: dict) -> dict:
    kind = frame["kind"]
    if kind in ("solo_leader", "solo_base"):
        whose = "own" if frame["for"] == frame["seat"] else "challenger"
        return msg(f"{P}do.{kind}.{whose}")
    if kind == "turn":
        return msg(f"{P}do.step.{frame['step']}")
    if kind == "combat":
        c = state["combat"]
        stage = c["stage"]
        if stage in ("dice", "cards"):
            return msg(f"{P}do.combat.{stage}", attacker=_unit(state, c["attacker"]), defender=_unit(state, c["defender"]))
        return msg(f"{P}do.combat.{stage}" if stage == "sides" else f"{P}do.combat.resolve")
    if kind == "target":
        return msg(P + "do.target", unit=_unit(state, frame["unit"]))
    if kind == "build" and frame.get("card"):
        return msg(P + "do.build", card=cards.name(frame["card"]))
    if kind == "move":
        return msg(P + "do.move", hex=frame["hex"], n=frame.get("left", 0))
    if kind == "hit":
        return msg(P + "do.hit", n=frame.get("strength", 0))
    if kind in ("hurricane", "hurricane_rob") and cockfight.chicken_catastrophe(state, "hurricane"):
        return msg(f"{P}do.{kind}.chickens")
    if kind == "choose_leader" and ruleset(state).spare_leader == "face_down":
        return msg(P + "do.choose_leader_spare")
    if kind in CHOICES:
        return msg(f"{P}do.{kind}")
    if kind == custom_island.KIND:
        return custom_island.what(state, frame)
    return msg(P + "do.other", kind=kind)


def prompt(state: dict, seat: int | None) -> dict:
    if state["result"] is not None:
        return msg(P + "prompt.over", reason=state["result"]["reason"])
    frame = top(state)
    if frame["kind"] not in ("solo_leader", "solo_base") and solo.is_challenger(state, frame["seat"]):
        return msg(P + "prompt.challenger", what=solo.STEPS["next_words"](state))
    what = _what(state, frame)
    if seat == frame["seat"]:
        return msg(P + "prompt.you_must", what=what)
    return msg(P + "prompt.waiting", who=who(frame["seat"]), what=what)


def public_action(state: dict, seat: int, action: dict) -> dict:
    """A scroll put face down in a fight is logged without its id."""
    frame = top(state)
    if action.get("type") == "play_scroll" and frame and frame["kind"] == "combat":
        return {"type": "play_scroll"}
    return action


def _unit(state: dict, uid) -> dict:
    u = state["units"].get(uid)
    return units.name(state, u) if u else msg(P + "unit.some")


SIMPLE = ("roll", "keep", "toggle_die", "reroll", "end_actions", "skip_build", "skip_roll", "draw", "end_turn",
          "pass", "done", "cancel", "end_move", "choose_leader", "retrieve", "no_nudge")


def _composite(state: dict, action: dict, log: str, w: dict) -> dict | None:
    """The log line of a composite choice (composite.py): the whole of it in one line."""
    kind = action.get("type")
    faces = action.get("again" if kind == "roll" else "faces")
    if kind == "reroll" and isinstance(action.get("faces"), list) and isinstance(action.get("pay"), list):
        shown = listing("engine.list.and", [msg(f"{P}face.{f}") for f in action["faces"]])
        pay = listing("engine.list.and", [msg(f"{P}resource.{r}") for r in action["pay"]])
        return msg(log + "reroll_faces", who=w, faces=shown, pay=pay)
    if kind in ("roll", "pick_dice") and isinstance(faces, list):
        shown = listing("engine.list.and", [msg(f"{P}face.{f}") for f in faces])
        return msg(log + ("roll_again" if kind == "roll" else "pick_dice"), who=w, faces=shown)
    if kind == "take_all" and isinstance(action.get("what"), list):
        things = [msg(log + "a_chicken") if t == "chicken" else msg(f"{P}resource.{t}") for t in action["what"]]
        return msg(log + "take_all", who=w, things=listing("engine.list.and", things))
    if kind == "end_actions" and action.get("then") == "draw":
        return msg(log + "end_actions_draw", who=w)
    if kind == "boost" and action.get("then") == "done":
        return msg(log + "boost_done", who=w, face=action["face"])
    if kind == "done" and action.get("then") == "pass":
        return msg(log + "done_pass", who=w)
    if kind == "move" and "to" in action:
        return msg(log + "move_stack_to", who=w, start=action["hex"], hex=action["to"], pay=msg(f"{P}pay.{action['pay']}"))
    if kind == "attack" and "target" in action and action["target"] in state["units"]:
        return msg(log + "attack_target", unit=_unit(state, action["unit"]), target=_unit(state, action["target"]))
    if kind == "retrieve" and isinstance(action.get("what"), list):
        things = [msg(log + "a_chicken") if t == "chicken" else msg(f"{P}resource.{t}") for t in action["what"]]
        return msg(log + "retrieve_things", who=w, things=listing("engine.list.and", things),
                   pay=msg(f"{P}pay.{action['pay']}"))
    return None


def describe_action(state: dict, seat: int, action: dict) -> dict:
    """One log line, from the state before the action."""
    w = who(seat)
    kind = action.get("type")
    frame = top(state)
    log = P + "log."
    if kind == "challenger":
        return solo.STEPS["describe"](state, action)
    if kind in custom_island.ACTIONS:
        return custom_island.describe(state, seat, action)
    if kind == "challenger_leader":
        return msg(log + "challenger_leader", who=w, card=cards.name(action["card"]))
    if kind == "challenger_base":
        return msg(log + "challenger_base", who=w, hex=action["hex"])
    if kind == "choose_leader" and frame and frame["kind"] == "solo_leader":
        return msg(log + "solo_leader", who=w, card=cards.name(action["card"]))
    if kind == "play_scroll":
        if frame and frame["kind"] == "combat":
            return msg(log + "play_scroll_down", who=w)
        return msg(log + "play_scroll", who=w, card=cards.name(action["card"]))
    composite = _composite(state, action, log, w)
    if composite is not None:
        return composite
    if kind in SIMPLE:
        return msg(log + kind, who=w)
    if kind in ("claim_base", "build_at", "flip", "erupt", "lava_trap", "flood"):
        return msg(log + ("claim_base" if kind == "claim_base" else "build_at" if kind == "build_at" else "hex"),
                   who=w, hex=action["hex"])
    if kind == "build":
        return msg(log + "build", who=w, card=cards.name(action["card"]))
    if kind == "pick_pilot":
        return msg(log + "pick_pilot", who=w, unit=_unit(state, action["unit"]))
    if kind == "move":
        return msg(log + "move", who=w, hex=action["hex"], pay=msg(f"{P}pay.{action['pay']}"))
    if kind in ("move_to", "refuge"):
        return msg(log + "move_to", who=w, hex=action["hex"])
    if kind in ("drop", "pick_up", "plus_one", "to_top"):
        return msg(log + kind, who=w, unit=_unit(state, action["unit"]))
    if kind == "attack":
        return msg(log + "attack", unit=_unit(state, action["unit"]))
    if kind in ("target", "new_defender", "hit", "shield", "destroy"):
        return msg(log + "choose_unit", who=w, unit=_unit(state, action["unit"]))
    if kind == "boost":
        return msg(log + "boost", who=w, face=action["face"])
    if kind == "side":
        return msg(log + "side", who=w, card=cards.name(action["card"]), side=msg(f"{P}side.{action['side']}"))
    if kind == "take":
        if action["what"] == "chicken":
            return msg(log + "take_chicken", who=w)
        return msg(log + "take", who=w, resource=msg(f"{P}resource.{action['what']}"))
    if kind == "return_resource":
        return msg(log + "return_resource", who=w, resource=msg(f"{P}resource.{action['resource']}"))
    if kind == "star":
        return msg(log + "star", who=w, ability=msg(f"{P}star_ability.{action['ability']}"))
    if kind == "activate":
        thing = cards.name(action["card"]) if "card" in action else _unit(state, action["unit"])
        return msg(log + "activate", who=w, thing=thing)
    if kind == "discard_scroll":
        return msg(log + "discard_scroll", who=w, card=cards.name(action["card"]))
    if kind == "rob":
        return msg(log + "rob", who=w, victim=who(action["seat"]))
    if kind == "nudge":
        return msg(log + "nudge", who=w, unit=_unit(state, action["unit"]), hex=action["hex"])
    if kind == "transmute":
        return msg(log + "transmute", who=w, old=msg(f"{P}resource.{action['from']}"),
                   new=msg(f"{P}resource.{action['to']}"))
    return msg(log + "other", who=w, kind=str(kind))


def public_notes(before: dict, after: dict) -> dict | None:
    """The step's public notes, the units that changed hex and a fight that began: what a
    player who was away is told and shown (every unit's hex is public, so nothing leaks)."""
    moves = [[uid, u["owner"], before["units"][uid]["hex"], u["hex"]] for uid, u in after["units"].items()
             if uid in before["units"] and before["units"][uid]["hex"] != u["hex"]]
    attack = None
    fight, old = after.get("combat"), before.get("combat")
    if fight and (not old or (old["attacker"], old["defender"]) != (fight["attacker"], fight["defender"])):
        a, d = after["units"].get(fight["attacker"]), after["units"].get(fight["defender"])
        if a and d:
            attack = [a["owner"], a["hex"], d["hex"]]
    if not (after["events"] or moves or attack):
        return None
    return {"events": list(after["events"]), "moves": moves, "attack": attack}
