"""A player's turn, in the rulebook's five steps: collect eggs, draw, play action cards,
cash in eggs, roll the Chicken Die. The turn frame lies at the bottom of the stack.

    {"type": "draw"}                    step 2: draw the card (End Your Turn may be played instead)
    {"type": "play", "card": id, ...}   step 3 (End Your Turn also in steps 2 and 4, Take it or Leave
                                        it also in step 4: the card's "steps" in cards.json);
                                        "target" seat, "chicken" id, "n" chicks as the card needs
    {"type": "next"}                    end step 3
    {"type": "cash", "for": "card"|"chick"}
    {"type": "roll"} | {"type": "skip_roll"} (after Eat Mor Chikin) | {"type": "end_turn"} (after Reverse)
"""

from __future__ import annotations

from . import cards as C
from . import flock as F
from .effects import candidates, draw_cards, order_from, push, push_roll
from .events import card_name, log, who

STEPS = ("collect", "draw", "play", "cash", "end")
DRAW = {"type": "draw"}


def new_turn(state: dict, seat: int) -> None:
    state["turns"] += 1
    state["turn"] = {"seat": seat, "step": "collect", "no_roll": False, "may_skip": False,
                     "take_or_leave": False, "number": state["turns"]}
    log(state, "turn", who=who(seat))


def next_seat(state: dict) -> int:
    seats = order_from(state, state["turn"]["seat"])
    if seats and seats[0] == state["turn"]["seat"]:
        seats = seats[1:]
    return seats[0] if seats else state["turn"]["seat"]


def process_turn(state: dict, frame: dict) -> None:
    turn = state["turn"]
    seat = turn["seat"]
    if F.is_out(state, seat) or turn["step"] == "end":
        new_turn(state, next_seat(state))
    elif turn["step"] == "collect":
        eggs = sum(F.eggs_laid(e) for e in state["flocks"][seat])
        state["eggs"][seat] += eggs
        log(state, "collects", who=who(seat), n=eggs)
        turn["step"] = "draw"
    elif turn["step"] == "draw" and not _stops_before_draw(state, seat):
        _draw(state, seat)
    else:
        frame["ask"] = seat


def _stops_before_draw(state: dict, seat: int) -> bool:
    """End Your Turn may be played "at any point during Steps 1-4", so the turn stops before the
    draw. It stops whatever the hand holds, or the stop would tell everybody that an End Your
    Turn is in it; only a player who chose not to be asked when they cannot respond (a public
    setting) goes straight on when they hold none."""
    return not state["auto_pass"][seat] or bool(_step_cards(state, seat, "draw"))


def _step_cards(state: dict, seat: int, step: str) -> list[str]:
    """The cards in hand that may be played in `step` outside step 3 (cards.json, "steps")."""
    return [c for c in state["hands"][seat] if step in C.info(c).get("steps", ())]


def _draw(state: dict, seat: int) -> None:
    state["turn"]["step"] = "play"
    draw_cards(state, seat, 1)


def legal_turn(state: dict, frame: dict, seat: int) -> list[dict]:
    turn = state["turn"]
    hand = state["hands"][seat]
    if turn["step"] == "play":
        out = []
        for card in hand:
            out.extend(plays(state, seat, card))
        return out + [{"type": "next"}]
    out = [a for card in _step_cards(state, seat, turn["step"]) for a in plays(state, seat, card)]
    if turn["step"] == "draw":
        return [DRAW] + out
    cash = C.rules()["cash"]
    if state["eggs"][seat] >= cash["card"]:
        out.append({"type": "cash", "for": "card"})
    if state["eggs"][seat] >= cash["chick"]:
        out.append({"type": "cash", "for": "chick"})
    if turn["no_roll"]:
        return out + [{"type": "end_turn"}]
    out.append({"type": "roll"})
    if turn["may_skip"]:
        out.append({"type": "skip_roll"})
    return out


