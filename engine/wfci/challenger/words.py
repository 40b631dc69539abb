"""The Challenger in words: one log line per step that says what it did and why, the solo card
of the view (`view["challenger"]`), and what it will do next.

Nothing here names a hidden card: its hand and the deck are counts ("it plays the top scroll of
the deck face down"); cards are named only once they are revealed or face up in the stock.
"""

from __future__ import annotations

from .. import cards
from . import (
    DATA,
    SEAT,
    activation_order,
    build_window,
    firing_pair,
    machines,
    name,
    pair_counts,
    power_bonus,
    row_dice,
    rows,
    steps,
    targets,
    tied,
    your,
)
from ..stars import _can_draw
from ..state import ruleset, top
from ..turn import apply_action
from .fight import hand_play
from .play import choose
from .turn import fight_or_move

PAIR_NAMES = {pair: spec["name"] for pair, spec in DATA["pairs"].items()}


def _card(cid: str) -> str:
    return cards.card(cid)["name"]


def _strength(cid: str) -> int:
    return cards.card(cid)["strength"]


def _plural(n: int, word: str) -> str:
    """"1 die", "3 dice", "2 hexes", "4 scrolls"."""
    if n == 1:
        return f"{n} {word}"
    for one, many in (("die", "dice"), ("hex", "hexes")):
        if word.endswith(one):
            return f"{n} {word[: -len(one)]}{many}"
    return f"{n} {word}s"


# -- one line per step -----------------------------------------------------------------------

def describe(state: dict, action: dict, outcome: bool = True) -> str:
    """The log line of a Challenger step, from the state before it. With `outcome`, steps whose
    result is public at once (the dice it rolls, a fight's reveal) say how it went."""
    step = action["step"]
    line = LINES[step](state, action)
    if outcome and step in ("roll", "hand_cards", "deck_card"):
        for event in _events_after(state, action):
            line += ("" if line.endswith(("!", ".")) else ".") + " " + event
    return line


def _events_after(state: dict, action: dict) -> list[str]:
    new = apply_action(state, SEAT, action)
    return [e for e in new["events"] if not e.startswith("The Challenger plays")]


def _opening(state: dict, action: dict) -> str:
    if not action["card"]:
        return "The Challenger cannot build an opening machine: no stock machine that can move has a free miniature"
    return (f"Opening build: {_card(action['card'])} (strength {_strength(action['card'])}), the strongest "
            f"stock machine that can move, goes next to its base at {action['hex']}")


def _fight_words(state: dict, unit: dict, target_id: str) -> str:
    target = state["units"][target_id]
    ranked = targets(state, unit)
    if target["kind"] == "leader":
        why = "your leader is in range"
    else:
        lowest = "lowest armor" if _lowest(state) else "highest strength"
        why = f"the {lowest} of your units in range"
        if tied(state, unit, ranked):
            why += ", the priority hex breaking the tie"
    return f"{name(unit)} attacks {your(target)} ({why})"


def _lowest(state: dict) -> bool:
    return ruleset(state).challenger_target == "lowest_armor"


def _move_words(state: dict, unit: dict, dest: str, ready: bool | None = None) -> str:
    n = steps(state, unit, dest)
    line = f"{name(unit)} moves {_plural(n, 'hex')} toward your leader (nothing of yours in range), to {dest}"
    if ready:
        line += "; now something of yours is in range, so the next Command die makes it fight"
    return line


def _doing(state: dict, action: dict) -> str:
    kind = action["do"]
    unit = state["units"].get(action.get("unit", ""))
    if kind == "fight":
        return _fight_words(state, unit, action["target"])
    if kind == "move":
        return _move_words(state, unit, action["hex"], action.get("ready"))
    if kind == "stay":
        return f"{name(unit)} has nothing of yours in range and cannot get closer to your leader"
    if kind == "held":
        return ("its leader may move only after two other units were activated this turn, and it has no "
                "machine to activate instead: the die is lost")
    if kind == "retrieve":
        n = len(action["chickens"])
        return (f"it has no machine and no chicken with its leader, so it retrieves {_plural(n, 'random chicken')} "
                f"to its base")
    if kind == "build":
        return (f"it has no machine, so it builds the leftmost stock machine that can move, "
                f"{_card(action['card'])}, at {action['hex']}")
    return "it has no machine and nothing in the stock it can build"


def _free(state: dict, action: dict) -> str:
    line = "Free action: " + _doing(state, action)
    if action.get("random"):
        line = "Free action: it has no machine, so a random chicken of its leader's stack acts: " \
            + _doing(state, action)
    bonus = power_bonus(state)
    if action["do"] == "fight" and bonus:
        line += f", with Power +{bonus} since the top rows will fire"
    return line


def _rows(state: dict, action: dict) -> str:
    counts = pair_counts(state)
    pair = action["pair"]
    line = f"Top rows {counts['top']} against bottom rows {counts['bottom']}"
    line += (": a tie fires the top pair" if counts["top"] == counts["bottom"] else "")
    line += f", {PAIR_NAMES[pair]} fire"
    if pair == "top":
        p, c = len(row_dice(state, "power")), len(row_dice(state, "command"))
        line += (f"; Power {_plural(p, 'die')}: +{p * DATA['power_per_die']} strength to every attack this turn"
                 if p else "; no Power die")
        line += f"; {_plural(c, 'Command die')}" if c else "; no Command die"
    return line


def _command(state: dict, action: dict) -> str:
    head = f"Command die {action['die']}: "
    if action.get("follow"):
        return head + "the unit that moved into range fights: " + _doing(state, action)
    if action.get("instead"):
        head += ("its leader may move only after two other units were activated this turn, so the first "
                 "unit in order is activated again: ")
    return head + _doing(state, action)


