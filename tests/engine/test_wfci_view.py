"""Views, prompts and log lines: what each seat may see, and plain words that reveal nothing."""

import json

import engine
from engine.wfci import positions as P
from engine.messages import render

GAME = engine.get_game("wfci")

TOP_KEYS = {"game", "players", "options", "round", "turns", "first", "current", "to_act", "phase", "prompt",
            "turn", "pending", "island", "units", "seats", "stock", "decks", "supply", "combat", "last_fight",
            "catastrophe", "events", "event_messages", "outcome", "you"}


def test_view_shape_and_prompt():
    state = GAME.setup(2, 3, {})
    seat = GAME.to_act(state)[0]
    mine = GAME.view(state, seat)
    mine_prompt = render(mine["prompt"])
    assert set(mine) == TOP_KEYS
    assert mine["phase"] == "setup" and mine_prompt.startswith("You must choose a leader")
    assert len(mine["you"]["leader_options"]) == 2 and all("id" in c for c in mine["you"]["hand"])
    other = GAME.view(state, (seat + 1) % 3)
    other_prompt = render(other["prompt"])
    assert other_prompt.startswith("Waiting for") and "your" not in other_prompt
    assert all(s["hand_count"] == 3 for s in other["seats"])
    for opt in mine["you"]["leader_options"]:
        assert opt["id"] not in json.dumps(other)


def test_log_lines_and_public_actions_reveal_nothing_hidden():
    state = GAME.setup(8, 3, {})
    steps = 0
    while GAME.to_act(state) and steps < 3000:
        seat = GAME.to_act(state)[0]
        action = GAME.bot_action(state, seat, "skirmisher" if seat else "random")
        line = render(GAME.describe_action(state, seat, action))
        public = json.dumps(GAME.public_action(state, seat, action))
        assert isinstance(line, str) and line
        for other in range(3):
            if other == seat:
                continue
            new = GAME.apply(state, seat, action)
            hidden = GAME.hidden_from(new, other)  # the log is read once the action is done
            for secret in hidden:
                assert secret not in line and secret not in public, (line, public)
            for event in new["events"]:
                assert not any(secret in render(event) for secret in GAME.hidden_from(new, other))
        state = GAME.apply(state, seat, action)
        steps += 1
    assert GAME.outcome(state) is not None


def test_combat_view_counts_then_reveals():
    state = P.started(2, 0)
    P.clear_island(state)
    P.actions_step(state, 0)
    P.banner(state, 0, [])
    hen = P.chicken(state, 0, "1,-1")
    foe = P.chicken(state, 1, "1,0")
    card = P.scroll(state, 1, "stone_skin")
    state = GAME.apply(state, 0, {"type": "attack", "unit": hen, "pay": "free"})
    state = GAME.apply(state, 0, {"type": "target", "unit": foe})
    state = GAME.apply(state, 0, {"type": "pass"})
    state = GAME.apply(state, 1, {"type": "play_scroll", "card": card})
    v = GAME.view(state, 0)
    assert v["phase"] == "combat" and v["combat"]["facedown"] == {"0": 0, "1": 1}
    assert v["combat"]["revealed"] == [] and card not in json.dumps(v)
    state = GAME.apply(state, 0, {"type": "pass"})
    state = GAME.apply(state, 1, {"type": "pass"})
    assert state["combat"] is None
    assert card in json.dumps(GAME.view(state, 0)["decks"]["scroll_discard"])


def test_spectator_sees_counts_only():
    state = P.started(4, 3)
    v = GAME.view(state, None)
    assert v["you"] is None
    text = json.dumps(v)
    for s in state["seats"]:
        assert not any(c in text for c in s["hand"])
    assert "rng" not in v and str(state["rng"]) not in text and "seed" not in v
