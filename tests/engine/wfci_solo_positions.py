"""Solo positions on the Long bay for the skirmisher's tests: our Take-actions step, and the
bots playing it out."""

from engine import get_game
from engine.wfci import bots
from engine.wfci import positions as P

GAME = get_game("wfci")


def our_actions_step(seed=0):
    """Our Take-actions step on the Long bay, before the Challenger built anything: Dusty and
    six chickens on our base, Gizzard alone on its base."""
    state = P.solo(seed, "solo", "dusty", "gizzard", layout=None)
    P.actions_step(state, 0)
    P.banner(state, 0, [])
    state["seats"][0]["hand"] = []
    return state


def play_our_actions(state):
    """The bot's choices until its Take-actions step ends (fights answered by both bots)."""
    chosen = []
    for _ in range(300):
        if state["result"] is not None:
            return state, chosen
        seat = GAME.to_act(state)[0]
        if seat == 0 and state["stack"][0]["seat"] == 0 and state["stack"][0]["step"] != "actions":
            return state, chosen
        action = bots.bot_action(state, seat, "challenger" if seat == 1 else "skirmisher")
        if seat == 0:
            chosen.append(action)
        state = GAME.apply(state, seat, action)
    raise AssertionError("the skirmisher never ended its Take-actions step")
