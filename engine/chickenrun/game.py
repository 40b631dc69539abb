"""Chicken Run behind the engine protocol (DESIGN.md, "The engine protocol")."""

from __future__ import annotations

from ..errors import IllegalAction
from ..placement import from_winners
from ..protocol import Game
from ..rng import seed_state
from . import bots, levels, texts
from . import board as B
from . import turns as T
from .houserules import HOUSE_RULES, parse_options
from .rounds import start_round
from .view import build_view

STATE_KEYS = ("game", "version", "rng", "rules", "board", "round", "dice", "rerolls", "queue", "phase",
              "selected", "tie_first", "result", "ply")


class ChickenRunGame(Game):
    slug = "chickenrun"
    name = "Chicken Run"
    min_players = 2
    max_players = 2
    variant_key = "house_rules"

    def presets(self) -> list[dict]:
        return [{"id": "standard", "name": "Standard", "options": {}}]

    def variants(self) -> list[dict]:
        return [dict(rule) for rule in HOUSE_RULES]

    def setup(self, seed: int, players: int, options: dict | None = None) -> dict:
        rules = parse_options(options)
        if players != 2 or isinstance(players, bool):
            raise IllegalAction("chickenrun.refuse.players")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise IllegalAction("chickenrun.refuse.seed")
        state = {
            "game": self.slug,
            "version": 1,
            "rng": seed_state(seed),
            "rules": rules,
            "board": B.initial_board(),
            "round": 0,
            "dice": [0, 0],
            "rerolls": [],
            "queue": [],
            "phase": None,
            "selected": None,
            "tie_first": None,  # nobody has acted yet: a tie is rolled again
            "result": None,
            "ply": 0,
        }
        start_round(state)
        return state

    def to_act(self, state: dict) -> list[int]:
        seat = T.acting_seat(state)
        return [] if seat is None else [seat]

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        return T.legal_actions(state, seat)

    def apply(self, state: dict, seat: int, action: dict) -> dict:
        return T.apply_action(state, seat, action)

    def view(self, state: dict, seat: int | None) -> dict:
        return build_view(state, seat)

    def irreversible(self, before: dict, seat: int, action: dict, after: dict) -> bool:
        """The protocol's rule (the turn passed on, or the dice were rolled) read straight from
        the states: the protocol's own serializes both, two board copies a move."""
        return seat not in self.to_act(after) or before["rng"] != after["rng"]

    def outcome(self, state: dict) -> dict | None:
        """The print ("Winning"): the first to capture two chickens wins, the other is second;
        our draw (CR-5) is one shared place."""
        result = T.copy_result(state["result"])
        return None if result is None else dict(result, placement=from_winners(result["winners"], result["losers"], 2))

    def serialize(self, state: dict) -> dict:
        return T.copy_state(state)

    def deserialize(self, data: dict) -> dict:
        if not isinstance(data, dict) or data.get("game") != self.slug:
            raise IllegalAction("chickenrun.refuse.not_a_state")
        missing = [key for key in STATE_KEYS if key not in data]
        if missing:
            raise IllegalAction("chickenrun.refuse.state_lacks", keys=missing)
        return T.copy_state(data)

    def bots(self) -> list[str]:
        return list(bots.BOTS)

    def levels(self) -> dict[str, str]:
        return dict(bots.LEVELS)

    def default_bot(self) -> str:
        return bots.LEVELS["normal"]

    def bot_action(self, state: dict, seat: int, bot: str) -> dict:
        if bot in bots.LEVEL_BOTS:
            return levels.choose(state, seat, bot)
        return bots.choose(state, seat, bot)

    def hidden_from(self, state: dict, seat: int | None) -> set[str]:
        return set()

    def describe_action(self, state: dict, seat: int, action: dict) -> dict:
        return texts.describe(state, seat, action)

    def describe_start(self, state: dict) -> dict:
        """The log line for the opening roll (no action precedes it)."""
        return texts.describe_roll(state)