def _build(state: dict, action: dict) -> str:
    n = action["dice"]
    if not action["card"]:
        return f"Build ({_plural(n, 'die')}): nothing in the stock it can build"
    if not action["hex"]:
        return f"Build: {_card(action['card'])} has no free hex on its territory, nothing is built"
    if n == 0:
        line = f"Build (no die): it takes the leftmost stock machine that can move, {_card(action['card'])}"
    else:
        line = (f"Build ({_plural(n, 'die')}): the window is {_plural(action['window'], 'card')}, it takes "
                f"{_card(action['card'])} (strength {_strength(action['card'])})")
    return line + f", at {action['hex']}"


def _reinforce(state: dict, action: dict) -> str:
    words = {"scroll": "draws a scroll", "shield": "puts a shield on its leader"}
    rungs = [words[r] for r in DATA["reinforcement_ladder"][:action["dice"]]]
    return f"Reinforcement ({_plural(action['dice'], 'die')}): it " + ", ".join(rungs)


def _roll(state: dict, action: dict) -> str:
    return f"It rolls its {_plural(action['dice'], 'spent die')} into the rows"


def _draw(state: dict, action: dict) -> str:
    held = len(state["seats"][SEAT]["hand"])
    return f"It draws {_plural(action['count'], 'scroll')} (its face-down pile held {held})"


def _deck_card(state: dict, action: dict) -> str:
    if not _can_draw(state):
        return "The scroll deck is empty: it plays no deck card"
    return "It plays the top scroll of the deck face down"


def _hand_cards(state: dict, action: dict) -> str:
    held = len(state["seats"][SEAT]["hand"])
    if action.get("in_vain"):
        return ("It plays no scroll: it defends, your strength is below its armor and you played none "
                "(no scrolls in vain)")
    if not held:
        return "It has no scroll in hand to play"
    n = action["count"]
    if not n:
        return "It holds a single scroll: half of it is none, it plays no scroll"
    return f"It plays {_plural(n, 'scroll')} from its hand face down (half of {held}, at most 8)"


LINES = {"opening_build": _opening, "free": _free, "rows": _rows, "command": _command, "build": _build,
         "reinforce": _reinforce, "roll": _roll, "draw": _draw, "deck_card": _deck_card, "hand_cards": _hand_cards}


# -- the solo card in the view ----------------------------------------------------------------

def view_block(state: dict) -> dict:
    """`view["challenger"]`, the same for every viewer: all of it is public."""
    frame = state["stack"][0] if state["stack"] else None
    mine = frame if frame and frame.get("step") == "challenger" else None
    activated = mine["activated"] if mine else {}
    order = [{"unit": u["id"], "name": _order_name(u), "activated": activated.get(u["id"], 0)}
             for u in activation_order(state)]
    return {
        "rows": rows(state),
        "spent": len(state["seats"][SEAT]["spent"]),
        "activation_order": order,
        "hand_count": len(state["seats"][SEAT]["hand"]),
        "pair": mine["pair"] if mine else None,
        "power": mine["power"] if mine else 0,
        "next": next_words(state),
    }


def _order_name(unit: dict) -> str:
    if unit["kind"] == "leader":
        return f"{cards.card(unit['card'])['name']} (leader)"
    if unit["kind"] == "chicken":
        return "chicken"
    return cards.card(unit["card"])["name"]


def next_words(state: dict) -> str:
    """What it will do next, in plain words."""
    if state["result"] is not None or not state["stack"]:
        return ""
    frame = top(state)
    if frame["seat"] == SEAT:
        return describe(state, choose(state), outcome=False)
    c = state["combat"]
    if c and c.get("solo") == "human":
        n = hand_play(state)
        line = f"When you pass, it plays {_plural(n, 'scroll')} from its hand face down"
        if c["def_seat"] == SEAT:
            line += " (none if you play no scroll and your strength is below its armor)"
        return line
    if frame["kind"] in ("solo_leader", "solo_base"):
        return "It plays first: it opens by building the strongest stock machine that can move"
    if state["stack"][0]["seat"] == SEAT:
        return "It goes on with its turn once you have decided"
    return forecast(state)


def forecast(state: dict) -> str:
    """Its next turn as things stand now (you may change them before it comes)."""
    mine = machines(state)
    if mine:
        step = fight_or_move(state, mine[0])
        free = {"fight": lambda: _fight_words(state, mine[0], step["target"]),
                "move": lambda: f"{name(mine[0])} moves toward your leader",
                "stay": lambda: f"{name(mine[0])} stays (it cannot get closer)"}[step["do"]]()
    elif ruleset(state).challenger_uses_chickens:
        free = "a random chicken of its leader's stack acts (none: it retrieves 2 random chickens)"
    else:
        _window, cid = build_window(state, 0)
        free = f"it builds {_card(cid)}" if cid else "it has nothing to do"
    pair = firing_pair(state)
    counts = pair_counts(state)
    line = f"Its next turn: {free}; then {PAIR_NAMES[pair]} fire ({counts['top']} dice against {counts['bottom']})"
    if pair == "top":
        bonus, cmd = power_bonus(state), len(row_dice(state, "command"))
        line += f": Power +{bonus}, {_plural(cmd, 'Command die')}"
    else:
        n = len(row_dice(state, "build"))
        _window, cid = build_window(state, n)
        line += f": it builds {_card(cid) if cid else 'nothing'}"
        stars = len(row_dice(state, "reinforcement"))
        if stars:
            line += f" and reinforces with {_plural(stars, 'die')}"
    return line
