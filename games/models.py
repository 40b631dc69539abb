"""Matches, their seats and their turn logs. The engine state is a JSON snapshot."""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Match(models.Model):
    class Status(models.TextChoices):
        LOBBY = "lobby", _("Waiting for players")
        ACTIVE = "active", _("In progress")
        FINISHED = "finished", _("Finished")
        ABANDONED = "abandoned", _("Abandoned")

    game = models.CharField(max_length=32, db_index=True)
    players = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict, blank=True)
    seed = models.BigIntegerField()
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.LOBBY, db_index=True)
    version = models.PositiveIntegerField(default=0)
    state = models.JSONField(null=True, blank=True)
    # Denormalised from the state at each write so lists never deserialize a game.
    to_act = models.JSONField(default=list, blank=True)
    outcome = models.JSONField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="created_matches"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-updated_at"]
        verbose_name_plural = "matches"

    def __str__(self):
        return f"{self.game} #{self.pk}"

    def get_absolute_url(self):
        return reverse("match", args=[self.pk])

    def seat_of(self, user):
        """The seat index this user holds, or None."""
        if user is None or not user.is_authenticated:
            return None
        for seat in self.seats.all():
            if seat.user_id == user.pk:
                return seat.index
        return None


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats"
    )
    bot = models.CharField(max_length=32, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="one_player_per_seat"),
            models.UniqueConstraint(
                fields=["match", "user"], condition=models.Q(user__isnull=False), name="one_seat_per_user"
            ),
        ]

    def __str__(self):
        return self.display_name

    @property
    def display_name(self):
        if self.bot:
            return f"{self.bot.title()} (bot)"
        return self.user.username if self.user_id else str(_("(open seat)"))


class Turn(models.Model):
    """One applied action: replaying every Turn from the seed gives the stored state."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="turns")
    version = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField()
    # What other seats may see of the action (face-down card ids removed) and a log line.
    public_action = models.JSONField()
    text = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["version"]
        constraints = [models.UniqueConstraint(fields=["match", "version"], name="one_turn_per_version")]

    def __str__(self):
        return f"{self.match_id} v{self.version}"
