"""The pages work under the site's Content-Security-Policy (scripts from the site's own files,
never inline): no violation is reported on the lobby, a match page, the replay or the settings
page, and the invite link still selects itself when clicked."""

import pytest

from games.lobby import tables
from games.play import services, site_actions
from games.models import Match
from tests.browser.people import log_in
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Added through the DevTools protocol before any page script: the policy does not apply to it.
LISTEN = """document.addEventListener('securitypolicyviolation', e => {
  window.cspViolations = window.cspViolations || [];
  window.cspViolations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber);
});"""


def violations(page, path: str) -> list[str]:
    response = page.goto(path)
    assert "script-src 'self'" in response.headers.get("content-security-policy", ""), path
    page.wait_for_load_state("networkidle")
    found = page.evaluate("window.cspViolations || []")
    refused = [e for e in page.console_errors if "Content Security Policy" in e]
    page.console_errors.clear()
    return found + refused


def test_no_policy_violation_on_the_main_pages(new_page):
    ann, bob = make_user("ann"), make_user("bob")
    waiting = tables.create_match(ann, "chickenrun", 2, private=True)
    solo = tables.create_match(ann, "wfci", 2, options={"mode": "solo"})
    done = tables.create_match(ann, "chickenrun", 2)
    tables.join_match(bob, done)
    done = Match.objects.get(pk=done.pk)
    services.submit_action(done.pk, bob, {"type": site_actions.RESIGN}, done.version)
    paths = ["/", waiting.get_absolute_url(), solo.get_absolute_url(), done.get_absolute_url(),
             f"/matches/{done.pk}/replay/", "/accounts/profile/"]

    page = new_page()
    page.context.add_init_script(LISTEN)
    log_in(page, "ann")
    found = {path: violations(page, path) for path in paths}
    assert {p: v for p, v in found.items() if v} == {}

    page.goto(waiting.get_absolute_url())
    page.click("#invite-url")
    selected = page.evaluate("() => { const i = document.getElementById('invite-url'); return [i.selectionStart, i.selectionEnd, i.value.length]; }")
    assert selected[0] == 0 and selected[1] == selected[2] > 0, "the whole link is selected"
    assert page.console_errors == []
