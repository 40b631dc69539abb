"""French and English: choosing the language, mails in the reader's language, localized numbers."""

from datetime import datetime, timedelta, timezone

import html
import re

import pytest
import time_machine
from django.core import mail
from django.urls import reverse
from django.utils import translation

from accounts.models import User
from games.lobby import tables
from games.play import services
from games.clocks import seat_clocks
from games.models import Delivery, Notification
from games.notifications import events, links, outbox, reminders
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

UTC = timezone.utc
T0 = datetime(2026, 11, 17, 10, 0, tzinfo=UTC)  # a Tuesday


ENGLISH_MARKERS = {
    "the", "your", "you", "turn", "roll", "dice", "scrolls", "waiting", "match", "matches", "players",
    "and", "with", "log", "sign", "create", "game", "moves", "left", "seat", "no", "yet", "of", "to",
    "is", "on", "for", "by", "password", "user", "name", "settings", "save", "vacation", "days",
}


def body_of(page: str) -> str:
    """What follows the <body> tag: its attributes carry a random CSRF token, whose letters
    between digits ("4OF9") would read as words."""
    return re.split(r"<body[^>]*>", page, maxsplit=1)[1]


def english_words(page: str) -> list[str]:
    """Marker words in a page's visible text (options left out: time zones are place names)."""
    body = re.sub(r"(?s)<script.*?</script>|<option.*?</option>|<[^>]+>", " ", body_of(page))
    text = html.unescape(body).replace("Chicken Island Online", " ").replace("Chicken Island", " ")
    return sorted({w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in ENGLISH_MARKERS})


@pytest.mark.parametrize("url", ["/accounts/login/", "/accounts/signup/", "/accounts/password-reset/"])
def test_visitor_pages_have_no_english_for_a_french_browser(client, url):
    assert english_words(client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()) == []


def test_player_pages_have_no_english_for_a_french_player(client):
    poule, hen = make_user("poule", language="fr"), make_user("hen")
    match = tables.create_match(hen, "chickenrun", 2)
    client.force_login(poule)
    for url in [
        "/matches/mine/", "/notifications/", "/accounts/profile/", "/accounts/players/poule/",
        "/leaderboard/chickenrun/", "/accounts/password-change/", f"/matches/{match.pk}/",
    ]:
        assert english_words(client.get(url).content.decode()) == [], url


