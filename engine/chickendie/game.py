"""Chicken Die! behind the engine protocol (DESIGN.md, "The engine protocol")."""

from __future__ import annotations

from ..errors import IllegalAction
from ..messages import msg
from ..protocol import Game
from . import bots, flow
from .events import since
from .view import build_view

STATE_KEYS = ("game", "rng", "players", "auto_pass", "hands", "eggs", "flocks", "out", "draw", "discard",
              "graveyard", "table", "direction", "turn", "turns", "stack", "next", "chain", "ply", "seq",
              "log", "result")


class ChickenDieGame(Game):
    slug = "chickendie"
    name = "Chicken Die!"
    min_players = 2
    max_players = 6

    def presets(self) -> list[dict]:
        return [{"id": "standard", "name": "Standard", "options": {}}]

    def setup(self, seed: int, players: int, options: dict | None = None) -> dict:
        return flow.setup(seed, players, options)

    def to_act(self, state: dict) -> list[int]:
        return flow.to_act(state)

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        return flow.legal_actions(state, seat)

    def apply(self, state: dict, seat: int, action: dict) -> dict:
        return flow.apply(state, seat, action)

    def view(self, state: dict, seat: int | None) -> dict:
        return build_view(state, seat)

    def outcome(self, state: dict) -> dict | None:
        result = state["result"]
        return None if result is None else dict(result, winners=list(result["winners"]), losers=list(result["losers"]),
                                                placement=flow.placement(state))

    def serialize(self, state: dict) -> dict:
        return flow.copy_state(state)

    def deserialize(self, data: dict) -> dict:
        if not isinstance(data, dict) or data.get("game") != self.slug or any(k not in data for k in STATE_KEYS):
            raise IllegalAction("chickendie.refuse.state")
        return flow.load_state(data)

    def bots(self) -> list[str]:
        return list(bots.BOTS)

    def levels(self) -> dict[str, str]:
        return dict(bots.LEVELS)

    def default_bot(self) -> str:
        return bots.LEVELS["normal"]

    def bot_action(self, state: dict, seat: int, bot: str) -> dict:
        return bots.choose(state, seat, bot)

    def hidden_from(self, state: dict, seat: int | None) -> set[str]:
        hidden = set(state["draw"])
        for s, hand in enumerate(state["hands"]):
            if s != seat:
                hidden.update(hand)
        return hidden

    def describe_action(self, state: dict, seat: int, action: dict):
        try:
            after = flow.apply(state, seat, action)
        except IllegalAction:
            return msg("chickendie.log.lines", lines=[])
        return msg("chickendie.log.lines", lines=since(after, state["seq"]))

    def describe_start(self, state: dict):
        return msg("chickendie.log.lines", lines=[line for _n, line in state["log"]])
