"""No stale prompt after an action: a poll that left before the click cannot bring back the board
of the decision already taken. The poll is held in the network until the action is on its way,
then answered with the old board; the page must show the action's answer at once, not at the
next poll."""

import pytest

from games.lobby import tables
from games.play import visibility, services
from games.models import Match
from tests.browser.people import log_in
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_poll_in_flight_never_replaces_the_answer_to_an_action(new_page):
    ann, bob = make_user("ann"), make_user("bob")
    match = tables.create_match(ann, "chickenrun", 2)
    tables.join_match(bob, match)
    match = Match.objects.get(pk=match.pk)
    while 1 in match.to_act:  # ann moves next
        services.submit_action(match.pk, bob, visibility.game_view(match, 1)[1][0], match.version)
        match = Match.objects.get(pk=match.pk)
    page = new_page()
    log_in(page, "ann")
    page.route("**/events/**", lambda route: route.fulfill(status=204))  # no live stream: the page polls
    page.goto(match.get_absolute_url())
    page.wait_for_selector("#match-board[data-my-turn]")
    before = page.locator("#match-board").get_attribute("data-version")
    old_board = page.request.get(f"/matches/{match.pk}/board/").text()  # the board of this decision

    polls, acts = [], []

    def poll(route):  # hold the first poll; later ones find nothing new, so only the action's answer can move the page
        if polls:
            route.fulfill(status=304)
        else:
            polls.append(route)

    page.route("**/board/**", poll)
    page.route("**/act/", lambda route: acts.append(route))
    for _ in range(60):  # the page polls every 4 s: hold the next one
        if polls:
            break
        page.wait_for_timeout(100)
    assert polls, "the page did not poll"
    page.locator("#match-board [data-action]").first.click()
    for _ in range(50):
        if acts:
            break
        page.wait_for_timeout(100)
    assert acts, "the click sent no action"
    try:  # the poll answers first, with the board from before the click
        polls[0].fulfill(status=200, content_type="text/html; charset=utf-8", body=old_board)
    except Exception:  # the page had already aborted it: nothing to answer
        pass
    page.wait_for_timeout(300)
    with page.expect_response("**/act/"):
        acts[0].continue_()
    page.wait_for_function(
        "v => { const b = document.getElementById('match-board'); return b && !b.dataset.busy && b.dataset.version !== v; }",
        arg=before, timeout=3000)
    match.refresh_from_db()
    assert page.locator("#match-board").get_attribute("data-version") == str(match.version)
    assert int(before) < match.version
    assert page.console_errors == []
