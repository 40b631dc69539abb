"""The live tables in Chromium on the production stack (nginx, gunicorn, the stream process,
PostgreSQL, Redis): two players and a spectator, each in a browser context of their own.

What the issue asks, checked as behaviour within its generous bounds: every move and chat line
shows on the other screens, a player's dot turns on within 2 s of opening the match and off
within 10 s of closing it, with the events path blocked a move still shows within 5 s (the
poll), and while the stream is up a page sends no periodic request. The p95 of a move's and a
chat line's way to the other screens is printed (docs/performance.md records it), not asserted.
"""

from __future__ import annotations

import time

import pytest
from rest_framework.authtoken.models import Token

from tests.browser.people import log_in
from tests.factories import human_match, make_user

pytestmark = [pytest.mark.services, pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
MOVES = 50
LINES = 50
# When each page first showed each board version and each chat line (the page's own clock).
RECORD = """
window.__seen = {}; window.__said = {};
new MutationObserver(function () {
  var b = document.getElementById("match-board");
  if (b) { var v = b.getAttribute("data-match-version"); if (!(v in window.__seen)) window.__seen[v] = Date.now(); }
  document.querySelectorAll("#chat-log li .said").forEach(function (e) {
    if (!(e.textContent in window.__said)) window.__said[e.textContent] = Date.now();
  });
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-match-version"]});
"""
CLICK = """() => {
  var el = document.querySelector("#match-board[data-my-turn] [data-action]");
  if (!el) return null;
  var t = Date.now();
  if (el.click) el.click(); else el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
  return t;
}"""


def p95(values):
    values = sorted(values)
    return values[min(len(values) - 1, int(0.95 * len(values)))]


def version(page) -> int:
    return int(page.locator("#match-board").get_attribute("data-match-version"))


def test_two_players_and_a_spectator_on_the_production_stack(chromium, live_stack):
    hen_user, rooster_user = make_user("hen"), make_user("rooster")
    match = human_match(hen_user, rooster_user)
    url = match.get_absolute_url()
    seat = {"hen": match.seat_of(hen_user), "rooster": match.seat_of(rooster_user)}
    contexts = []

    def open_page(name=None):
        context = chromium.new_context(base_url=live_stack.url, viewport=PHONE, ignore_https_errors=True)
        context.add_init_script(RECORD)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15000)
        page.errors = []
        page.on("pageerror", lambda exc: page.errors.append(str(exc)))
        if name:
            log_in(page, name)
        return page

    try:
        hen, spectator = open_page("hen"), open_page()
        for page in (hen, spectator):
            page.goto(url)
            page.wait_for_selector("html[data-live=on]", timeout=10000)

        # Rooster opens the match: his dot lights on the others' screens.
        rooster = open_page("rooster")
        opened = time.monotonic()
        rooster.goto(url)
        lit = f'#head-clocks [data-seat="{seat["rooster"]}"][data-online="true"]'
        hen.wait_for_selector(lit, timeout=2000)
        spectator.wait_for_selector(lit, timeout=2000)
        dot_on = time.monotonic() - opened
        rooster.wait_for_selector("html[data-live=on]", timeout=10000)

        # While the streams are up, no periodic request leaves the watching pages.
        asked = []
        for page in (hen, rooster, spectator):
            page.on("request", lambda r: r.method == "GET" and ("/board/" in r.url or "/chat/" in r.url) and asked.append(r.url))
        hen.wait_for_timeout(4500)  # longer than the poll's period
        assert asked == [], "a periodic request went out while the stream was up"

        # 50 moves, each by whoever is to act, timed to the other two screens.
        pages = {"hen": hen, "rooster": rooster, "spectator": spectator}
        move_ms = []
        for _ in range(MOVES):
            now = version(hen)
            for page in pages.values():
                page.wait_for_selector(f'#match-board[data-match-version="{now}"]')
            mover = next((n for n in ("hen", "rooster") if pages[n].locator("#match-board[data-my-turn] [data-action]").count()), None)
            assert mover, "nobody could move"
            clicked = pages[mover].evaluate(CLICK)
            for name, page in pages.items():
                page.wait_for_selector(f'#match-board[data-match-version="{now + 1}"]', timeout=10000)
                if name != mover:
                    move_ms.append(page.evaluate(f"window.__seen['{now + 1}']") - clicked)
            if hen.locator("#match-board[data-status=active]").count() == 0:
                break
        assert len(move_ms) >= 2 * 10, "the match ended too soon to time its moves"
        board_gets = [u for u in asked if "/board/" in u]
        assert len(board_gets) <= 3 * len(move_ms), "more board requests than the moves ask for"

        # Chat lines from Hen, through the API, timed to Rooster's open chat.
        rooster.click("#chat-link")  # the chat open on his screen
        token = Token.objects.create(user=hen_user).key
        chat_ms = []
        with live_stack.client(token) as api:
            for n in range(LINES):
                text = f"line {n} from the hen"
                started = time.time() * 1000
                assert api.post(f"/api/matches/{match.pk}/chat/", json={"text": text}).status_code == 201
                rooster.wait_for_selector(f"#chat-log li .said:text-is('{text}')", timeout=10000)
                chat_ms.append(rooster.evaluate("t => window.__said[t]", text) - started)

        # Rooster closes the match: his dot goes out on the others' screens.
        closed = time.monotonic()
        contexts.remove(rooster.context)
        rooster.context.close()
        out = f'#head-clocks [data-seat="{seat["rooster"]}"][data-online="false"]'
        hen.wait_for_selector(out, timeout=10000)
        spectator.wait_for_selector(out, timeout=10000)
        dot_off = time.monotonic() - closed

        # The spectator's events path blocked (a proxy in the way): a move still shows, by the poll.
        spectator.context.route("**/events/**", lambda route: route.abort())
        spectator.reload()
        spectator.wait_for_selector("html[data-live=off]")
        match.refresh_from_db()
        before = match.version
        mover_user = hen_user if match.seat_of(hen_user) in match.to_act else rooster_user
        from tests.production.live_stack import act

        with live_stack.client(Token.objects.get_or_create(user=mover_user)[0].key) as api:
            moved = time.monotonic()
            act(api, match.pk)
        spectator.wait_for_selector(f'#match-board[data-match-version="{before + 1}"]', timeout=5000)
        polled = time.monotonic() - moved

        assert hen.errors == [] and spectator.errors == []
        print(f"\nmoves: p95 {p95(move_ms):.0f} ms, max {max(move_ms):.0f} ms over {len(move_ms)} (move, screen) pairs; "
              f"chat lines: p95 {p95(chat_ms):.0f} ms, max {max(chat_ms):.0f} ms over {len(chat_ms)}; "
              f"dot on {dot_on:.2f} s, off {dot_off:.2f} s; a move with the events path blocked {polled:.2f} s")
    finally:
        for context in contexts:
            context.close()
