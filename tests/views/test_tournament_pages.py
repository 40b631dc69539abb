"""The tournament pages: the list, the New tournament form and its errors, joining, leaving and
starting from a tournament's page, the page before and after the start, in English and French,
and tournament matches named as such in the lobby, My matches and the match head."""

import html
import re

import pytest

from games.models import Match, Tournament
from games.refusals import ServiceError
from games.tournaments import services
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def cup(creator, size=3, **kwargs) -> Tournament:
    kwargs = {"game": "chickenrun", "format": "cup", "seats": 2, "entrants": size, "clock": "standard", **kwargs}
    return services.create(creator, **kwargs)


def fill(t, *users) -> Tournament:
    """Join whoever is not in yet (the service may enter the creator by itself)."""
    for user in users:
        if not t.entries.filter(user=user).exists():
            services.join(user, Tournament.objects.get(pk=t.pk))
    return Tournament.objects.get(pk=t.pk)


def text(response) -> str:
    return html.unescape(re.sub(r"\s+", " ", response.content.decode()))


def test_the_list_shows_open_running_and_finished_and_whose_they_are(client):
    ann, bob, cat, staff = make_user("ann"), make_user("bob"), make_user("cat"), make_user("boss", is_staff=True)
    open_one = cup(bob, size=4, name="Hen cup")
    official = cup(staff, size=5, name="Island cup", official=True)
    running = fill(cup(cat, name="Running cup"), ann, bob, cat)
    Tournament.objects.filter(pk=cup(cat, name="Old cup").pk).update(status=Tournament.Status.FINISHED)
    client.force_login(ann)
    page = text(client.get("/tournaments/"))
    assert 'href="/tournaments/"' in page  # the nav link beside the lobby's
    open_part = page.split('id="open-tournaments"')[1].split("</table>")[0]
    assert "Hen cup" in open_part and "Island cup" in open_part and "Running cup" not in open_part
    assert "A player's: bob" in open_part and "Official" in open_part
    assert f'action="/tournaments/{open_one.pk}/join/"' in open_part and f'action="/tournaments/{official.pk}/join/"' in open_part
    assert re.search(r"Free places.{0,80}of 4", open_part)
    assert "Chicken Run" in open_part and "Slow" in open_part
    running_part = page.split('id="running-tournaments"')[1].split("</table>")[0]
    assert "Running cup" in running_part and "you play" in running_part
    assert running.status == Tournament.Status.RUNNING
    assert "Old cup" in page.split('id="finished-tournaments"')[1]


def test_a_visitor_sees_the_list_without_join_buttons(client):
    cup(make_user("bob"), name="Hen cup")
    page = text(client.get("/tournaments/"))
    assert "Hen cup" in page and "/join/" not in page and "New tournament" not in page


def test_the_form_offers_the_design_sizes_and_creates_a_cup(client):
    ann = make_user("ann")
    client.force_login(ann)
    page = text(client.get("/tournaments/new/"))
    for label in ("Game", "Format", "Players at each table", "Players in the cup", "Rounds of the Swiss",
                  "Time control", "Pace", "Days for each round"):
        assert f">{label}" in page or f"{label}:" in page, label
    assert "Official" not in page  # staff only
    response = client.post("/tournaments/new/", {"game": "chickenrun", "format": "cup", "seats": 2, "cup_size": 3,
                                                "round_days": 7, "clock": "standard", "pace": "slow", "name": "Ann's cup"})
    t = Tournament.objects.get(name="Ann's cup")
    assert response.status_code == 302 and response["Location"] == f"/tournaments/{t.pk}/"
    assert (t.game, t.format, t.seats, t.entrants, t.created_by, t.official) == ("chickenrun", "cup", 2, 3, ann, False)


def test_the_form_follows_the_game_chosen(client):
    client.force_login(make_user("ann"))
    page = text(client.post("/tournaments/new/", {"game": "chickendie", "format": "cup", "seats": 3},
                            HTTP_HX_REQUEST="true"))
    assert page.startswith('<form id="tournament-form"')
    seats = re.search(r'<select name="seats".*?</select>', page).group(0)
    assert '<option value="3" selected>' in seats
    assert "error" not in page  # a change of choice is no submission
    page = text(client.post("/tournaments/new/", {"game": "chickendie", "format": "swiss", "seats": 3},
                            HTTP_HX_REQUEST="true"))
    assert re.search(r'<select name="seats"[^>]*>\s*<option value="2" selected>2</option>\s*</select>', page)


