"""A table's pace: the default from its clock, the clocks each pace takes, quick match by pace,
rematches keeping it, and the lobby's form refusing what does not fit."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.clocks import controls as C
from games.forms import NewMatchForm, QuickMatchForm
from games.lobby import pace, quick, tables
from games.models import Match, Pace, QueueEntry
from games.play import services, site_actions
from games.refusals import ServiceError
from tests.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    ("clock", "expected"),
    [("1d", "fast"), ("fast", "fast"), ("2d", "slow"), ("14d", "slow"), ("standard", "slow"),
     ("relaxed", "slow"), ("none", "slow")],
)
def test_default_pace_comes_from_the_clock(clock, expected):
    assert pace.default_pace(clock) == expected


@given(st.sampled_from(list(C.CLOCKS)))
def test_every_clock_defaults_to_a_pace_that_takes_it_and_never_to_live(clock):
    chosen = pace.default_pace(clock)
    assert chosen != Pace.LIVE
    assert clock in pace.CLOCKS[chosen]
    assert pace.choose(clock, None) == (clock, chosen)


def test_each_pace_has_a_usual_clock_it_takes_and_a_meaning():
    for p in Pace:
        assert pace.USUAL_CLOCK[p] in pace.CLOCKS[p]
        assert pace.choose(None, p.value) == (pace.USUAL_CLOCK[p], p.value)
        assert str(pace.MEANINGS[p]).endswith(".")
    assert pace.choose(None, None) == (C.DEFAULT_CLOCK, "slow")  # as before paces: standard, slow


def test_a_live_table_refuses_a_long_clock_and_an_unknown_pace_is_refused():
    ann = make_user("ann")
    with pytest.raises(ServiceError, match="only the Fast clock, 1 day per move or no clock"):
        tables.create_match(ann, "chickenrun", 2, clock="14d", pace="live")
    with pytest.raises(ServiceError, match="Unknown pace"):
        tables.create_match(ann, "chickenrun", 2, pace="quick")
    with pytest.raises(ServiceError):
        tables.create_match(ann, "chickenrun", 2, clock="relaxed", pace="fast")
    assert not Match.objects.exists()


def test_create_match_stores_the_pace_given_or_the_clocks():
    ann = make_user("ann")
    live = tables.create_match(ann, "chickenrun", 2, pace="live")
    assert (live.pace, live.time_control) == ("live", "1d")
    by_clock = tables.create_match(ann, "chickenrun", 2, clock="1d")
    assert by_clock.pace == "fast"
    plain = tables.create_match(ann, "chickenrun", 2)
    assert (plain.pace, plain.time_control) == ("slow", "standard")


def test_quick_match_pairs_only_the_same_pace_and_the_match_gets_it():
    a, b, c = make_user("a"), make_user("b"), make_user("c")
    assert quick.enqueue(a, "race", "1d", pace="live") is None
    assert quick.enqueue(b, "race", "1d", pace="fast") is None  # same clock, another pace
    assert QueueEntry.objects.count() == 2
    match = quick.enqueue(c, "race", "1d", pace="live")
    assert match is not None and match.pace == "live" and match.time_control == "1d"
    assert {s.user for s in match.seats.all()} == {a, c}
    assert list(QueueEntry.objects.values_list("user__username", "pace")) == [("b", "fast")]


def test_quick_match_pace_defaults_from_the_clock_and_one_player_may_wait_at_two_paces():
    a, b = make_user("a"), make_user("b")
    quick.enqueue(a, "race", "1d", pace="live")
    quick.enqueue(a, "race", "1d")  # fast, from the clock: a second entry, not a replacement
    assert sorted(QueueEntry.objects.values_list("pace", flat=True)) == ["fast", "live"]
    match = quick.enqueue(b, "race", "1d")
    assert match is not None and match.pace == "fast"
    with pytest.raises(ServiceError):
        quick.enqueue(b, "race", "7d", pace="live")


def test_a_rematch_keeps_the_pace():
    ann, bob = make_user("ann"), make_user("bob")
    m = tables.create_match(ann, "chickenrun", 2, pace="live", clock="fast")
    tables.join_match(bob, m)
    m = Match.objects.get(pk=m.pk)
    services.submit_action(m.pk, bob, {"type": site_actions.RESIGN}, m.version)
    again = tables.rematch(ann, m.pk)
    assert (again.pace, again.time_control) == ("live", "fast")


def test_the_form_takes_a_pace_and_refuses_one_that_does_not_exist():
    form = NewMatchForm({"game": "chickenrun", "players": "2", "pace": "live"})
    assert form.is_valid(), form.errors
    args = form.match_arguments()
    assert (args["pace"], args["clock"]) == ("live", None)
    blank = NewMatchForm({"game": "chickenrun", "players": "2"})
    assert blank.is_valid() and (blank.match_arguments()["pace"], blank.match_arguments()["clock"]) == (None, None)
    assert not NewMatchForm({"game": "chickenrun", "players": "2", "pace": "turbo"}).is_valid()
    assert not QuickMatchForm({"game": "race", "players": "2", "clock": "1d", "pace": "turbo"}).is_valid()


def test_the_forms_say_what_each_pace_means():
    for form in (NewMatchForm(), QuickMatchForm()):
        html = str(form["pace"])
        assert "Everyone is at the table now: moves come within minutes." in html
        assert "Several moves a day." in html and "A move a day or so." in html
