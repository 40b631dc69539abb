"""The "general" bot: harvests what it can spend, marshals toward its needs, attacks when the odds
favour it, gathers its generals and forms its Super Army when it is strong enough (or late, or
hunted by an enemy army), then hunts generals it can destroy and strikes other armies when it is
the better attacker, so games end by the last faction standing; joins joint attacks it can win;
plays every card where it helps. It reads the state but decides only among the legal actions it
is handed.
"""

from __future__ import annotations

from . import board as B
from .army import may_form
from .data import RESOURCES, SPECIALS, UNITS, card_kind, strength
from .economy import harvest_yield
from .movement import can_attack, enterable, reach
from .state import ARMY, alive, barn_of, occupants, piece, pieces

FORM_UNITS = 10      # units in all that make the generals gather to form the Super Army
FORM_ROUND = 12      # ... or from this round on, with at least FORM_MIN units
FORM_MIN = 5
HUNTED_MIN = 3       # ... or once an enemy has a Super Army, with at least this many
FAR = 99             # steps to a square no walk reaches
ATTACK_ODDS = 0.6    # a general attacks at these odds or better
ARMY_ODDS = 0.55
BATTLE_CARDS = {"war_drums", "siege_engines", "lucky_horseshoe", "last_stand", "war_cry", "iron_discipline"}
ECONOMY_CARDS = {"bumper_crop", "barter", "raid", "conscripts", "call_to_arms", "bombardment", "deep_mud"}

_D1 = {n: 1 / 6 for n in range(1, 7)}
_D2: dict[int, float] = {}
for _a in range(1, 7):
    for _b in range(1, 7):
        _D2[_a + _b] = _D2.get(_a + _b, 0) + 1 / 36


def _auto(total: int, dice: int) -> int:
    """A Super Army (two dice) wins outright on a 12 and loses outright on a 2."""
    return 0 if dice != 2 else 1 if total == 12 else -1 if total == 2 else 0


def battle_odds(attack: int, defence: int, a_dice: int, d_dice: int) -> tuple[float, float, float]:
    """(win, tie, loss) for the attacker, as the engine settles a battle: a defence of 0 loses
    outright, a Super Army's 12 and 2 decide at once, else the higher total wins."""
    if defence <= 0:
        return 1.0, 0.0, 0.0
    da = _D1 if a_dice == 1 else _D2
    dd = _D1 if d_dice == 1 else _D2
    win = tie = 0.0
    for a, pa in da.items():
        for d, pd in dd.items():
            auto = _auto(a, a_dice) - _auto(d, d_dice)
            if auto > 0 or not auto and attack + a > defence + d:
                win += pa * pd
            elif not auto and attack + a == defence + d:
                tie += pa * pd
    return win, tie, 1.0 - win - tie


def win_chance(attack: int, defence: int, a_dice: int, d_dice: int) -> float:
    """Chance the attacker wins."""
    return battle_odds(attack, defence, a_dice, d_dice)[0]


def attack_outcomes(state: dict, seat: int, p, target: int) -> tuple[float, float, float]:
    where = occupants(state)
    enemy = where[target]
    d = enemy[0][0]
    units = []
    for _, q in enemy:
        units.extend(piece(state, d, q)["units"])
    attack = strength(piece(state, seat, p)["units"], "attack") + state["sides"][seat]["effects"].get("attack", 0)
    if p == ARMY:
        for other in alive(state):
            army = state["sides"][other]["army"]
            if other not in (seat, d) and army and B.distance(army["sq"], target, state["size"]) == 1:
                attack += strength(army["units"], "attack") // 2  # a neighbour may join
    return battle_odds(attack, strength(units, "defence"), 2 if p == ARMY else 1, 2 if enemy[0][1] == ARMY else 1)


def attack_odds(state: dict, seat: int, p, target: int) -> float:
    return attack_outcomes(state, seat, p, target)[0]


