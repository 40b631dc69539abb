"""Every kind of page on a 360x780 and a 390x844 phone: nothing wider than the window (no
sideways scroll of the page, no box that scrolls or cuts its content sideways, every fold
opened), every entry of the site's menu reachable through the menu button with the unread count
on it, and on the pages of matches in progress every seat's clock in view, uncut, with a ▶ on
whoever must move.

The visitor is logged in and has a match of each game in progress and one finished, a rated
human match (ratings, leaderboards), notices, an open match of someone else's in the lobby;
the account pages are opened logged out.
"""

import random

import pytest
from django.utils import timezone

import engine
from games.lobby import tables
from games.play import services, site_actions
from games.clocks import seat_clocks
from games.chat import store as chat
from games.models import Achievement, Match, Tournament
from games.tournaments import services as tournaments
from tests.browser.people import log_in
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONES = [{"width": 360, "height": 780}, {"width": 390, "height": 844}]
GAMES = ("wfci", "chickenrun", "chickendie", "barnyard")
BOTS = {"wfci": "skirmisher", "chickenrun": "sensible", "chickendie": "smallholder", "barnyard": "general"}

# What sticks out: the page's own sideways scroll, boxes that scroll sideways or clip what they
# hold, and any shown element whose box leaves the window on the right or the left.
WIDE = """() => {
  const out = [];
  const doc = document.documentElement;
  const over = Math.max(doc.scrollWidth, document.body.scrollWidth) - innerWidth;
  if (over > 0) out.push(`page: ${over} px of sideways scroll`);
  const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  document.querySelectorAll('details').forEach(d => { d.open = true; });
  for (const el of document.querySelectorAll('body *')) {
    if (el.ownerSVGElement || !el.getClientRects().length) continue;
    if (el.parentElement.closest('.cross-wrap')) continue;  // inside the box that scrolls
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || el.closest('.sr-only, [hidden]')) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue;
    if (['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1
        && !(style.textOverflow === 'ellipsis') && !el.classList.contains('cross-wrap')) {  // a cup's cross table scrolls in its box
      out.push(`${name(el)}: holds ${el.scrollWidth} px in ${el.clientWidth} px`);
    }
    if (r.right > innerWidth + 1 || r.left < -1) out.push(`${name(el)}: from ${Math.round(r.left)} to ${Math.round(r.right)} px`);
  }
  return out;
}"""


def finish_with_bots(match, user, moves=6):
    """A few moves of the person's seat played by the game's bot, then a resignation."""
    game = engine.get_game(match.game)
    for _ in range(moves):
        match = Match.objects.get(pk=match.pk)
        if match.status != Match.Status.ACTIVE:
            return
        if 0 in match.to_act:
            state = game.deserialize(match.state)
            services.submit_action(match.pk, user, game.bot_action(state, 0, game.seat_bots()[0]), match.version)
        else:
            services.play_bot_turns(match.pk)
    match = Match.objects.get(pk=match.pk)
    if match.status == Match.Status.ACTIVE:
        services.submit_action(match.pk, user, {"type": site_actions.RESIGN}, match.version)


def a_world():
    """The visitor ann and everything her pages show."""
    ann, bob, cat = make_user("ann"), make_user("bob"), make_user("cat")
    active, finished = {}, {}
    for slug in GAMES:
        players = 4 if slug == "chickendie" else 3 if slug in ("barnyard", "wfci") else 2
        bots = {s: BOTS[slug] for s in range(1, players)}
        active[slug] = tables.create_match(ann, slug, players, bots=bots)
        done = tables.create_match(ann, slug, players, bots=bots)
        finish_with_bots(done, ann)
        finished[slug] = done
    solo = tables.create_match(ann, "wfci", 2, options={"mode": "solo"})
    active["solo"] = solo
    rated = tables.create_match(bob, "chickenrun", 2, rated=True)
    tables.join_match(ann, rated)
    rated = Match.objects.get(pk=rated.pk)
    services.submit_action(rated.pk, bob, {"type": site_actions.RESIGN}, rated.version)  # ratings, notices
    tables.create_match(cat, "barnyard", 3, pace="live")  # an open Live table in the lobby, its pace and host marked
    clocked = tables.create_match(ann, "chickenrun", 2)  # people only: the clocks run
    tables.join_match(bob, clocked)
    active["people"] = Match.objects.get(pk=clocked.pk)
    # the table: a long chat line and a ready phrase, bob's watchable match, an achievement
    chat.post(clocked, bob, text="Good luck! " + "averyveryverylongwordwithoutanyspace" * 3)
    chat.post(clocked, ann, phrase="busy")
    tables.join_match(ann, tables.create_match(bob, "chickendie", 2))
    Achievement.objects.create(user=ann, game="chickenrun", code="chickenrun.trample", match=finished["chickenrun"],
                               earned_at=timezone.now())
    invite = tables.create_match(bob, "chickendie", 2, private=True)
    # a running cup of 5 (its cross table, ten matches) and its rows in the lobby and My matches
    cup = tournaments.create(bob, game="chickenrun", format="cup", seats=2, entrants=5, name="Hen cup")
    for person in (ann, bob, cat, make_user("dan"), make_user("averyveryverylongname")):
        tournaments.join(person, Tournament.objects.get(pk=cup.pk))
    active["cup"] = cup
    return ann, active, finished, invite


