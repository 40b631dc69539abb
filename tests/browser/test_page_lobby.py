"""A lobby that invites, in Chromium: a card per game with its picture, line and player count;
one click plays any game against a bot; my matches read as names, a finished one with its
result and date; the settings page searches the time zones and refuses a made-up one."""

import pytest

import engine
from accounts.models import User
from games.play import services, site_actions
from games.models import Match
from games.templatetags.rules_tags import BLURBS
from tests.browser.people import log_in
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_one_click_from_the_lobby_to_a_game_against_a_bot(new_page):
    make_user("ann")
    page = new_page()
    log_in(page, "ann")
    games = [engine.get_game(slug) for slug in BLURBS]  # the site's games (tests register one more)
    for g in games:
        card = page.locator(f"section.game-card:has(#game-{g.slug})")
        assert card.locator("img.game-picture").evaluate("img => img.complete && img.naturalWidth > 0")
        assert "player" in card.inner_text() and card.locator(f"#rules-{g.slug}").is_visible()
        page.click(f"#bot-{g.slug}")
        page.wait_for_url("**/matches/*/")
        assert page.locator("#match-board").get_attribute("data-status") == "active"
        assert page.locator("#prompt").count() == 1
        page.goto("/")
    assert Match.objects.filter(status=Match.Status.ACTIVE).count() == len(games)

    run = Match.objects.get(game="chickenrun")
    services.submit_action(run.pk, User.objects.get(username="ann"), {"type": site_actions.RESIGN}, run.version)
    page.goto("/matches/mine/")
    rows = page.locator("table.list tbody tr")
    names = [rows.nth(i).locator("td").first.locator("a").first.inner_text() for i in range(rows.count())]
    assert sorted(n.split(" · ")[0] for n in names) == sorted(g.name for g in games)
    assert not [n for n in names if "#" in n or ":" in n]
    finished = page.locator("table.list tbody tr", has_text="Chicken Run").inner_text()
    assert "Game over: you resigned" in finished and str(Match.objects.get(pk=run.pk).finished_at.year) in finished
    assert page.console_errors == []


def test_settings_search_the_time_zones_and_refuse_a_made_up_one(new_page):
    make_user("ann")
    page = new_page()
    log_in(page, "ann")
    page.goto("/accounts/profile/")
    box = page.locator("#id_time_zone")
    assert box.get_attribute("list") == "time-zones"
    assert page.locator("#time-zones option[value='Asia/Tokyo']").count() == 1
    box.fill("Mars/Olympus")
    page.click("main form:has(#id_time_zone) button[type=submit]")
    assert page.locator(".errorlist").count() >= 1
    assert User.objects.get(username="ann").time_zone != "Mars/Olympus"
    page.locator("#id_time_zone").fill("Asia/Tokyo")
    page.click("main form:has(#id_time_zone) button[type=submit]")
    page.wait_for_selector(".messages li")
    assert User.objects.get(username="ann").time_zone == "Asia/Tokyo"


def test_the_bot_levels_sit_in_one_row_on_a_phone_and_a_tap_on_strong_plays_the_strong_bot(new_page):
    make_user("ann")
    page = new_page({"width": 360, "height": 740})
    log_in(page, "ann")
    for slug in BLURBS:
        buttons = page.locator(f"section.game-card:has(#game-{slug}) .bot-levels button")
        assert buttons.count() == 3
        tops = {round(buttons.nth(i).bounding_box()["y"]) for i in range(3)}
        assert len(tops) == 1, "easy, normal and strong share one row"
        assert all(buttons.nth(i).bounding_box()["height"] >= 40 for i in range(3)), "big enough for a thumb"
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth + 1")
    page.click("section.game-card:has(#game-chickenrun) button[data-level=strong]")
    page.wait_for_url("**/matches/*/")
    assert Match.objects.get(game="chickenrun").seats.get(index=1).bot == engine.get_game("chickenrun").levels()["strong"]
    assert "(bot, strong)" in page.locator("#head-clocks").inner_text()
    assert page.console_errors == []
