"""Flocks: the chickens in front of each player, and what makes a player drop out.

A flock entry is `{"id", "kind", "infertile"}`: ordinary Chicks and Hens get ids `f1`, `f2`…
from the supply (D-2); a Specialty chicken keeps its card id. `infertile` holds the Infertility
card lying on a hen. "Hen" and "Chick" mean the ordinary supply cards only: a Specialty chicken
is never one, whatever its name (D-8).
"""

from __future__ import annotations

from ..messages import msg
from . import cards as C
from .events import card_name, log, who


def new_entry(state: dict, kind: str) -> dict:
    state["next"] += 1
    return {"id": f"f{state['next']}", "kind": kind, "infertile": None}


def add(state: dict, seat: int, kind: str) -> dict:
    entry = new_entry(state, kind)
    state["flocks"][seat].append(entry)
    return entry


def find(state: dict, seat: int, fid: str) -> dict | None:
    for entry in state["flocks"][seat]:
        if entry["id"] == fid:
            return entry
    return None


def of_kind(state: dict, seat: int, kind: str) -> list[dict]:
    return [e for e in state["flocks"][seat] if e["kind"] == kind]


def specialties(state: dict, seat: int) -> list[dict]:
    return [e for e in state["flocks"][seat] if e["kind"] not in (C.CHICK, C.HEN)]


def is_special(entry: dict) -> bool:
    return entry["kind"] not in (C.CHICK, C.HEN)


def can_lay(entry: dict) -> bool:
    """Hens and the Robo-Hen can carry Infertility."""
    return entry["kind"] == C.HEN or C.info(entry["kind"]).get("hen_like", False)


def eggs_laid(entry: dict) -> int:
    if entry["infertile"]:
        return 0
    if entry["kind"] == C.HEN:
        return 1
    if entry["kind"] == C.CHICK:
        return 0
    return C.info(entry["kind"]).get("lays", 0)


def distinct(entries: list[dict]) -> list[dict]:
    """One entry per kind of choice: identical supply cards are one choice."""
    seen, out = set(), []
    for entry in entries:
        key = entry["id"] if is_special(entry) else (entry["kind"], bool(entry["infertile"]))
        if key not in seen:
            seen.add(key)
            out.append(entry)
    return out


def take_out(state: dict, seat: int, fid: str) -> dict:
    entry = find(state, seat, fid)
    state["flocks"][seat].remove(entry)
    if entry["infertile"]:
        state["discard"].append(entry["infertile"])
        entry = dict(entry, infertile=None)
    return entry


def kill(state: dict, seat: int, fid: str) -> None:
    """A chicken dies: Specialty chickens go to the Graveyard, ordinary ones back to the supply."""
    entry = take_out(state, seat, fid)
    if is_special(entry):
        state["graveyard"].append(entry["id"])
    state.setdefault("dead", []).append([seat, entry["kind"]])  # every death, for the page's graveyard
    log(state, "dies", who=who(seat), chicken=chicken_name(entry))


def chicken_name(entry: dict) -> dict:
    """A chicken's name; "infertile Hen" when an Infertility lies on it (the Hens are otherwise alike)."""
    name = card_name(entry["kind"])
    return msg("chickendie.chicken.infertile", chicken=name) if entry.get("infertile") else name


def change(state: dict, seat: int, fid: str, kind: str) -> None:
    """A Chick becomes a Hen or back: the card is swapped for one from the supply."""
    entry = find(state, seat, fid)
    if entry["infertile"] and kind != C.HEN:
        state["discard"].append(entry["infertile"])
        entry["infertile"] = None
    entry["kind"] = kind


def alive(state: dict) -> list[int]:
    out = {entry["seat"] for entry in state["out"]}
    return [s for s in range(state["players"]) if s not in out]


def is_out(state: dict, seat: int) -> bool:
    return any(entry["seat"] == seat for entry in state["out"])


def drop_out(state: dict) -> None:
    """A player with no chicken left is out at once; their hand goes to the discard pile."""
    for s in alive(state):
        if not state["flocks"][s]:
            state["out"].append({"seat": s, "chain": state["chain"]})
            state["discard"].extend(state["hands"][s])
            state["hands"][s] = []
            state["eggs"][s] = 0
            log(state, "out", who=who(s))


# What a chicken is worth to the bots: a Hen lays, a Chick may become one, a Specialty has its power.
VALUE = {"chick": 1.5, "hen": 3.0, "robo_hen": 4.5, "punk_rock_chick": 3.0, "mad_scientist_chicken": 3.0,
         "dino_chicken": 3.5, "decoy_chicken": 2.5, "flying_chicken": 2.5}


def value(entry: dict) -> float:
    worth = VALUE.get(entry["kind"], 2.0)
    return worth / 2 if entry.get("infertile") else worth
