"""Nothing stale: the header counts only active matches waiting on this player's own move, and a
rematch is offered only once a match with other people is over."""

import re

import pytest

from games.lobby import tables
from games.play import services, site_actions
from games.models import Match, Seat
from tests.factories import human_match, make_user

pytestmark = pytest.mark.django_db


def _waiting_on(match, index):
    Match.objects.filter(pk=match.pk).update(to_act=[index])


def _badge(client) -> int:
    page = client.get("/notifications/").content.decode()
    found = re.search(r'matches waiting for your move">(\d+)<', page)
    assert ('id="next-match"' in page) == bool(found)
    return int(found.group(1)) if found else 0


def test_header_counts_only_active_matches_waiting_on_me(client):
    ann, bob = make_user("ann"), make_user("bob")
    client.force_login(ann)
    mine = human_match(ann, bob)
    theirs = human_match(ann, bob)
    _waiting_on(mine, 0)
    _waiting_on(theirs, 1)
    tables.create_match(ann, "chickenrun", 2)  # still in the lobby
    assert _badge(client) == 1

    over = human_match(ann, bob)
    _waiting_on(over, 0)
    assert _badge(client) == 2
    Match.objects.filter(pk=over.pk).update(status=Match.Status.FINISHED)
    assert _badge(client) == 1

    Seat.objects.filter(match=mine, index=0).update(away=True)
    assert _badge(client) == 0


def test_next_match_leads_to_the_match_the_header_counts(client):
    ann, bob = make_user("ann"), make_user("bob")
    client.force_login(ann)
    m = human_match(ann, bob)
    _waiting_on(m, 0)
    assert _badge(client) == 1
    assert client.get("/matches/next/").url == m.get_absolute_url()


def test_no_rematch_during_a_match_nor_after_a_solo_game(client):
    ann, bob = make_user("ann"), make_user("bob")
    client.force_login(ann)
    m = human_match(ann, bob)
    assert 'id="rematch"' not in client.get(m.get_absolute_url()).content.decode()
    services.submit_action(m.pk, bob, {"type": site_actions.RESIGN}, Match.objects.get(pk=m.pk).version)
    assert 'id="rematch"' in client.get(m.get_absolute_url()).content.decode()

    solo = tables.create_match(ann, "wfci", 2, options={"mode": "solo"})
    assert 'id="rematch"' not in client.get(solo.get_absolute_url()).content.decode()
    services.submit_action(solo.pk, ann, {"type": site_actions.RESIGN}, Match.objects.get(pk=solo.pk).version)
    page = client.get(solo.get_absolute_url()).content.decode()
    assert "Game over" in page and 'id="rematch"' not in page
