"""The Challenger in messages: one log line per step that says what it did and why, the solo
card of the view (`view["challenger"]`), and what it will do next.

Nothing here names a hidden card: its hand and the deck are counts ("it plays the top scroll of
the deck face down"); cards are named only once they are revealed or face up in the stock.
"""

from __future__ import annotations

from ...messages import listing, msg, render
from .. import cards
from . import (
    DATA,
    SEAT,
    activation_order,
    build_window,
    firing_pair,
    machines,
    pair_counts,
    power_bonus,
    row_dice,
    rows,
    steps,
    targets,
    tied,
)
from ..stars import _can_draw
from ..state import ruleset, top
from ..turn import apply_action
from .fight import hand_play
from .play import choose
from .turn import fight_or_move

C = "wfci.ch."


def _card(cid: str) -> dict:
    return cards.name(cid)


def _strength(cid: str) -> int:
    return cards.card(cid)["strength"]


def _count(n: int, what: str) -> dict:
    """"1 die", "3 dice", "2 hexes", "4 scrolls"."""
    return msg(f"wfci.count.{what}", n=n)


def _its(unit: dict) -> dict:
    """A Challenger unit: "Rock Golem", "its leader Keekmee", "its chicken"."""
    if unit["kind"] == "leader":
        return msg(C + "its_leader", card=_card(unit["card"]))
    if unit["kind"] == "chicken":
        return msg(C + "its_chicken")
    return _card(unit["card"])


def _yours(unit: dict) -> dict:
    if unit["kind"] == "leader":
        return msg(C + "your_leader", card=_card(unit["card"]))
    if unit["kind"] == "chicken":
        return msg(C + "your_chicken")
    return msg(C + "your_machine", card=_card(unit["card"]))


def _sentence(line) -> dict | str:
    """The line closed with a full stop unless its English text already ends a sentence."""
    if render(line).endswith(("!", ".")):
        return line
    return msg(C + "sentence", line=line)


# -- one line per step -----------------------------------------------------------------------

def describe(state: dict, action: dict, outcome: bool = True) -> dict:
    """The log line of a Challenger step, from the state before it. With `outcome`, steps whose
    result is public at once (the dice it rolls, a fight's reveal) say how it went."""
    step = action["step"]
    line = LINES[step](state, action)
    if outcome and step in ("roll", "hand_cards", "deck_card"):
        events = _events_after(state, action)
        if events:
            parts = [_sentence(part) for part in [line] + events[:-1]] + events[-1:]
            return listing("engine.list.sentences", parts)
    return line


def _events_after(state: dict, action: dict) -> list:
    new = apply_action(state, SEAT, action)
    return [e for e in new["events"] if not render(e).startswith("The Challenger plays")]


def _opening(state: dict, action: dict) -> dict:
    if not action["card"]:
        return msg(C + "opening_none")
    return msg(C + "opening", card=_card(action["card"]), strength=_strength(action["card"]), hex=action["hex"])


def _fight_words(state: dict, unit: dict, target_id: str) -> dict:
    target = state["units"][target_id]
    ranked = targets(state, unit)
    if target["kind"] == "leader":
        why = "leader"
    else:
        why = "lowest_armor" if _lowest(state) else "highest_strength"
        if tied(state, unit, ranked):
            why += "_tie"
    return msg(C + "attacks", unit=_its(unit), target=_yours(target), why=msg(f"{C}why.{why}"))


def _lowest(state: dict) -> bool:
    return ruleset(state).challenger_target == "lowest_armor"


def _move_words(state: dict, unit: dict, dest: str, ready: bool | None = None) -> dict:
    hexes = _count(steps(state, unit, dest), "hex")
    return msg(C + ("moves_ready" if ready else "moves"), unit=_its(unit), hexes=hexes, hex=dest)


def _doing(state: dict, action: dict) -> dict:
    kind = action["do"]
    unit = state["units"].get(action.get("unit", ""))
    if kind == "fight":
        return _fight_words(state, unit, action["target"])
    if kind == "move":
        return _move_words(state, unit, action["hex"], action.get("ready"))
    if kind == "stay":
        return msg(C + "stays", unit=_its(unit))
    if kind == "held":
        return msg(C + "held")
    if kind == "retrieve":
        return msg(C + "retrieves", chickens=_count(len(action["chickens"]), "random_chicken"))
    if kind == "build":
        return msg(C + "builds_instead", card=_card(action["card"]), hex=action["hex"])
    return msg(C + "nothing_to_build")


def _free(state: dict, action: dict) -> dict:
    line = msg(C + ("free_random" if action.get("random") else "free"), doing=_doing(state, action))
    bonus = power_bonus(state)
    if action["do"] == "fight" and bonus:
        line = msg(C + "with_power", line=line, bonus=bonus)
    return line


def _rows(state: dict, action: dict) -> dict:
    counts = pair_counts(state)
    pair = action["pair"]
    tie = counts["top"] == counts["bottom"]
    line = msg(C + ("rows_tie" if tie else "rows"), top=counts["top"], bottom=counts["bottom"],
               pair=msg(f"wfci.pair.{pair}"))
    if pair != "top":
        return line
    p, c = len(row_dice(state, "power")), len(row_dice(state, "command"))
    power = msg(C + "power", dice=_count(p, "die"), bonus=p * DATA["power_per_die"]) if p else msg(C + "no_power")
    command = _count(c, "command_die") if c else msg(C + "no_command")
    return msg(C + "rows_top", line=line, power=power, command=command)


