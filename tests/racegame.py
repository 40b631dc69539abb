"""A tiny 2–4 player game for platform tests that need more than two seats.

Seats take turns adding 1 or 2 to a shared count; whoever reaches 10 wins. Registered only
by the test suite.
"""

import engine
from engine import IllegalAction
from engine.strict import is_legal


class RaceGame(engine.Game):
    slug = "race"
    name = "Race to Ten"
    min_players = 2
    max_players = 4

    def setup(self, seed, players, options):
        if options not in ({}, {"mode": "solo"}):
            raise IllegalAction("Race to Ten has only a solo mode.")
        return {"count": 0, "turn": 0, "players": players, "winner": None}

    def to_act(self, state):
        return [] if state["winner"] is not None else [state["turn"]]

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return [{"type": "add", "n": 1}, {"type": "add", "n": 2}]

    def apply(self, state, seat, action):
        if not is_legal(action, self.legal_actions(state, seat)):  # 1.0 is not 1, as in every engine
            raise IllegalAction("Add 1 or 2, on your turn.")
        new = dict(state)
        new["count"] += action["n"]
        if new["count"] >= 10:
            new["winner"] = seat
        new["turn"] = (seat + 1) % state["players"]
        return new

    def view(self, state, seat):
        return {"count": state["count"], "you": {"seat": seat}, "prompt": "Add 1 or 2."}

    def outcome(self, state):
        if state["winner"] is None:
            return None
        return {
            "winners": [state["winner"]],
            "losers": [s for s in range(state["players"]) if s != state["winner"]],
            "reason": "reached ten",
        }

    def serialize(self, state):
        return dict(state)

    def deserialize(self, data):
        return dict(data)

    def bots(self):
        return ["steady"]

    def solo_modes(self):
        return [{"id": "race-solo", "name": "Race the steady bot", "players": 2, "options": {"mode": "solo"}}]

    def required_bots(self, players, options):
        return {1: "steady"} if options.get("mode") == "solo" else {}

    def bot_action(self, state, seat, bot):
        return {"type": "add", "n": 1}

    def describe_action(self, state, seat, action):
        return f"Seat {seat + 1} adds {action['n']}."


RACE = engine.register(RaceGame())