def test_form_errors_are_shown_on_the_form_never_a_500(client, monkeypatch):
    client.force_login(make_user("ann"))
    base = {"game": "chickendie", "round_days": 7, "clock": "standard", "pace": "slow"}
    response = client.post("/tournaments/new/", {**base, "format": "swiss", "seats": 3, "swiss_cap": 8, "rounds": 4})
    assert response.status_code == 400 and "3 is not one of the available choices" in text(response)  # Swiss: 2 only
    response = client.post("/tournaments/new/", {**base, "format": "cup", "seats": 3, "cup_size": 5})
    assert response.status_code == 400 and "Select a valid choice" in text(response)
    response = client.post("/tournaments/new/", {**base, "format": "swiss", "seats": 2, "rounds": ""})
    assert response.status_code == 400 and "Give a number for a Swiss." in text(response)

    def refuse(user, **kwargs):
        raise ServiceError("You timed out in a tournament: finish more games first.")

    monkeypatch.setattr(services, "create", refuse)
    response = client.post("/tournaments/new/", {**base, "format": "cup", "seats": 3, "cup_size": 7})
    assert response.status_code == 400 and "You timed out in a tournament: finish more games first." in text(response)
    assert not Tournament.objects.exists()


def test_staff_may_make_it_official(client):
    boss = make_user("boss", is_staff=True)
    client.force_login(boss)
    assert "Official (made by the staff)" in text(client.get("/tournaments/new/"))
    client.post("/tournaments/new/", {"game": "chickenrun", "format": "cup", "seats": 2, "cup_size": 4, "round_days": 7,
                                      "clock": "standard", "pace": "slow", "official": "on", "name": "Staff cup"})
    assert Tournament.objects.get(name="Staff cup").official


def test_join_and_leave_a_cup_from_the_page(client):
    ann, bob = make_user("ann"), make_user("bob")
    t = cup(ann, size=4)
    client.force_login(bob)
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert 'id="tournament-join"' in page and 'id="tournament-start"' not in page  # a cup starts when full
    response = client.post(f"/tournaments/{t.pk}/join/", follow=True)
    assert "You joined the tournament." in text(response) and t.entries.filter(user=bob).exists()
    assert 'id="tournament-leave"' in text(response)
    response = client.post(f"/tournaments/{t.pk}/join/", follow=True)  # twice: a refusal, not a 500
    assert response.status_code == 200 and "You have already entered this tournament." in text(response)
    response = client.post(f"/tournaments/{t.pk}/leave/", follow=True)
    assert "You left the tournament." in text(response) and not t.entries.filter(user=bob).exists()


def test_the_creator_starts_a_swiss_from_the_page(client):
    ann, bob, cat = make_user("ann"), make_user("bob"), make_user("cat")
    t = services.create(ann, game="chickenrun", format="swiss", seats=2, entrants=8, rounds=3, name="Hen Swiss")
    fill(t, ann, bob, cat)
    client.force_login(bob)
    assert 'id="tournament-start"' not in text(client.get(f"/tournaments/{t.pk}/"))
    response = client.post(f"/tournaments/{t.pk}/start/", follow=True)  # not bob's to start
    assert response.status_code == 200 and "Only the tournament's creator can start it." in text(response)
    assert Tournament.objects.get(pk=t.pk).status == Tournament.Status.OPEN
    client.force_login(ann)
    assert 'id="tournament-start"' in text(client.get(f"/tournaments/{t.pk}/"))
    page = text(client.post(f"/tournaments/{t.pk}/start/", follow=True))
    assert "The tournament has started." in page and Tournament.objects.get(pk=t.pk).status == Tournament.Status.RUNNING
    assert "Bye: " in page and Match.objects.filter(tournament=t).count() == 1  # 3 players: one match, one bye
    assert 'id="cross-table"' not in page  # a Swiss has no cross table
    client.force_login(make_user("dan"))
    assert 'id="tournament-join"' in text(client.get(f"/tournaments/{t.pk}/"))  # late entry still open