def _command(state: dict, action: dict) -> dict:
    how = "command_follow" if action.get("follow") else "command_instead" if action.get("instead") else "command"
    return msg(C + how, die=action["die"], doing=_doing(state, action))


def _build(state: dict, action: dict) -> dict:
    n = action["dice"]
    if not action["card"]:
        return msg(C + "build_nothing", dice=_count(n, "die"))
    if not action["hex"]:
        return msg(C + "build_no_hex", card=_card(action["card"]))
    if n == 0:
        return msg(C + "build_free", card=_card(action["card"]), hex=action["hex"])
    return msg(C + "build", dice=_count(n, "die"), window=_count(action["window"], "card"),
               card=_card(action["card"]), strength=_strength(action["card"]), hex=action["hex"])


def _reinforce(state: dict, action: dict) -> dict:
    rungs = [msg(f"{C}rung.{r}") for r in DATA["reinforcement_ladder"][:action["dice"]]]
    return msg(C + "reinforce", dice=_count(action["dice"], "die"), rungs=rungs)


def _roll(state: dict, action: dict) -> dict:
    return msg(C + "roll", dice=_count(action["dice"], "spent_die"))


def _draw(state: dict, action: dict) -> dict:
    held = len(state["seats"][SEAT]["hand"])
    return msg(C + "draw", scrolls=_count(action["count"], "scroll"), held=held)


def _deck_card(state: dict, action: dict) -> dict:
    return msg(C + ("deck_card" if _can_draw(state) else "deck_empty"))


def _hand_cards(state: dict, action: dict) -> dict:
    held = len(state["seats"][SEAT]["hand"])
    if action.get("in_vain"):
        return msg(C + "hand_in_vain")
    if not held:
        return msg(C + "hand_none")
    n = action["count"]
    if not n:
        return msg(C + "hand_single")
    return msg(C + "hand_play", scrolls=_count(n, "scroll"), held=held)


LINES = {"opening_build": _opening, "free": _free, "rows": _rows, "command": _command, "build": _build,
         "reinforce": _reinforce, "roll": _roll, "draw": _draw, "deck_card": _deck_card, "hand_cards": _hand_cards}


# -- the solo card in the view ----------------------------------------------------------------

def view_block(state: dict) -> dict:
    """`view["challenger"]`, the same for every viewer: all of it is public. Names and the next
    step are given in English (`name`, `next`) and as messages (`name_message`, `next_message`)."""
    frame = state["stack"][0] if state["stack"] else None
    mine = frame if frame and frame.get("step") == "challenger" else None
    activated = mine["activated"] if mine else {}
    order = []
    for u in activation_order(state):
        label = _order_name(u)
        order.append({"unit": u["id"], "name": render(label), "name_message": label,
                      "activated": activated.get(u["id"], 0)})
    coming = next_words(state)
    return {
        "rows": rows(state),
        "spent": len(state["seats"][SEAT]["spent"]),
        "activation_order": order,
        "hand_count": len(state["seats"][SEAT]["hand"]),
        "pair": mine["pair"] if mine else None,
        "power": mine["power"] if mine else 0,
        "next": render(coming) if coming else "",
        "next_message": coming,
    }


def _order_name(unit: dict) -> dict:
    if unit["kind"] == "leader":
        return msg(C + "order_leader", card=_card(unit["card"]))
    if unit["kind"] == "chicken":
        return msg(C + "order_chicken")
    return _card(unit["card"])


def next_words(state: dict) -> dict | None:
    """What it will do next (None once the game is over)."""
    if state["result"] is not None or not state["stack"]:
        return None
    frame = top(state)
    if frame["seat"] == SEAT:
        return describe(state, choose(state), outcome=False)
    c = state["combat"]
    if c and c.get("solo") == "human":
        n = hand_play(state)
        how = "when_you_pass_defending" if c["def_seat"] == SEAT else "when_you_pass"
        return msg(C + how, scrolls=_count(n, "scroll"))
    if frame["kind"] in ("solo_leader", "solo_base"):
        return msg(C + "plays_first")
    if state["stack"][0]["seat"] == SEAT:
        return msg(C + "goes_on")
    return forecast(state)


def forecast(state: dict) -> dict:
    """Its next turn as things stand now (you may change them before it comes)."""
    mine = machines(state)
    if mine:
        step = fight_or_move(state, mine[0])
        if step["do"] == "fight":
            free = _fight_words(state, mine[0], step["target"])
        else:
            free = msg(C + ("will_move" if step["do"] == "move" else "will_stay"), unit=_its(mine[0]))
    elif ruleset(state).challenger_uses_chickens:
        free = msg(C + "will_use_chicken")
    else:
        _window, cid = build_window(state, 0)
        free = msg(C + "will_build", card=_card(cid)) if cid else msg(C + "will_idle")
    pair = firing_pair(state)
    counts = pair_counts(state)
    args = {"free": free, "pair": msg(f"wfci.pair.{pair}"), "top": counts["top"], "bottom": counts["bottom"]}
    if pair == "top":
        bonus, cmd = power_bonus(state), len(row_dice(state, "command"))
        return msg(C + "forecast_top", bonus=bonus, command=_count(cmd, "command_die"), **args)
    _window, cid = build_window(state, len(row_dice(state, "build")))
    build = _card(cid) if cid else msg(C + "nothing")
    stars = len(row_dice(state, "reinforcement"))
    if stars:
        return msg(C + "forecast_bottom_reinforce", build=build, dice=_count(stars, "die"), **args)
    return msg(C + "forecast_bottom", build=build, **args)
