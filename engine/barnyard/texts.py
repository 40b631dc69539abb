"""Log lines and prompts as messages (ids in data/messages.json); no sentences built here."""

from __future__ import annotations

from ..messages import listing, msg, seat as who_of
from . import board as B
from .state import ARMY


def piece_name(p) -> dict:
    return msg("barnyard.piece.army") if p == ARMY else msg("barnyard.piece.general", n=p + 1)


def unit_name(unit: str) -> dict:
    return msg(f"barnyard.unit.{unit}.name")


def card_name(kind: str) -> dict:
    return msg(f"barnyard.card.{kind}.name")


def square(state: dict, sq: int) -> str:
    return B.square_name(sq, state["size"])


def both(first: dict, second: dict | None) -> dict:
    return first if second is None else msg("barnyard.log.both", a=first, b=second)


def describe_start(state: dict) -> dict:
    rolls = [msg("barnyard.log.roll", who=who_of(s), n=d) for s, d in state["opening"][-1]]
    return msg("barnyard.log.start", rolls=listing("engine.list.and", rolls), first=who_of(state["first"]))


def grouped(units: list) -> list:
    """Unit names, alike ones counted: "Rabbit ×3", in the order they first come."""
    counts: dict = {}
    for u in units:
        counts[u] = counts.get(u, 0) + 1
    return [unit_name(u) if n == 1 else msg("barnyard.log.unit_count", unit=unit_name(u), n=n) for u, n in counts.items()]


def force(p, units: list) -> dict:
    """"general 2 (Bull, Sheep ×2)"."""
    names = grouped(units)
    return msg("barnyard.log.force", piece=piece_name(p),
               units=listing("engine.list.and", names) if names else msg("barnyard.log.no_units"))


def dice(rolled: list) -> dict:
    return msg("barnyard.log.dice", dice=", ".join(map(str, rolled)), n=len(rolled)) if rolled \
        else msg("barnyard.log.no_dice")


def battle_line(fight: dict, size: int | None = None) -> dict:
    """Who attacked what with which units, the strengths, the dice and the result. A battle fought
    before its record kept the pieces (a match saved then) gets the short line."""
    if "units_a" not in fight or size is None:
        return msg("barnyard.log.battle", attack=fight["attack"], defence=fight["defence"],
                   dice_a=", ".join(map(str, fight["dice_a"])) or "-", dice_d=", ".join(map(str, fight["dice_d"])) or "-",
                   outcome=msg(f"barnyard.outcome.{fight['outcome']}"))
    attackers = force(fight["piece"], fight["units_a"])
    if fight["joiners"]:
        attackers = msg("barnyard.log.joined_by", force=attackers,
                        who=listing("engine.list.and", [who_of(j) for j in fight["joiners"]]))
    defenders = listing("engine.list.and", [force(q, u) for q, u in zip(fight["dpieces"], fight["units_d"])])
    return msg("barnyard.log.battle_report", attacker=who_of(fight["attacker"]), force=attackers,
               defender=who_of(fight["defender"]), defence_force=defenders,
               square=B.square_name(fight["target"], size),
               attack=fight["attack"], base_a=fight["base_a"], dice_a=dice(fight["dice_a"]),
               defence=fight["defence"], base_d=fight["base_d"], dice_d=dice(fight["dice_d"]),
               outcome=msg(f"barnyard.outcome.{fight['outcome']}"))


def lost_line(loss: dict) -> dict:
    return msg("barnyard.log.casualty", who=who_of(loss["seat"]), unit=unit_name(loss["unit"]),
               piece=piece_name(loss["piece"]))


def _new_losses(before: dict | None, after: dict | None) -> list[dict]:
    """The units the battle cost during one action (taken by the rules, or chosen)."""
    if after is None:
        return []
    known = len(before.get("lost", [])) if before and before.get("n") == after.get("n") else 0
    return after.get("lost", [])[known:]


def outcome_line(result: dict | None) -> dict | None:
    if result is None:
        return None
    who = [who_of(s) for s in result["winners"]]
    return msg(f"barnyard.log.{result['reason']}", who=listing("engine.list.and", who), n=len(who))


