"""Cockfight (combat de coqs, 2nd edition; rules digest D-1): chickens and leaders only.

No resources and no machine cards. The print takes Transmutation and Lava Trap out of the
scrolls (they wait in `decks["scroll_box"]`) and nothing else: the other scrolls that speak
of resources, pilots or machines speak of chickens ("il fait en réalité référence aux
Poulets"), and `effect` gives their reading (data/cockfight.json "readings"), which views
show with its own text (`face`). A Hurricane's resources are chickens too (D-C6). Base tiles
give no armor.

Chickens stand face down. Each colour's 6 tokens carry a hidden rank (data/cockfight.json:
0, 0, 1, 1, 2, 2), dealt by the game's RNG and added to the token's strength and armor. Its
owner always sees it; everyone else sees it once the token attacks or is attacked (a fight,
Change Now!, Flying Rock), and from then on it stays face up. A face-up chicken that is
eliminated is discarded, out of the game (the print: "défaussés s'ils viennent à être
éliminés"); one eliminated face down (lava, a catastrophe) joins the destroyed chickens as
usual and comes back face down.

Only the leader and the top chicken of a stack attack or are attacked. A chicken's `pile`
number orders its stack (the highest is on top), and it changes only with Move (the movers
land on top where they stop, the chicken the player names on top of them) or Retrieve (the
player puts chickens of theirs on top of their stacks, even without retrieving one).

`state["cockfight"]`: {"ranks": {token: rank}, "up": [face-up tokens], "pile": the last pile
number given}; `seats[i]["discarded"]`: that colour's discarded tokens.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..messages import english, msg
from ..rng import Rng
from . import cards, units
from .state import note, who

DATA = json.loads((Path(__file__).parent / "data" / "cockfight.json").read_text(encoding="utf-8"))
RANKS = tuple(DATA["ranks"])


def playing(state: dict) -> bool:
    return "cockfight" in state


def owner(token: str) -> int:
    return int(token.split("-")[1])


# -- setting up ----------------------------------------------------------------------------

def removed_scrolls(rs) -> set[str]:
    """Scroll ids left in the box: the ones the print names ("Retirez du jeu ... les
    Parchemins Transmutation et Piège à lave"), and no other."""
    names = set(DATA["removed_scrolls"]) if "cockfight" in rs.variants else set()
    return {cid for cid, c in cards.catalog()["scroll"].items() if c["key"] in names}


def begin(state: dict, boxed: set[str]):
    """The removed scrolls go in the box; each colour's ranks are dealt to its tokens at random."""
    state["decks"]["scroll_box"] = sorted(boxed)
    rng = Rng(state["rng"])
    ranks = {}
    for s in state["seats"]:
        dealt = rng.shuffle(list(RANKS))
        ranks.update(zip(sorted(s["reserve"]), dealt))
        s["discarded"] = []
    state["rng"] = rng.state
    state["cockfight"] = {"ranks": ranks, "up": [], "pile": 0}


# -- ranks ---------------------------------------------------------------------------------

def rank(state: dict, unit: dict) -> int:
    """The true rank a chicken adds to its strength and armor. Rules code only: bots use `guess`."""
    cf = state.get("cockfight")
    if cf is None or unit["kind"] != "chicken":
        return 0
    return cf["ranks"][unit["id"]]


def known(state: dict, token: str, seat: int | None) -> int | None:
    """The rank `seat` may see: its own tokens' and face-up ones'; None while face down."""
    cf = state["cockfight"]
    if token in cf["up"] or (seat is not None and owner(token) == seat):
        return cf["ranks"][token]
    return None


def face_down_ranks(state: dict, seat: int) -> list[int]:
    """The ranks of a colour's face-down tokens, which everyone can work out: all of them
    but the face-up ones."""
    cf = state["cockfight"]
    left = list(RANKS)
    for token in cf["up"]:
        if owner(token) == seat:
            left.remove(cf["ranks"][token])
    return sorted(left)


def guess(state: dict, unit: dict, seat: int) -> float:
    """What `seat` may count on from a chicken's rank: the rank when it knows it, else the
    average of that colour's face-down ranks."""
    if "cockfight" not in state or unit["kind"] != "chicken":
        return 0
    r = known(state, unit["id"], seat)
    if r is not None:
        return r
    left = face_down_ranks(state, unit["owner"])
    return sum(left) / len(left) if left else 0


def reveal(state: dict, fighters: list[dict]):
    """Chickens that attack or are attacked turn face up for everyone, and stay so."""
    cf = state.get("cockfight")
    if cf is None:
        return
    for u in fighters:
        if u["kind"] == "chicken" and u["id"] not in cf["up"]:
            cf["up"].append(u["id"])
            note(state, msg("wfci.event.face_up", unit=units.name(state, u), rank=cf["ranks"][u["id"]]))


# -- stacks --------------------------------------------------------------------------------

def _height(u: dict) -> tuple:
    return (u.get("pile", 0), u["id"])


def tops(state: dict) -> set[str]:
    """The top chicken of every stack."""
    best: dict = {}
    for u in state["units"].values():
        if u["kind"] == "chicken":
            key = (u["hex"], u["owner"])
            if key not in best or _height(u) > _height(best[key]):
                best[key] = u
    return {u["id"] for u in best.values()}


def may_fight(state: dict, candidates: list[dict]) -> list[dict]:
    """Of these units, the ones that may attack or be attacked: leaders and top chickens."""
    if "cockfight" not in state:
        return candidates
    on_top = tops(state)
    return [u for u in candidates if u["kind"] != "chicken" or u["id"] in on_top]


def put_on_top(state: dict, token: str):
    cf = state["cockfight"]
    cf["pile"] += 1
    state["units"][token]["pile"] = cf["pile"]


def reorder_actions(state: dict, seat: int) -> list[dict]:
    """Retrieve: any chicken of yours that is not on top of its stack may go on top."""
    if "cockfight" not in state:
        return []
    on_top = tops(state)
    return [{"type": "to_top", "unit": u["id"]} for u in sorted(state["units"].values(), key=lambda u: u["id"])
            if u["owner"] == seat and u["kind"] == "chicken" and u["id"] not in on_top]


def move_reorder(state: dict, frame: dict) -> list[dict]:
    """Move: name the chicken of the moving group that lands on top."""
    if "cockfight" not in state:
        return []
    hens = [state["units"][u] for u in frame["group"] if state["units"][u]["kind"] == "chicken"]
    if len(hens) < 2:
        return []
    named = frame.get("top") if frame.get("top") in frame["group"] else max(hens, key=_height)["id"]
    return [{"type": "to_top", "unit": u["id"]} for u in sorted(hens, key=lambda u: u["id"]) if u["id"] != named]


def move_to_top(state: dict, frame: dict, action: dict):
    """Named before the stack sets off, it lands on top (`after`); named on the way, it goes
    on top at once."""
    frame["top"] = action["unit"]
    if frame["moved"]:
        put_on_top(state, action["unit"])


def after(old: dict, new: dict):
    """After every action: face-up chickens that were eliminated are discarded, and chickens
    that arrived somewhere (moved, nudged, retrieved, set up) land on top of that stack in
    their old order, the one a move named on top of them."""
    cf = new.get("cockfight")
    if cf is None:
        return
    for s in new["seats"]:
        for token in [t for t in s["destroyed"] if t in cf["up"]]:
            s["destroyed"].remove(token)
            s["discarded"].append(token)
            note(new, msg("wfci.event.discarded", who=who(s["seat"]), rank=cf["ranks"][token]))
    frame = old["stack"][-1] if old["stack"] else None
    named = frame.get("top") if frame and frame["kind"] == "move" else None
    before = old["units"]
    landed = [u for u in new["units"].values() if u["kind"] == "chicken"
              and ("pile" not in u or before.get(u["id"], {}).get("hex") != u["hex"])]
    for u in sorted(landed, key=lambda u: (u["id"] == named, u.get("pile", 0), u["id"])):
        cf["pile"] += 1
        u["pile"] = cf["pile"]


# -- strategies ----------------------------------------------------------------------------

def effect(state: dict, cid: str):
    """A scroll's effect as this game reads it: in a cockfight, a scroll about resources,
    pilots or machines is about chickens (its reading in data/cockfight.json), and Trenches
    gives +3 armor (the FAQ). Everywhere else, the card's own effect."""
    c = cards.card(cid)
    if "cockfight" in state:
        return DATA["readings"].get(c["key"], c["effect"])
    return c["effect"]


def text_id(key: str) -> str:
    return f"wfci.card.{key}.cockfight"


def face(state: dict, card: dict) -> dict:
    """A card as views show it: in a cockfight, a scroll read with chickens shows that text."""
    if "cockfight" in state and (card["key"] in DATA["readings"] or card["key"] in DATA["chicken_catastrophes"]):
        card = {**card, "text": english(text_id(card["key"])), "text_id": text_id(card["key"])}
    return card


def chicken_catastrophe(state: dict, which: str) -> bool:
    """D-C6: a Hurricane takes chickens where it took resources."""
    return "cockfight" in state and which in DATA["chicken_catastrophes"]


def chickens_of(state: dict, seat: int) -> list[str]:
    """A seat's chickens on the island, the ones a Hurricane can take."""
    return sorted(u["id"] for u in state["units"].values() if u["owner"] == seat and u["kind"] == "chicken")


def per_chicken(state: dict, unit: dict) -> int:
    """Pilot's Nerve read with chickens: the other chickens of the fighter's stack (a machine's
    pilots stand under it; a fighter's chickens stand with it)."""
    return sum(1 for u in state["units"].values() if u["kind"] == "chicken" and u["owner"] == unit["owner"]
               and u["hex"] == unit["hex"] and u["id"] != unit["id"])


def check_readings():
    """Every reading uses the catalog's vocabulary and replaces a scroll of its own type."""
    by_key = {c["key"]: c for c in cards.catalog()["scroll"].values()}
    for key, reading in DATA["readings"].items():
        c = by_key[key]
        cards.check_effect({**c, "effect": reading}, f"cockfight reading of {key}")
    for key in DATA["removed_scrolls"] + DATA["chicken_catastrophes"]:
        if key not in by_key:
            raise cards.CatalogError(f"cockfight names an unknown scroll {key}")


# -- what each seat sees -------------------------------------------------------------------

def show(state: dict, seat: int | None, out: dict):
    """Per chicken: its rank where the viewer may see it (else None), whether it is face up,
    and its place in its stack (1 = top); per colour, the ranks still face down and the ranks
    discarded. Strength and armor include the rank only where the viewer knows it."""
    cf = state["cockfight"]
    stacks: dict = {}
    for u in state["units"].values():
        if u["kind"] == "chicken":
            stacks.setdefault((u["hex"], u["owner"]), []).append(u)
    layer = {}
    for members in stacks.values():
        for i, u in enumerate(sorted(members, key=_height, reverse=True)):
            layer[u["id"]] = i + 1
    for u in out["units"]:
        if u["kind"] != "chicken":
            continue
        r = known(state, u["id"], seat)
        u.update({"rank": r, "face_up": u["id"] in cf["up"], "layer": layer[u["id"]], "top": layer[u["id"]] == 1})
        if r is not None:
            u["strength"] += r
            u["armor"] += r
    out["cockfight"] = {
        "ranks": list(RANKS),
        "seats": [{"seat": s["seat"], "face_down": face_down_ranks(state, s["seat"]),
                   "discarded": sorted(cf["ranks"][t] for t in s["discarded"])} for s in state["seats"]],
    }


def resample(world: dict, seat: int, rng: Rng):
    """For a bot's sampled world: every other colour's face-down tokens get that colour's
    face-down ranks again, in a new random order."""
    cf = world.get("cockfight")
    if cf is None:
        return
    for s in world["seats"]:
        if s["seat"] == seat:
            continue
        tokens = sorted(t for t in cf["ranks"] if owner(t) == s["seat"] and t not in cf["up"])
        ranks = rng.shuffle(sorted(cf["ranks"][t] for t in tokens))
        cf["ranks"].update(zip(tokens, ranks))


check_readings()