def plays(state: dict, seat: int, card: str) -> list[dict]:
    """Every way to play one card from the hand now."""
    kind = C.kind(card)
    category = C.category(card)
    base = {"type": "play", "card": card}
    if category == "specialty" or kind in ("feeding_frenzy", "farm_to_table", "end_your_turn", "reverse"):
        return [base]
    if kind == "take_it_or_leave_it":
        return [] if state["turn"]["take_or_leave"] else [base]
    if kind == "incubator":
        rule = C.rules()["incubator"]
        most = min(rule["max"], state["eggs"][seat] // rule["eggs"])
        return [dict(base, n=n) for n in range(1, most + 1)]
    if kind == "resurrection":
        return [dict(base, chicken=g) for g in state["graveyard"]]
    if category != "attack":
        return []
    out = []
    for target in order_from(state, seat)[1:]:
        if kind == "chicken_blaster":
            out += [dict(base, target=target, chicken=e["id"]) for e in candidates(state, seat, target, "predator")]
        elif kind == "infertility":
            hens = [e for e in state["flocks"][target] if F.can_lay(e) and not e["infertile"]]
            out += [dict(base, target=target, chicken=e["id"]) for e in F.distinct(hens)]
        elif kind == "three_egg_omelette":
            if state["eggs"][target] > 0:
                out.append(dict(base, target=target))
        else:
            out.append(dict(base, target=target))
    return out


def act_turn(state: dict, frame: dict, seat: int, action: dict) -> None:
    frame["ask"] = None
    turn = state["turn"]
    kind = action["type"]
    if kind == "draw":
        _draw(state, seat)
    elif kind == "next":
        turn["step"] = "cash"
        log(state, "to_cash", who=who(seat))
    elif kind == "cash":
        cost = C.rules()["cash"][action["for"]]
        state["eggs"][seat] -= cost
        turn["step"] = "cash"
        if action["for"] == "chick":
            F.add(state, seat, C.CHICK)
            log(state, "cash_chick", who=who(seat), n=cost)
        else:
            log(state, "cash_card", who=who(seat), n=cost)
            draw_cards(state, seat, 1)
    elif kind == "roll":
        turn["step"] = "end"
        push_roll(state, seat, "die", optional=turn["take_or_leave"])
    elif kind == "skip_roll":
        turn["step"] = "end"
        log(state, "skips_roll", who=who(seat))
    elif kind == "end_turn":
        turn["step"] = "end"
        log(state, "ends_turn", who=who(seat))
    else:
        play(state, seat, action)


def play(state: dict, seat: int, action: dict) -> None:
    card = action["card"]
    kind = C.kind(card)
    turn = state["turn"]
    state["hands"][seat].remove(card)
    if C.category(card) == "specialty":
        state["flocks"][seat].append({"id": card, "kind": kind, "infertile": None})
        log(state, "plays_chicken", who=who(seat), card=card_name(kind))
        return
    if C.category(card) == "attack":
        state["table"].append(card)
        log(state, "plays_on", who=who(seat), card=card_name(kind), target=who(action["target"]))
        push(state, {"op": "attack", "card": card, "by": seat, "target": action["target"],
                     "chicken": action.get("chicken"), "stage": "react"})
        return
    state["discard"].append(card)
    log(state, "plays", who=who(seat), card=card_name(kind))
    if kind == "feeding_frenzy":
        for chick in F.of_kind(state, seat, C.CHICK)[: C.rules()["feeding_frenzy_max"]]:
            F.change(state, seat, chick["id"], C.HEN)
    elif kind == "incubator":
        state["eggs"][seat] -= action["n"] * C.rules()["incubator"]["eggs"]
        for _ in range(action["n"]):
            F.add(state, seat, C.CHICK)
        log(state, "hatch", who=who(seat), n=action["n"])
    elif kind == "farm_to_table":
        state["eggs"][seat] += C.rules()["farm_to_table"]
    elif kind == "resurrection":
        state["graveyard"].remove(action["chicken"])
        back = action["chicken"]
        state["flocks"][seat].append({"id": back, "kind": C.kind(back), "infertile": None})
        log(state, "resurrect", who=who(seat), card=card_name(C.kind(back)))
    elif kind == "take_it_or_leave_it":
        turn["take_or_leave"] = True
    elif kind == "end_your_turn":
        turn["step"] = "end"
    elif kind == "reverse":
        state["direction"] = -state["direction"]
        turn["no_roll"] = True


HANDLERS = {"turn": (process_turn, legal_turn, act_turn)}