def worth_attacking(state: dict, seat: int, p, target: int) -> bool:
    """Good odds, or, between two Super Armies, an exchange at least as good as the one the other
    army would get by attacking us: armies neither harvest nor grow, so when both only wait the
    game stands still, and the better attacker of the two is the one who should strike."""
    win, _, loss = attack_outcomes(state, seat, p, target)
    if win >= (ARMY_ODDS if p == ARMY else ATTACK_ODDS):
        return True
    enemy = occupants(state)[target]
    if p != ARMY or enemy[0][1] != ARMY:
        return False
    d = enemy[0][0]
    theirs = state["sides"][d]["army"]["units"]
    if not can_attack(theirs):
        return True  # they can never attack us: waiting changes nothing
    mine = state["sides"][seat]["army"]["units"]
    back_win, _, back_loss = battle_odds(strength(theirs, "attack"), strength(mine, "defence"), 2, 2)
    return win - loss >= back_win - back_loss


def _units(state: dict, seat: int) -> list[str]:
    out = []
    for p in pieces(state, seat):
        out.extend(piece(state, seat, p)["units"])
    return out


def gathering(state: dict, seat: int) -> bool:
    """Time to walk home and form: strong enough, or late, or hunted by an enemy Super Army (it
    beats generals one by one and they cannot win the game: only a Super Army can)."""
    side = state["sides"][seat]
    if side["army"] is not None:
        return False
    n = len(_units(state, seat))
    hunted = any(state["sides"][o]["army"] for o in alive(state) if o != seat)
    return n >= FORM_UNITS or (state["round"] >= FORM_ROUND and n >= FORM_MIN) or (hunted and n >= HUNTED_MIN)


def value(unit: str) -> float:
    info = UNITS[unit]
    return info["attack"] + info["defence"] + (1.5 if unit in SPECIALS else 0) + 0.3 * len(info["harvest"])


def needs(state: dict, seat: int) -> dict:
    """How much each resource is wanted: what the best affordable-soon units cost, less what is held."""
    side = state["sides"][seat]
    want = {r: 0.0 for r in RESOURCES}
    for unit, info in UNITS.items():
        if unit in SPECIALS and unit not in side["reserve"]:
            continue
        if unit not in SPECIALS and state["pool"][unit] == 0:
            continue
        for r, n in info["cost"].items():
            want[r] += value(unit) * n / max(1, sum(info["cost"].values()))
    for r in RESOURCES:
        want[r] = want[r] / (1 + side["resources"][r])
    return want


def decide(state: dict, seat: int, legal: list[dict]) -> dict:
    types = {a["type"] for a in legal}
    if "casualty" in types:
        return min(legal, key=lambda a: (_loss(state, seat, a["piece"], a["unit"]), -len(piece(state, seat, a["piece"])["units"])))
    if "retreat" in types:
        barn = barn_of(state, seat)
        return min(legal, key=lambda a: (B.distance(a["to"], barn, state["size"]), a["to"]))
    if "join" in types:
        battle = state["battle"]
        return {"type": "join"} if attack_odds(state, battle["attacker"], ARMY, battle["target"]) < 0.85 \
            and _defender_threat(state, seat, battle) else {"type": "decline"}
    if "fight" in types:
        return _respond(state, seat, legal)
    if "barn" in types:
        return max(legal, key=lambda a: (_site_value(state, a["to"]), -a["to"]))
    phase = state["phase"]
    if phase == "forming" or phase == "marshal":
        card = _economy_card(state, seat, legal)
        return card or _marshal(state, seat, legal) or {"type": "end_marshal"}
    if phase == "transfer":
        return _economy_card(state, seat, legal) or _transfer(state, seat, legal) or {"type": "end_turn"}
    return _action(state, seat, legal)


def _loss(state: dict, seat: int, p, unit: str) -> float:
    """What losing this unit costs: its value, and more if the piece could no longer attack (a
    Super Army that cannot attack can never win)."""
    rest = list(piece(state, seat, p)["units"])
    rest.remove(unit)
    return value(unit) + (5.0 if can_attack(piece(state, seat, p)["units"]) and not can_attack(rest) else 0.0)


