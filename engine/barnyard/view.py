"""What a seat (or a spectator) sees: everything but the face-down tiles' order, other players'
cards in hand, the two decks and the RNG state."""

from __future__ import annotations

from . import board as B
from .data import HEAD_START, TILES, card_kind, is_plan
from .state import ARMY, SAFETY_ROUNDS, occupants
from .texts import prompt


def _card(card: str) -> dict:
    return {"id": card, "kind": card_kind(card), "plan": is_plan(card)}


def build_view(state: dict, seat: int | None) -> dict:
    from .turns import acting_seat
    size = state["size"]
    where = occupants(state)
    squares = []
    for sq, tile in enumerate(state["tiles"]):
        owner = B.barn_owner(tile)
        squares.append({
            "sq": sq, "name": B.square_name(sq, size),
            "kind": "barn" if owner is not None else tile,
            "barn_of": owner,
            "letter": TILES["letters"]["barn" if owner is not None else tile] if tile else None,
            "pieces": [{"seat": s, "piece": p} for s, p in where.get(sq, [])],
        })
    sides = []
    for s, side in enumerate(state["sides"]):
        sides.append({
            "seat": s, "faction": side["faction"], "out": side["out"], "skip": side["skip"],
            "auto_fight": side.get("auto_fight", False),
            "generals": [None if g is None else {"piece": i, "sq": g["sq"], "units": list(g["units"])}
                         for i, g in enumerate(side["generals"])],
            "army": None if side["army"] is None else {"piece": ARMY, "sq": side["army"]["sq"],
                                                        "units": list(side["army"]["units"])},
            "resources": dict(side["resources"]),
            "place": (s - state["first"]) % state["players"],
            "head_start": HEAD_START[state["players"]][(s - state["first"]) % state["players"]],
            "hand_count": len(side["hand"]), "plans_count": len(side["plans"]),
            "reserve": list(side["reserve"]), "lost": list(side["lost"]),
            "effects": dict(side["effects"]),
        })
    view = {
        "game": "barnyard",
        "players": state["players"],
        "size": size,
        "squares": squares,
        "face_down_tiles": len(state["pile"]),
        "sides": sides,
        "pool": dict(state["pool"]),
        "supply": dict(state["supply"]),
        "deck_count": len(state["deck"]),
        "plan_deck_count": len(state["plan_deck"]),
        "played": [_card(c) for c in state["played"]],
        "discarded_count": len(state["discarded"]),
        "opening": [list(map(list, r)) for r in state["opening"]],
        "first": state["first"],
        "phase": state["phase"],
        "turn": state["turn"],
        "acting": acting_seat(state),
        "round": state["round"],
        "round_limit": SAFETY_ROUNDS,
        "acted": list(state["acted"]),
        "selected": state["selected"],
        "mud": [list(m) for m in state["mud"]],
        "battle": _battle(state),
        "casualties": [{"seat": c["seat"], "n": c["n"]} for c in state["casualties"]],
        "last_battle": state["last_battle"],
        "outcome": state["result"],
        "prompt": prompt(state, seat),
    }
    if seat is not None and 0 <= seat < state["players"]:
        side = state["sides"][seat]
        view["you"] = {"seat": seat, "hand": [_card(c) for c in side["hand"]],
                       "plans": [_card(c) for c in side["plans"]]}
    return view


def _battle(state: dict) -> dict | None:
    battle = state["battle"]
    if battle is None:
        return None
    return {k: battle[k] for k in ("attacker", "piece", "from", "target", "defender", "dpieces", "joiners", "stage")}


