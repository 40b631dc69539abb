"""Rules one tap away: a How-to-play page per game, linked from the lobby, the create form and
the match page, with a picture drawn by the board code and a glossary the prompts link to."""

import html
import re

import pytest

from games.lobby import tables
from games.models import Match
from games.templatetags.rules_tags import rule_terms
from tests.factories import make_user

pytestmark = pytest.mark.django_db

GAMES = ["wfci", "chickenrun", "chickendie", "barnyard"]


@pytest.mark.parametrize("slug", GAMES)
def test_each_game_has_a_rules_page_with_sections_picture_and_glossary(client, slug):
    page = client.get(f"/games/{slug}/rules/").content.decode()
    for section in ("goal", "setup", "turn", "special", "end", "glossary"):
        assert f'<section id="{section}">' in page
    assert 'id="rules-picture"' in page
    assert '<dt id="g-' in page


def test_wfci_rules_draw_the_island_and_give_the_solo_tips(client):
    page = client.get("/games/wfci/rules/").content.decode()
    assert 'class="wf-island"' in page and 'class="tile' in page
    assert '<section id="solo">' in page
    assert "one humiliation tag on the Challenger" in page and "The Challenger moves first" in page
    for anchor in ("banner", "stock", "scroll", "pilot", "humiliation", "command", "power"):
        assert f'id="g-{anchor}"' in page


def test_unknown_game_has_no_rules_page(client):
    assert client.get("/games/nope/rules/").status_code == 404


def test_lobby_cards_invite_and_link_the_rules(client):
    page = client.get("/").content.decode()
    for slug in GAMES:
        assert f'href="/games/{slug}/rules/"' in page
        assert f"img/games/{slug}" in page
    assert "Keep your flock alive" in page
    assert "2–6 players" in page


def test_create_form_links_the_chosen_games_rules(client):
    client.force_login(make_user("ann"))
    page = client.get("/matches/new/?game=chickendie").content.decode()
    assert 'id="rules-link" href="/games/chickendie/rules/"' in page


def test_match_page_links_the_rules_and_the_prompts_terms(client):
    ann = make_user("ann")
    match = tables.create_match(ann, "wfci", 2, options={"mode": "solo"})
    client.force_login(ann)
    page = client.get(Match.objects.get(pk=match.pk).get_absolute_url()).content.decode()
    assert 'id="rules-link" href="/games/wfci/rules/"' in page


def test_rule_terms_link_known_words_and_escape_the_rest():
    html = rule_terms("Pay from your banner <b>or</b> draw 2 scrolls", "wfci")
    assert '<a class="term" href="/games/wfci/rules/#g-banner" title="' in html
    assert 'href="/games/wfci/rules/#g-scroll"' in html and ">scrolls</a>" in html
    assert "&lt;b&gt;" in html
    assert rule_terms("a banner", "nope") == "a banner"


def test_solo_prompt_links_a_rulebook_word(client):
    ann = make_user("ann")
    match = tables.create_match(ann, "wfci", 2, options={"mode": "solo"})
    client.force_login(ann)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    prompt = page.split('id="prompt"', 1)[1].split("</p>", 1)[0]
    assert 'class="term" href="/games/wfci/rules/#g-' in prompt, prompt


def test_rule_terms_link_the_french_words_too():
    from django.utils import translation

    with translation.override("fr"):
        html = rule_terms("Le Prétendant pose une marque d'Humiliation sur votre Bannière", "wfci")
    assert 'href="/games/wfci/rules/#g-humiliation"' in html
    assert 'href="/games/wfci/rules/#g-banner"' in html and 'href="/games/wfci/rules/#g-challenger"' in html


@pytest.mark.parametrize("slug", GAMES)
def test_rules_pages_read_in_french(client, slug):
    from tests.texts.test_i18n import ENGLISH_MARKERS, body_of

    page = client.get(f"/games/{slug}/rules/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Comment jouer" in page
    # Visible text only: not the boards' style sheets, tags or the printed game names.
    text = re.sub(r"(?s)<style.*?</style>|<script.*?</script>|<[^>]+>", " ", body_of(page))
    text = html.unescape(text).replace("War for Chicken Island", " ").replace("Chicken Island", " ")
    assert sorted({w for w in re.findall(r"[^\W\d_]+", text) if w.lower() in ENGLISH_MARKERS}) == []
