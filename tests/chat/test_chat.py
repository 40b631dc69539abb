"""The match chat: who reads and writes what (players, spectators, strangers, a private match),
escaping and links, the rate limit, muting, ready phrases, reports, unread counts and the
notices a message causes, through the API and the match page."""

import json
import re
from datetime import timedelta

import pytest
from django.contrib.admin.sites import site as admin_site
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token

from games.lobby import tables
from games.chat import inbox, moderation, store
from games.play.visibility import viewer
from games.models import ChatMessage, ChatReport, Delivery, Notification, PushSubscription, Seat
from games.notifications import delivery, events, push
from tests.factories import human_match, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _quick_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def table():
    """Hen and Rooster play Chicken Run; Fox watches (signed in); the match is public."""
    hen, rooster, fox = make_user("hen"), make_user("rooster"), make_user("fox")
    return {"hen": hen, "rooster": rooster, "fox": fox, "match": human_match(hen, rooster)}


def api(user=None):
    client = Client()
    if user is not None:
        client.defaults["HTTP_AUTHORIZATION"] = f"Token {Token.objects.get_or_create(user=user)[0].key}"
    return client


def say(user, match, text=None, **body):
    payload = dict(body, **({"text": text} if text is not None else {}))
    return api(user).post(f"/api/matches/{match.pk}/chat/", json.dumps(payload), content_type="application/json")


def read(user, match, since=None):
    url = f"/api/matches/{match.pk}/chat/" + (f"?since={since}" if since is not None else "")
    return api(user).get(url)


def texts(response):
    return [m["text"] for m in response.json()["messages"]]


# -- who reads and writes what ----------------------------------------------------------------

def test_a_player_writes_and_both_players_read_the_table(table):
    hen, rooster, match = table["hen"], table["rooster"], table["match"]
    answer = say(hen, match, "Good morning, rooster")
    assert answer.status_code == 201
    body = answer.json()
    assert set(body) >= {"id", "author", "text", "at", "channel"}
    assert body["author"] == "hen" and body["channel"] == "players" and body["text"] == "Good morning, rooster"
    listed = read(rooster, match).json()["messages"]
    assert [set(m) >= {"id", "author", "text", "at", "channel"} for m in listed] == [True]
    assert texts(read(hen, match)) == ["Good morning, rooster"]


def test_spectators_have_their_own_channel_and_never_read_the_table(table):
    hen, fox, match = table["hen"], table["fox"], table["match"]
    say(hen, match, "my plan: the large chicken")
    answer = say(fox, match, "go left!")
    assert answer.status_code == 201 and answer.json()["channel"] == "spectators"
    assert texts(read(fox, match)) == ["go left!"]
    assert texts(read(None, match)) == ["go left!"]  # a visitor reads the spectators' chat too
    assert texts(read(hen, match)) == ["my plan: the large chicken"]  # nobody whispers to the table
    assert texts(read(table["rooster"], match)) == ["my plan: the large chicken"]


def test_a_visitor_may_read_the_spectators_but_not_write(table):
    answer = api().post(f"/api/matches/{table['match'].pk}/chat/", json.dumps({"text": "hi"}),
                        content_type="application/json")
    assert answer.status_code in (401, 403) and "detail" in answer.json()
    assert ChatMessage.objects.count() == 0


def test_a_private_match_has_no_spectators(table):
    hen, rooster, fox = table["hen"], table["rooster"], table["fox"]
    match = tables.create_match(hen, "chickenrun", 2, private=True)
    tables.join_match(rooster, match, token=match.invite_token)
    assert say(rooster, match, "just us").status_code == 201
    assert read(fox, match).status_code == 404  # as the match itself: no such match for strangers
    assert read(None, match).status_code == 404
    refused = say(fox, match, "let me in")
    assert refused.status_code == 403 and refused.json()["detail"]
    assert ChatMessage.objects.filter(match=match).count() == 1
    page = Client()
    page.force_login(fox)
    assert page.get(f"/matches/{match.pk}/chat/").status_code == 404


def test_an_invited_person_without_a_seat_reads_nothing(table):
    hen, fox = table["hen"], table["fox"]
    match = tables.create_match(hen, "chickenrun", 2, private=True, invite=["fox"])
    say(hen, match, "waiting for you")
    assert read(fox, match).json() == {"messages": []}
    assert say(fox, match, "hello").status_code == 403


