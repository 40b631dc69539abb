"""The word walk of test_page_words.py on the pages where issue 43's remaining kinds of wrong
words showed: each test builds the position the random walk rarely reaches (a fight just
resolved, a resignation, two bots of one kind, a finished solo game) and holds every visible
text of the page to tests/wording.py in English and in French."""

import random
import re

import pytest
from django.urls import reverse
from django.utils import translation

import engine
from engine.wfci import cards
from games.lobby import tables
from games.models import Match
from games.play import services, visibility
from tests.factories import make_user
from tests.wording import problems, visible_texts

pytestmark = pytest.mark.django_db

SEAT_CHIP = re.compile(r'data-seat="(\d+)"[^>]*>.*?<span class="who">([^<]*)</span>', re.S)


def _walk(client, url, viewer, names, languages=("en", "fr")) -> list[str]:
    """Every problem of the page at `url` as `viewer` reads it in each language."""
    found = []
    for language in languages:
        viewer.language = language
        viewer.save(update_fields=["language"])
        client.force_login(viewer)
        page = client.get(url)
        assert page.status_code == 200, url
        for text in visible_texts(page.content.decode()):
            found += [f"{language}: {p}" for p in problems(text, language, names=names)]
    return found


def _state(match):
    game = engine.get_game(match.game)
    return game, game.deserialize(match.state)


def _store(match, game, state):
    Match.objects.filter(pk=match.pk).update(state=game.serialize(state))


def test_the_last_fight_says_who_attacked_whom_with_articles_and_each_colour_once(client):
    """"Soldat de pierre de Bleu (Bleu) a attaqué Soldat de fer de Rouge (Rouge)": French needs
    the articles, and the colour is already in the unit's name."""
    alix, bertrand = make_user("Alix"), make_user("Bertrand")
    match = tables.create_match(alix, "wfci", 2, {})
    tables.join_match(bertrand, Match.objects.get(pk=match.pk))
    match = Match.objects.get(pk=match.pk)
    game, state = _state(match)
    state["last_fight"] = {
        "attacker": {"unit": "m-gone-1", "name": "Red's Rock Soldier", "seat": 0},
        "defender": {"unit": "m-gone-2", "name": "Blue's Iron Soldier", "seat": 1},
        "ranged": False, "boost": 0, "revealed": [], "strength": 4, "armor": 3, "result": "success",
        "effect": "destroyed", "round": state.get("round") or 1,
    }
    _store(match, game, state)
    url = reverse("match", args=[match.pk])
    found = _walk(client, url, alix, ["Alix", "Bertrand"])
    assert not found, "\n".join(found)
    alix.language = "fr"
    alix.save(update_fields=["language"])
    body = client.get(url).content.decode()
    assert "a attaqué le Soldat de fer de Bleu" in body
    assert "est éliminé" in body


def test_a_resignation_reads_in_each_reader_s_language(client):
    """Bertrand reads French and resigns: Alix's English log says so in English."""
    alix, bertrand = make_user("Alix", language="en"), make_user("Bertrand", language="fr")
    match = tables.create_match(alix, "chickenrun", 2, {})
    tables.join_match(bertrand, Match.objects.get(pk=match.pk))
    match = Match.objects.get(pk=match.pk)
    with translation.override("fr"):
        services.submit_action(match.pk, bertrand, {"type": "site.resign"}, match.version)
    url = reverse("match", args=[match.pk])
    found = _walk(client, url, alix, ["Alix", "Bertrand"])
    assert not found, "\n".join(found)
    alix.language = "en"
    alix.save(update_fields=["language"])
    assert "Bertrand resigned." in client.get(url).content.decode()


def test_two_bots_of_one_kind_are_numbered_and_their_possessive_reads(client):
    """Two Rooster bots at one table are Rooster 1 and Rooster 2 on the page, and the log's
    "{who}'s turn" never glues 's to "(bot)"."""
    alix = make_user("Alix")
    match = tables.create_match(alix, "chickendie", 3, {}, bots={1: "rooster", 2: "rooster"})
    rng = random.Random(3)
    for _ in range(30):
        match = Match.objects.get(pk=match.pk)
        if match.status != Match.Status.ACTIVE or 0 not in match.to_act:
            break
        _, legal = visibility.game_view(match, 0)
        services.submit_action(match.pk, alix, rng.choice(legal), match.version)
    url = reverse("match", args=[match.pk])
    found = []
    for language in ("en", "fr"):
        alix.language = language
        alix.save(update_fields=["language"])
        client.force_login(alix)
        body = client.get(url).content.decode()
        chips = [name.strip() for _, name in SEAT_CHIP.findall(body)]
        assert len(chips) == 3 and len(set(chips)) == 3, chips
        assert any(re.search(r"\b1 \((?:bot|robot), (?:strong|fort)\)", c) for c in chips), chips  # with its level
        for text in visible_texts(body):
            found += [f"{language}: {p}" for p in problems(text, language, names=["Alix"])]
    assert not found, "\n".join(found)


def test_a_player_page_names_leaders_and_modes_in_the_reader_s_language(client):
    """The solo record on a French player's page: "Frère Picorin", never "Brother Pecksworth"."""
    odile = make_user("Odile", language="fr")
    match = tables.create_match(odile, "wfci", 2, {"mode": "solo"}, bots={1: "challenger"})
    match = Match.objects.get(pk=match.pk)
    game, state = _state(match)
    pecksworth = next(cid for cid, c in cards.catalog()["all"].items() if c.get("key") == "pecksworth")
    state["seats"][0]["leader"] = pecksworth
    _store(match, game, state)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED,
                                             outcome={"winners": [0], "losers": [1], "reason": "test"})
    url = reverse("player", args=["Odile"])
    found = _walk(client, url, odile, ["Odile"])
    assert not found, "\n".join(found)
    body = client.get(url).content.decode()
    assert "Frère Picorin" in body and "Pecksworth" not in body
