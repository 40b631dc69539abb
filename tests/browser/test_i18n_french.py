"""A French browser: the whole visit reads in French, the header switches to English and back."""

import json
import re

import pytest

from accounts.models import User
from tests.browser.people import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Words that only English text has; proper names are taken out before looking for them.
ENGLISH_MARKERS = {
    "the", "your", "you", "turn", "roll", "rolls", "dice", "scrolls", "waiting", "match", "matches",
    "players", "and", "with", "log", "sign", "create", "game", "moves", "left", "seat", "pick",
}
PROPER_NAMES = [
    "Chicken Island Online", "Chicken Island", "War for Chicken Island", "Chicken Run", "Chicken Die!",
    "Barnyard Generals", "English",
]
TEST_GAME_MODE = "Race the steady bot"  # the test suite's own race game in the lobby, not the site's


def english_words(page, names=(), where="body", leave_out="") -> list[str]:
    text = page.locator(where).evaluate(
        "(el, out) => { const c = el.cloneNode(true); if (out) c.querySelectorAll(out).forEach(e => e.remove());"
        " document.body.appendChild(c); const t = c.innerText; c.remove(); return t; }",
        leave_out,
    )
    for name in sorted([*PROPER_NAMES, *names], key=len, reverse=True):
        text = text.replace(name, " ")
    found = {w for w in re.findall(r"[A-Za-z']+", text) if w.lower() in ENGLISH_MARKERS}
    return [" ".join(text[max(0, m.start() - 40):m.end() + 40].split()) for w in sorted(found)
            for m in [re.search(rf"\b{w}\b", text)]]


@pytest.fixture
def french_page(chromium, live_server):
    context = chromium.new_context(base_url=live_server.url, locale="fr-FR")
    page = context.new_page()
    page.set_default_timeout(15000)
    yield page
    context.close()


def test_a_french_visitor_signs_up_plays_chicken_run_and_switches_language(french_page):
    page = french_page
    page.goto("/accounts/signup/")
    assert page.locator("html").get_attribute("lang") == "fr"
    assert english_words(page) == []
    sign_up(page, "poulette")
    assert User.objects.get(username="poulette").language == "fr"
    assert "Bienvenue sur Chicken Island, poulette\u202f!" in page.locator("main").inner_text()
    assert english_words(page, ["poulette", TEST_GAME_MODE]) == []

    page.goto("/accounts/profile/")
    assert english_words(page, ["poulette"]) == []

    page.goto("/matches/new/?game=chickenrun")
    page.select_option("#id_seat_1", "sensible")
    page.click("text=Créer la partie")
    page.wait_for_url("**/matches/*/")
    for _ in range(6):  # a few steps of play, then read the page and its log
        choices = page.locator("#match-board [data-action]")
        if choices.count() == 0:
            break
        actions = [json.loads(choices.nth(i).get_attribute("data-action")) for i in range(choices.count())]
        pick = next((i for i, a in enumerate(actions) if a["type"] != "end"), 0)
        version = page.locator("#match-board").get_attribute("data-version")
        choices.nth(pick).click()
        page.wait_for_function(
            "v => { const b = document.getElementById('match-board'); return b && !b.dataset.busy && b.dataset.version !== v; }",
            arg=version,
        )
    page.reload()
    assert page.locator("html").get_attribute("lang") == "fr"
    assert page.locator("ol.log li").count() > 3
    assert english_words(page, ["poulette", "Sensible"], where="ol.log") == []
    assert english_words(page, ["poulette", "Sensible"]) == []
    opening = page.locator("ol.log li").last.inner_text()
    assert "Blanc" in opening and "rolls" not in opening

    page.click("header button[value=en]")
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "en"
    assert "Log out" in page.locator("header").inner_text()
    assert User.objects.get(username="poulette").language == "en"
    page.click("header button[value=fr]")
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "fr"
    assert "Se déconnecter" in page.locator("header").inner_text()
