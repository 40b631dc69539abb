"""Presence for page tests: kept in this process's memory (no Redis), and a way to put a player
on the site without opening a stream."""

import pytest

from games.live import presence


@pytest.fixture(autouse=True)
def in_memory_presence(settings):
    settings.REDIS_URL = ""
    presence._users.clear()


def on_site(user):
    presence.user_arrive(user.pk, presence.entry(None, f"u{user.pk}"))
