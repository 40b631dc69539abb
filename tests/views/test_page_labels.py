"""Words that explain: a choice names its object and, where it matters, the numbers: an attack
says whom, where and the odds, a Chicken Run step its cost before it is made."""

import engine
from games.boards.chickenrun.page import page as chickenrun_page
from games.boards.wfci.actions import place
from games.boards.wfci.labels import action_name

VIEW = {
    "seats": [{"leader": None}, {"leader": None}],
    "units": [
        {"id": "u1", "owner": 0, "kind": "chicken", "hex": "0,0", "strength": 7, "armor": 2},
        {"id": "u2", "owner": 1, "kind": "chicken", "hex": "1,-2", "strength": 1, "armor": 6},
        {"id": "u3", "owner": 1, "kind": "chicken", "hex": "1,-1", "strength": 1, "armor": 4},
    ],
    "pending": {"kind": "target", "unit": "u1"},
}


def test_each_target_names_the_unit_the_hex_and_the_odds():
    names = [action_name({"type": "target", "unit": u}, VIEW) for u in ("u2", "u3")]
    assert "1,-2" in names[0] and "strength 7 against armor 6" in names[0]
    assert "1,-1" in names[1] and "strength 7 against armor 4" in names[1]
    placed = place(VIEW, [{"type": "target", "unit": "u2"}, {"type": "target", "unit": "u3"}], 0)
    labels = [e["label"] for es in placed["unit"].values() for e in es]
    assert len(set(labels)) == 2 and all("against armor" in t for t in labels)


def test_a_chicken_run_step_shows_its_cost_first():
    game = engine.get_game("chickenrun")
    state = game.setup(3, 2, {})
    for _ in range(20):
        seat = game.to_act(state)[0]
        select = next((a for a in game.legal_actions(state, seat) if a["type"] == "select"), None)
        if select:
            state = game.apply(state, seat, select)
            break
        state = game.apply(state, seat, game.legal_actions(state, seat)[0])
    view = game.view(state, seat)
    board = chickenrun_page(view, game.legal_actions(state, seat), seat, ["ann", "bob"])
    steps = [h["label"] for h in board["hits"] if h["action"]["type"] == "step"]
    assert steps and all(f"of your {view['points']}" in s for s in steps)
