"""Achievements on the site: awarded when a match ends (to people who played their own seat),
shown on the profile and in the API, and backfilled idempotently for finished matches; the
careers (9 solo leaders) across a person's matches."""

import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

import engine
from engine import achievements as rules
from engine.wfci import cards as wfci_cards
from engine.wfci import positions as P
from games.lobby import tables
from games.play import services
from games.achievements import award
from games.models import Achievement, Match, Seat
from tests.factories import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _quick_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def full_coop(django_capture_on_commit_callbacks):
    def play(private=False):
        with django_capture_on_commit_callbacks(execute=True):
            return _full_coop(private)
    return play


def _full_coop(private=False):
    """Five people play Chicken Die! to the end through the write path (as its bot would):
    whoever wins a 5-player game earns "Last of a full coop"."""
    people = [make_user(n) for n in ("hen", "rooster", "duck", "goose", "quail")]
    match = tables.create_match(people[0], "chickendie", 5, private=private)
    for person in people[1:]:
        tables.join_match(person, match, token=match.invite_token if private else None)
    game = engine.get_game("chickendie")
    by_seat = {s.index: s.user for s in Seat.objects.filter(match=match).select_related("user")}
    for _ in range(5000):
        match = Match.objects.get(pk=match.pk)
        if match.status != Match.Status.ACTIVE:
            break
        seat = match.to_act[0]
        action = game.bot_action(game.deserialize(match.state), seat, "farmer")
        services.submit_action(match.pk, by_seat[seat], action, match.version)
    assert match.status == Match.Status.FINISHED
    return match, people, by_seat


def expected(match) -> dict:
    """What the engine says each seat earned, computed here on its own."""
    game = engine.get_game(match.game)
    turns = match.turns.filter(kind="game", undone=False).order_by("version").values_list("seat", "action")
    return rules.earned(game, match.seed, match.players, match.options, list(turns))


def test_the_end_of_a_match_awards_what_its_people_earned(full_coop):
    match, _people, by_seat = full_coop()
    winners = match.outcome["winners"]
    got = {(a.user_id, a.code) for a in Achievement.objects.all()}
    want = {(by_seat[seat].pk, code) for seat, codes in expected(match).items() for code in codes}
    assert got == want
    assert {(by_seat[w].pk, "chickendie.full_coop") for w in winners} <= got
    row = Achievement.objects.filter(code="chickendie.full_coop").first()
    assert row.match_id == match.pk and row.earned_at == match.finished_at and row.game == "chickendie"


def test_awarding_again_and_backfilling_change_nothing_and_restore_everything(full_coop):
    match, _people, _by_seat = full_coop()
    rows = sorted(Achievement.objects.values_list("user_id", "code", "match_id", "earned_at"))
    assert rows
    award.award_match(match.pk)
    call_command("award_achievements")
    call_command("award_achievements", str(match.pk))
    assert sorted(Achievement.objects.values_list("user_id", "code", "match_id", "earned_at")) == rows
    Achievement.objects.all().delete()
    call_command("award_achievements")
    assert sorted(Achievement.objects.values_list("user_id", "code", "match_id", "earned_at")) == rows
    call_command("award_achievements")
    assert Achievement.objects.count() == len(rows)


def test_a_seat_a_bot_stood_in_for_earns_nothing(full_coop):
    match, _people, by_seat = full_coop()
    winner = match.outcome["winners"][0]
    Achievement.objects.all().delete()
    Seat.objects.filter(match=match, index=winner).update(timed_out=1)
    award.award_match(match.pk)
    assert not Achievement.objects.filter(user=by_seat[winner]).exists()
    Seat.objects.filter(match=match).update(timed_out=0, forfeited=True)
    Achievement.objects.all().delete()
    award.award_match(match.pk)
    assert not Achievement.objects.exists()


def test_bots_earn_nothing_and_a_person_among_bots_does(django_capture_on_commit_callbacks):
    hen = make_user("hen")
    match = tables.create_match(hen, "chickendie", 5, bots={str(i): "farmer" for i in range(1, 5)})
    game = engine.get_game("chickendie")
    with django_capture_on_commit_callbacks(execute=True):
        _play_with_bots(match, hen, game)
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    assert set(Achievement.objects.values_list("user_id", flat=True)) <= {hen.pk}
    assert {a.code for a in Achievement.objects.all()} == expected(match).get(0, set())


