"""Reactions without leaks (D-6): whoever a card targets, or whose chicken is about to die,
gets a decision whether or not they hold an answer, so waiting tells nobody what is in a hand.

Only a player who turned on "don't ask me when I cannot respond" is skipped, and only when
they have no answer; that setting is public, because it gives that away.

Answers: Cock Block stops any attack card and ends the attacker's step 3 at once; it answers
"an Attack card" and is none itself, so nobody answers it (D-10). Chicken Wire stops a
predator; a Mad Scientist Chicken, from the hand or the flock, is discarded to stop a disease;
Immunity saves one chicken from any death.
"""

from __future__ import annotations

from . import cards as C
from . import flock as F
from .effects import pop, push, push_deaths, push_pick, push_roll, to_discard
from .events import card_name, log, who

LET = {"type": "let"}


def in_hand(state: dict, seat: int, kind: str) -> list[str]:
    return [c for c in state["hands"][seat] if C.kind(c) == kind]


def mad_scientists(state: dict, seat: int) -> list[str]:
    """One Mad Scientist from the hand and one from the flock at most (they are alike)."""
    found = in_hand(state, seat, "mad_scientist_chicken")[:1]
    found += [e["id"] for e in F.specialties(state, seat) if e["kind"] == "mad_scientist_chicken"][:1]
    return found


def ask_or_let(state: dict, frame: dict, seat: int, answers: list) -> bool:
    """Ask `seat` unless they chose not to be asked when they cannot respond."""
    if answers or not state["auto_pass"][seat]:
        frame["ask"] = seat
        return True
    return False


# --- a card played on a player ----------------------------------------------------------------

def attack_answers(state: dict, frame: dict, seat: int) -> list[dict]:
    if frame["stage"] != "react":
        return []
    kind = C.kind(frame["card"])
    answers = [{"type": "respond", "card": c} for c in in_hand(state, seat, "cock_block")[:1]]
    if C.has_tag(kind, "predator"):
        answers += [{"type": "respond", "card": c} for c in in_hand(state, seat, "chicken_wire")[:1]]
    if C.has_tag(kind, "disease"):
        answers += [{"type": "respond", "card": c} for c in mad_scientists(state, seat)]
    return answers


def asked_seat(frame: dict) -> int:
    return frame["target"] if frame["stage"] == "react" else frame["by"]


def process_attack(state: dict, frame: dict) -> None:
    if F.is_out(state, frame["target"]):
        pop(state)
        to_discard(state, frame["card"])
        return
    seat = asked_seat(frame)
    if not ask_or_let(state, frame, seat, attack_answers(state, frame, seat)):
        act_attack(state, frame, seat, LET)


def legal_attack(state: dict, frame: dict, seat: int) -> list[dict]:
    return [LET] + attack_answers(state, frame, seat)


def act_attack(state: dict, frame: dict, seat: int, action: dict) -> None:
    frame["ask"] = None
    kind = C.kind(frame["card"])
    if action["type"] == "let":
        if frame["stage"] == "react":
            log(state, "lets", who=who(seat), card=card_name(kind))
            pop(state)
            resolve_attack(state, frame)
        else:  # a match saved while an earlier rule let the attacker answer the Cock Block
            _blocked(state, frame)
        return
    answer = action["card"]
    answer_kind = C.kind(answer)
    _spend(state, seat, answer)
    log(state, "responds", who=who(seat), card=card_name(answer_kind), to=card_name(kind))
    if answer_kind == "cock_block":
        _blocked(state, frame)
    else:
        log(state, "stopped", card=card_name(answer_kind), attack=card_name(kind), who=who(frame["by"]))
        pop(state)
        to_discard(state, frame["card"])


def _blocked(state: dict, frame: dict) -> None:
    """A Cock Block "cancels the card and ends their Play Action Cards step immediately"."""
    log(state, "blocked", who=who(frame["by"]), card=card_name(C.kind(frame["card"])))
    pop(state)
    to_discard(state, frame["card"])
    turn = state["turn"]
    if turn["seat"] == frame["by"] and turn["step"] == "play":
        turn["step"] = "cash"