def test_since_gives_only_newer_messages_and_bad_input_is_a_400(table):
    hen, match = table["hen"], table["match"]
    first = say(hen, match, "one").json()["id"]
    say(hen, match, "two")
    assert texts(read(hen, match, since=first)) == ["two"]
    for bad in ("x", "-1", "1.5"):
        answer = read(hen, match, since=bad)
        assert answer.status_code == 400 and "detail" in answer.json()
    assert read(hen, match, since=10**6).json() == {"messages": []}
    assert api(hen).get("/api/matches/999999/chat/").status_code == 404


def test_empty_too_long_or_malformed_messages_are_refused_and_change_nothing(table):
    hen, match = table["hen"], table["match"]
    for body in ({"text": ""}, {"text": "   \n\t "}, {"text": "x" * 501}, {"text": 5}, {}, {"phrase": "hurry"},
                 {"text": ["a"]}):
        answer = api(hen).post(f"/api/matches/{match.pk}/chat/", json.dumps(body), content_type="application/json")
        assert answer.status_code == 400, body
        assert answer.json()["detail"]
    assert say(hen, match, "x" * 500).status_code == 201
    assert ChatMessage.objects.count() == 1


def test_control_characters_are_dropped(table):
    answer = say(table["hen"], table["match"], "a\x07b\x1b[31mc\u202e\n\n\n\nd")
    assert answer.json()["text"] == "ab[31mc\n\nd"
    assert store.clean("\x00 x \x00") == "x"
    assert say(table["hen"], table["match"], "nul\x00").status_code == 400


# -- escaping, links -------------------------------------------------------------------------

def test_the_page_shows_messages_escaped_with_safe_links(table, client):
    hen, rooster, match = table["hen"], table["rooster"], table["match"]
    say(hen, match, '<script>alert("x")</script> <img src=x onerror=alert(1)> see https://example.com/rules?a=1&b=2')
    client.force_login(rooster)
    html = client.get(match.get_absolute_url()).content.decode()
    assert "<script>alert" not in html and "<img src=x" not in html
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html
    link = re.search(r'<a [^>]*href="https://example.com/rules\?a=1&amp;b=2"[^>]*>', html).group(0)
    assert 'rel="nofollow ugc noopener"' in link
    fragment = client.get(f"/matches/{match.pk}/chat/?after=0").content.decode()
    assert "&lt;script&gt;" in fragment and 'rel="nofollow ugc noopener"' in fragment


def test_the_page_form_writes_without_javascript(table, client):
    client.force_login(table["hen"])
    match = table["match"]
    answer = client.post(f"/matches/{match.pk}/chat/", {"text": "typed in the page"})
    assert answer.status_code == 302 and answer["Location"].endswith("#chat")
    scripted = client.post(f"/matches/{match.pk}/chat/", {"text": "and by script", "after": 0},
                           HTTP_X_REQUESTED_WITH="fetch")
    assert scripted.status_code == 201
    assert "typed in the page" in scripted.content.decode() and "and by script" in scripted.content.decode()
    refused = client.post(f"/matches/{match.pk}/chat/", {"text": ""}, HTTP_X_REQUESTED_WITH="fetch")
    assert refused.status_code == 400 and refused.content.decode() == "Write something first."


# -- rate limit ------------------------------------------------------------------------------

def test_writing_too_fast_is_a_429_with_retry_after(table, settings):
    settings.CHAT_RATE_LIMITS = [(30, 3), (3600, 50)]
    hen, match = table["hen"], table["match"]
    assert [say(hen, match, f"line {i}").status_code for i in range(3)] == [201] * 3
    refused = say(hen, match, "one too many")
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 31 and refused.json()["detail"]
    assert ChatMessage.objects.count() == 3
    assert say(table["rooster"], match, "my own limit").status_code == 201  # per person
    ChatMessage.objects.filter(author=hen).update(created_at=timezone.now() - timedelta(seconds=31))
    assert say(hen, match, "after a pause").status_code == 201