def _defender_threat(state: dict, seat: int, battle: dict) -> bool:
    """Join against whoever is strongest, or when the defender is the only other faction."""
    others = [s for s in alive(state) if s != seat]
    return len(others) <= 2 or len(_units(state, battle["defender"])) >= len(_units(state, seat))


def _respond(state: dict, seat: int, legal: list[dict]) -> dict:
    battle = state["battle"]
    odds = attack_odds(state, battle["attacker"], battle["piece"], battle["target"])
    for a in legal:
        if a["type"] != "play":
            continue
        kind = card_kind(a["card"])
        if kind == "decoy" and odds > 0.6:
            return a
        if kind != "decoy" and odds > 0.3:
            return a
    return {"type": "fight"}


def _site_value(state: dict, sq: int) -> float:
    total = 0.0
    for other, tile in enumerate(state["tiles"]):
        if tile is None or B.distance(sq, other, state["size"]) > 2:
            continue
        total += {"grass": 1.0, "forest": -0.5, "lake": -0.5}.get(tile, 1.5 if tile in RESOURCES else 0)
    return total


def _economy_card(state: dict, seat: int, legal: list[dict]) -> dict | None:
    want = needs(state, seat)
    side = state["sides"][seat]
    best, best_score = None, 0.0
    for a in legal:
        if a["type"] != "play":
            continue
        kind = card_kind(a["card"])
        if kind not in ECONOMY_CARDS:
            continue
        if kind == "bumper_crop" or kind == "raid":
            score = want[a["resource"]] + (0.5 if kind == "raid" else 0)
        elif kind == "barter":
            if side["resources"][a["give"]] < 2:
                continue
            score = 2 * want[a["take"]] - want[a["give"]]
        elif kind == "conscripts":
            score = value(a["unit"]) - 0.1 * len(piece(state, seat, a["piece"])["units"])
        elif kind == "deep_mud":
            score = len(piece(state, a["seat"], a["piece"])["units"]) + 0.1
        elif kind == "bombardment":
            score = 10 - len(piece(state, a["seat"], a["piece"])["units"])
        else:
            score = 1.0
        if score > best_score:
            best, best_score = a, score
    return best


def _marshal(state: dict, seat: int, legal: list[dict]) -> dict | None:
    best, best_score = None, 0.0
    for a in legal:
        if a["type"] != "marshal":
            continue
        unit, p = a["unit"], a["piece"]
        cost = sum(UNITS[unit]["cost"].values())
        score = value(unit) / cost
        if p != ARMY:
            g = piece(state, seat, p)
            tile = state["tiles"][g["sq"]]
            if tile in UNITS[unit]["harvest"] and harvest_yield(state, seat, p) is None:
                score += 1.0
            score -= 0.15 * len(g["units"])
        if score > best_score:
            best, best_score = a, score
    return best


def _transfer(state: dict, seat: int, legal: list[dict]) -> dict | None:
    for a in legal:
        if a["type"] == "transfer":
            giver = piece(state, seat, a["from"])["units"]
            taker = piece(state, seat, a["to"])["units"]
            if len(giver) >= len(taker) + 3:
                return a
    return None


def _action(state: dict, seat: int, legal: list[dict]) -> dict:
    card = _economy_card(state, seat, legal)
    if card:
        return card
    if any(a["type"] == "form" for a in legal) and gathering(state, seat) and may_form(state, seat):
        return {"type": "form"}
    selected = state["selected"]
    if selected is not None:
        target = plan(state, seat, selected)
        if target is not None:
            if any(s != seat for s, _ in occupants(state).get(target, [])):
                for a in legal:
                    if a["type"] == "play" and card_kind(a["card"]) in BATTLE_CARDS:
                        return a
                    if a["type"] == "play" and card_kind(a["card"]) == "flanking_march":
                        return a
            return {"type": "move", "to": target}
        return {"type": "deselect"}
    for a in legal:
        if a["type"] == "select" and plan(state, seat, a["piece"]) is not None:
            return a
    for a in legal:
        if a["type"] == "play" and card_kind(a["card"]) in ("second_wind", "rapid_redeploy", "flanking_march") \
                and _worth_again(state, seat):
            return a
    for a in legal:
        if a["type"] == "play" and card_kind(a["card"]) == "double_harvest" and \
                sum(1 for p in pieces(state, seat) if harvest_yield(state, seat, p)) >= 2:
            return a
    return {"type": "end_actions"}


