"""The 1st edition's CHALLENGES as achievements (rulebook, last page), read from the turn log.

The rules modules never import this file, and it reads the states only through keys that do
not move when a rule changes: units (`owner`, `kind`, `card`, `hex`), the seats' fallen
leaders and leader card, the last fight's public record (`last_fight`: attacker, defender,
effect), the turn frame at the bottom of the stack, the round and the result. The challenges,
as the site reads them (docs/achievements.md says why):

- epic_death: an opposing leader dies an epic death from your fight (classic rules), or from
  lava you set off in your own step.
- no_machines: win a regular game (multiplayer, no teams, flag or cockfight) of 3 or 4 players
  without ever having a machine.
- soldier_band: place a humiliation tag attacking with a Soldier banded with 2 other Soldiers.
- golems: control 3 Golems of different kinds at once.
- flying_cannon: win with a tag placed by a Cannon in a turn in which you played Flying Rock.
- leader_tags: win by humiliation, every tag you placed in the game placed by your leader.
- second_turn: win a 3- or 4-player game in your 2nd turn.
- solo_leaders (career): win solo games with 9 different leaders.
- all_modes (career): finish a game of every mode (multiplayer, solo, and each variant).
"""

from __future__ import annotations

from . import cards
from .options import modes, variants

P = "wfci."
CATALOG = (P + "epic_death", P + "no_machines", P + "soldier_band", P + "golems", P + "flying_cannon",
           P + "leader_tags", P + "second_turn", P + "solo_leaders", P + "all_modes")
CAREER = (P + "solo_leaders", P + "all_modes")
SOLO = ("solo", "solo_hard")
NOT_REGULAR = ("teams", "flag", "cockfight")  # the print's other "game modes"
SOLO_WINS = 9
FIGHT_RESULT = "wfci.event.fight_"  # the ids of the lines that say how a fight ended


# -- facts: what one step says -----------------------------------------------------------------

def _turn(state: dict) -> list:
    """[round, seat] of the turn a state is in (seat None outside a turn: set-up)."""
    stack = state.get("stack") or []
    bottom = stack[0] if stack else {}
    return [state.get("round"), bottom.get("seat") if bottom.get("kind") == "turn" else None]


def _what(unit: dict | None) -> str:
    """leader, chicken, or the machine's class (soldier, golem, cannon, ...)."""
    if unit is None:
        return "gone"
    if unit["kind"] == "machine":
        return cards.card(unit["card"])["class"]
    return unit["kind"]


def _soldiers_with(units: dict, unit: dict | None) -> int:
    """Other Soldiers of the same owner in the unit's stack (its hex)."""
    if unit is None:
        return 0
    return sum(1 for u in units.values() if u["id"] != unit["id"] and u["hex"] == unit["hex"]
               and u["owner"] == unit["owner"] and _what(u) == "soldier")


def _machines(state: dict, seat: int) -> list[dict]:
    return [u for u in state["units"].values() if u["owner"] == seat and u["kind"] == "machine"]


def facts(before: dict, seat: int, action: dict, after: dict) -> list[dict]:
    out = []
    turn = _turn(before)
    fight, new_fight = after.get("last_fight"), None
    # A fight resolved in this step: its public record is new, or (two fights alike to the
    # letter: the same attacker beating the same leader twice in a turn) the step's public
    # events tell a fight's result.
    told = any(str(e.get("id", "")).startswith(FIGHT_RESULT) for e in after.get("events") or [] if isinstance(e, dict))
    if fight and (fight != before.get("last_fight") or told):
        uid = fight["attacker"]["unit"]
        attacker = before["units"].get(uid) or after["units"].get(uid)
        new_fight = {"fact": "fight", "by": fight["attacker"]["seat"], "on": fight["defender"]["seat"],
                     "effect": fight.get("effect"), "attacker": _what(attacker),
                     "soldiers": _soldiers_with(before["units"], attacker), "turn": turn}
        out.append(new_fight)
    for s in range(after["players"]):
        if len(after["seats"][s].get("fallen") or []) > len(before["seats"][s].get("fallen") or []):
            # a second defeat in one turn (the fight's attacker), else lava from the step's own player
            by = new_fight["by"] if new_fight and new_fight["on"] == s else seat
            out.append({"fact": "epic_death", "of": s, "by": by})
        mine = _machines(after, s)
        if sorted(u["id"] for u in mine) != sorted(u["id"] for u in _machines(before, s)):
            golems = sorted({cards.card(u["card"])["key"] for u in mine if _what(u) == "golem"})
            out.append({"fact": "machines", "seat": s, "count": len(mine), "golems": golems})
    if action.get("type") == "play_scroll" and isinstance(action.get("card"), str):
        top = (before.get("stack") or [{}])[-1]
        if top.get("kind") != "combat":  # a scroll played face down in a fight is nobody's business
            out.append({"fact": "scroll", "seat": seat, "key": cards.card(action["card"])["key"], "turn": turn})
    if after.get("result") and not before.get("result"):
        out.append({"fact": "won", "winners": list(after["result"].get("winners") or []), "turn": turn})
    return out


