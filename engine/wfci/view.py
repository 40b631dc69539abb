"""What a seat (or a spectator) may see, and which card ids it may not (DESIGN.md).

Public: the island and units, the stock, discards, strategies in play, banners (dice,
resources, tags), counts of cards in hands and decks, face-down cards as counts per player
until the reveal. Private to a seat: its hand, its two leader options at setup, and the
scrolls it has put face down in the current fight. Never shown: deck order, the leader box,
the RNG state.
"""

from __future__ import annotations

from ..messages import render
from . import cards, cockfight, custom_island, flag, solo, teams, units
from .describe import prompt
from .state import colour, ruleset, top


def hidden_from(state: dict, seat: int | None) -> set[str]:
    out = set(state["decks"]["scroll"]) | set(state["decks"]["machine"]) | set(state["decks"]["leader_box"])
    for s in state["seats"]:
        if s["seat"] != seat:
            out.update(s["hand"])
            out.update(s["leader_options"])
            if s.get("spare"):
                out.add(s["spare"])  # classic: the spare leader is face down
    if state["combat"]:
        for key, down in state["combat"]["down"].items():
            if seat is None or int(key) != seat:
                out.update(down)
    return out


def _card(state: dict, cid: str) -> dict:
    """A card's public face; a cockfight shows its chicken reading (cockfight.face)."""
    return cockfight.face(state, cards.card_dict(cid))


def _unit(state: dict, u: dict) -> dict:
    st = units.stats(u)
    out = {"id": u["id"], "owner": u["owner"], "colour": colour(u["owner"]), "kind": u["kind"], "hex": u["hex"],
           "name": units.label(state, u), "shields": u["shields"], "plus": len(u["dice"]),
           "pilots": len(u["pilots"]), "speed": st["speed"], "strength": st["strength"] + len(u["dice"]),
           "armor": st["armor"], "range": units.unit_range(state, u), "bands": units.bands(u)}
    if u["card"]:
        out["card"] = u["card"]
    if u["kind"] == "machine":
        out["class"] = units.machine_class(u)
    if "flags" in state:
        out["flags"] = flag.carried_by(state, u["id"])
    return out


def _seat(state: dict, s: dict) -> dict:
    return {
        "seat": s["seat"], "colour": s["colour"],
        "leader": _card(state, s["leader"]) if s["leader"] else None,
        "hand_count": len(s["hand"]),
        "strategies": [_card(state, c) for c in s["strategies"]],
        "banner": [dict(d) for d in s["banner"]], "spent": len(s["spent"]),
        "resources": dict(s["res"]), "tags": [colour(t) for t in s["tags"]], "tag_seats": list(s["tags"]),
        "tags_left": s["tags_left"], "destroyed": len(s["destroyed"]), "base": s["base"],
        "spare": bool(s.get("spare")), "fallen": [_card(state, c) for c in s.get("fallen", [])],
        "waiting": bool(s.get("waiting")),
    }


def _combat(state: dict, seat: int | None) -> dict | None:
    c = state["combat"]
    if not c:
        return None
    out = {
        "attacker": c["attacker"], "defender": c["defender"], "attacker_seat": c["att_seat"],
        "defender_seat": c["def_seat"], "ranged": c["ranged"], "boost": c["boost"], "stage": c["stage"],
        "turn": c["turn"] if c["stage"] == "cards" else None, "passes": c["passes"],
        "facedown": {k: len(v) for k, v in c["down"].items()},
        "revealed": [{"card": _card(state, e["card"]), "seat": e["seat"], "side": e["side"]} for e in c["revealed"]],
    }
    if seat is not None:
        out["yours"] = [_card(state, cid) for cid in c["down"][str(seat)]]
    return out


