"""Tournament notices: recorded once per entrant and event, worded in the reader's language;
tournament matches are rated like any match between people."""

import pytest
from django.utils import translation

from games.models import Notification, Rating
from games.notifications import events
from games.tournaments import services
from tests.factories import make_user
from tests.tournaments.plays import play_out

pytestmark = pytest.mark.django_db


def test_start_notices_once_each_and_in_both_languages(django_capture_on_commit_callbacks):
    t = services.create(make_user("hen"), game="chickenrun", format="cup", seats=2, entrants=3, name="Coop Cup")
    players = [make_user(n) for n in "abc"]
    for p in players:
        services.join(p, t)
    starts = Notification.objects.filter(kind="tournament", params__what="start")
    assert sorted(starts.values_list("user__username", flat=True)) == ["a", "b", "c"]
    notice = starts.first()
    assert events.text(notice) == "The tournament “Coop Cup” has started: your matches are waiting."
    with translation.override("fr"):
        assert events.text(notice) == "Le tournoi «\u202fCoop Cup\u202f» a commencé\u202f: vos parties vous attendent."
    match = t.matches.first()
    play_out(match, django_capture_on_commit_callbacks)
    assert Rating.objects.filter(game="chickenrun", games=1).count() == 2  # rated like any match


def test_a_cup_without_a_name_is_named_by_its_game():
    t = services.create(make_user("hen"), game="chickendie", format="cup", seats=3, entrants=4)
    spec = events.tournament(make_user("a"), t, "results", rank=2, of=4)
    notice = Notification(kind="tournament", params=spec.params)
    assert events.text(notice) == "The tournament “Chicken Die! cup” is over: you are ranked 2 of 4."
    with translation.override("fr"):
        assert events.text(notice) == "Le tournoi «\u202fCoupe de Chicken Die!\u202f» est terminé\u202f: vous êtes classé 2 sur 4."
