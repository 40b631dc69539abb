"""The game protocol every engine implements (DESIGN.md, "The engine protocol").

A game is a stateless object; all that changes lives in the state it is handed. States are
values: `apply` returns a new state and never mutates its input.
"""

from __future__ import annotations

from typing import Any, Protocol

State = Any
Action = dict


class GameProtocol(Protocol):
    """What `engine.get_game(slug)` returns."""

    slug: str
    name: str
    min_players: int
    max_players: int

    def presets(self) -> list[dict]: ...
    def variants(self) -> list[dict]: ...
    def setup(self, seed: int, players: int, options: dict) -> State: ...
    def to_act(self, state: State) -> list[int]: ...
    def legal_actions(self, state: State, seat: int) -> list[Action]: ...
    def apply(self, state: State, seat: int, action: Action) -> State: ...
    def view(self, state: State, seat: int | None) -> dict: ...
    def outcome(self, state: State) -> dict | None: ...
    def serialize(self, state: State) -> dict: ...
    def deserialize(self, data: dict) -> State: ...
    def bots(self) -> list[str]: ...
    def bot_action(self, state: State, seat: int, bot: str) -> Action: ...


class Game:
    """Defaults for the protocol's optional parts; each game supplies the rest of GameProtocol."""

    slug: str = ""
    name: str = ""
    min_players: int = 2
    max_players: int = 2

    def presets(self) -> list[dict]:
        """Named option sets a lobby offers: [{"id", "name", "options"}]."""
        return []

    def variants(self) -> list[dict]:
        """Optional rule switches a lobby offers: [{"id", "name", "description"}]."""
        return []

    def bots(self) -> list[str]:
        return []

    def seat_bots(self) -> list[str]:
        """Bots that may fill any seat (a mode's own AI, like the Challenger, is not one)."""
        return self.bots()

    def teams(self, players: int, options: dict) -> list[list[int]] | None:
        """Seats that win and lose together (a teams variant), or None: each plays for themselves."""
        return None

    def levels(self) -> dict[str, str]:
        """The bot that plays each level, {"easy": name, "normal": name, "strong": name}: names
        that fit the game, every one a seat bot; {} for a game without levels."""
        return {}

    def default_bot(self) -> str | None:
        """The bot the lobby proposes for an empty multiplayer seat, and the time-out stand-in:
        the normal level where the game has levels."""
        normal = self.levels().get("normal")
        if normal:
            return normal
        bots = self.seat_bots()
        return bots[0] if bots else None

    def hidden_from(self, state: State, seat: int | None) -> set[str]:
        """Strings (card instance ids) that must not appear in `view(state, seat)`.

        The shared playout checker and the site's leak tests search every view for them.
        """
        return set()

    def describe_action(self, state: State, seat: int, action: Action) -> str:
        """One plain-words line for the game log, from the state *before* the action.

        Must reveal nothing hidden: the log is shown to every seat.
        """
        return str(action.get("type", "?"))

    def irreversible(self, before: State, seat: int, action: Action, after: State) -> bool:
        """Whether `seat` may not take this action back: it used the RNG (a roll, a draw) or the
        turn passed on. Games add their own reveals."""
        if seat not in self.to_act(after):
            return True
        old, new = self.serialize(before), self.serialize(after)
        return not isinstance(old, dict) or old.get("rng") != new.get("rng")

    def describe_start(self, state: State) -> str:
        """The log line for what happened at set-up (an opening roll), before any action."""
        return ""

    def public_action(self, state: State, seat: int, action: Action) -> Action:
        """The action as other seats may see it in the log (hide card ids played face down)."""
        return action

    def public_notes(self, before: State, seat: int, action: Action, after: State) -> dict | None:
        """What every seat may know of this step beyond its log line, kept with the turn so a
        player who was away can be told it and shown it on the board: public messages
        (`"events"`), pieces that changed space (`"moves"`: [piece, owner, from, to]) and a
        fight that began (`"attack"`: [owner, from, to]). None when the game says nothing more."""
        return None

    # What the lobby's create form needs to turn choices into an options dict.

    variant_key: str = "variants"

    def make_options(self, preset: str | None = None, variants=()) -> dict:
        """Options for `setup` from a preset id and the chosen variant ids."""
        options: dict = {}
        for entry in self.presets():
            if entry["id"] == preset:
                options.update(entry.get("options", {}))
        if variants:
            options[self.variant_key] = list(variants)
        return options

    def solo_modes(self) -> list[dict]:
        """One-click games against the game's own AI: [{"id", "name", "players", "options"}]."""
        return []

    def required_bots(self, players: int, options: dict) -> dict:
        """Seats a mode reserves for a given bot (WfCI solo: {1: "challenger"})."""
        return {}

    def record_label(self, state: State, seat: int) -> dict | None:
        """What a solo record is grouped by for this seat, as a message (WfCI: the leader played)."""
        return None
