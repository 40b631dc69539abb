"""Tournaments: cups (round robin by a seating design) and Swiss, their entrants and rounds.

A tournament's matches are ordinary matches that point back to it (Match.tournament), so the
write path, the clocks and the ratings treat them as any other; standings are computed from
their outcomes, never stored twice."""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from .matches import Pace


class Tournament(models.Model):
    class Format(models.TextChoices):
        CUP = "cup", _("Cup")
        SWISS = "swiss", _("Swiss")

    class Status(models.TextChoices):
        OPEN = "open", _("Open to join")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    name = models.CharField(max_length=80, blank=True)
    game = models.CharField(max_length=32, db_index=True)
    format = models.CharField(max_length=8, choices=Format.choices)
    seats = models.PositiveSmallIntegerField()  # players at each table
    entrants = models.PositiveSmallIntegerField()  # a cup's size; a Swiss's cap
    rounds = models.PositiveSmallIntegerField(default=0)  # a Swiss's rounds; a cup's follow from its design
    options = models.JSONField(default=dict, blank=True)  # the matches' options (preset, variants)
    time_control = models.CharField(max_length=16)  # a key of clocks.controls.CLOCKS
    clock = models.JSONField(default=dict, blank=True)
    pace = models.CharField(max_length=8, choices=Pace.choices, default=Pace.SLOW)
    weekend_pause = models.BooleanField(default=False)
    rated = models.BooleanField(default=True)
    starts_at = models.DateTimeField(null=True, blank=True)  # a Swiss's first round
    round_days = models.PositiveSmallIntegerField(default=7)  # a Swiss round's deadline, in days
    official = models.BooleanField(default=False)  # made by the staff; else listed as a player's
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="created_tournaments"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    seed = models.BigIntegerField(default=0)  # numbers the entrants at the start, so a design's seats are drawn fairly
    current_round = models.PositiveSmallIntegerField(default=0)
    ended_reason = models.CharField(max_length=200, blank=True)  # why a Swiss ended early (a message id)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return self.name or f"{self.get_format_display()} {self.game}, {self.seats}"

    def get_absolute_url(self):
        return reverse("tournament", args=[self.pk])


class Entrant(models.Model):
    """A player in a tournament; a withdrawn one stays in the standings as absent."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries")
    number = models.PositiveSmallIntegerField(null=True, blank=True)  # place in the design, set at the start
    joined_at = models.DateTimeField(auto_now_add=True)
    first_round = models.PositiveSmallIntegerField(default=1)  # a late entrant's: half-point byes before it
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["joined_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_a_player")]


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    started_at = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    bye = models.ForeignKey(  # the pairing bye of an odd round
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="one_round_a_number")]