def page_kinds(active, finished, invite):
    paths = ["/", "/?game=barnyard", "/?pace=live", "/matches/new/", "/matches/mine/", "/notifications/", "/accounts/profile/",
             "/accounts/players/ann/", "/accounts/players/bob/", "/accounts/password-change/",
             f"/invite/{invite.invite_token}/"]
    for slug in GAMES:
        paths += [f"/matches/new/?game={slug}", f"/leaderboard/{slug}/", f"/games/{slug}/rules/",
                  f"/matches/{active[slug].pk}/", f"/matches/{finished[slug].pk}/", f"/matches/{finished[slug].pk}/replay/",
                  f"/matches/{finished[slug].pk}/replay/?v=1"]
    paths += [f"/matches/{active['solo'].pk}/", f"/matches/{active['people'].pk}/"]
    paths += ["/tournaments/", "/tournaments/new/", f"/tournaments/{active['cup'].pk}/"]
    return paths


ACCOUNT_PAGES = ["/accounts/login/", "/accounts/signup/", "/accounts/password-reset/", "/accounts/password-reset/sent/"]


# Every seat's chip in the match head: in the window, its clock not cut, the ▶ where it belongs.
CLOCKS = """() => {
  const chips = [...document.querySelectorAll('#head-clocks li')];
  return chips.map(li => {
    const r = li.getBoundingClientRect(), clock = li.querySelector('.clock');
    const c = clock ? clock.getBoundingClientRect() : null;
    return {inView: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth,
            clockWhole: !c || (c.left >= r.left && c.right <= r.right + .5 && clock.scrollWidth <= clock.clientWidth + 1),
            clock: clock ? clock.textContent.trim() : '', now: li.classList.contains('now'),
            arrow: getComputedStyle(li, '::before').content};
  });
}"""

MENU = ["Lobby", "Tournaments", "New match", "Notifications", "ann", "Settings", "Log out", "Français"]


def check_menu(page, size) -> list[str]:
    """The menu button carries the unread count and opens every entry, each in the window."""
    problems = []
    button = page.locator("#menu-button")
    if not button.locator(".badge").is_visible():
        problems.append(f"{size}: no unread count on the menu button")
    button.click()
    if button.get_attribute("aria-expanded") != "true":
        problems.append(f"{size}: the menu button does not say it is open")
    for entry in MENU:
        el = page.locator("#site-nav > a, #site-nav button").filter(has_text=entry).first
        box = el.bounding_box() if el.is_visible() else None
        if box is None or box["x"] < 0 or box["y"] < 0 or box["x"] + box["width"] > page.viewport_size["width"] \
                or box["y"] + box["height"] > page.viewport_size["height"]:
            problems.append(f"{size}: menu entry {entry} out of reach ({box})")
    page.keyboard.press("Escape")
    if page.locator("#site-nav").is_visible():
        problems.append(f"{size}: Escape leaves the menu open")
    return problems


def check_clocks(page, size, match) -> list[str]:
    """Matches against bots only have no clock (seat_clocks.has_clock), and a clock of so much a
    move shows only while it runs: every chip still shows its seat and whose turn it is."""
    chips = page.evaluate(CLOCKS)
    problems = [] if len(chips) == match.players else [f"{size} {match.pk}: {len(chips)} clock chips"]
    for seat, chip in enumerate(chips):
        if not chip["inView"] or not chip["clockWhole"] or (seat_clocks.has_clock(match) and seat in match.to_act and not chip["clock"]):
            problems.append(f"{size} match {match.pk} seat {seat}: clock {chip}")
        if chip["now"] != (seat in match.to_act) or (chip["now"] and "\u25b6" not in chip["arrow"]):
            problems.append(f"{size} match {match.pk} seat {seat}: whose turn {chip}")
    return problems


def test_every_page_fits_a_phone(new_page):
    ann, active, finished, invite = a_world()
    problems = []
    pages = {}
    for phone in PHONES:  # the menu first: the notifications page reads the unread notices
        size = f"{phone['width']}x{phone['height']}"
        pages[size] = page = new_page(viewport=phone)
        for path in ACCOUNT_PAGES:
            page.goto(path)
            problems += [f"{size} {path} {p}" for p in page.evaluate(WIDE)]
        log_in(page, "ann")
        problems += check_menu(page, size)
    for size, page in pages.items():
        for match in (m for m in active.values() if isinstance(m, Match)):
            page.goto(match.get_absolute_url())
            problems += check_clocks(page, size, Match.objects.get(pk=match.pk))
        for path in page_kinds(active, finished, invite):
            page.goto(path)
            problems += [f"{size} {path} {p}" for p in page.evaluate(WIDE)]
    assert problems == [], "\n".join(problems)
    assert [e for page in pages.values() for e in page.console_errors] == []
