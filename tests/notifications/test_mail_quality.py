"""Mails a mail client trusts: every kind (your turn, reminder, time-out, game over,
invitation, digest, password reset) in English and French is multipart text + a full HTML
document with `<html lang>`, links only to the configured site address, List-Unsubscribe with
one-click List-Unsubscribe-Post (password reset aside), and SpamAssassin's local rules score
it under 2 (`spamassassin -L -t`, Debian's package; CI installs it)."""

from __future__ import annotations

import re
import shutil
import subprocess
from datetime import datetime, timedelta, timezone

import pytest
from django.core import mail
from django.test import override_settings
from django.urls import reverse

from games.lobby import tables
from games.models import Match, Notification, Seat
from games.notifications import events
from games.notifications import mail as notice_mail
from tests.factories import make_user
from tests.wording import problems, visible_texts

SITE = "https://chickenisland.example"
T0 = datetime(2026, 11, 17, 10, 0, tzinfo=timezone.utc)
KINDS = ("turn", "reminder", "timeout", "finished", "invite", "digest", "password_reset")

pytestmark = pytest.mark.django_db


def _notice(user, match, kind, params, key):
    return Notification.objects.create(key=key, user=user, match=match, kind=kind,
                                       params={"game": match.game, **params}, created_at=T0)


def every_mail(client, language: str) -> dict:
    """One message of each kind to a player who reads `language`, in Paris."""
    ann = make_user(f"ann{language}", language=language, time_zone="Europe/Paris")
    bob = make_user(f"bob{language}")
    match = tables.create_match(bob, "chickenrun", 2)
    tables.join_match(ann, match)
    match = Match.objects.get(pk=match.pk)
    deadline = int((T0 + timedelta(days=1)).timestamp())
    turn = {"seat": 1, "turn": int(T0.timestamp()), "deadline": deadline}
    notices = {
        "turn": _notice(ann, match, "turn", turn, f"q.turn.{language}"),
        "reminder": _notice(ann, match, "reminder", {**turn, "left": 7200}, f"q.rem.{language}"),
        "timeout": _notice(ann, match, "timeout", {"who": bob.username, "me": False, "lost": False}, f"q.to.{language}"),
        "finished": _notice(ann, match, "finished", {"won": True, "winners": [ann.username]}, f"q.fin.{language}"),
    }
    invite = tables.create_match(bob, "wfci", 2, invite=[ann.username])
    notices["invite"] = Notification.objects.get(user=ann, match=invite, kind="invite")
    messages = {kind: notice_mail.notice_mail(n, f"{n.key}.mail") for kind, n in notices.items()}
    messages["digest"] = notice_mail.digest_mail(ann, list(notices.values()), f"digest.{language}")
    mail.outbox.clear()
    client.post(reverse("password_reset"), {"email": ann.email})
    [messages["password_reset"]] = mail.outbox
    return messages


@pytest.fixture(params=["en", "fr"])
def mails(request, client, settings):
    settings.SITE_URL = SITE
    settings.DEFAULT_FROM_EMAIL = "Chicken Island Online <noreply@chickenisland.example>"
    return request.param, every_mail(client, request.param)


def test_every_mail_is_text_and_a_full_html_document_in_the_reader_s_language(mails):
    language, messages = mails
    assert set(messages) == set(KINDS)
    for kind, message in messages.items():
        html = message.alternatives[0][0]
        assert message.alternatives[0][1] == "text/html", kind
        assert html.lstrip().lower().startswith("<!doctype html>"), kind
        assert f'<html lang="{language}">' in html, kind
        assert "<title>" in html and "</html>" in html.rstrip()[-10:], kind
        links = re.findall(r'href="([^"]+)"', html) + re.findall(r"https?://\S+", message.body)
        assert links and all(link.startswith(SITE) for link in links), (kind, links)
        # in the site's domain, never the machine's name (with a reset token that looks like a
        # Bitcoin address, a `localhost` Message-ID made SpamAssassin score 2.0)
        assert message.extra_headers["Message-ID"].endswith("@chickenisland.example>"), kind
        if kind == "password_reset":
            assert "List-Unsubscribe" not in message.extra_headers
            assert f"{SITE}/accounts/reset/" in message.body
        else:
            assert message.extra_headers["List-Unsubscribe"].startswith(f"<{SITE}/accounts/unsubscribe/")
            assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        if language == "fr":
            assert "Bonjour" in message.body and "Hello" not in message.body + html, kind


def test_mails_name_matches_for_people_and_read_as_sentences(mails):
    """Subjects and bodies call a match by its game and players, never "slug #id", and follow
    the wording rules of the pages (tests/wording.py) in the reader's language."""
    language, messages = mails
    wrong = []
    for kind, message in messages.items():
        html = message.alternatives[0][0]
        for text in [message.subject, *message.body.splitlines(), *visible_texts(html)]:
            if re.search(r"#\d", text):
                wrong.append(f"{kind}: a match named by its number in {text!r}")
            wrong += [f"{kind}: {p}" for p in problems(text, language, names=["ann" + language, "bob" + language])]
    assert wrong == []


def test_deadlines_are_in_the_reader_s_time_zone_and_language(mails):
    language, messages = mails
    body = messages["turn"].body
    # T0 + 1 day is 18 November 2026, 10:00 UTC: 11:00 in Paris
    expected = "18 novembre 2026 11:00 (Europe/Paris)" if language == "fr" else "Nov. 18, 2026, 11 a.m. (Europe/Paris)"
    assert expected in body


def spam_score(message) -> float:
    run = subprocess.run(["spamassassin", "-L", "-t"], input=message.message().as_bytes(),
                         capture_output=True, timeout=120)
    found = re.search(rb"X-Spam-Status: \w+, score=(-?[\d.]+)", run.stdout)
    assert found, run.stdout[-2000:] + run.stderr[-2000:]
    return float(found.group(1))


@pytest.mark.services
def test_spamassassin_scores_every_mail_under_two(mails):
    if not shutil.which("spamassassin"):
        pytest.skip("needs Debian's spamassassin (apt-get install spamassassin; .ci/run does)")
    language, messages = mails
    scores = {kind: spam_score(message) for kind, message in messages.items()}
    print(f"\nSpamAssassin ({language}):", scores)
    assert all(score < 2 for score in scores.values()), scores
