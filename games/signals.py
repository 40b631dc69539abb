"""What follows a committed change, announced by the write path and heard by games.tasks.

The write path sits below the tasks and never imports them: it sends these signals from its
on-commit hooks, and games.tasks connects the receivers (GamesConfig.ready imports it).
"""

from django.dispatch import Signal

bot_turn_due = Signal()  # match_id, version: a bot is to act
turn_started = Signal()  # match_id, version, seats: people newly to act; activity: seat -> (last seen, last moved)
match_finished = Signal()  # match_id
