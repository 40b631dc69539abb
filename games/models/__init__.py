"""The games app's tables, one module per concern; everything is importable from here."""

from .matches import BOT_NAMES, Match, MatchQuerySet, Pace, Seat, Turn, bot_name
from .notices import Delivery, Notification, PushSubscription
from .people import Block, Invitation, QueueEntry, Rating, Vacation
from .social import Achievement, ChatMessage, ChatRead, ChatReport, Mute, Spectator
from .tournaments import Entrant, Round, Tournament

__all__ = [
    "BOT_NAMES", "Match", "MatchQuerySet", "Pace", "Seat", "Turn", "bot_name",
    "Delivery", "Notification", "PushSubscription",
    "Block", "Invitation", "QueueEntry", "Rating", "Vacation",
    "Achievement", "ChatMessage", "ChatRead", "ChatReport", "Mute", "Spectator",
    "Entrant", "Round", "Tournament",
]