# -- detection: pure over a log ----------------------------------------------------------------

def _all(log: list[dict], kind: str):
    for i, entry in enumerate(log):
        for f in entry["facts"]:
            if f["fact"] == kind:
                yield i, f


def _mode(options: dict) -> str:
    return (options or {}).get("mode") or "multi"


def _variants(options: dict) -> list:
    return list((options or {}).get("variants") or [])


def detect(log: list[dict], table: dict) -> dict[int, set[str]]:
    players, options = table["players"], table.get("options") or {}
    got: dict[int, set[str]] = {s: set() for s in range(players)}
    fights = list(_all(log, "fight"))
    tags = [(i, f) for i, f in fights if f["effect"] == "humiliation"]
    for _i, f in _all(log, "epic_death"):
        if f["by"] != f["of"] and f["by"] in got:
            got[f["by"]].add(P + "epic_death")
    for _i, f in tags:
        if f["attacker"] == "soldier" and f["soldiers"] >= 2:
            got[f["by"]].add(P + "soldier_band")
    machines = list(_all(log, "machines"))
    for _i, f in machines:
        if len(f["golems"]) >= 3:
            got[f["seat"]].add(P + "golems")
    for i, won in _all(log, "won"):
        for w in won["winners"]:
            _wins(got, w, i, won, log, tags, machines, players, options)
    return got


def _wins(got, w: int, i: int, won: dict, log, tags, machines, players: int, options: dict) -> None:
    """The challenges that need a win by `w`, won at step `i`."""
    regular = _mode(options) == "multi" and not set(_variants(options)) & set(NOT_REGULAR)
    if players in (3, 4) and regular and not any(f["seat"] == w and f["count"] for _j, f in machines):
        got[w].add(P + "no_machines")
    if players in (3, 4) and won["turn"] == [2, w]:
        got[w].add(P + "second_turn")
    winning = [f for j, f in tags if j == i and f["by"] == w]  # the tag that won it
    mine = [f for _j, f in tags if f["by"] == w]
    if winning and all(f["attacker"] == "leader" for f in mine):
        got[w].add(P + "leader_tags")
    if winning and winning[0]["attacker"] == "cannon":
        rock = [f for _j, f in _all(log[:i + 1], "scroll")
                if f["seat"] == w and f["key"] == "flying_rock" and f["turn"] == won["turn"]]
        if rock:
            got[w].add(P + "flying_cannon")


# -- across matches ----------------------------------------------------------------------------

def wants_state(table: dict, seat: int) -> bool:
    """The leader of a solo win is read from the final state; nothing else needs it."""
    return _mode(table.get("options")) in SOLO and seat in ((table.get("outcome") or {}).get("winners") or [])


def career_record(table: dict, seat: int, state: dict | None = None) -> dict:
    options = table.get("options") or {}
    won = seat in ((table.get("outcome") or {}).get("winners") or [])
    leader = None
    if state is not None and 0 <= seat < len(state.get("seats") or []):
        card = state["seats"][seat].get("leader")
        leader = cards.card(card)["key"] if card else None
    return {"mode": _mode(options), "variants": _variants(options), "won": won, "leader": leader}


def every_mode() -> set[str]:
    """Normal multiplayer, solo (either difficulty) and every variant the engine offers."""
    return {"solo" if m["id"] in SOLO else m["id"] for m in modes()} | {v["id"] for v in variants()}


def career(records: list[dict]) -> dict[str, int]:
    done: dict[str, int] = {}
    leaders: set = set()
    played: set = set()
    need = every_mode()
    for i, r in enumerate(records):
        if r["mode"] in SOLO:
            played.add("solo")
            if r["won"] and r.get("leader"):
                leaders.add(r["leader"])
        elif r["mode"] != "multi":
            played.add(r["mode"])
        elif not set(r["variants"]) & set(NOT_REGULAR):
            played.add("multi")
        played.update(r["variants"])
        if len(leaders) >= SOLO_WINS and P + "solo_leaders" not in done:
            done[P + "solo_leaders"] = i
        if need <= played and P + "all_modes" not in done:
            done[P + "all_modes"] = i
    return done
