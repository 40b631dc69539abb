"""Composite choices of War for Chicken Island (engine/wfci/composite.py): each one reaches the very
state its atomic steps reach, the engine offers exactly those its steps allow, it refuses the
others with a message, and the Challenger's seat never gets any."""

import random
from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.errors import IllegalAction
from engine.wfci import cards, composite, dice, turn

GAME = engine.get_game("wfci")
TAKES = ("chicken", "metal", "stone", "wood")


def walk(seed: int, steps: int, mode: str) -> dict:
    """A position reached by play: the skirmisher on the human seats (random atomic choices
    one time in four), the Challenger on its own."""
    options = {"mode": "solo"} if mode == "solo" else {}
    state = GAME.setup(seed, 2, options)
    rng = random.Random(seed)
    for _ in range(steps):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        if mode == "solo" and seat == 1:
            action = GAME.bot_action(state, seat, "challenger")
        elif rng.random() < 0.25:
            action = rng.choice(turn.atomic_legal(state, seat))
        else:
            action = GAME.bot_action(state, seat, "skirmisher")
        state = GAME.apply(state, seat, action)
    return state


def steps_of(state: dict, seat: int, action: dict) -> tuple[dict, list[dict]]:
    return composite.run(state, seat, action, turn.apply_action, turn.atomic_legal)


def step_by_step(state: dict, seat: int, steps: list[dict]) -> dict:
    for a in steps:
        assert a in GAME.legal_actions(state, seat) and not composite.is_composite(a)
        state = GAME.apply(state, seat, a)
    return state


def same(a: dict, b: dict) -> bool:
    """The same state, what happened told in any order."""
    return GAME.serialize({**a, "events": []}) == GAME.serialize({**b, "events": []})


positions = st.builds(walk, st.integers(0, 400), st.integers(0, 220), st.sampled_from(["solo", "multi"]))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_each_composite_reaches_the_state_of_its_atomic_path(state):
    acting = GAME.to_act(state)
    if not acting:
        return
    seat = acting[0]
    for action in [a for a in GAME.legal_actions(state, seat) if composite.is_composite(a)]:
        after = GAME.apply(state, seat, action)
        _state, steps = steps_of(state, seat, action)
        assert len(steps) >= 2, action  # a composite saves at least one tap
        assert same(after, step_by_step(state, seat, steps)), action
        assert after["steps"] == state["steps"] + len(steps)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_the_composites_offered_are_exactly_those_the_steps_allow(state):
    acting = GAME.to_act(state)
    if not acting:
        return
    seat = acting[0]
    legal = GAME.legal_actions(state, seat)
    offered = [a for a in legal if composite.is_composite(a)]
    frame = state["stack"][-1]
    if seat == 1 and state["options"].get("mode") == "solo":
        assert offered == []
        return
    shown = [f for f in dice.FACES if dice.count(state, seat, f)]
    every_set = [list(c) for n in range(1, len(dice.FACES) + 1) for c in combinations(dice.FACES, n)]
    if frame["kind"] == "turn" and frame["step"] == "roll" and not frame["selected"]:
        rolls = [a["again"] for a in offered if a["type"] == "roll"]
        banner = state["seats"][seat]["banner"]
        assert rolls == [f for f in every_set if set(f) <= set(shown) and len(f) <= 2
                         and sum(d["face"] in f for d in banner) >= 2]
    if frame["kind"] == "retrieve":
        takes = [a["what"] for a in offered if a["type"] == "take_all"]
        for combo in combinations_with_replacement(TAKES, frame["left"]):
            ok = frame["left"] > 1 and _atomic_ok(state, seat, [{"type": "take", "what": w} for w in combo])
            assert (list(combo) in takes) == ok, combo
    ends = [a for a in offered if a["type"] == "end_actions"]
    if {"type": "end_actions"} in legal:
        after = GAME.apply(state, seat, {"type": "end_actions"})
        assert bool(ends) == ({"type": "draw"} in GAME.legal_actions(after, seat))
    else:
        assert ends == []
    builds = [a for a in offered if a["type"] == "build"]
    for a in legal:
        if a["type"] == "build" and not composite.is_composite(a):
            need = cards.card(a["card"])["pilots"]
            pilots = composite.obvious_pilots(state, seat, need)
            ok = bool(need) and _atomic_ok(state, seat, [a] + [{"type": "pick_pilot", "unit": p} for p in pilots]) \
                and any(b["type"] == "build_at" for b in turn.atomic_legal(
                    step_by_step(state, seat, [a] + [{"type": "pick_pilot", "unit": p} for p in pilots]), seat)) \
                if len(pilots) == need else False
            assert ({**a, "pilots": pilots} in builds) == ok, a
    _check_shortcuts(state, seat, legal, offered)
    dones = [a for a in offered if a["type"] == "done"]
    boosts = [a for a in offered if a["type"] == "boost"]
    if frame["kind"] == "combat" and state["combat"]["stage"] == "dice" and {"type": "done"} in legal:
        after = GAME.apply(state, seat, {"type": "done"})
        assert bool(dones) == (GAME.to_act(after) == [seat] and {"type": "pass"} in turn.atomic_legal(after, seat))
        for a in legal:
            if a["type"] == "boost" and "then" not in a:
                on = {"type": "done"} in turn.atomic_legal(GAME.apply(state, seat, a), seat)
                assert ({**a, "then": "done"} in boosts) == on, a
    else:
        assert dones == [] and boosts == []
    for a in offered:
        assert a["type"] in ("roll", "pick_dice", "take_all", "end_actions", "build", "move", "attack", "retrieve",
                             "reroll", "done", "boost")