def _last_fight(state: dict) -> dict | None:
    """The last resolved fight, the same for every viewer. Its cards were all revealed; they
    are named by their face, not their instance id, since a reshuffle may hide that id again."""
    f = state.get("last_fight")
    if not f:
        return None
    out = {k: f[k] for k in ("ranged", "boost", "strength", "armor", "result", "effect", "round")}
    for role in ("attacker", "defender"):
        out[role] = {**f[role], "colour": colour(f[role]["seat"])}
    out["cards"] = []
    for e in f["revealed"]:
        face = {k: v for k, v in _card(state, e["card"]).items() if k != "id"}
        out["cards"].append({**face, "seat": e["seat"], "colour": colour(e["seat"]), "side": e["side"],
                             "bonus": e["bonus"], "cancelled": e["cancelled"]})
    return out


def _pending(state: dict) -> dict | None:
    frame = top(state)
    if frame is None or frame["kind"] == "turn":
        return None
    return {k: v for k, v in frame.items() if k not in ("selected",)}


def view(state: dict, seat: int | None) -> dict:
    frame = top(state)
    turn = state["stack"][0] if state["stack"] else None
    out = {
        "game": "wfci", "players": state["players"], "options": state["options"],
        "round": state["round"], "turns": state["turns"], "first": state["first"],
        "current": turn["seat"] if turn else None,
        "to_act": [frame["seat"]] if frame and state["result"] is None else [],
        "phase": phase(state), "prompt": prompt(state, seat),
        "turn": {k: turn[k] for k in ("step", "free", "selected", "drawn", "extra_moves", "boost")} if turn else None,
        "pending": _pending(state),
        "island": {"hexes": [{"hex": k, **t} for k, t in sorted(state["island"]["tiles"].items())]},
        "units": [_unit(state, u) for u in sorted(state["units"].values(), key=lambda u: u["id"])],
        "seats": [_seat(state, s) for s in state["seats"]],
        "stock": [_card(state, c) for c in state["decks"]["stock"]],
        "decks": {"scroll": len(state["decks"]["scroll"]), "machine": len(state["decks"]["machine"]),
                  "scroll_discard": [_card(state, c) for c in state["decks"]["scroll_discard"]],
                  "machine_discard": [_card(state, c) for c in state["decks"]["machine_discard"]]},
        "supply": {**{k: v for k, v in state["supply"].items() if k != "minis"}, "miniatures": dict(state["supply"]["minis"])},
        "combat": _combat(state, seat),
        "last_fight": _last_fight(state),
        "catastrophe": ({"card": _card(state, state["cat"]["card"]), "seat": state["cat"]["seat"]}
                        if state["cat"] else None),
        "events": [render(e) for e in state["events"]],
        "event_messages": list(state["events"]),
        "outcome": state["result"],
        "you": None,
    }
    if teams.playing(state):
        out["teams"] = teams.teams(state)
    if flag.playing(state):
        out["flags"] = flag.view_block(state)
    if cockfight.playing(state):
        cockfight.show(state, seat, out)
    if custom_island.playing(state):
        out["island_build"] = custom_island.view_block(state)
    if ruleset(state).solo:
        out["challenger"] = solo.STEPS["view_block"](state)
    if seat is not None:
        s = state["seats"][seat]
        out["you"] = {"seat": seat, "colour": s["colour"], "hand": [_card(state, c) for c in s["hand"]],
                      "leader_options": [_card(state, c) for c in s["leader_options"]],
                      "spare": _card(state, s["spare"]) if s.get("spare") else None}
    return out


def phase(state: dict) -> str:
    """A short name of what is being decided: setup, roll, reroll, actions, draw, combat..."""
    if state["result"] is not None:
        return "over"
    frame = top(state)
    if frame["kind"] in ("choose_leader", "claim_base", "solo_leader", "solo_base", custom_island.KIND):
        return "setup"
    if frame["kind"] == "turn":
        return frame["step"]
    if frame["kind"] in ("combat", "swap", "target"):
        return "combat"
    if frame["kind"] in ("hurricane", "hurricane_rob", "nudge", "tsunami", "eruption") or state["cat"]:
        return "catastrophe"
    return frame["kind"]
