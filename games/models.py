"""Matches, their seats and their turn logs. The engine state is a JSON snapshot."""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _, pgettext_lazy

import engine


class MatchQuerySet(models.QuerySet):
    def with_seats(self):
        """Matches with their seats and the seats' players, for any list or page that names them."""
        return self.prefetch_related(models.Prefetch("seats", queryset=Seat.objects.select_related("user")))

    def played_by(self, user):
        """The matches `user` holds a seat in (My matches, the API's `?mine=1`)."""
        return self.filter(seats__user=user)

    def not_played_by(self, user):
        """The matches `user` holds no seat in (what they may watch)."""
        return self.exclude(seats__user=user)


class Match(models.Model):
    objects = MatchQuerySet.as_manager()

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
    # Correspondence play: the clock (games.clocks.controls.CLOCKS), what a time-out does, rating, privacy.
    time_control = models.CharField(max_length=16, default="none", db_index=True)  # a key of clock.CLOCKS
    clock = models.JSONField(default=dict, blank=True)  # its parameters when the match was made
    weekend_pause = models.BooleanField(default=False)
    rated = models.BooleanField(default=False)
    timeout_policy = models.CharField(
        max_length=8, choices=[("bot", _("a bot plays until the player returns")), ("lose", _("the player loses"))],
        default="bot",
    )
    private = models.BooleanField(default=False)
    invite_token = models.CharField(max_length=32, blank=True, db_index=True)
    rematch_of = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches")
    last_move_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-updated_at"]
        verbose_name_plural = "matches"

    def __str__(self):
        """For the admin's lists: the game and when it was opened, never "slug #id" (pages name a
        match with games.texts.match_label)."""
        try:
            name = engine.get_game(self.game).name
        except engine.IllegalAction:  # a game no longer installed
            name = self.game
        opened = timezone.localtime(self.created_at).strftime("%Y-%m-%d %H:%M") if self.created_at else ""
        return f"{name}, {opened}" if opened else name

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


BOT_NAMES = {
    "challenger": _("Challenger"),  # named after the rulebook's own word
    "random": pgettext_lazy("bot", "Random"),
    "sensible": pgettext_lazy("bot", "Sensible"),
    "farmer": pgettext_lazy("bot", "Farmer"),
    "rooster": pgettext_lazy("bot", "Rooster"),
    "general": pgettext_lazy("bot", "General"),
    "skirmisher": pgettext_lazy("bot", "Skirmisher"),
    "expert": pgettext_lazy("bot", "Expert"),
}


def bot_name(bot: str) -> str:
    return str(BOT_NAMES[bot]) if bot in BOT_NAMES else bot.title()


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats"
    )
    bot = models.CharField(max_length=32, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)
    # The clock of this seat (games.clocks.seat_clocks keeps these in step with `Match.to_act`).
    time_left = models.FloatField(null=True, blank=True)  # Fischer bank, seconds
    turn_started_at = models.DateTimeField(null=True, blank=True)
    turn_moves = models.PositiveIntegerField(default=0)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    extra_day_from = models.JSONField(default=list, blank=True)  # seats that gave a day this turn
    reminders_sent = models.JSONField(default=list, blank=True)
    last_reminder_at = models.DateTimeField(null=True, blank=True)
    last_seen_at = models.DateTimeField(null=True, blank=True)
    # When this seat last wrote a turn: the "your turn" rules read it, so a handover to someone
    # who just moved queues no notice at all.
    last_moved_at = models.DateTimeField(null=True, blank=True)
    # A bot stands in for a player who timed out, until they take the seat back.
    away = models.BooleanField(default=False)
    timed_out = models.PositiveSmallIntegerField(default=0)
    forfeited = models.BooleanField(default=False)
    # The player silenced this match: no push or e-mail about it (notices stay on the site).
    muted = models.BooleanField(default=False)

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
    def bot_title(self) -> str:
        """The bot's own name ("Challenger"), for sentences that give it an article."""
        return bot_name(self.bot) if self.bot else ""

    @property
    def display_name(self):
        """The seat as players read it, in the reader's language: a person's name, or the bot's."""
        if self.bot and self.user_id:
            return str(_("%(name)s (the %(bot)s bot standing in)")) % {"name": self.user.username,
                                                                      "bot": bot_name(self.bot)}
        if self.bot:
            return str(_("%(bot)s (bot)")) % {"bot": bot_name(self.bot)}
        return self.user.username if self.user_id else str(_("(open seat)"))


class Turn(models.Model):
    """One applied action: replaying every game Turn from the seed gives the stored state.

    Site actions (a time-out, a gift of time, a player taking back their seat) are logged in the
    same sequence with kind "site"; they change the match, not the game state.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="turns")
    version = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=4, default="game", choices=[("game", "game"), ("site", "site")])
    think_seconds = models.FloatField(null=True, blank=True)  # first move of a turn: time taken
    # A player may take back their own steps up to the last irreversible one (a roll, a draw,
    # a reveal, or handing the turn on); taken-back turns stay in the log, marked undone.
    irreversible = models.BooleanField(default=True)
    undone = models.BooleanField(default=False)
    action = models.JSONField()
    # What other seats may see of the action (face-down card ids removed) and a log line.
    public_action = models.JSONField()
    text = models.CharField(max_length=500, blank=True)
    # The log line as an engine message (id + arguments), read in each viewer's language;
    # empty for lines written before texts became messages, which show `text` as stored.
    message = models.JSONField(null=True, blank=True)
    # What every seat may know of the step beyond its log line (the engine's `public_notes`):
    # told to players who were away and drawn on the board.
    notes = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["version"]
        constraints = [models.UniqueConstraint(fields=["match", "version"], name="one_turn_per_version")]

    def __str__(self):
        return f"{self.match_id} v{self.version}"

    @property
    def line(self):
        """What the log shows: the message where there is one, else the stored sentence."""
        return self.message or self.text


class Vacation(models.Model):
    """A stretch when all of a player's clocks stand still (end None: still on vacation)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations")
    start = models.DateTimeField()
    end = models.DateTimeField(null=True, blank=True)
    automatic = models.BooleanField(default=False)

    class Meta:
        ordering = ["-start"]


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
    """A player waiting for a quick match of one game with one time control."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="queue_entries")
    game = models.CharField(max_length=32)
    players = models.PositiveSmallIntegerField(default=2)
    clock = models.CharField(max_length=16)
    rating = models.FloatField(default=1500.0)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["created_at"]
        constraints = [models.UniqueConstraint(fields=["user", "game", "players", "clock"], name="one_queue_entry")]


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
