"""Links in notices and mails: every one is built from the configured site address
(`SITE_URL`), never from whichever request or worker happens to send them."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.core import signing
from django.urls import reverse
from django.utils import translation

UNSUBSCRIBE_SALT = "unsubscribe"


def site_url(path: str = "/") -> str:
    return settings.SITE_URL.rstrip("/") + path


def site_host() -> str:
    return urlsplit(settings.SITE_URL).hostname or "localhost"


def unsubscribe_url(user) -> str:
    token = signing.dumps({"u": user.pk}, salt=UNSUBSCRIBE_SALT, compress=True)
    return site_url(reverse("unsubscribe", args=[token]))


def user_from_unsubscribe(token: str):
    from accounts.models import User

    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict):
        return None
    return User.objects.filter(pk=data.get("u")).first()


def in_language_of(user):
    """Translations switched to the recipient's language for the block (`with`)."""
    return translation.override(getattr(user, "language", "") or settings.LANGUAGE_CODE)
