"""The pace on the pages: a badge on the lobby's open tables, the match head and My matches; the
lobby's filter by pace; Live tables whose creator is on the site now listed first; the form."""

import re

import pytest

from games.lobby import tables
from games.models import Match
from tests.factories import make_user
from tests.views.site_presence import in_memory_presence, on_site  # noqa: F401 (an autouse fixture)

pytestmark = pytest.mark.django_db




def badges(page):
    return re.findall(r'<span class="pace pace-(\w+)" data-pace="\1"><span class="sr-only">Pace: </span>(\w+)</span>', page)


def open_rows(page):
    """(pace, match id, host mark) of each open table, in the order listed."""
    body = page.split('id="open-matches"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r'<tr data-pace="(\w+)">.*?href="/matches/(\d+)/".*?</tr>', body, re.S)
    marks = [re.search(r'data-host-here="(\w+)"', r) for r in re.split(r"<tr data-pace=", body)[1:]]
    return [(p, int(i), m.group(1) if m else None) for (p, i), m in zip(rows, marks, strict=True)]


def test_lobby_shows_each_open_tables_pace_and_filters_by_it(client):
    ann = make_user("ann")
    live = tables.create_match(ann, "chickenrun", 2, pace="live")
    slow = tables.create_match(ann, "chickenrun", 2, clock="7d")
    page = client.get("/").content.decode()
    assert {p for p, _ in badges(page)} >= {"live", "slow"}
    assert [(p, i) for p, i, _ in open_rows(page)] == [("slow", slow.pk), ("live", live.pk)]
    only_live = client.get("/?pace=live").content.decode()
    assert [i for _, i, _ in open_rows(only_live)] == [live.pk]
    assert '<option value="live" selected>Live</option>' in only_live
    assert '<a href="?pace=live" class="pace-link" aria-current="true">Live</a>' in only_live
    assert '<a href="?" class="pace-link">All paces</a>' in only_live
    kept = client.get("/?game=chickenrun&pace=slow").content.decode()
    assert '<a href="?game=chickenrun&amp;pace=live" class="pace-link">Live</a>' in kept
    assert "No match is waiting for players right now." in client.get("/?pace=fast").content.decode()


def test_live_tables_whose_creator_is_here_come_first_and_say_so(client):
    ann, bob, cat, viewer = (make_user(n) for n in ("ann", "bob", "cat", "dan"))
    here = tables.create_match(ann, "chickenrun", 2, pace="live")
    away = tables.create_match(bob, "chickenrun", 2, pace="live")
    newest = tables.create_match(cat, "chickenrun", 2, pace="fast")
    on_site(ann)
    client.force_login(viewer)
    rows = open_rows(client.get("/").content.decode())
    assert rows == [("live", here.pk, "true"), ("fast", newest.pk, None), ("live", away.pk, "false")]
    page = client.get("/").content.decode()
    assert "the creator is on the site now" in page and "the creator is not on the site" in page
    on_site(bob)
    assert [r[2] for r in open_rows(client.get("/").content.decode())] == ["true", "true", None]
    client.force_login(ann)  # one's own table: no mark about oneself
    assert dict((i, m) for _, i, m in open_rows(client.get("/").content.decode()))[here.pk] is None


def test_match_head_and_my_matches_show_the_pace(client):
    ann, bob = make_user("ann"), make_user("bob")
    m = tables.create_match(ann, "chickenrun", 2, pace="live")
    tables.join_match(bob, m)
    tables.create_match(ann, "chickenrun", 2, clock="1d")
    client.force_login(ann)
    head = client.get(f"/matches/{m.pk}/").content.decode().split('class="match-head"', 1)[1].split("</div>", 1)[0]
    assert badges(head) == [("live", "Live")]
    mine = client.get("/matches/mine/").content.decode()
    assert sorted(badges(mine)) == [("fast", "Fast"), ("live", "Live")]
    ann.language = "fr"
    ann.save(update_fields=["language"])
    fr = client.get(f"/matches/{m.pk}/").content.decode()
    assert 'data-pace="live"><span class="sr-only">Rythme\u202f: </span>En direct</span>' in fr


def test_the_form_creates_a_live_table_and_refuses_a_clock_it_does_not_take(client):
    ann = make_user("ann")
    client.force_login(ann)
    form = client.get("/matches/new/?game=chickenrun").content.decode()
    assert 'name="pace" value="live"' in form and "Everyone is at the table now: moves come within minutes." in form
    refused = client.post("/matches/new/", {"game": "chickenrun", "players": "2", "pace": "live", "clock": "14d"})
    assert refused.status_code == 400
    assert "A Live table takes only the Fast clock, 1 day per move or no clock." in refused.content.decode()
    assert not Match.objects.exists()
    made = client.post("/matches/new/", {"game": "chickenrun", "players": "2", "pace": "live"})
    assert made.status_code == 302
    assert Match.objects.values_list("pace", "time_control").get() == ("live", "1d")


def test_quick_match_form_takes_a_pace_and_the_queue_shows_it(client):
    ann = make_user("ann")
    client.force_login(ann)
    response = client.post("/matches/quick/", {"game": "chickenrun", "players": "2", "clock": "1d", "pace": "live"})
    assert response.status_code == 302
    page = client.get("/").content.decode()
    assert "chickenrun (2, 1d, Live)" in page
