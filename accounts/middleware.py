import zoneinfo
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone, translation

SEEN_EVERY = timedelta(minutes=5)


class UserTimezoneMiddleware:
    """Times are stored in UTC and shown in the player's own time zone."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            try:
                timezone.activate(zoneinfo.ZoneInfo(user.time_zone))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
        else:
            timezone.deactivate()
        return self.get_response(request)


def profile_language(user) -> str:
    """The language a signed-in player chose in their profile, or "" (then the browser's
    decides). The one place for it: the middleware below and the stream process's lean route
    both ask here."""
    if user is not None and user.is_authenticated:
        return getattr(user, "language", "") or ""
    return ""


class UserLanguageMiddleware:
    """A signed-in player reads the site in the language saved in their profile, whatever the
    browser sends; visitors get the browser's language (Django's LocaleMiddleware, before this)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = profile_language(getattr(request, "user", None))
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = translation.get_language()
        return self.get_response(request)


class LastSeenMiddleware:
    """Remembers when a signed-in player last loaded a page (an "only when I am away" e-mail
    waits for them to be gone a while), writing at most once every five minutes."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            now = timezone.now()
            if user.last_seen_at is None or now - user.last_seen_at > SEEN_EVERY:
                get_user_model().objects.filter(pk=user.pk).update(last_seen_at=now)
                user.last_seen_at = now
        return self.get_response(request)
