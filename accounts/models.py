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
    notify_turn = models.BooleanField(_("e-mail me when it is my turn"), default=True)
    notify_reminders = models.BooleanField(_("send me reminder e-mails"), default=True)
    digest_hour = models.PositiveSmallIntegerField(
        _("one daily digest at this hour instead of single e-mails"), null=True, blank=True,
        choices=[(h, f"{h:02d}:00") for h in range(24)],
    )
    auto_vacation = models.BooleanField(
        _("start a vacation instead of timing out while I have vacation days"), default=True
    )
    vacation_days = models.FloatField(default=15.0)  # balance at vacation_accrued_at
    vacation_accrued_at = models.DateTimeField(default=timezone.now)

    def __str__(self):
        return self.username
