"""Matches, their seats and their turn logs. The engine state is a JSON snapshot."""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _, pgettext_lazy

import engine

from ..bot_names import BOT_NAMES, bot_name, bot_with_level  # noqa: F401  (the models package exports both)


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


class Pace(models.TextChoices):
    """How fast a table means to play, on top of its clock: people find a table they can keep up with."""

    LIVE = "live", pgettext_lazy("pace", "Live")
    FAST = "fast", pgettext_lazy("pace", "Fast")
    SLOW = "slow", pgettext_lazy("pace", "Slow")


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
    pace = models.CharField(max_length=8, choices=Pace.choices, default=Pace.SLOW, db_index=True)
    tournament = models.ForeignKey(
        "games.Tournament", null=True, blank=True, on_delete=models.PROTECT, related_name="matches"
    )
    tournament_round = models.PositiveSmallIntegerField(null=True, blank=True)
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
            number = self.bot_number
            if number:
                return str(_("%(bot)s %(n)s (bot)")) % {"bot": bot_name(self.bot), "n": number}
            return str(_("%(bot)s (bot)")) % {"bot": bot_name(self.bot)}
        return self.user.username if self.user_id else str(_("(open seat)"))

    @property
    def chip_name(self) -> str:
        """The seat in the match head: a bot with its level ("Fox (bot, strong)"), so everyone
        at the table knows how hard it plays; otherwise as `display_name`."""
        if self.bot and not self.user_id:
            return bot_with_level(self.match.game, self.bot, self.bot_number)
        return self.display_name

    @property
    def bot_number(self) -> int | None:
        """Its number among the bots of its kind at this table, in seat order ("Farmer 1 (bot)",
        "Farmer 2 (bot)"), so two never share a name; None when it is the only one."""
        if not self.bot or self.user_id:
            return None
        table = self._table()
        same = [index for index, bot, user in table if bot == self.bot and not user]
        return same.index(self.index) + 1 if len(same) > 1 and self.index in same else None

    def _table(self) -> list[tuple]:
        """(index, bot, user id) of every seat at this match: from seats already loaded with the
        match where there are, else one query, kept on the seat."""
        cached = getattr(self, "_table_cache", None)
        if cached is not None:
            return cached
        match = self._state.fields_cache.get("match")
        loaded = getattr(match, "_prefetched_objects_cache", {}).get("seats") if match is not None else None
        if loaded is not None:
            table = [(s.index, s.bot, s.user_id) for s in loaded]
        else:
            table = list(Seat.objects.filter(match_id=self.match_id).values_list("index", "bot", "user_id"))
        self._table_cache = table
        return table


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
