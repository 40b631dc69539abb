"""Every game's match page and log read as sentences in English and in French.

Matches of each game are played by random legal moves; at several points the page of each
player, its board fragment and a spectator's page are rendered in both languages and every
visible text is held to the rules of tests/wording.py.
"""

import os
import random
import re
from collections import Counter

import pytest
from django.urls import reverse

from games.lobby import tables
from games.play import visibility, services
from games.models import Match
from tests.factories import make_user
from tests.wording import problems, visible_texts

pytestmark = pytest.mark.django_db

# Player names that are words of neither language; one starts with a vowel, for elisions.
NAMES = ("Alix", "Bertrand", "Odile", "Kurt")
GAMES = [
    ("chickenrun", 2, {}),
    ("chickenrun", 2, {"house_rules": ["S1", "S2", "S3", "B7"]}),
    ("chickendie", 3, {}),
    ("barnyard", 2, {}),
    ("barnyard", 4, {}),
    ("wfci", 2, {}),
    ("wfci", 3, {"preset": "classic"}),
    ("wfci", 2, {"mode": "solo"}),
]
CHECKS = 6
DUMP = os.environ.get("WORDS_DUMP")


def _play(slug, players, options, seed):
    users = [make_user(n.lower() + str(seed), language=("fr" if i % 2 else "en")) for i, n in enumerate(NAMES[:players])]
    for user, name in zip(users, NAMES):
        user.username = name if seed == 0 else f"{name}{seed}"
        user.save()
    solo = options.get("mode") == "solo"
    match = tables.create_match(users[0], slug, players, dict(options), bots={1: "challenger"} if solo else None)
    if not solo:
        for user in users[1:]:
            tables.join_match(user, Match.objects.get(pk=match.pk))
    return Match.objects.get(pk=match.pk), users


@pytest.mark.parametrize("slug,players,options", GAMES, ids=lambda v: str(v))
def test_match_pages_read_as_sentences_in_both_languages(client, slug, players, options):
    match, users = _play(slug, players, options, 0)
    rng = random.Random(f"{slug}{players}{options}")
    by_seat = {match.seat_of(u): u for u in users}
    moves = 0
    found = Counter()
    for check in range(CHECKS):
        for _ in range(rng.randrange(4, 25)):
            match.refresh_from_db()
            if match.status != Match.Status.ACTIVE or not match.to_act:
                break
            seat = match.to_act[0]
            user = by_seat.get(seat)
            if user is None:
                break
            _, legal = visibility.game_view(match, seat)
            services.submit_action(match.pk, user, rng.choice(legal), match.version)
            moves += 1
        match.refresh_from_db()
        for language in ("en", "fr"):
            for user in users + [None]:
                if user is None:
                    client.logout()
                else:
                    client.force_login(user)
                url = reverse("match", args=[match.pk])
                page = client.get(url, HTTP_ACCEPT_LANGUAGE=language, HTTP_COOKIE="")
                if user is not None and user.language != language:
                    user.language = language
                    user.save(update_fields=["language"])
                    page = client.get(url)
                for text in visible_texts(page.content.decode()):
                    if DUMP:
                        with open(f"{DUMP}.{slug}.{language}", "a") as fh:
                            fh.write(text + "\n")
                    for p in problems(text, language, names=[u.username for u in users]):
                        found[(language, p)] += 1
                        if DUMP:
                            print(language, "|", p, "|", text[:200])
        if match.status != Match.Status.ACTIVE:
            break
    assert moves > 0
    assert not found, "\n".join(f"{n}× {lang}: {p}" for (lang, p), n in found.most_common(40))


def test_site_pages_read_as_sentences_and_name_matches_for_people(client):
    """The lists, invitations, notices and settings that name matches: sentences in both
    languages, and a match never called by its game's slug and number."""
    match, users = _play("chickenrun", 2, {}, 7)
    finished, _ = _play("chickendie", 3, {}, 8)
    Match.objects.filter(pk=finished.pk).update(status=Match.Status.FINISHED)
    invited = tables.create_match(users[1], "barnyard", 2, {}, invite=[users[0].username])
    seat = match.to_act[0]
    user = next(u for u in users if match.seat_of(u) == seat)
    _, legal = visibility.game_view(match, seat)
    services.submit_action(match.pk, user, legal[0], match.version)  # a notice of a turn for the other
    pages = [reverse("lobby"), reverse("my_matches"), reverse("notifications"), reverse("profile"),
             reverse("player", args=[users[0].username]), reverse("new_match") + "?game=wfci",
             reverse("replay", args=[finished.pk])]
    found = Counter()
    for language in ("en", "fr"):
        for viewer in users[:2]:
            viewer.language = language
            viewer.save(update_fields=["language"])
            client.force_login(viewer)
            for url in pages:
                page = client.get(url)
                assert page.status_code == 200, url
                body = page.content.decode()
                for slug in ("chickenrun", "chickendie", "barnyard"):
                    assert not re.search(rf"\b{slug} ?#\d", body), (url, slug)
                assert not re.search(r"(Run|Die!|Generals|Island) #\d", body), url
                for text in visible_texts(body):
                    if "Race" in text:  # the test suite's own game speaks English only
                        continue
                    for p in problems(text, language, names=[u.username for u in users]):
                        found[(language, url, p)] += 1
    assert invited.pk and not found, "\n".join(f"{lang} {url}: {p}" for (lang, url, p), _ in found.most_common(40))


@pytest.mark.parametrize("text,language", [
    ("Odile répond à le Dé Poulet avec Immunité", "fr"),
    ("Moving 6 units from 0,-1: 1 steps left.", "en"),
    ("Building Shield Tower: 0 of 1 pilots picked.", "en"),
    ("General (bot) harvests 1 grass, 1 grass and 1 grass.", "en"),
    ("Le General (robot) récolte.", "fr"),
    ("Soldat de pierre de Bleu (Bleu) a attaqué Soldat de fer de Rouge (Rouge)", "fr"),
    ("Soldat de pierre de Bleu a attaqué le Poulet de Rouge.", "fr"),
    ("L'Attaque réussit\u202f: Soldat de fer de Rouge est éliminé.", "fr"),
    ("Victoires en solo\u202f: Brother Pecksworth, Lady Fowlmore", "fr"),
    ("Rooster (bot)'s Chick dies", "en"),
    ("Le Poussin de Farmer 2 (robot) meurt.", "fr"),
    ("alice a abandonné.", "en"),
])
def test_the_word_walk_catches_each_kind_it_was_taught(text, language):
    """The walk above fails on each kind of defect the pages once had (issue 43's examples)."""
    assert problems(text, language)