def _worth_again(state: dict, seat: int) -> bool:
    """Another move helps when an enemy is near one of our pieces."""
    where = occupants(state)
    for p in pieces(state, seat):
        sq = piece(state, seat, p)["sq"]
        for other, occ in where.items():
            if occ[0][0] != seat and B.distance(sq, other, state["size"]) <= 4:
                return True
    return False


def walk(state: dict, seat: int, p, goal: int) -> dict[int, int]:
    """Steps from each square to `goal` over the tiles this piece may enter (pieces aside): the
    way round forests and lakes, which the straight distance misses."""
    size = state["size"]
    steps = {goal: 0}
    frontier = [goal]
    while frontier:
        nxt = []
        for sq in frontier:
            for n in B.neighbours(sq, size):
                if n not in steps and enterable(state, seat, p, n):
                    steps[n] = steps[sq] + 1
                    nxt.append(n)
        frontier = nxt
    return steps


def _closer(moves: list[int], here: int, steps: dict[int, int]) -> int | None:
    best = min(moves, key=lambda m: (steps.get(m, FAR), m))
    return best if steps.get(best, FAR) < steps.get(here, FAR) else None


def _kills(state: dict, p, sq: int) -> int:
    """Generals a Super Army's win there would destroy (two casualties leave them no troops)."""
    if p != ARMY:
        return 0
    occ = occupants(state)[sq]
    if any(q == ARMY for _, q in occ):
        return 0
    return len(occ) if sum(len(piece(state, s, q)["units"]) for s, q in occ) <= 2 else 0


def _has_units(state: dict, sq: int) -> bool:
    return any(piece(state, s, q)["units"] for s, q in occupants(state)[sq])


def plan(state: dict, seat: int, p) -> int | None:
    """Where this piece should go now (None: stay)."""
    if p in state["acted"] or [seat, p] in state["mud"]:
        return None
    where = occupants(state)
    moves, attacks = reach(state, seat, p, where)
    size = state["size"]
    here = piece(state, seat, p)["sq"]
    if p != ARMY:  # generals beat only what can lose a unit, and not while gathering to form
        attacks = [] if gathering(state, seat) else [t for t in attacks if _has_units(state, t)]
    good = [t for t in attacks if worth_attacking(state, seat, p, t)]
    if good:  # a Super Army first strikes where a win destroys generals, then at the best odds
        return max(good, key=lambda t: (_kills(state, p, t), attack_odds(state, seat, p, t), -t))
    if p == ARMY:
        enemies = [sq for sq, occ in where.items() if occ[0][0] != seat]
        if not enemies or not moves:
            return None
        ways = {e: walk(state, seat, p, e) for e in enemies}
        goal = min(enemies, key=lambda e: (ways[e].get(here, FAR) - 3 * _kills(state, p, e), e))
        return _closer(moves, here, ways[goal])
    if gathering(state, seat):
        barn = barn_of(state, seat)
        if here == barn or not moves:
            return None
        return _closer(moves, here, walk(state, seat, p, barn))
    want = needs(state, seat)
    units = piece(state, seat, p)["units"]

    def worth(sq: int) -> float:
        tile = state["tiles"][sq]
        score = 0.0
        if tile in RESOURCES and (tile == "grass" or any(tile in UNITS[u]["harvest"] for u in units)):
            score += want[tile] + 0.5
        defence = strength(units, "defence")
        for other, occ in where.items():
            s, q = occ[0]
            if s != seat and B.distance(sq, other, size) <= 3 and B.barn_owner(state["tiles"][sq]) is None:
                if strength(piece(state, s, q)["units"], "attack") > defence + 1:
                    score -= 2.0
        return score

    current = worth(here)
    best = max(moves, key=lambda m: (worth(m), -m), default=None)
    return best if best is not None and worth(best) > current + 0.01 else None
