"""What follows a committed change, announced by the write path and heard by games.tasks.

The write path sits below the tasks and never imports them: it sends these signals from its
on-commit hooks, and games.tasks (games.notifications.tasks for the outbox) connects the receivers (GamesConfig.ready imports it).
"""

from django.dispatch import Signal

bot_turn_due = Signal()  # match_id, version: a bot is to act
deliveries_due = Signal()  # items: [(notice key, channel)] to hand to the delivery task
digests_due = Signal()  # users: ids of players whose daily digest is due
match_finished = Signal()  # match_id: the match just ended (its achievements are to award)