def _check_shortcuts(state: dict, seat: int, legal: list[dict], offered: list[dict]) -> None:
    """Moves, attacks, retrieves and paid rerolls: offered exactly where their steps are legal
    (and, for a move or an attack, where the one stack or unit is implied by the tap)."""
    frame = state["stack"][-1]
    reach: dict = {}
    hits: dict = {}
    takes = []
    for a in legal:
        if composite.is_composite(a):
            continue
        if a["type"] in ("move", "attack"):
            after = GAME.apply(state, seat, a)
            for b in turn.atomic_legal(after, seat):
                if a["type"] == "move" and b["type"] == "move_to":
                    reach.setdefault((a["pay"], b["hex"]), []).append(a["hex"])
                if a["type"] == "attack" and b["type"] == "target":
                    hits.setdefault((a["pay"], b["unit"]), []).append(a["unit"])
        first_pay = "chicken" if {"type": "retrieve", "pay": "chicken"} in legal else "free"
        if a["type"] == "retrieve" and frame["kind"] == "turn" and a["pay"] == first_pay:
            after = GAME.apply(state, seat, a)
            if after["stack"][-1]["kind"] == "retrieve":
                kinds = sorted({b["what"] for b in turn.atomic_legal(after, seat) if b["type"] == "take"})
                for combo in combinations_with_replacement(kinds, after["stack"][-1]["left"]):
                    if _atomic_ok(after, seat, [{"type": "take", "what": w} for w in combo]):
                        takes.append({**a, "what": list(combo)})
    busy = {u["hex"] for u in state["units"].values()}
    moves = [{"type": "move", "hex": starts[0], "pay": pay, "to": to} for (pay, to), starts in sorted(reach.items())
             if len(starts) == 1 and to not in busy]
    attacks = [{"type": "attack", "unit": who[0], "pay": pay, "target": t} for (pay, t), who in sorted(hits.items())
               if len(who) == 1]
    assert [a for a in offered if a["type"] == "move"] == moves
    assert [a for a in offered if a["type"] == "attack"] == attacks
    assert sorted(map(str, (a for a in offered if a["type"] == "retrieve"))) == sorted(map(str, takes))
    rerolls = [a for a in offered if a["type"] == "reroll"]
    if frame["kind"] == "turn" and frame["step"] == "reroll" and not frame["selected"]:
        banner = state["seats"][seat]["banner"]
        shown = [f for f in dice.FACES if any(d["face"] == f for d in banner)]
        for faces in [list(c) for n in (1, 2) for c in combinations(shown, n)]:
            picks = [{"type": "toggle_die", "die": d["id"]} for d in sorted(banner, key=lambda d: d["id"])
                     if d["face"] in faces]
            picked = step_by_step(state, seat, picks) if _atomic_ok(state, seat, picks) else None
            pays = [b["pay"] for b in turn.atomic_legal(picked, seat) if b["type"] == "reroll"] if picked else []
            one_way = pays if len(pays) == 1 else []  # several ways to pay: pick, then pay
            assert [a["pay"] for a in rerolls if a["faces"] == faces] == one_way, faces
    else:
        assert rerolls == []


