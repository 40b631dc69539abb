"""Small helpers to make users and matches in tests."""

from accounts.models import User
from games import lobby
from games.models import Match

PASSWORD = "a-Strong-passw0rd!"


def make_user(name="alice", **extra) -> User:
    return User.objects.create_user(name, f"{name}@example.com", PASSWORD, **extra)


def human_match(creator, other, game="chickenrun", **kwargs) -> Match:
    match = lobby.create_match(creator, game, 2, **kwargs)
    lobby.join_match(other, match)
    return Match.objects.get(pk=match.pk)


def acting_user(match: Match, *users):
    match.refresh_from_db()
    for user in users:
        if match.seat_of(user) in match.to_act:
            return user
    return None
