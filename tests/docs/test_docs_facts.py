"""Facts the README states that the code decides: each game's player count comes from the
engines' catalog."""

import re
from pathlib import Path

import engine
from engine.registry import _PACKAGES

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_gives_each_game_the_catalog_player_count():
    text = " ".join(README.read_text().split())
    for game in (engine.get_game(name.split(".")[-1]) for name in _PACKAGES):  # not the test-only games
        found = re.search(rf"\*\*{re.escape(game.name)}\*\* \((\d+)(?:–(\d+))? players?", text)
        assert found, f"the README does not give {game.name}'s player count"
        low, high = int(found.group(1)), int(found.group(2) or found.group(1))
        assert (low, high) == (game.min_players, game.max_players), game.name