def test_the_hourly_limit_counts_every_match(table, settings):
    settings.CHAT_RATE_LIMITS = [(30, 100), (3600, 2)]
    hen = table["hen"]
    other = human_match(hen, table["fox"])
    assert say(hen, table["match"], "one").status_code == 201
    assert say(hen, other, "two").status_code == 201
    assert say(hen, table["match"], "three").status_code == 429


# -- mute, report, hide ----------------------------------------------------------------------

def test_a_muted_player_is_silent_everywhere_for_the_muter(table, client):
    hen, rooster, fox = table["hen"], table["rooster"], table["fox"]
    other = human_match(rooster, fox)
    client.force_login(hen)
    assert client.post(reverse("mute_player", args=["rooster"])).status_code == 302
    say(rooster, table["match"], "you will lose")
    say(rooster, other, "hello fox")
    assert texts(read(hen, table["match"])) == []
    assert texts(read(fox, other)) == ["hello fox"]  # only for the one who muted
    assert inbox.unread_count(table["match"], viewer(table["match"], hen)) == 0 and inbox.total_unread(hen) == 0
    assert not Notification.objects.filter(user=hen, kind="chat").exists()
    assert "you will lose" not in client.get(table["match"].get_absolute_url()).content.decode()
    client.post(reverse("mute_player", args=["rooster"]), {"do": "unmute"})
    assert texts(read(hen, table["match"])) == ["you will lose"]


def test_a_report_reaches_the_admin_and_a_hidden_message_is_gone_for_everyone(table, client):
    hen, rooster, match = table["hen"], table["rooster"], table["match"]
    message = say(rooster, match, "rude words").json()["id"]
    client.force_login(hen)
    assert client.post(reverse("chat_report", args=[message]), {"reason": "rude"}).status_code == 302
    client.post(reverse("chat_report", args=[message]))  # twice: one report
    report = ChatReport.objects.get()
    assert report.message_id == message and report.reporter == hen and report.reason == "rude"
    staff = make_user("warden", is_staff=True, is_superuser=True)
    client.force_login(staff)
    listing = client.get("/admin/games/chatreport/")
    assert listing.status_code == 200 and "rude words" in listing.content.decode()
    admin = admin_site._registry[ChatReport]
    admin.hide_messages(None, ChatReport.objects.all())
    assert ChatMessage.objects.get(pk=message).hidden
    assert texts(read(hen, match)) == [] and texts(read(rooster, match)) == []


def test_one_cannot_report_what_one_cannot_read(table, client):
    message = say(table["hen"], table["match"], "table talk").json()["id"]
    client.force_login(table["fox"])  # a spectator: the players' channel is not theirs
    assert client.post(reverse("chat_report", args=[message])).status_code == 404
    assert not ChatReport.objects.exists()


# -- ready phrases ---------------------------------------------------------------------------

def test_ready_phrases_read_in_each_reader_s_language(table):
    hen, rooster, match = table["hen"], table["rooster"], table["match"]
    assert say(hen, match, phrase="good_luck").status_code == 201
    assert say(hen, match, "sorry, busy today — I'll play tonight").json()["phrase"] == "busy"  # typed: recognised
    assert say(rooster, match, "Bonne partie !").json()["phrase"] == "good_game"  # typed in French
    english = read(rooster, match).json()["messages"]
    assert [m["text"] for m in english] == ["Good luck", "Sorry, busy today — I'll play tonight", "Good game"]
    french = api(rooster).get(f"/api/matches/{match.pk}/chat/", HTTP_ACCEPT_LANGUAGE="fr").json()["messages"]
    assert [m["text"] for m in french] == ["Bonne chance", "Désolé, pas le temps aujourd'hui, je joue ce soir",
                                           "Bonne partie"]
    assert all(m["phrase"] for m in french)


# -- unread counts and notices ---------------------------------------------------------------

def test_unread_counts_on_the_match_in_my_matches_and_in_the_header(table, client):
    hen, rooster, match = table["hen"], table["rooster"], table["match"]
    for line in ("one", "two"):
        say(hen, match, line)
    assert inbox.unread_count(match, viewer(match, rooster)) == 2 and inbox.unread_count(match, viewer(match, hen)) == 0
    client.force_login(rooster)
    mine = client.get(reverse("my_matches")).content.decode()
    assert re.search(r'class="badge chat-unread"[^>]*>.*?2', mine, re.S)
    header = client.get(reverse("lobby")).content.decode()
    assert 'id="chat-unread-total"' in header
    page = client.get(match.get_absolute_url()).content.decode()
    assert re.search(r'data-chat-unread[^>]*>2<', page)
    read_now = client.post(reverse("match_chat_read", args=[match.pk]))
    assert read_now.status_code == 204 and read_now["X-Chat-Unread"] == "0"
    assert inbox.total_unread(rooster) == 0
    assert not Notification.objects.filter(user=rooster, kind="chat", read_at__isnull=True).exists()
    say(hen, match, "three")
    assert inbox.unread_count(match, viewer(match, rooster)) == 1