def test_a_banned_player_reads_why_instead_of_a_join_button(client, monkeypatch):
    from games.tournaments import rules

    t = cup(make_user("ann"))
    monkeypatch.setattr(rules, "ban_counts", lambda user: (2, 1))
    client.force_login(make_user("bob"))
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert 'id="join-refusal"' in page and "lost on time: 2; finished: 1" in page
    assert 'id="tournament-join"' not in page


def test_join_and_start_want_a_post_and_a_login(client):
    t = cup(make_user("ann"))
    assert client.post(f"/tournaments/{t.pk}/join/").status_code == 302  # to the log-in page
    client.force_login(make_user("bob"))
    assert client.get(f"/tournaments/{t.pk}/join/").status_code == 405
    assert client.post("/tournaments/999999/join/").status_code == 404


def test_the_page_before_the_start_shows_the_rules_and_the_entrants(client):
    ann, bob = make_user("ann"), make_user("bob")
    t = fill(cup(ann, size=3, name="Hen cup"), ann)
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert "<h1" in page and "Hen cup" in page and "Open to join" in page
    rules = page.split('id="tournament-rules"')[1].split("</section>")[0]
    assert rules.count("<li>") >= 2 and 'id="points-scale"' in rules
    assert 'id="entrants"' in page and "ann" in page.split('id="entrants"')[1]
    assert 'id="standings"' not in page and 'id="rounds"' not in page
    client.force_login(bob)
    assert 'class="person" data-online="false"' in text(client.get(f"/tournaments/{t.pk}/"))  # presence dots


def test_the_page_after_the_start_shows_rounds_cross_table_and_standings(client):
    ann, bob, cat = make_user("ann"), make_user("bob"), make_user("cat")
    t = fill(cup(ann, size=3, name="Hen cup"), ann, bob, cat)
    assert t.status == Tournament.Status.RUNNING  # a full cup starts by itself
    client.force_login(ann)
    page = text(client.get(f"/tournaments/{t.pk}/"))
    matches = list(Match.objects.filter(tournament=t))
    assert len(matches) == 3
    for m in matches:
        assert f'href="/matches/{m.pk}/"' in page
    assert "in play" in page and page.count("Bye: ") == 3
    cross = page.split('id="cross-table"')[1].split("</table>")[0]
    assert cross.count('<th scope="row"') == 3 and cross.count('class="self"') == 3
    standings = page.split('id="standings"')[1].split("</table>")[0]
    assert all(name in standings for name in ("ann", "bob", "cat"))
    assert 'id="tournament-join"' not in page and 'id="tournament-leave"' in page  # withdrawing


def test_tournament_matches_are_named_as_such(client):
    ann, bob, cat = make_user("ann"), make_user("bob"), make_user("cat")
    t = fill(cup(ann, size=3, name="Hen cup"), ann, bob, cat)
    m = Match.objects.filter(tournament=t, seats__user=ann).order_by("tournament_round").first()
    client.force_login(ann)
    label = f'href="/tournaments/{t.pk}/">Cup: Hen cup, round {m.tournament_round}</a>'
    assert label in text(client.get("/")) and label in text(client.get("/matches/mine/"))
    assert label in text(client.get(f"/matches/{m.pk}/"))


def test_a_french_page(client):
    poule = make_user("poule", language="fr")
    t = fill(cup(poule, size=3, name="Coupe"), poule)
    client.force_login(poule)
    page = text(client.get(f"/tournaments/{t.pk}/"))
    assert "Règles" in page and "Joueurs" in page and "Inscriptions ouvertes" in page
    assert "Quitter le tournoi" in page
    assert "Un dépassement de temps fait perdre la partie" in page  # the rules too, before anyone plays
    listing = text(client.get("/tournaments/"))
    assert "Tournois" in listing and "Nouveau tournoi" in listing and "Places libres" in listing
    form = text(client.get("/tournaments/new/"))
    assert "Joueurs à chaque table" in form and "Créer le tournoi" in form
