"""The `warlord`: a War for Chicken Island bot that searches the turn's main choices.

budget.py holds what a decision may spend, choices.py which decisions it searches and among
what, playout.py how a sampled world is played on and judged, warlord.py the search itself."""

from .warlord import choose

__all__ = ["choose"]