def test_a_french_browser_gets_french_pages(client):
    page = client.get(reverse("lobby"), HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9,en;q=0.5").content.decode()
    assert '<html lang="fr">' in page
    assert "Se connecter" in page and "Log in" not in page
    assert "Parties ouvertes" in page


def test_an_english_browser_gets_english_pages(client):
    page = client.get(reverse("lobby"), HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9").content.decode()
    assert '<html lang="en">' in page
    assert "Log in" in page


def test_the_header_switch_works_without_javascript(client):
    page = client.get(reverse("lobby"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'name="language" value="en"' in page  # a plain form button, one click
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"}, HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 302
    page = client.get(reverse("lobby"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert '<html lang="en">' in page and "Log in" in page


def test_sign_up_keeps_the_browser_language(client):
    client.post(
        reverse("signup"),
        {"username": "poule", "email": "poule@example.com", "password1": PASSWORD, "password2": PASSWORD},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert User.objects.get(username="poule").language == "fr"


def test_the_profile_language_wins_over_the_browser(client):
    user = make_user("hen", language="fr")
    client.force_login(user)
    page = client.get(reverse("lobby"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="fr">' in page and "Mes parties" in page


def test_switching_in_the_header_saves_the_profile(client):
    user = make_user("hen")
    client.force_login(user)
    client.post(reverse("set_language"), {"language": "fr", "next": "/"})
    user.refresh_from_db()
    assert user.language == "fr"


def test_the_settings_page_saves_the_language(client):
    user = make_user("hen")
    client.force_login(user)
    response = client.post(
        reverse("profile"),
        {"email": "hen@example.com", "language": "fr", "time_zone": "UTC", "turn_push": "on"},
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.language == "fr"
    page = client.get(reverse("profile")).content.decode()
    assert "Vos réglages sont enregistrés." in page
    assert "Il vous reste 15 jours de vacances" in page


def test_durations_and_numbers_are_localized():
    with translation.override("fr"):
        assert seat_clocks.human_duration(2 * 86400 + 3 * 3600) == "2 j 3 h"
        assert seat_clocks.human_duration(125 * 60) == "2 h 5 min"
    with translation.override("en"):
        assert seat_clocks.human_duration(2 * 86400 + 3 * 3600) == "2d 3h"


def _race(creator, other, clock="3d"):
    match = tables.create_match(creator, "race", 2, clock=clock)
    tables.join_match(other, match)
    match.refresh_from_db()
    return match


AT_ONCE = {kind: {"site": True, "push": False, "mail": "now"} for kind in ("turn", "reminder")}


@pytest.mark.django_db(transaction=True)
def test_a_french_reminder_mail():
    with time_machine.travel(T0, tick=False) as clock:
        poule = make_user("poule", language="fr", time_zone="Europe/Paris", notify_prefs=AT_ONCE)
        hen = make_user("hen", language="en")
        _race(poule, hen)
        mail.outbox.clear()
        clock.shift(timedelta(hours=37))
        with translation.override("en"):  # whatever language the sending worker runs in
            assert reminders.send_reminders() == 1
        [message] = mail.outbox
        assert message.to == ["poule@example.com"]
        assert message.subject.startswith("Il vous reste 1\u00a0j 11\u00a0h pour jouer dans") or \
            message.subject.startswith("Il vous reste 1 j 11 h pour jouer dans")
        assert "Bonjour poule," in message.body and "Arrêter tous les e-mails" in message.body
        # the deadline in poule's own time zone: 10:00 UTC + 3 days is 11:00 in Paris
        assert "20 novembre 2026 11:00 (Europe/Paris)" in message.body
        html = message.alternatives[0][0]
        assert html.startswith("<!doctype html>") and '<html lang="fr">' in html
        assert "Ouvrir la partie" in html and "Bonjour poule," in html
        assert "Hello" not in message.body + html


@pytest.mark.django_db(transaction=True)
def test_a_french_digest():
    with time_machine.travel(T0, tick=False) as clock:
        poule = make_user("poule", language="fr", digest_hour=18, notify_prefs={"turn": {"mail": "digest"}})
        hen = make_user("hen")
        for _ in range(2):
            match = _race(hen, poule, clock="1d")
            services.submit_action(match.pk, hen, {"type": "add", "n": 1}, match.version)
        assert Delivery.objects.filter(notice__user=poule, digest=True, outcome="").count() == 2
        mail.outbox.clear()
        clock.move_to(datetime(2026, 11, 17, 18, 0, tzinfo=UTC))
        outbox.sweep()
        [digest] = mail.outbox
        assert digest.subject == "Votre récapitulatif Chicken Island\u202f: 2 avis"
        assert "Voici ce qui s'est passé dans vos parties\u202f:" in digest.body
        assert digest.body.count("À vous de jouer dans") == 2
        assert '<html lang="fr">' in digest.alternatives[0][0]
        assert digest.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert Delivery.objects.filter(notice__user=poule, digest=True, outcome="sent").count() == 2
        outbox.sweep()
        assert len(mail.outbox) == 1


@pytest.mark.django_db(transaction=True)
def test_each_player_is_told_in_their_own_language():
    with time_machine.travel(T0, tick=False) as clock:
        poule = make_user("poule", language="fr", notify_prefs=AT_ONCE)
        hen = make_user("hen", language="en", notify_prefs=AT_ONCE)
        match = _race(hen, poule, clock="1d")
        mail.outbox.clear()
        clock.shift(timedelta(minutes=1))
        with translation.override("fr"):  # the mover reads French; the next player does not
            services.submit_action(match.pk, hen, {"type": "add", "n": 1}, match.version)
        match.refresh_from_db()
        clock.shift(timedelta(minutes=11))  # hen is not in the match any more
        services.submit_action(match.pk, poule, {"type": "add", "n": 1}, match.version)
        assert [m.subject.split(" dans ")[0] for m in mail.outbox if m.to == ["poule@example.com"]] == ["À vous de jouer"]
        assert [m.subject for m in mail.outbox if m.to == ["hen@example.com"]][0].startswith("Your turn in")


def test_an_invitation_is_written_in_the_invitee_s_language():
    hen, poule = make_user("hen"), make_user("poule", language="fr")
    with translation.override("en"):
        tables.create_match(hen, "chickenrun", 2, invite=["poule"])
    note = Notification.objects.get(user=poule, kind="invite")
    with links.in_language_of(poule):
        assert events.text(note).startswith("hen vous invite à Chicken Run")


def test_a_password_reset_mail_is_in_the_account_s_language(client):
    make_user("poule", language="fr")
    client.post(reverse("password_reset"), {"email": "poule@example.com"}, HTTP_ACCEPT_LANGUAGE="en")
    [message] = mail.outbox
    assert message.subject == "Réinitialisez votre mot de passe Chicken Island Online"
    assert "Bonjour poule," in message.body
