"""The protocol object for War for Chicken Island: a thin shell over the rules modules."""

from __future__ import annotations

from ..errors import IllegalAction
from ..protocol import Game
from . import bots, cards, describe, options, placing, setup, state, teams, turn, view
from .solo import SEAT


class WfciGame(Game):
    slug = "wfci"
    name = "War for Chicken Island"
    min_players = 2  # solo is 2 seats: the human and the Challenger
    max_players = 4

    def presets(self) -> list[dict]:
        return options.presets()

    def variants(self) -> list[dict]:
        return options.variants()

    def islands(self) -> list[dict]:
        """The islands a lobby offers (options key "island"); the first is the default."""
        return options.islands()

    def setup(self, seed: int, players: int, options: dict | None = None) -> dict:
        return setup.new_game(seed, players, options)

    def to_act(self, st: dict) -> list[int]:
        return turn.to_act(st)

    def legal_actions(self, st: dict, seat: int) -> list[dict]:
        return turn.legal(st, seat)

    def apply(self, st: dict, seat: int, action: dict) -> dict:
        return turn.apply_action(st, seat, action)

    def view(self, st: dict, seat: int | None) -> dict:
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < st["players"]):
            raise IllegalAction("wfci.refuse.no_seat", seat=repr(seat))
        return view.view(st, seat)

    def outcome(self, st: dict) -> dict | None:
        result = st["result"]
        return None if result is None else dict(result, placement=placing.placement(st, result))

    def serialize(self, st: dict) -> dict:
        return state.serialize(st)

    def deserialize(self, data: dict) -> dict:
        return state.deserialize(data)

    def bots(self) -> list[str]:
        return list(bots.BOTS)

    def levels(self) -> dict[str, str]:
        return dict(bots.LEVELS)

    def seat_bots(self) -> list[str]:
        return [b for b in self.bots() if b != "challenger"]

    def bot_action(self, st: dict, seat: int, bot: str) -> dict:
        return bots.bot_action(st, seat, bot)

    def solo_modes(self) -> list[dict]:
        return [{"id": m["id"], "name": m["name"], "players": 2, "options": {"mode": m["id"]}}
                for m in options.modes() if m["id"] != "multi"]

    def teams(self, players: int, opts: dict) -> list[list[int]] | None:
        return [list(t) for t in teams.TEAMS] if "teams" in ((opts or {}).get("variants") or []) else None

    def required_bots(self, players: int, opts: dict) -> dict:
        """A solo game reserves seat 2 for the Challenger."""
        return {SEAT: "challenger"} if (opts or {}).get("mode") in ("solo", "solo_hard") else {}

    def record_label(self, st: dict, seat: int) -> dict | None:
        """The leader that seat played, as a message (each reader's page names it in their
        language): the solo record groups wins by leader."""
        leader = st["seats"][seat]["leader"] if 0 <= seat < len(st["seats"]) else None
        return cards.name(leader) if leader else None

    def hidden_from(self, st: dict, seat: int | None) -> set[str]:
        return view.hidden_from(st, seat)

    def describe_action(self, st: dict, seat: int, action: dict) -> dict:
        return describe.describe_action(st, seat, action)

    def public_action(self, st: dict, seat: int, action: dict) -> dict:
        return describe.public_action(st, seat, action)

    def public_notes(self, before: dict, seat: int, action: dict, after: dict) -> dict | None:
        return describe.public_notes(before, after)
