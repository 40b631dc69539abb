"""Solo onboarding on the WfCI match page: on a person's first solo game (no solo match of
theirs began before it), three lines say how you win, how you lose and that the Challenger
moves first, with its "Next:" forecast and a link to the solo rules; later games, other
people's pages and multiplayer matches do not show it."""

import pytest
from django.urls import reverse

from games.lobby import tables
from games.models import Match
from games.players.profiles import first_solo
from tests.factories import make_user

pytestmark = pytest.mark.django_db

INTRO = 'id="solo-intro"'
RULES = reverse("rules", args=["wfci"]) + "#solo"


def page_of(client, match, user):
    client.force_login(user)
    response = client.get(match.get_absolute_url())
    assert response.status_code == 200
    return response.content.decode()


def test_the_first_solo_game_says_how_you_win_and_lose_and_who_moves_first(client):
    ann = make_user("ann")
    first = tables.create_match(ann, "wfci", 2, options={"mode": "solo"})
    page = page_of(client, first, ann)
    assert INTRO in page and f'href="{RULES}"' in page
    assert "How you win: put one humiliation tag on the Challenger" in page
    assert "How you lose: the Challenger wins one fight against your leader" in page
    assert "The Challenger moves first" in page
    # The forecast stays on the page: in the introduction and on its card (the Players tab,
    # drawn in place when the page is asked for with that tab open).
    assert 'id="solo-intro-next"' in page and page.count("<b>Next:</b>") == 1
    with_players = client.get(first.get_absolute_url(), {"tab": "players"}).content.decode()
    assert with_players.count("<b>Next:</b>") == 2 and 'id="tab-players" aria-controls="pane-players" aria-selected="true"' in with_players
    # A second solo game is no first game; the first one still is.
    second = tables.create_match(ann, "wfci", 2, options={"mode": "solo_hard"})
    assert INTRO not in page_of(client, second, ann)
    assert INTRO in page_of(client, first, ann)


def test_an_earlier_finished_or_abandoned_solo_game_counts(client):
    bob = make_user("bob")
    old = tables.create_match(bob, "wfci", 2, options={"mode": "solo"})
    Match.objects.filter(pk=old.pk).update(status=Match.Status.ABANDONED)
    new = tables.create_match(bob, "wfci", 2, options={"mode": "solo"})
    assert first_solo(bob, old) and not first_solo(bob, new)
    assert INTRO not in page_of(client, new, bob)


def test_hard_mode_asks_two_tags_and_others_never_see_it(client):
    cat = make_user("cat")
    hard = tables.create_match(cat, "wfci", 2, options={"mode": "solo_hard"})
    page = page_of(client, hard, cat)
    assert INTRO in page and "put two humiliation tags on the Challenger" in page
    assert INTRO not in page_of(client, hard, make_user("dan"))  # a spectator
    client.logout()
    assert INTRO not in client.get(hard.get_absolute_url()).content.decode()
    eve = make_user("eve")
    multi = tables.create_match(eve, "wfci", 2)
    tables.join_match(make_user("fay"), multi)
    assert INTRO not in page_of(client, Match.objects.get(pk=multi.pk), eve)


def test_the_introduction_reads_in_french(client):
    poule = make_user("poule", language="fr")
    match = tables.create_match(poule, "wfci", 2, options={"mode": "solo"})
    page = page_of(client, match, poule)
    assert INTRO in page and "How you win" not in page and "The solo rules" not in page
    assert "Le Prétendant joue en premier" in page