def test_a_message_is_one_notice_until_read_on_the_site_and_by_push_not_by_mail(table):
    hen, rooster, match = table["hen"], table["rooster"], table["match"]
    say(hen, match, "one")
    say(hen, match, "two")
    notices = Notification.objects.filter(user=rooster, kind="chat")
    assert notices.count() == 1
    notice = notices.get()
    assert notice.on_site and notice.match_id == match.pk and notice.params["who"] == "hen"
    assert set(Delivery.objects.filter(notice=notice).values_list("channel", flat=True)) == {"push"}
    assert not Notification.objects.filter(user=hen, kind="chat").exists()  # not to the writer
    inbox.mark_read(match, viewer(match, rooster))
    say(hen, match, "three")
    assert Notification.objects.filter(user=rooster, kind="chat").count() == 2


def test_spectators_chat_tells_the_players_nothing(table):
    say(table["fox"], table["match"], "nice move")
    assert not Notification.objects.filter(kind="chat").exists()
    assert inbox.unread_count(table["match"], viewer(table["match"], table["hen"])) == 0


def test_someone_who_has_the_match_open_gets_the_notice_quietly(table):
    hen, rooster, match = table["hen"], table["rooster"], table["match"]
    Seat.objects.filter(match=match, user=rooster).update(last_seen_at=timezone.now())
    say(hen, match, "are you there?")
    notice = Notification.objects.get(user=rooster, kind="chat")
    assert notice.on_site and not Delivery.objects.filter(notice=notice).exists()


def test_writing_after_the_game_is_over_is_fine(table):
    match = table["match"]
    match.status = "finished"
    match.save()
    assert say(table["rooster"], match, phrase="good_game").status_code == 201


def test_post_refusals_of_the_store_itself(table):
    with pytest.raises(store.ServiceError):
        store.post(table["match"], table["hen"], text=None, phrase=None)


def test_a_chat_push_still_due_is_skipped_once_the_chat_is_read_or_the_writer_muted(table, monkeypatch):
    hen, rooster, match = table["hen"], table["rooster"], table["match"]
    monkeypatch.setattr(push, "configured", lambda: True)
    PushSubscription.objects.create(user=rooster, endpoint="https://push.invalid/rooster", p256dh="k", auth="a")
    say(hen, match, "one")
    notice = Notification.objects.get(user=rooster, kind="chat")
    row = Delivery.objects.get(notice=notice, channel="push")
    assert delivery.why_not(notice, row, timezone.now()) is None  # due: it would go out
    assert events.text(notice) == "hen wrote in the chat of Chicken Run."  # the one other player named once
    assert push.payload(notice)["url"].endswith(f"/matches/{match.pk}/#chat")
    inbox.mark_read(match, viewer(match, rooster))
    assert delivery.why_not(notice, row, timezone.now()) == "skipped: the chat was read"
    say(hen, match, "two")
    later = Notification.objects.filter(user=rooster, kind="chat").latest("pk")
    assert later.pk != notice.pk
    moderation.mute(rooster, hen)
    assert delivery.why_not(later, Delivery.objects.get(notice=later, channel="push"),
                            timezone.now()) == "skipped: the writer is muted"


def test_a_player_who_asks_for_chat_mails_gets_them(table):
    hen, rooster, match = table["hen"], table["rooster"], table["match"]
    rooster.notify_prefs = {"chat": {"site": True, "push": False, "mail": "now"}}
    rooster.save(update_fields=["notify_prefs"])
    say(hen, match, "one")
    notice = Notification.objects.get(user=rooster, kind="chat")
    assert set(Delivery.objects.filter(notice=notice).values_list("channel", flat=True)) == {"mail"}