def _atomic_ok(state: dict, seat: int, steps: list[dict]) -> bool:
    for a in steps:
        if a not in turn.atomic_legal(state, seat):
            return False
        state = GAME.apply(state, seat, a)
    return True


def test_a_roll_with_faces_picks_those_dice_and_rolls_in_one_step():
    state = GAME.setup(3, 2, {})
    seat = GAME.to_act(state)[0]
    while not (state["stack"][-1]["kind"] == "turn" and state["stack"][-1]["step"] == "roll"
               and len({d["face"] for d in state["seats"][seat]["banner"]}) >= 2):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, "skirmisher"))
        seat = GAME.to_act(state)[0]
    faces = sorted({d["face"] for d in state["seats"][seat]["banner"]}, key=dice.FACES.index)[:2]
    action = {"type": "roll", "again": faces}
    assert action in GAME.legal_actions(state, seat)
    picked = sorted(d["id"] for d in state["seats"][seat]["banner"] if d["face"] in faces)
    _after, steps = steps_of(state, seat, action)
    assert steps == [{"type": "toggle_die", "die": d} for d in picked] + [{"type": "roll"}]


@pytest.mark.parametrize("action", [
    {"type": "roll", "again": ["no-such-face"]},
    {"type": "roll", "again": []},
    {"type": "roll", "again": "1"},
    {"type": "pick_dice", "faces": ["1"]},
    {"type": "take_all", "what": ["wood", "wood"]},
    {"type": "end_actions", "then": "draw"},
    {"type": "build", "card": "machine-01", "pilots": ["u1"]},
    {"type": "move", "hex": "0,0", "pay": "free", "to": "1,0"},
    {"type": "attack", "unit": "u1", "pay": "free", "target": "u2"},
    {"type": "retrieve", "pay": "free", "what": ["wood"]},
    {"type": "reroll", "pay": ["wood"], "faces": ["1"]},
    {"type": "done", "then": "pass"},
    {"type": "boost", "face": "2", "then": "done"},
])
def test_a_composite_not_open_now_is_refused_with_a_message(action):
    state = GAME.setup(3, 2, {})
    seat = GAME.to_act(state)[0]
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, seat, action)
    assert refused.value.message["id"] == "wfci.refuse.composite"


def test_the_challenger_is_offered_no_composite():
    state = walk(11, 120, "solo")
    for _ in range(200):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        if seat == 1:
            assert GAME.legal_actions(state, 1) == [GAME.bot_action(state, 1, "challenger")]
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, "challenger" if seat == 1 else "skirmisher"))


def test_folding_a_careful_player_reaches_the_same_game():
    """The figures' player: the skirmisher's choices taken as composites where one covers them
    give the very game the skirmisher plays step by step, in fewer actions."""
    def choose(state, seat):
        return GAME.bot_action(state, seat, "skirmisher")

    ends = []
    counts = []
    for fold in (False, True):
        state, n = GAME.setup(2, 2, {"mode": "solo"}), 0
        while GAME.to_act(state) and state["round"] < 8:
            seat = GAME.to_act(state)[0]
            if seat == 1:
                action = GAME.bot_action(state, 1, "challenger")
            else:
                action = (composite.fold(state, 0, choose, turn.apply_action, turn.atomic_legal) if fold
                          else choose(state, 0))
                n += 1
            state = GAME.apply(state, seat, action)
        ends.append(state)
        counts.append(n)
    assert same(ends[0], ends[1])
    assert counts[1] < counts[0]


@pytest.mark.parametrize("seed", [5, 17])
def test_moves_attacks_retrieves_and_rerolls_are_offered_where_their_steps_are_legal(seed):
    """Every own decision of a played game, not only the sampled ones: a move to an occupied
    hex, or one two stacks could make, is never offered as one tap."""
    state, kinds = GAME.setup(seed, 2, {"mode": "solo"}), set()
    while GAME.to_act(state) and state["round"] < 10:
        seat = GAME.to_act(state)[0]
        if seat == 0:
            legal = GAME.legal_actions(state, 0)
            offered = [a for a in legal if composite.is_composite(a)]
            _check_shortcuts(state, 0, legal, offered)
            kinds |= {a["type"] for a in offered}
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, "challenger" if seat == 1 else "skirmisher"))
    assert {"move", "retrieve"} <= kinds
