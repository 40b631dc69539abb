"""Barnyard Generals behind the engine protocol (DESIGN.md, "The engine protocol")."""

from __future__ import annotations

from ..errors import IllegalAction
from ..protocol import Game
from . import battle as BT
from . import bots, texts
from . import state as S
from . import turns as T
from .view import build_view

STATE_KEYS = ("game", "version", "rng", "players", "size", "tiles", "pile", "sides", "pool", "supply", "deck",
              "plan_deck", "played", "discarded", "opening", "first", "barn_order", "phase", "turn", "round",
              "acted", "selected", "mud", "battle", "casualties", "last_battle", "result", "barns", "ply")


class BarnyardGame(Game):
    slug = "barnyard"
    name = "Barnyard Generals"
    min_players = 2
    max_players = 4

    def presets(self) -> list[dict]:
        return [{"id": "standard", "name": "Standard", "options": {}}]

    def setup(self, seed: int, players: int, options: dict | None = None) -> dict:
        return S.setup(seed, players, options)

    def to_act(self, state: dict) -> list[int]:
        seat = T.acting_seat(state)
        return [] if seat is None else [seat]

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        return T.legal_actions(state, seat)

    def apply(self, state: dict, seat: int, action: dict) -> dict:
        return T.apply_action(state, seat, action)

    def view(self, state: dict, seat: int | None) -> dict:
        return build_view(state, seat)

    def outcome(self, state: dict) -> dict | None:
        result = state["result"]
        return None if result is None else {"winners": list(result["winners"]), "losers": list(result["losers"]),
                                            "reason": result["reason"], "placement": BT.placement(state)}

    def serialize(self, state: dict) -> dict:
        return S.copy(state)

    def deserialize(self, data: dict) -> dict:
        if not isinstance(data, dict) or data.get("game") != self.slug or any(k not in data for k in STATE_KEYS):
            raise IllegalAction("barnyard.refuse.state")
        return S.copy(data)

    def bots(self) -> list[str]:
        return list(bots.BOTS)

    def levels(self) -> dict[str, str]:
        return dict(bots.LEVELS)

    def default_bot(self) -> str:
        return bots.LEVELS["normal"]

    def bot_action(self, state: dict, seat: int, bot: str) -> dict:
        return bots.choose(state, seat, bot)

    def hidden_from(self, state: dict, seat: int | None) -> set[str]:
        hidden = set(state["deck"]) | set(state["plan_deck"])
        for s, side in enumerate(state["sides"]):
            if s != seat:
                hidden |= set(side["hand"]) | set(side["plans"])
        return hidden

    def describe_action(self, state: dict, seat: int, action: dict) -> dict:
        return texts.describe(state, seat, action)

    def describe_start(self, state: dict) -> dict:
        return texts.describe_start(state)
