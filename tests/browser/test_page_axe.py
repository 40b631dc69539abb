"""axe-core (vendored: tests/browser/vendor/axe.min.js, MPL-2.0) finds no serious or critical
accessibility violation on the lobby, the create form, each game's match page, the replay,
the settings page and the tournament pages."""

from pathlib import Path

import pytest

import engine
from games.lobby import tables
from games.play import services, site_actions
from games.models import Match, Tournament
from games.tournaments import services as tournaments
from tests.browser.people import log_in
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = (Path(__file__).parent / "vendor" / "axe.min.js").read_text()
RUN = """() => axe.run(document, {resultTypes: ['violations']}).then(r => r.violations
  .filter(v => v.impact === 'serious' || v.impact === 'critical')
  .map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')))"""


def violations(page, path: str) -> list[str]:
    page.goto(path)
    page.evaluate(AXE)  # through the DevTools protocol, so the site's script policy allows it
    return page.evaluate(RUN)


def test_no_serious_or_critical_violation(new_page):
    ann, bob = make_user("ann"), make_user("bob")
    paths = ["/", "/matches/new/", "/accounts/profile/"]
    for g in engine.all_games():
        options = {"mode": "solo"} if g.slug == "wfci" else {}
        bots = {} if g.slug == "wfci" else {s: g.seat_bots()[0] for s in range(1, 2)}
        paths.append(tables.create_match(ann, g.slug, 2, options=options, bots=bots).get_absolute_url())
    done = tables.create_match(ann, "chickenrun", 2)
    tables.join_match(bob, done)
    done = Match.objects.get(pk=done.pk)
    services.submit_action(done.pk, bob, {"type": site_actions.RESIGN}, done.version)
    paths += [done.get_absolute_url(), f"/matches/{done.pk}/replay/"]
    cup = tournaments.create(bob, game="chickenrun", format="cup", seats=2, entrants=3, name="Hen cup")
    for person in (ann, bob, make_user("cat")):
        tournaments.join(person, Tournament.objects.get(pk=cup.pk))
    paths += ["/tournaments/", "/tournaments/new/", cup.get_absolute_url()]
    page = new_page()
    log_in(page, "ann")
    found = {path: violations(page, path) for path in paths}
    assert {p: v for p, v in found.items() if v} == {}
