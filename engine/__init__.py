"""Pure-Python game engines behind one protocol. Nothing here imports Django."""

from .errors import IllegalAction
from .protocol import Game, GameProtocol
from .registry import all_games, get_game, register
from .rng import Rng, seed_state

__all__ = ["IllegalAction", "Game", "GameProtocol", "Rng", "seed_state", "get_game", "all_games", "register"]
