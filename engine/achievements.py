"""Achievements: what a finished match earned each seat, read from its turn log. Pure Python.

A game that has achievements keeps them in `engine/<slug>/achievements.py` (found by name, so
a game's rules never import them):

- `CATALOG`: the ids, in the order a profile lists them (`"<slug>.<key>"`); the name and text
  of each are the messages `<slug>.achievement.<key>.name` and `.text`.
- `facts(before, seat, action, after) -> list[dict]`: what one step says that an achievement
  cares about, read from the two states through keys that stay put when rules change
  (units, seats, the last fight's public record, the result).
- `detect(log, table) -> {seat: set(ids)}`: pure over the log, a list of `{"seat", "facts"}`
  (one entry per step, in order) and `table` = `{"players", "options", "outcome"}`. This is
  what the tests build by hand: a constructed log per achievement, one that earns it and a
  near miss that does not.
- optionally `CAREER` (ids earned across matches), `career_record(table, seat, state)` (what a
  finished match tells of one seat: a small dict; `state` is the final state, given only when
  `wants_state(table, seat)` says so) and `career(records) -> {id: index}`, the index of the
  record, in the order played, that completed each one.

`earned()` replays the turns from the seed. A seat a bot played at any point (a seat filled by
a bot, or a player's seat a bot took over after a time-out or a resignation) earns nothing:
achievements are a person's own play. Undone steps are not in the turns the site hands over.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from .messages import msg


def rules(slug: str) -> ModuleType | None:
    """The game's achievements module, or None for a game without achievements."""
    name = f"engine.{slug}.achievements"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if not exc.name or not name.startswith(exc.name):  # a game with no module of its own, or none at all
            raise
        return None


def catalog(slug: str) -> list[dict]:
    """[{"id", "name", "text", "career"}], names and texts as messages, in profile order."""
    module = rules(slug)
    if module is None:
        return []
    career = set(getattr(module, "CAREER", ()))
    return [{"id": aid, "name": name(aid), "text": text(aid), "career": aid in career} for aid in module.CATALOG]


def _key(aid: str) -> tuple[str, str]:
    slug, key = aid.split(".", 1)
    return slug, key


def name(aid: str) -> dict:
    slug, key = _key(aid)
    return msg(f"{slug}.achievement.{key}.name")


def text(aid: str) -> dict:
    slug, key = _key(aid)
    return msg(f"{slug}.achievement.{key}.text")


def replay(game, seed: int, players: int, options: dict, turns) -> tuple[list[dict], object]:
    """The log the detectors read: one `{"seat", "facts"}` per step of `turns` (an iterable of
    (seat, action)), replayed from the seed; and the final state."""
    module = rules(game.slug)
    state = game.setup(seed, players, options)
    log = []
    for seat, action in turns:
        after = game.apply(state, seat, action)
        log.append({"seat": seat, "facts": module.facts(state, seat, action, after) if module else []})
        state = after
    return log, state


def table_of(state, players: int, game) -> dict:
    """What the detectors know of the match besides its log."""
    return {"players": players, "options": dict(state.get("options") or {}) if isinstance(state, dict) else {},
            "outcome": game.outcome(state)}


def earned(game, seed: int, players: int, options: dict, turns, bots=()) -> dict[int, set[str]]:
    """{seat: ids} this match earned; seats in `bots` (played by a bot at any point) earn none."""
    module = rules(game.slug)
    if module is None:
        return {}
    log, final = replay(game, seed, players, options, turns)
    table = table_of(final, players, game)
    table["options"] = {**dict(options or {}), **table["options"]}
    found = module.detect(log, table)
    return {seat: set(ids) for seat, ids in found.items() if ids and seat not in set(bots)}


def final_state(game, seed: int, players: int, options: dict, turns):
    return replay(game, seed, players, options, turns)[1]


def career_record(slug: str, table: dict, seat: int, state=None) -> dict | None:
    """What one finished match tells the career achievements of one seat (None: nothing)."""
    module = rules(slug)
    if module is None or not hasattr(module, "career_record"):
        return None
    return module.career_record(table, seat, state)


def wants_state(slug: str, table: dict, seat: int) -> bool:
    module = rules(slug)
    return bool(module is not None and hasattr(module, "wants_state") and module.wants_state(table, seat))


def career(slug: str, records: list[dict]) -> dict[str, int]:
    """{id: index of the record that completed it}, records in the order they were played."""
    module = rules(slug)
    if module is None or not hasattr(module, "career"):
        return {}
    return module.career(records)
