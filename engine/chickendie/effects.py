"""What cards and the die do once nobody stops them: the frames that resolve effects.

A frame is a small dict on the state's stack; the top one runs next (see flow.py). A frame that
waits for a choice sets `ask` to the seat that must decide. Every handler is
`process(state, frame)`, `legal(state, frame, seat)` and `act(state, frame, seat, action)`.
"""

from __future__ import annotations

from . import cards as C
from . import flock as F
from .deck import roll, take_top
from .events import card_name, log, who

NEGATIVE_FACES = (4, 5, 6)


def push(state: dict, frame: dict) -> None:
    frame.setdefault("ask", None)
    state["stack"].append(frame)


def pop(state: dict) -> dict:
    return state["stack"].pop()


def to_discard(state: dict, card: str) -> None:
    if card in state["table"]:
        state["table"].remove(card)
    state["discard"].append(card)


def order_from(state: dict, first: int) -> list[int]:
    """Living seats in turn order (which a Reverse flips), starting with `first`."""
    n, step = state["players"], state["direction"]
    seats = [(first + step * i) % n for i in range(n)]
    return [s for s in seats if not F.is_out(state, s)]


# --- drawing ----------------------------------------------------------------------------------

def draw_cards(state: dict, seat: int, n: int) -> None:
    push(state, {"op": "draw", "seat": seat, "n": n})


def process_draw(state: dict, frame: dict) -> None:
    if frame["n"] <= 0 or F.is_out(state, frame["seat"]):
        pop(state)
        return
    frame["n"] -= 1
    card = take_top(state)
    if card is None:
        log(state, "no_cards", who=who(frame["seat"]))
        pop(state)
    elif C.is_instant(card):
        state["table"].append(card)
        log(state, "instant", who=who(frame["seat"]), card=card_name(C.kind(card)))
        if C.info(card).get("at_once"):
            state["chain"] += 1  # one moment: those it puts out last go out together (D-15)
        push(state, {"op": "instant", "card": card, "by": frame["seat"],
                     "queue": order_from(state, frame["seat"]), "deaths": 0})
    else:
        state["hands"][frame["seat"]].append(card)
        log(state, "draws", who=who(frame["seat"]))


# --- instant effects --------------------------------------------------------------------------

def process_instant(state: dict, frame: dict) -> None:
    kind = C.kind(frame["card"])
    queue = [s for s in frame["queue"] if not F.is_out(state, s)]
    if kind == "demotion":
        for s in queue:
            for hen in F.of_kind(state, s, C.HEN):
                F.change(state, s, hen["id"], C.CHICK)
        queue = []
    elif kind == "chicken_bomb":
        if frame["by"] in queue:
            push_pick(state, frame["by"], frame["by"], "any", "kill", kind)
        queue = []
    elif queue:
        s = queue.pop(0)
        if kind in ("foster_farms", "bird_flu"):
            victims = _mass_victims(state, s, C.HEN if kind == "foster_farms" else C.CHICK)
            if victims:
                push_deaths(state, s, victims, kind, disease=C.has_tag(kind, "disease"))
        elif kind == "fox_on_the_loose":
            for _ in range(C.rules()["fox_rolls"]):
                push_roll(state, s, kind)
        elif kind == "chicken_assassin" and F.specialties(state, s):
            push_pick(state, s, s, "special", "kill", kind)
    frame["queue"] = queue
    if not queue and state["stack"][-1] is frame:
        to_discard(state, frame["card"])
        pop(state)


def _mass_victims(state: dict, seat: int, kind: str) -> list[str]:
    """At most three deaths a player per instant card (D-4); infertile hens go first."""
    hens = sorted(F.of_kind(state, seat, kind), key=lambda e: not e["infertile"])
    return [e["id"] for e in hens[: C.rules()["max_instant_deaths"]]]


# --- choosing a chicken -----------------------------------------------------------------------

def push_pick(state: dict, chooser: int, owner: int, pool: str, then: str, cause: str) -> None:
    push(state, {"op": "pick", "seat": chooser, "owner": owner, "pool": pool, "then": then, "cause": cause})


def push_deaths(state: dict, seat: int, chickens: list[str], cause: str, by: int | None = None,
                disease: bool = False) -> None:
    """Chickens about to die; `by` is the player whose card or choice kills them, if not the owner."""
    push(state, {"op": "deaths", "seat": seat, "chickens": chickens, "cause": cause, "disease": disease, "by": by})


def candidates(state: dict, chooser: int, owner: int, pool: str) -> list[dict]:
    """Chickens a choice may fall on. Dino Chickens are out of a predator's reach; an opponent's
    kill must take a Decoy Chicken first (D-9: a card that targets one chicken too, and the 6
    of a Die-Die-Die!, which the attacker chooses)."""
    flock = state["flocks"][owner]
    if pool == "special":
        return F.distinct([e for e in flock if F.is_special(e)])
    if pool == "hen":
        return F.distinct([e for e in flock if e["kind"] == C.HEN])
    if pool == "predator":
        flock = [e for e in flock if not C.info(e["kind"]).get("predator_proof") or not F.is_special(e)]
    if chooser != owner:
        decoys = [e for e in flock if F.is_special(e) and C.info(e["kind"]).get("decoy")]
        if decoys:
            flock = decoys
    return F.distinct(flock)


