import zoneinfo

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

TIME_ZONE_CHOICES = [(tz, tz) for tz in sorted(zoneinfo.available_timezones()) if "/" in tz or tz == "UTC"]


class User(AbstractUser):
    """A player. Preferences live on the user: one row, no joins on every page."""

    email = models.EmailField(_("e-mail address"), unique=True)
    time_zone = models.CharField(_("time zone"), max_length=64, default="UTC", choices=TIME_ZONE_CHOICES)
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE,
        help_text=_("The site, its e-mails and the games' texts in this language."),
    )
    # Which channels each kind of notice takes (games.notifications.preferences: kind ->
    # {"site": bool, "push": bool, "mail": "now" | "away" | "digest" | "off"}); a kind left
    # out follows the defaults.
    notify_prefs = models.JSONField(default=dict, blank=True)
    digest_hour = models.PositiveSmallIntegerField(
        _("daily digest at"), null=True, default=8, choices=[(h, f"{h:02d}:00") for h in range(24)],
        help_text=_("The e-mails you put in the digest come together once a day, at this hour."),
    )
    quiet_start = models.PositiveSmallIntegerField(
        _("quiet hours from"), null=True, blank=True, choices=[(h, f"{h:02d}:00") for h in range(24)],
        help_text=_("No push or e-mail during these hours (your time zone): they wait until the end."),
    )
    quiet_end = models.PositiveSmallIntegerField(
        _("quiet hours until"), null=True, blank=True, choices=[(h, f"{h:02d}:00") for h in range(24)]
    )
    # When the player last loaded a page (at most one write every few minutes): an e-mail set
    # to "only when I am away" waits for them to be gone a while.
    last_seen_at = models.DateTimeField(null=True, blank=True)
    auto_vacation = models.BooleanField(
        _("start a vacation instead of timing out while I have vacation days"), default=True
    )
    vacation_days = models.FloatField(default=15.0)  # balance at vacation_accrued_at
    vacation_accrued_at = models.DateTimeField(default=timezone.now)

    def __str__(self):
        return self.username
