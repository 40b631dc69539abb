"""Notifications, their deliveries (the outbox) and push subscriptions."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .matches import Match


class Notification(models.Model):
    """A notice to one player about one event: what the notifications page lists, and the
    outbox row its push and e-mail deliveries hang on (games.notifications.outbox).

    `key` names the (recipient, event) pair, so recording the same event twice records it
    once. What it says is rendered from `kind` and `params` in the reader's language when it
    is read; `text` is only for notices stored before that.
    """

    class Kind(models.TextChoices):
        YOUR_TURN = "turn", _("your turn")
        REMINDER = "reminder", _("reminder")
        TIMEOUT = "timeout", _("time-out")
        VACATION = "vacation", _("vacation")
        BOT = "bot", _("a bot took over a seat")
        FINISHED = "finished", _("game over")
        INVITATION = "invite", _("invitation")
        REMATCH = "rematch", _("rematch offer")
        CHAT = "chat", _("chat message")
        TOURNAMENT = "tournament", _("tournament news")

    key = models.CharField(max_length=120, unique=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    params = models.JSONField(default=dict, blank=True)
    text = models.CharField(max_length=300, blank=True)
    on_site = models.BooleanField(default=True)  # listed on the notifications page
    created_at = models.DateTimeField(default=timezone.now)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["user", "-created_at"], name="notice_by_user")]


class Delivery(models.Model):
    """One channel of one notice (push or e-mail): the outbox row a worker delivers once.

    (notice, channel) is the idempotency key; a worker claims the row for a short lease before
    sending, and records when and how it ended (sent, skipped and why, or failed)."""

    class Channel(models.TextChoices):
        PUSH = "push", _("web push")
        MAIL = "mail", _("e-mail")

    class Outcome(models.TextChoices):
        PENDING = "", _("waiting")
        SENT = "sent", _("sent")
        SKIPPED = "skipped", _("not needed")
        FAILED = "failed", _("failed")

    notice = models.ForeignKey(
        Notification, to_field="key", db_column="notice_key", on_delete=models.CASCADE, related_name="deliveries"
    )
    channel = models.CharField(max_length=4, choices=Channel.choices)
    digest = models.BooleanField(default=False)  # an e-mail kept for the daily digest
    due_at = models.DateTimeField()
    queued_at = models.DateTimeField(null=True, blank=True)  # last handed to the task queue
    claimed_until = models.DateTimeField(null=True, blank=True)  # a worker is sending it
    attempts = models.PositiveSmallIntegerField(default=0)
    outcome = models.CharField(max_length=8, choices=Outcome.choices, default="", blank=True)
    done_at = models.DateTimeField(null=True, blank=True)
    how = models.CharField(max_length=200, blank=True)
    last_error = models.CharField(max_length=300, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["notice", "channel"], name="one_delivery_per_channel")]
        indexes = [
            models.Index(fields=["due_at"], condition=models.Q(outcome=""), name="delivery_pending"),
        ]

    @property
    def key(self) -> str:
        return f"{self.notice_id}.{self.channel}"


class PushSubscription(models.Model):
    """One browser or phone that accepted Web Push for a player (the endpoint is the device)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    user_agent = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_sent_at = models.DateTimeField(null=True, blank=True)
