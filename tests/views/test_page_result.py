"""A finished match says how it ended in one sentence that reads well for whoever reads it, and
no part of the page still talks about turns or clocks."""

from types import SimpleNamespace

import pytest

from games.lobby import tables
from games.play import services, site_actions
from games.models import Match
from games.templatetags.page_tags import result_text
from tests.factories import make_user


def seat(index, name, forfeited=False, timed_out=0):
    return SimpleNamespace(index=index, display_name=name, forfeited=forfeited, timed_out=timed_out, bot="", user_id=index + 1)


def match(winners, losers, mode=None, status="finished", variants=()):
    options = {"mode": mode} if mode else {}
    if variants:
        options["variants"] = list(variants)
    return SimpleNamespace(status=status, outcome={"winners": winners, "losers": losers, "reason": "x"}, options=options)


ANN, BOB, CY, DI = seat(0, "ann"), seat(1, "bob"), seat(2, "cy"), seat(3, "di")
TEAMS = ("teams",)


@pytest.mark.parametrize(
    "m,seats,viewer,text",
    [
        (match([0], [1]), [ANN, BOB], 0, "Game over: you won!"),
        (match([0], [1]), [ANN, BOB], 1, "Game over: ann won; you lost."),
        (match([0], [1]), [ANN, BOB], None, "Game over: ann won."),
        (match([0, 2], [1]), [ANN, BOB, CY], 0, "Game over: you won, together with cy!"),
        (match([0, 2], [1]), [ANN, BOB, CY], 1, "Game over: ann and cy won together; you lost."),
        (match([], [0, 1]), [ANN, BOB], 0, "Game over: a draw, nobody won."),
        (match([0], [1]), [ANN, seat(1, "bob", forfeited=True)], 0, "Game over: bob resigned, so you won!"),
        (match([0], [1]), [ANN, seat(1, "bob", forfeited=True)], 1, "Game over: you resigned, so ann won."),
        (match([0], [1]), [ANN, seat(1, "bob", forfeited=True)], None, "Game over: bob resigned, so ann won."),
        (match([0], [1]), [ANN, seat(1, "bob", True, 1)], 0, "Game over: bob ran out of time, so you won!"),
        (match([0], [1]), [ANN, seat(1, "bob", True, 1)], 1, "Game over: you ran out of time, so ann won."),
        (match([0], [1], "solo"), [ANN, BOB], 0, "Game over: you beat the Challenger!"),
        (match([1], [0], "solo"), [ANN, BOB], 0, "Game over: the Challenger won this time."),
        (match([1], [0], "solo"), [ANN, BOB], None, "Game over: the Challenger beat ann."),
        (match([], [], status="abandoned"), [ANN, BOB], 0, "Game over: this match was abandoned."),
        (match([0, 2], [1, 3], variants=TEAMS), [ANN, BOB, CY, DI], 2, "Game over: your team won, with ann!"),
        (match([0, 2], [1, 3], variants=TEAMS), [ANN, BOB, CY, DI], 3,
         "Game over: the team of ann and cy won; your team lost."),
        (match([0, 2], [1, 3], variants=TEAMS), [ANN, BOB, CY, DI], None, "Game over: the team of ann and cy won."),
    ],
)
def test_every_ending_reads_as_one_sentence(m, seats, viewer, text):
    assert result_text(m, seats, viewer) == text


# What a board says about whose turn it is and what they are doing; none of it belongs on a
# finished match's page.
TURN_MARKERS = {
    "wfci": ['class="wf-status"'],
    "chickenrun": [" acts: ", "movement point"],
    "chickendie": ["their turn", 'aria-current="step"', "cd-seat turn", "— deciding"],
    "barnyard": ["by-side acting"],
}


@pytest.mark.django_db
@pytest.mark.parametrize("game", sorted(TURN_MARKERS))
def test_a_resigned_match_shows_the_result_not_the_turn_or_the_clock(client, game):
    ann, bob = make_user("ann"), make_user("bob")
    m = tables.create_match(ann, game, 2)
    tables.join_match(bob, m)
    m = Match.objects.get(pk=m.pk)
    client.force_login(ann)
    live = client.get(m.get_absolute_url()).content.decode()
    assert any(marker in live for marker in TURN_MARKERS[game]), "the live page shows whose turn it is"
    services.submit_action(m.pk, bob, {"type": site_actions.RESIGN}, m.version)
    page = client.get(m.get_absolute_url()).content.decode()
    assert "bob resigned, so you won!" in page
    assert "to move" not in page and 'class="clock' not in page and "Waiting for" not in page
    assert "Leave this match" not in page and "Yes, I resign" not in page and "data-action=" not in page
    assert [marker for marker in TURN_MARKERS[game] if marker in page] == []
