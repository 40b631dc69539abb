"""My matches and the lobby show which opponents are on the site now: the match head's dot and
words for screen readers before each other person's name, from one lookup for the page (no
query per row), none for oneself, a bot or an open seat, and none on finished matches."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.lobby import tables
from games.models import Match
from games.play import services, site_actions
from tests.factories import make_user
from tests.views.site_presence import in_memory_presence, on_site  # noqa: F401 (an autouse fixture)

pytestmark = pytest.mark.django_db




def person(page, name):
    """The data-online of that name's mark, or None when the name has none."""
    found = re.search(r'<span class="person" data-online="(true|false)"><span class="dot" aria-hidden="true"></span>'
                      r'<span class="name">' + re.escape(name) + r'</span><span class="sr-only"> ([^<]+)</span></span>', page)
    return (found.group(1), found.group(2)) if found else None


def test_my_matches_marks_each_opponent_on_the_site_or_not(client):
    ann, bob, cat, dan = (make_user(n) for n in ("ann", "bob", "cat", "dan"))
    tables.join_match(bob, tables.create_match(ann, "chickenrun", 2))
    tables.join_match(cat, tables.create_match(ann, "chickenrun", 2))
    tables.create_match(dan, "chickenrun", 2)  # not ann's: no row
    on_site(bob)
    on_site(ann)
    client.force_login(ann)
    page = client.get("/matches/mine/").content.decode()
    assert person(page, "bob") == ("true", "on the site now")
    assert person(page, "cat") == ("false", "not on the site")
    assert person(page, "ann") is None and "dan" not in page  # never oneself
    ann.language = "fr"
    ann.save(update_fields=["language"])
    page = client.get("/matches/mine/").content.decode()
    assert person(page, "bob") == ("true", "sur le site en ce moment")
    assert person(page, "cat") == ("false", "pas sur le site")


def test_a_finished_match_has_no_dot_and_a_bot_none_either(client):
    ann, bob = make_user("ann"), make_user("bob")
    tables.join_match(bob, tables.create_match(ann, "chickenrun", 2))
    m = Match.objects.get(game="chickenrun")
    services.submit_action(m.pk, bob, {"type": site_actions.RESIGN}, m.version)
    on_site(bob)
    client.force_login(ann)
    page = client.get("/matches/mine/").content.decode()
    assert "bob" in page and person(page, "bob") is None


def test_the_lobby_marks_the_people_at_open_tables(client):
    ann, bob, cat = make_user("ann"), make_user("bob"), make_user("cat")
    tables.create_match(ann, "race", 3)
    tables.create_match(bob, "race", 2)
    on_site(ann)
    page = client.get("/").content.decode()  # anyone may see who waits at an open table
    assert person(page, "ann")[0] == "true" and person(page, "bob")[0] == "false"
    client.force_login(cat)
    page = client.get("/").content.decode()
    assert person(page, "ann")[0] == "true" and person(page, "bob")[0] == "false"


def test_the_lobby_asks_no_more_queries_for_more_tables(client):
    viewer = make_user("viewer")
    client.force_login(viewer)
    tables.create_match(make_user("u0"), "race", 2)
    client.get("/")
    with CaptureQueriesContext(connection) as one:
        client.get("/")
    for i in range(1, 6):
        someone = make_user(f"u{i}")
        on_site(someone)
        tables.create_match(someone, "race", 2)
    with CaptureQueriesContext(connection) as six:
        page = client.get("/").content.decode()
    assert page.count('class="person"') == 6
    assert len(six.captured_queries) == len(one.captured_queries)

