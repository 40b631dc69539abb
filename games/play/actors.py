"""Who acts on a match besides a signed-in person: a bot's seat, the site's timekeeper, an API
token. The write path tells them apart; site actions check which of them may do what."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Bot:
    """Acts for a bot seat through the same write path as a person."""

    seat: int


@dataclass(frozen=True)
class Timekeeper:
    """The site itself, acting on a seat whose time ran out."""

    seat: int


@dataclass(frozen=True)
class TokenHolder:
    """An API client known only by its token: who it is comes with the locked match, in the
    same query (a move is the hot path). An unknown or inactive token is NotAuthenticated."""

    key: str
