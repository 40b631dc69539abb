"""Small helpers to make users and matches in tests."""

import engine
from accounts.models import User
from games.lobby import tables
from games.play import services
from games.models import Match

PASSWORD = "a-Strong-passw0rd!"


def make_user(name="alice", **extra) -> User:
    return User.objects.create_user(name, f"{name}@example.com", PASSWORD, **extra)


def human_match(creator, other, game="chickenrun", **kwargs) -> Match:
    match = tables.create_match(creator, game, 2, **kwargs)
    tables.join_match(other, match)
    return Match.objects.get(pk=match.pk)


def acting_user(match: Match, *users):
    match.refresh_from_db()
    for user in users:
        if match.seat_of(user) in match.to_act:
            return user
    return None


def until_a_select(match: Match, *users, tries: int = 10**6):
    """A Chicken Run match's turns ended until a pyramid can be selected (a roll may move
    nothing, e.g. a nest's large on top with 2 points): (match, the mover, the select), or
    (match, mover, None) after `tries` turns."""
    game = engine.get_game(match.game)
    select = None
    for _ in range(tries):
        mover = acting_user(match, *users)
        legal = game.legal_actions(game.deserialize(match.state), match.seat_of(mover))
        select = next((a for a in legal if a["type"] == "select"), None)
        if select:
            break
        match = services.submit_action(match.pk, mover, {"type": "end"}, match.version)
    return match, mover, select
