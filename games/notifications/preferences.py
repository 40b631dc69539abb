"""What each player wants to hear about, and how: per kind of notice and channel, the daily
digest, quiet hours in their own time zone, and matches they muted.

Preferences sit on the user row (`User.notify_prefs`), which the write path already reads
with the match, so deciding a move's notices costs no query. A kind a player never touched
follows DEFAULTS: push for what needs them now, an e-mail only when they have been away from
the site for a while, and the daily digest for the rest.
"""

from __future__ import annotations

import zoneinfo
from datetime import datetime, timedelta

from django.utils.translation import gettext_lazy as _

# Kinds of notice, in the order the settings page lists them (games.models.Notification.Kind).
KINDS = {
    "turn": _("Your turn"),
    "reminder": _("Reminders before your time runs out"),
    "timeout": _("A player ran out of time"),
    "vacation": _("Vacations starting or ending"),
    "bot": _("A bot took over a seat"),
    "finished": _("Game over"),
    "invite": _("Invitations"),
    "rematch": _("Rematch offers"),
    "chat": _("Chat messages in your matches"),
    "tournament": _("Tournaments: the start, your next round, the results"),
}

# How an e-mail goes out: at once, only when the player has been away from the site for a
# while, in the daily digest, or not at all.
MAIL_NOW, MAIL_AWAY, MAIL_DIGEST, MAIL_OFF = "now", "away", "digest", "off"
MAIL_CHOICES = [
    (MAIL_NOW, _("at once")),
    (MAIL_AWAY, _("only when I am away")),
    (MAIL_DIGEST, _("in the daily digest")),
    (MAIL_OFF, _("no e-mail")),
]
URGENT = {"site": True, "push": True, "mail": MAIL_AWAY}
LATER = {"site": True, "push": False, "mail": MAIL_DIGEST}
DEFAULTS = {
    "turn": URGENT,
    "reminder": URGENT,  # a reminder is a "your turn" with the clock running out: not for a digest
    "timeout": LATER,
    "vacation": LATER,
    "bot": LATER,
    "finished": LATER,
    "invite": {"site": True, "push": True, "mail": MAIL_DIGEST},
    "rematch": {"site": True, "push": True, "mail": MAIL_DIGEST},
    # Talk at the table: on the site and on the phone, never an e-mail unless asked for.
    "chat": {"site": True, "push": True, "mail": MAIL_OFF},
    "tournament": {"site": True, "push": True, "mail": MAIL_DIGEST},
}


def for_kind(user, kind: str) -> dict:
    """{"site", "push", "mail"} for one kind: the player's choices over the defaults."""
    mine = (getattr(user, "notify_prefs", None) or {}).get(kind)
    base = DEFAULTS.get(kind, LATER)
    if not isinstance(mine, dict):
        return base
    mail = mine.get("mail", base["mail"])
    return {
        "site": bool(mine.get("site", base["site"])),
        "push": bool(mine.get("push", base["push"])),
        "mail": mail if mail in dict(MAIL_CHOICES) else base["mail"],
    }


def all_kinds(user) -> dict:
    return {kind: for_kind(user, kind) for kind in KINDS}


def stop_all_mail(user) -> None:
    """The one-click unsubscribe: every kind's e-mail off (push and the site stay as chosen)."""
    user.notify_prefs = {kind: {**for_kind(user, kind), "mail": MAIL_OFF} for kind in KINDS}


def zone(user) -> zoneinfo.ZoneInfo:
    try:
        return zoneinfo.ZoneInfo(getattr(user, "time_zone", "") or "UTC")
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


def next_local_hour(user, hour: int, now: datetime) -> datetime:
    """The next time the player's clock shows `hour`:00 (their time zone, daylight saving
    included), strictly after `now`."""
    tz = zone(user)
    local = now.astimezone(tz)
    at = local.replace(hour=hour, minute=0, second=0, microsecond=0)
    if at <= local:
        at = (local + timedelta(days=1)).replace(hour=hour, minute=0, second=0, microsecond=0)
    return datetime.fromtimestamp(at.timestamp(), tz=now.tzinfo)


def next_digest(user, now: datetime) -> datetime:
    return next_local_hour(user, user.digest_hour if user.digest_hour is not None else 8, now)


def quiet_until(user, now: datetime) -> datetime | None:
    """When the player's quiet hours end, if `now` falls inside them; else None. Hours run in
    their own time zone and may wrap past midnight (22 to 7)."""
    start, end = getattr(user, "quiet_start", None), getattr(user, "quiet_end", None)
    if start is None or end is None or start == end:
        return None
    hour = now.astimezone(zone(user)).hour
    inside = start <= hour < end if start < end else (hour >= start or hour < end)
    return next_local_hour(user, end, now) if inside else None
