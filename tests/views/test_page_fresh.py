"""No stale prompt: the board fragment an action answers with, and the one a poll brings after
someone else's action, carry the prompt, the highlighted choices and the log of one state.

The page swaps that fragment whole (static/js/match.js), so what it holds is what the player
sees; these tests read it after each move of a match played by random legal moves.
"""

import html
import json
import random
import re

import pytest
from django.urls import reverse
from django.utils.html import strip_tags

from games.play import visibility
from games.models import Match
from games.texts import render
from tests.factories import make_user

pytestmark = pytest.mark.django_db

ACTION = re.compile(r'data-action="([^"]*)"')
PROMPT = re.compile(r'<p class="prompt[^"]*" id="prompt">(.*?)</p>', re.S)
LOG_TOP = re.compile(r'<ol class="log"[^>]*><li><span class="v">(\d+)</span>(.*?)</li>', re.S)
VERSION = re.compile(r'id="match-board"\s+data-version="(\d+)"')


def key(action) -> str:
    return json.dumps(action, sort_keys=True)


def text(fragment: str) -> str:
    return " ".join(html.unescape(strip_tags(fragment)).split())


def assert_fresh(fragment: str, match: Match, seat: int):
    """The fragment shows the match as it is now, for this seat: version, prompt, choices, log."""
    match.refresh_from_db()
    view, legal = visibility.game_view(match, seat)
    assert VERSION.search(fragment).group(1) == str(match.version)
    prompt = text(PROMPT.search(fragment).group(1))
    if legal:
        assert text(render(view["prompt"], [s.display_name for s in match.seats.all()])) in prompt
    else:
        assert prompt.startswith("Waiting for")
    assert sorted(map(key, (json.loads(html.unescape(a)) for a in ACTION.findall(fragment)))) == sorted(map(key, legal))
    latest = match.turns.order_by("-version").first()
    top = LOG_TOP.search(fragment)
    assert top and top.group(1) == str(latest.version)
    assert text(top.group(2)) == text(render(latest.line, [s.display_name for s in match.seats.all()]))


@pytest.mark.parametrize("slug,players", [("chickenrun", 2), ("chickendie", 3)])
def test_every_refresh_shows_one_state_prompt_choices_and_log_together(client, slug, players):
    from games.lobby import tables

    users = [make_user(f"{slug}{i}") for i in range(players)]
    match = tables.create_match(users[0], slug, players)
    for user in users[1:]:
        tables.join_match(user, Match.objects.get(pk=match.pk))
    match = Match.objects.get(pk=match.pk)
    by_seat = {match.seat_of(u): u for u in users}
    rng = random.Random(slug)
    board = reverse("match_board", args=[match.pk])
    for _ in range(12):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        seat = match.to_act[0]
        before = match.version
        _, legal = visibility.game_view(match, seat)
        client.force_login(by_seat[seat])
        answer = client.post(reverse("match_act", args=[match.pk]),
                             {"action": json.dumps(rng.choice(legal)), "version": before})
        assert answer.status_code == 200
        assert_fresh(answer.content.decode(), match, seat)  # the mover's answer: no prompt of the decision taken
        for other, user in by_seat.items():  # everyone else's next poll, from the page they had
            if other == seat:
                continue
            client.force_login(user)
            polled = client.get(board, {"version": before, "status": "active", "log": "all"})
            assert polled.status_code == 200
            assert_fresh(polled.content.decode(), match, other)
            current = client.get(board, {"version": match.version, "status": match.status, "log": "all"})
            assert current.status_code == 304  # nothing new: the page keeps what it shows
