"""A small site with something on every page, and every kind of page a person sees, rendered.

The visitor ann has matches of each game just begun, half played and finished (bots in the other
seats, her own seat played as the game's bot would), a match waiting for players, a solo match,
a match against bob with a chat, notices, an invitation and achievements; bob and cat play a
public match she can watch and leave open matches in the lobby. fox has no seat anywhere: he is
the spectator. Each page is fetched with Django's test client, as the site serves it.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from django.contrib.auth.tokens import default_token_generator
from django.test import Client, RequestFactory
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

import engine
from games.lobby import tables
from games.play import services, site_actions
from games.achievements import award, catalog
from games.chat import store as chat
from games.models import Achievement, Match, Tournament
from games.notifications import links
from games.tournaments import services as tournaments
from tests.factories import make_user

GAMES = ("wfci", "chickenrun", "chickendie", "barnyard")
PLAYERS = {"wfci": 4, "chickenrun": 2, "chickendie": 4, "barnyard": 3}
MID = {"wfci": 120, "chickenrun": 12, "chickendie": 120, "barnyard": 140}  # about half a match, in moves


@dataclass
class Page:
    kind: str  # what the page is, as a failure names it
    html: bytes


def play(match: Match, person, upto: int | None = None) -> Match:
    """Play on through the write path, the person's seat as the game's bot would, the other
    seats by their bots, until the match reaches version `upto` or its end."""
    game = engine.get_game(match.game)
    bot = game.seat_bots()[0]
    seats = {s.index: s for s in match.seats.all()}
    while True:
        match = Match.objects.get(pk=match.pk)
        if match.status != Match.Status.ACTIVE or (upto is not None and match.version >= upto):
            return match
        human = next((i for i in match.to_act if seats[i].user_id and not seats[i].bot), None)
        if human is None:
            services.play_bot_turns(match.pk, max_moves=(upto - match.version) if upto else 5000)
            continue
        state = game.deserialize(match.state)
        services.submit_action(match.pk, seats[human].user, game.bot_action(state, human, bot), match.version)


def with_bots(person, slug: str, players: int | None = None, **kwargs) -> Match:
    game = engine.get_game(slug)
    players = players or PLAYERS[slug]
    return tables.create_match(person, slug, players, bots={s: game.seat_bots()[0] for s in range(1, players)}, **kwargs)


def build() -> dict:
    """Everyone and every match the pages show."""
    ann, bob, cat, fox = make_user("ann"), make_user("bob"), make_user("cat"), make_user("fox")
    poule = make_user("poule", language="fr")
    matches = {}
    for slug in GAMES:
        matches[f"{slug} early"] = with_bots(ann, slug)
        matches[f"{slug} mid"] = play(with_bots(ann, slug), ann, upto=MID[slug])
        matches[f"{slug} finished"] = play(with_bots(ann, slug), ann)
    matches["wfci solo"] = play(tables.create_match(ann, "wfci", 2, options={"mode": "solo"}), ann, upto=30)
    matches["waiting"] = tables.create_match(ann, "barnyard", 3, bots={1: "general"})
    # a match between people: its chat, a resignation (ratings, notices)
    table = tables.create_match(bob, "chickenrun", 2, rated=True)
    tables.join_match(ann, table)
    table = play(table, ann, upto=4)
    chat.post(table, bob, text="Good luck! " + "averyveryverylongwordwithoutanyspace" * 3)
    chat.post(table, ann, phrase="busy")
    matches["chat"] = table
    rated = tables.create_match(bob, "chickenrun", 2, rated=True)
    tables.join_match(ann, rated)
    rated = Match.objects.get(pk=rated.pk)
    services.submit_action(rated.pk, bob, {"type": site_actions.RESIGN}, rated.version)
    # what ann sees of other people: open matches, one to watch, an invitation
    tables.create_match(cat, "barnyard", 3)
    tables.create_match(cat, "chickenrun", 2, rated=True, clock="7d")
    watched = tables.create_match(bob, "chickendie", 2)
    tables.join_match(cat, watched)
    matches["watched"] = play(watched, bob, upto=6)
    matches["invite"] = tables.create_match(bob, "chickendie", 2, private=True, invite=["ann"])
    for slug in GAMES:
        award.award_match(matches[f"{slug} finished"].pk)
        code = catalog.for_game(slug)[0]["id"]
        Achievement.objects.get_or_create(user=ann, code=code, defaults={
            "game": slug, "match": matches[f"{slug} finished"], "earned_at": timezone.now()})
    # a cup ann plays in (running: its rounds, cross table and standings) and one open to join
    cup = tournaments.create(bob, game="chickenrun", format="cup", seats=2, entrants=3, name="Hen cup")
    for person in (bob, ann, cat):
        if not cup.entries.filter(user=person).exists():
            tournaments.join(person, Tournament.objects.get(pk=cup.pk))
    waiting = tournaments.create(cat, game="chickendie", format="cup", seats=3, entrants=7)
    cups = {"running": Tournament.objects.get(pk=cup.pk), "open": waiting}
    return {"ann": ann, "bob": bob, "fox": fox, "poule": poule, "matches": matches, "cups": cups}


def _client(user=None, **headers) -> Client:
    client = Client(**headers)
    if user is not None:
        client.force_login(user)
    return client


def _reset_link(user) -> str:
    return f"/accounts/reset/{urlsafe_base64_encode(force_bytes(user.pk))}/{default_token_generator.make_token(user)}/"


def _locked_out(user) -> bytes:
    """django-axes' lock-out answer, as the site's callable gives it (axes is off in the tests)."""
    from django.contrib.auth.models import AnonymousUser
    from django.contrib.messages.storage.fallback import FallbackStorage

    from chickenisland.errors import locked_out

    request = RequestFactory().post("/accounts/login/", {"username": user.username})
    request.user, request.session = AnonymousUser(), {}
    request._messages = FallbackStorage(request)
    return locked_out(request, credentials={"username": user.username}).content


def _server_error() -> bytes:
    from chickenisland.errors import server_error

    return server_error(RequestFactory().get("/boom/")).content


def _outage() -> bytes:
    from chickenisland.errors import outage

    return outage(RequestFactory().get("/")).content


def pages(world: dict) -> list[Page]:
    """Every page kind, fetched as the site serves it; a page that does not answer as expected
    fails the harness rather than being checked as an error page."""
    ann, m = world["ann"], world["matches"]
    player, spectator = _client(ann), _client(world["fox"])
    french, visitor = _client(world["poule"]), _client()
    wanted = [
        ("home", player, "/"),
        ("home (visitor)", visitor, "/"),
        ("lobby filtered", player, "/?game=barnyard&players=3"),
        ("new match", player, "/matches/new/"),
        *((f"new match {slug}", player, f"/matches/new/?game={slug}") for slug in GAMES),
        ("my matches", player, "/matches/mine/"),
        ("tournaments", player, "/tournaments/"),
        ("new tournament", player, "/tournaments/new/"),
        ("tournament running", player, world["cups"]["running"].get_absolute_url()),
        ("tournament open (visitor)", visitor, world["cups"]["open"].get_absolute_url()),
        ("tournament (fr)", french, world["cups"]["running"].get_absolute_url()),
        ("notifications", player, "/notifications/"),
        ("settings", player, "/accounts/profile/"),
        ("password change", player, "/accounts/password-change/"),
        ("password change done", player, "/accounts/password-change/done/"),
        ("own public page", player, f"/accounts/players/{ann.username}/"),
        ("player page", player, "/accounts/players/bob/"),
        ("invitation link", player, f"/invite/{m['invite'].invite_token}/"),
        ("unsubscribe", visitor, urlsplit(links.unsubscribe_url(ann)).path),
        ("api docs", player, "/api/docs/"),
        ("log in", visitor, "/accounts/login/"),
        ("sign up", visitor, "/accounts/signup/"),
        ("password reset", visitor, "/accounts/password-reset/"),
        ("password reset sent", visitor, "/accounts/password-reset/sent/"),
        ("password reset confirm", visitor, _reset_link(ann)),
        ("password reset bad link", visitor, "/accounts/reset/MQ/bad-token/"),
        ("password reset complete", visitor, "/accounts/reset/done/"),
        ("not found", player, "/no/such/page/"),
        ("match not found", player, "/matches/999999/"),
        ("waiting match", player, m["waiting"].get_absolute_url()),
        ("waiting match (spectator)", spectator, m["waiting"].get_absolute_url()),
        ("chat match", player, m["chat"].get_absolute_url()),
        ("chat match (spectator)", spectator, m["chat"].get_absolute_url()),
        ("wfci solo", player, m["wfci solo"].get_absolute_url()),
        # the longest match: four seats of War for Chicken Island played to the end
        ("replay long", player, f"/matches/{m['wfci finished'].pk}/replay/"),
        ("replay long start", player, f"/matches/{m['wfci finished'].pk}/replay/?v=1"),
    ]
    for slug in GAMES:
        wanted += [(f"rules {slug}", player, f"/games/{slug}/rules/"),
                   (f"rules {slug} (fr)", french, f"/games/{slug}/rules/"),
                   (f"leaderboard {slug}", player, f"/leaderboard/{slug}/"),
                   *([(f"replay {slug}", player, f"/matches/{m[f'{slug} finished'].pk}/replay/")] if slug != "wfci" else [])]
        for stage in ("early", "mid", "finished"):
            url = m[f"{slug} {stage}"].get_absolute_url()
            wanted += [(f"{slug} {stage}", player, url), (f"{slug} {stage} (spectator)", spectator, url)]
    found = []
    for kind, client, path in wanted:
        response = client.get(path, follow=True)
        expected = 404 if "not found" in kind else 200
        assert response.status_code == expected, f"{kind}: {path} answered {response.status_code}"
        assert response["Content-Type"].startswith("text/html"), f"{kind}: {path} is {response['Content-Type']}"
        found.append(Page(kind, response.content))
    found.append(Page("log-in locked out", _locked_out(ann)))
    found.append(Page("server error", _server_error()))
    found.append(Page("site restarting", _outage()))
    return found