def _spend(state: dict, seat: int, card: str) -> None:
    """An answer goes to the discard pile, from the hand or (a Mad Scientist) from the flock."""
    if card in state["hands"][seat]:
        state["hands"][seat].remove(card)
        state["discard"].append(card)
    else:
        F.take_out(state, seat, card)
        state["discard"].append(card)


def resolve_attack(state: dict, frame: dict) -> None:
    card, by, target = frame["card"], frame["by"], frame["target"]
    kind = C.kind(card)
    if kind == "infertility":
        hen = F.find(state, target, frame.get("chicken"))
        state["table"].remove(card)
        if hen is not None and not hen["infertile"]:
            hen["infertile"] = card
            log(state, "infertile", who=who(target), chicken=F.chicken_name(hen))
        else:
            state["discard"].append(card)
        return
    to_discard(state, card)
    if kind in ("coyote_attack", "eat_mor_chikin"):
        push_pick(state, by, target, "predator", "kill", kind)
    elif kind == "chicken_blaster":
        if F.find(state, target, frame["chicken"]) is not None:
            push_deaths(state, target, [frame["chicken"]], kind, by=by)
    elif kind == "die_die_die":
        for _ in range(C.rules()["die_die_die_rolls"]):
            push_roll(state, target, kind, negative=True, by=by)
    elif kind == "hen_swap":
        push(state, {"op": "swap", "by": by, "target": target, "taken": []})
    elif kind == "three_egg_omelette":
        lost = min(C.rules()["omelette"], state["eggs"][target])
        state["eggs"][target] -= lost
        log(state, "omelette", who=who(target), n=lost)


# --- chickens about to die --------------------------------------------------------------------

def death_answers(state: dict, frame: dict, seat: int) -> list[dict]:
    answers = []
    for card in in_hand(state, seat, "immunity")[:1]:
        for entry in F.distinct([F.find(state, seat, fid) for fid in frame["chickens"]]):
            answers.append({"type": "respond", "card": card, "chicken": entry["id"]})
    if frame["disease"]:
        answers += [{"type": "respond", "card": c} for c in mad_scientists(state, seat)]
    return answers


def process_deaths(state: dict, frame: dict) -> None:
    seat = frame["seat"]
    frame["chickens"] = [fid for fid in frame["chickens"] if F.find(state, seat, fid) is not None]
    if not frame["chickens"] or F.is_out(state, seat):
        pop(state)
        return
    if not ask_or_let(state, frame, seat, death_answers(state, frame, seat)):
        act_deaths(state, frame, seat, LET)


def legal_deaths(state: dict, frame: dict, seat: int) -> list[dict]:
    return [LET] + death_answers(state, frame, seat)


def act_deaths(state: dict, frame: dict, seat: int, action: dict) -> None:
    frame["ask"] = None
    if action["type"] == "let":
        pop(state)
        for fid in frame["chickens"]:
            F.kill(state, seat, fid)
        _satisfied(state, frame)
        return
    card = action["card"]
    answer_kind = C.kind(card)
    _spend(state, seat, card)
    log(state, "responds", who=who(seat), card=card_name(answer_kind), to=card_name(frame["cause"]))
    if answer_kind == "immunity":
        frame["chickens"].remove(action["chicken"])
        log(state, "saved", card=card_name(answer_kind), who=who(seat), chicken=F.chicken_name(F.find(state, seat, action["chicken"])))
    else:
        log(state, "stopped_deaths", card=card_name(answer_kind), cause=card_name(frame["cause"]), who=who(seat))
        pop(state)


def _satisfied(state: dict, frame: dict) -> None:
    """Eat Mor Chikin lets its player skip the roll "as a bonus for satisfying the customer":
    only once a chicken was eaten (not when Immunity saved it or no chicken could be eaten)."""
    turn = state["turn"]
    if frame["cause"] == "eat_mor_chikin" and frame.get("by") == turn["seat"] and frame["chickens"]:
        turn["may_skip"] = True


HANDLERS = {
    "attack": (process_attack, legal_attack, act_attack),
    "deaths": (process_deaths, legal_deaths, act_deaths),
}