def describe(state: dict, seat: int, action: dict) -> dict:
    from .data import card_kind
    from .state import piece
    from .turns import apply_action
    who = who_of(seat)
    try:
        after = apply_action(state, seat, action)
    except Exception:  # an illegal action still gets a harmless line
        return msg("barnyard.log.illegal", who=who)
    kind = action["type"]
    if kind == "barn":
        line = msg("barnyard.log.barn", who=who, square=square(state, action["to"]))
    elif kind == "select":
        line = msg("barnyard.log.select", who=who, piece=piece_name(action["piece"]))
    elif kind == "deselect":
        line = msg("barnyard.log.deselect", who=who)
    elif kind == "move":
        p = state["selected"]
        target = next((s for s in range(state["players"]) if s != seat and any(
            piece(state, s, q)["sq"] == action["to"] for q in _pieces(state, s))), None)
        if target is None:
            line = msg("barnyard.log.move", who=who, piece=piece_name(p), square=square(state, action["to"]))
        else:
            line = msg("barnyard.log.attack", who=who, piece=piece_name(p), defender=who_of(target),
                       square=square(state, action["to"]))
    elif kind == "form":
        line = msg("barnyard.log.form", who=who)
    elif kind == "end_actions":
        summed: dict[str, int] = {}
        for _, r, n in _gains(state, seat):  # each general harvests: one count per resource
            summed[r] = summed.get(r, 0) + n
        gains = [msg("barnyard.log.gain", n=n, resource=msg(f"barnyard.resource.{r}")) for r, n in summed.items()]
        line = msg("barnyard.log.harvest", who=who, gains=listing("engine.list.and", gains)) if gains else msg("barnyard.log.no_harvest", who=who)
    elif kind == "marshal":
        line = msg("barnyard.log.marshal", who=who, unit=unit_name(action["unit"]), piece=piece_name(action["piece"]))
    elif kind == "end_marshal":
        line = msg("barnyard.log.army_ready" if state["phase"] == "forming" else "barnyard.log.end_marshal", who=who)
    elif kind == "transfer":
        line = msg("barnyard.log.transfer", who=who, unit=unit_name(action["unit"]),
                   a=piece_name(action["from"]), b=piece_name(action["to"]))
    elif kind == "end_turn":
        line = msg("barnyard.log.end_turn", who=who)
    elif kind == "play":
        line = msg("barnyard.log.play", who=who, card=card_name(card_kind(action["card"])))
    elif kind == "casualty":
        line = msg("barnyard.log.casualty", who=who, unit=unit_name(action["unit"]), piece=piece_name(action["piece"]))
    elif kind == "retreat":
        line = msg("barnyard.log.retreat", who=who, square=square(state, action["to"]))
    elif kind == "set_auto_fight":
        line = msg("barnyard.log.auto_fight_on" if action["on"] else "barnyard.log.auto_fight_off", who=who)
    else:
        line = msg(f"barnyard.log.{kind}", who=who)
    fought = after["last_battle"] is not None and (state["last_battle"] or {}).get("n") != after["last_battle"].get("n")
    if fought:
        line = both(line, battle_line(after["last_battle"], state["size"]))
    losses = _new_losses(state["last_battle"], after["last_battle"])
    if kind == "casualty" and not fought:
        losses = losses[1:]  # the chosen one is the line itself
    for loss in losses:
        line = both(line, lost_line(loss))
    return both(line, outcome_line(after["result"]))


def _pieces(state, s):
    from .state import pieces
    return pieces(state, s)


def _gains(state: dict, seat: int) -> list:
    from .economy import harvest_yield
    from .state import pieces
    out = []
    for p in pieces(state, seat):
        got = harvest_yield(state, seat, p)
        if got:
            out.append([p, got[0], got[1]])
    return out


def prompt(state: dict, seat: int | None) -> dict:
    """What must be decided now, addressed to `seat` when it is theirs to decide."""
    from .turns import acting_seat
    if state["result"] is not None:
        return outcome_line(state["result"])
    acting = acting_seat(state)
    if seat != acting:
        return msg("barnyard.prompt.wait", who=who_of(acting))
    if state["casualties"]:
        return msg("barnyard.prompt.casualty", n=state["casualties"][0]["n"])
    battle = state["battle"]
    if battle is not None:
        return msg(f"barnyard.prompt.{battle['stage']}", attacker=who_of(battle["attacker"]))
    if state["phase"] == "action" and state["selected"] is not None:
        return msg("barnyard.prompt.selected", piece=piece_name(state["selected"]))
    return msg(f"barnyard.prompt.{state['phase']}")
