"""What the site keeps about a player beside their matches: vacations, ratings, invitations,
blocks and the quick-match queue."""

from django.conf import settings
from django.db import models

from .matches import Match, Pace


class Vacation(models.Model):
    """A stretch when all of a player's clocks stand still (end None: still on vacation)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations")
    start = models.DateTimeField()
    end = models.DateTimeField(null=True, blank=True)
    automatic = models.BooleanField(default=False)

    class Meta:
        ordering = ["-start"]


class Rating(models.Model):
    """Glicko-2 rating of one player in one game."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(max_length=32)
    rating = models.FloatField(default=1500.0)
    rd = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="one_rating_per_game")]
        ordering = ["-rating"]


class Invitation(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="invitations")
    sender = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    recipient = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations")
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    accepted = models.BooleanField(null=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "recipient"], name="one_invitation_each")]


class Block(models.Model):
    """`blocker` does not want invitations (or quick-match pairings) with `blocked`."""

    blocker = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks")
    blocked = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["blocker", "blocked"], name="one_block_each")]


class QueueEntry(models.Model):
    """A player waiting for a quick match of one game with one time control at one pace."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="queue_entries")
    game = models.CharField(max_length=32)
    players = models.PositiveSmallIntegerField(default=2)
    clock = models.CharField(max_length=16)
    pace = models.CharField(max_length=8, choices=Pace.choices, default=Pace.SLOW)
    rating = models.FloatField(default=1500.0)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["created_at"]
        constraints = [models.UniqueConstraint(fields=["user", "game", "players", "clock", "pace"], name="one_queue_entry")]
