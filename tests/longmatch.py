"""Long finished matches made quickly, for the replay's tests.

The moves are random legal ones applied in memory and their turns written in one go, as the
write path would write them; the last step (the move that ends the game, or a resignation)
goes through the write path itself, so the match ends as any other does.
"""

from __future__ import annotations

import random

import engine
from games.lobby import tables
from games.play import services
from games.models import Match, Turn
from games.texts import is_message, log_text
from tests.factories import make_user


def people_match(slug: str, name: str, players: int = 2) -> tuple[Match, list]:
    users = [make_user(f"{name}{i}") for i in range(players)]
    match = tables.create_match(users[0], slug, players)
    for user in users[1:]:
        tables.join_match(user, match)
    return Match.objects.get(pk=match.pk), users


def play_on(match: Match, users: list, moves: int, seed: int = 1) -> Match:
    """`moves` more random moves (fewer if the game ends first), then the end: the game's own
    or the resignation of the seat to act."""
    game = engine.get_game(match.game)
    state = game.deserialize(match.state)
    rng = random.Random(seed)
    turns, version, final = [], match.version, None
    while len(turns) < moves:
        seat = game.to_act(state)[0]
        action = rng.choice(game.legal_actions(state, seat))
        after = game.apply(state, seat, action)
        if game.outcome(after) is not None:
            final = (seat, action)
            break
        line = game.describe_action(state, seat, action)
        version += 1
        turns.append(Turn(match=match, version=version, seat=seat, kind="game", action=action,
                          public_action=game.public_action(state, seat, action), text=log_text(line),
                          message=line if is_message(line) else None,
                          notes=game.public_notes(state, seat, action, after)))
        state = after
    Turn.objects.bulk_create(turns, batch_size=500)
    Match.objects.filter(pk=match.pk).update(state=game.serialize(state), version=version,
                                             to_act=list(game.to_act(state)))
    by_seat = {match.seat_of(u): u for u in users}
    if final is not None:
        services.submit_action(match.pk, by_seat[final[0]], final[1], version)
    match = Match.objects.get(pk=match.pk)
    while match.status == Match.Status.ACTIVE:  # with more than two, the others play on: all resign
        seat = next(s.index for s in match.seats.all() if not s.bot and not s.forfeited)
        match = services.submit_action(match.pk, by_seat[seat], {"type": "site.resign"}, match.version)
        match = Match.objects.get(pk=match.pk)
    return match


def long_match(slug: str, moves: int, seed: int = 1, players: int = 2) -> Match:
    match, users = people_match(slug, f"{slug[:6]}{seed}p", players)
    return play_on(match, users, moves, seed)