def process_pick(state: dict, frame: dict) -> None:
    if F.is_out(state, frame["owner"]) or F.is_out(state, frame["seat"]):
        pop(state)
        return
    options = candidates(state, frame["seat"], frame["owner"], frame["pool"])
    if not options:
        pop(state)
        log(state, "no_chicken", who=who(frame["owner"]), card=card_name(frame["cause"]))
    elif len(options) == 1:
        _picked(state, frame, options[0]["id"])
    else:
        frame["ask"] = frame["seat"]


def legal_pick(state: dict, frame: dict, seat: int) -> list[dict]:
    return [{"type": "choose", "chicken": e["id"]}
            for e in candidates(state, frame["seat"], frame["owner"], frame["pool"])]


def act_pick(state: dict, frame: dict, seat: int, action: dict) -> None:
    _picked(state, frame, action["chicken"])


def _picked(state: dict, frame: dict, fid: str) -> None:
    pop(state)
    owner = frame["owner"]
    log(state, "picks", who=who(frame["seat"]), owner=who(owner), chicken=F.chicken_name(F.find(state, owner, fid)))
    if frame["then"] == "demote":
        F.change(state, owner, fid, C.CHICK)
        log(state, "hen_to_chick", who=who(owner))
    else:
        push_deaths(state, owner, [fid], frame["cause"], by=frame["seat"] if frame["seat"] != owner else None)


# --- the Chicken Die --------------------------------------------------------------------------

def push_roll(state: dict, seat: int, cause: str, negative: bool = False, optional: bool = False,
              by: int | None = None) -> None:
    """A roll of the die for `seat`; `by` is the attacker who made them roll (Die-Die-Die!)."""
    push(state, {"op": "roll", "seat": seat, "cause": cause, "negative": negative,
                 "optional": optional, "face": None, "by": by})


def process_roll(state: dict, frame: dict) -> None:
    seat = frame["seat"]
    if F.is_out(state, seat):
        pop(state)
        return
    if frame["face"] is None:
        frame["face"] = roll(state)
        log(state, "roll", who=who(seat), face=frame["face"])
    if frame["optional"]:
        frame["ask"] = seat
        return
    pop(state)
    face = frame["face"]
    if frame["negative"] and face not in NEGATIVE_FACES:
        log(state, "no_effect", face=face)
        return
    apply_face(state, seat, face, frame["cause"], frame.get("by"))


def legal_roll(state: dict, frame: dict, seat: int) -> list[dict]:
    return [{"type": "take"}, {"type": "leave"}]


def act_roll(state: dict, frame: dict, seat: int, action: dict) -> None:
    frame["ask"] = None
    if action["type"] == "leave":
        pop(state)
        log(state, "leaves", who=who(seat), face=frame["face"])
    else:
        frame["optional"] = False
        log(state, "takes", who=who(seat), face=frame["face"])


def apply_face(state: dict, seat: int, face: int, cause: str = "die", by: int | None = None) -> None:
    """The six outcomes; the roller chooses the card a result applies to (no card: no effect),
    except that a chicken an attack card kills is the attacker's choice ("If a chicken dies the
    attacker chooses which chicken"): the 6 of a Die-Die-Die! rolled for `by`."""
    chicks = F.of_kind(state, seat, C.CHICK)
    if face == 1:
        state["eggs"][seat] += 1
        log(state, "egg", who=who(seat))
    elif face == 2 and state["eggs"][seat] > 0:
        state["eggs"][seat] -= 1
        F.add(state, seat, C.CHICK)
        log(state, "egg_to_chick", who=who(seat))
    elif face == 3 and chicks:
        F.change(state, seat, chicks[0]["id"], C.HEN)
        log(state, "chick_to_hen", who=who(seat))
    elif face == 4 and chicks:
        F.take_out(state, seat, chicks[0]["id"])
        state["eggs"][seat] += 1
        log(state, "chick_to_egg", who=who(seat))
    elif face == 5 and F.of_kind(state, seat, C.HEN):
        push_pick(state, seat, seat, "hen", "demote", cause)
    elif face == 6 and state["flocks"][seat]:
        push_pick(state, seat if by is None else by, seat, "any", "kill", cause)
    else:
        log(state, "no_effect", face=face)


HANDLERS = {
    "draw": (process_draw, None, None),
    "instant": (process_instant, None, None),
    "pick": (process_pick, legal_pick, act_pick),
    "roll": (process_roll, legal_roll, act_roll),
}