def _play_with_bots(match, hen, game):
    for _ in range(5000):
        match = Match.objects.get(pk=match.pk)
        if match.status != Match.Status.ACTIVE:
            break
        if 0 in match.to_act:
            action = game.bot_action(game.deserialize(match.state), 0, "farmer")
            services.submit_action(match.pk, hen, action, match.version)
        else:
            services.play_bot_turns(match.pk)


def test_undone_steps_are_not_replayed(monkeypatch, full_coop):
    match, _people, _by_seat = full_coop()
    turn = match.turns.filter(kind="game").order_by("-version").first()
    match.turns.filter(pk=turn.pk).update(undone=True)
    seen = {}

    def spy(game, seed, players, options, turns, bots=()):
        seen["versions"] = len(turns)
        return {}

    monkeypatch.setattr(rules, "earned", spy)
    award.award_match(match.pk)
    assert seen["versions"] == match.turns.filter(kind="game", undone=False).count()


def test_the_profile_and_the_api_show_achievements_with_their_date_and_match(client, full_coop):
    match, _people, by_seat = full_coop()
    winner = by_seat[match.outcome["winners"][0]]
    page = client.get(f"/accounts/players/{winner.username}/").content.decode()
    assert 'data-achievement="chickendie.full_coop"' in page and "Last of a full coop" in page
    assert match.get_absolute_url() in page
    answer = Client().get(f"/api/players/{winner.username}/")
    assert answer.status_code == 200
    found = {a["id"]: a for a in answer.json()["achievements"]}
    assert set(found["chickendie.full_coop"]) == {"id", "name", "match", "at"}
    assert found["chickendie.full_coop"]["match"] == match.pk
    assert found["chickendie.full_coop"]["name"] == "Last of a full coop"
    assert found["chickendie.full_coop"]["at"] == match.finished_at.isoformat()
    french = Client().get(f"/api/players/{winner.username}/", HTTP_ACCEPT_LANGUAGE="fr").json()
    assert {a["id"]: a["name"] for a in french["achievements"]}["chickendie.full_coop"] == "Dernier d'un poulailler plein"
    assert Client().get("/api/players/nobody-here/").status_code == 404


def test_an_achievement_of_a_private_match_keeps_the_match_private(full_coop):
    match, _people, by_seat = full_coop(private=True)
    winner = by_seat[match.outcome["winners"][0]]
    stranger = Client()
    stranger.force_login(make_user("stranger"))
    listed = {a["id"]: a for a in stranger.get(f"/api/players/{winner.username}/").json()["achievements"]}
    assert listed["chickendie.full_coop"]["match"] is None
    mine = Client()
    mine.force_login(winner)
    listed = {a["id"]: a for a in mine.get(f"/api/players/{winner.username}/").json()["achievements"]}
    assert listed["chickendie.full_coop"]["match"] == match.pk


def solo_win(user, leader: str, when):
    state = P.solo(seed=1)
    state["seats"][0]["leader"] = wfci_cards.by_key("leader", leader)[0]  # the leader this win was played with
    match = Match.objects.create(game="wfci", players=2, options={"mode": "solo"}, seed=1, status=Match.Status.FINISHED,
                                 state=engine.get_game("wfci").serialize(state), version=0,
                                 outcome={"winners": [0], "losers": [1], "reason": "you humiliated the Challenger"},
                                 finished_at=when)
    Seat.objects.create(match=match, index=0, user=user)
    Seat.objects.create(match=match, index=1, bot="challenger")
    return match


def test_nine_solo_wins_with_nine_leaders_is_a_career_achievement():
    hen = make_user("hen")
    keys = sorted({c["key"] for c in wfci_cards.catalog()["leader"].values()})
    assert len(keys) >= 9
    start = timezone.now() - timedelta(days=30)
    matches = [solo_win(hen, key, start + timedelta(days=i)) for i, key in enumerate(keys[:8])]
    solo_win(hen, keys[0], start + timedelta(days=9))  # a leader again: still 8
    for m in matches:
        award.award_match(m.pk)
    assert not Achievement.objects.filter(code="wfci.solo_leaders").exists()
    ninth = solo_win(hen, keys[8], start + timedelta(days=10))
    award.award_match(ninth.pk)
    row = Achievement.objects.get(code="wfci.solo_leaders")
    assert row.user == hen and row.match == ninth and row.earned_at == ninth.finished_at
    assert json.loads(json.dumps(Client().get("/api/players/hen/").json()))["achievements"][0]["id"] == "wfci.solo_leaders"
