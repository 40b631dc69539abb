"""Around the table: chat, mutes, reports, achievements and spectators."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .matches import Match


class ChatMessage(models.Model):
    """One line of a match's chat (games.chat). Players write and read the players' channel;
    people watching write and read the spectators' own, so nobody whispers to the table."""

    class Channel(models.TextChoices):
        PLAYERS = "players", _("players")
        SPECTATORS = "spectators", _("spectators")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages")
    channel = models.CharField(max_length=10, choices=Channel.choices)
    text = models.CharField(max_length=500, blank=True)  # plain text, escaped when shown
    phrase = models.CharField(max_length=20, blank=True)  # a ready phrase, shown in each reader's language
    created_at = models.DateTimeField(default=timezone.now)
    hidden = models.BooleanField(default=False, help_text=_("Hidden by the staff: nobody sees it any more."))

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(fields=["match", "channel", "id"], name="chat_by_match"),
            models.Index(fields=["author", "created_at"], name="chat_by_author"),
        ]

    def __str__(self):
        return f"#{self.pk} {self.author_id} in {self.match_id}: {self.phrase or self.text[:40]}"


class ChatRead(models.Model):
    """How far a person has read one match's chat: what is after it is unread."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    last_read = models.BigIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "match"], name="one_chat_read_each")]


class Mute(models.Model):
    """`muter` reads nothing `muted` writes, in any match's chat, and hears no notice of it."""

    muter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mutes")
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["muter", "muted"], name="one_mute_each")]


class ChatReport(models.Model):
    """A player's report of a chat message, for the staff (listed in the admin)."""

    message = models.ForeignKey(ChatMessage, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    handled = models.BooleanField(default=False)

    class Meta:
        ordering = ["handled", "-created_at"]
        constraints = [models.UniqueConstraint(fields=["message", "reporter"], name="one_report_each")]


class Achievement(models.Model):
    """A challenge a player met (games.achievements), with the match that earned it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="achievements")
    game = models.CharField(max_length=32)
    code = models.CharField(max_length=64)  # "wfci.epic_death": the engine's id
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    earned_at = models.DateTimeField()

    class Meta:
        ordering = ["-earned_at", "code"]
        constraints = [models.UniqueConstraint(fields=["user", "code"], name="one_achievement_each")]


class Spectator(models.Model):
    """Someone without a seat who has a match's page open (games.spectators): the page counts
    those seen in the last minute or so. `viewer` is the user, or a hash for a visitor."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="spectators")
    viewer = models.CharField(max_length=64)
    seen_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "viewer"], name="one_spectator_row")]
        indexes = [models.Index(fields=["match", "seen_at"], name="spectators_by_match")]
