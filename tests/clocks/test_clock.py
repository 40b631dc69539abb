"""Clock arithmetic: running time, deadlines, weekends, vacations, Fischer banks."""

from datetime import datetime, timedelta, timezone

from games.clocks import controls as C

UTC = timezone.utc
MON = datetime(2026, 11, 16, 9, 0, tzinfo=UTC)  # a Monday
FRI = MON + timedelta(days=4)  # Friday 09:00
SAT = datetime(2026, 11, 21, 0, 0, tzinfo=UTC)
NEXT_MON = datetime(2026, 11, 23, 0, 0, tzinfo=UTC)


def test_running_time_without_pauses():
    assert C.running_seconds(MON, MON + timedelta(hours=5)) == 5 * 3600


def test_weekend_pause_stops_the_clock():
    # Friday 09:00 to next Monday 09:00: 15 h on Friday + 9 h on Monday.
    end = NEXT_MON + timedelta(hours=9)
    assert C.running_seconds(FRI, end, weekend_pause=True) == 24 * 3600
    assert C.running_seconds(FRI, end, weekend_pause=False) == 72 * 3600


def test_deadline_skips_the_weekend():
    # One day from Friday 09:00 with weekends off ends Monday 09:00.
    assert C.deadline_after(FRI, C.DAY, weekend_pause=True) == NEXT_MON + timedelta(hours=9)
    assert C.deadline_after(FRI, C.DAY) == FRI + timedelta(days=1)


def test_a_move_started_during_the_weekend_waits_for_monday():
    assert C.deadline_after(SAT + timedelta(hours=3), 3600, weekend_pause=True) == NEXT_MON + timedelta(hours=1)


def test_vacations_pause_and_an_open_vacation_freezes():
    vacation = C.Pause(MON + timedelta(hours=2), MON + timedelta(hours=26))
    assert C.running_seconds(MON, MON + timedelta(hours=30), vacations=[vacation]) == 6 * 3600
    assert C.deadline_after(MON, 3 * 3600, vacations=[vacation]) == MON + timedelta(hours=27)
    running = C.Pause(MON + timedelta(hours=1), None)
    assert C.deadline_after(MON, 3 * 3600, vacations=[running]) is None
    assert C.running_seconds(MON, MON + timedelta(days=9), vacations=[running]) == 3600


def test_overlapping_vacation_and_weekend_are_merged():
    vacation = C.Pause(FRI, SAT + timedelta(hours=12))
    # From Friday 09:00: paused until Monday 00:00, then 2 h.
    assert C.deadline_after(FRI, 7200, weekend_pause=True, vacations=[vacation]) == NEXT_MON + timedelta(hours=2)


def test_fischer_bank_spends_adds_and_caps():
    standard = C.CLOCKS["standard"]
    assert C.turn_budget(standard, None) == 3 * C.DAY
    assert C.bank_after_move(standard, 3 * C.DAY, 2 * C.DAY) == 2 * C.DAY
    assert C.bank_after_move(standard, 7 * C.DAY, 60) == 7 * C.DAY  # capped
    assert C.bank_after_move(standard, C.DAY, 5 * C.DAY) == C.DAY  # overdrawn: only the increment


def test_every_kind_is_offered():
    assert C.CLOCKS["fast"] == {"kind": "fischer", "initial": C.DAY, "increment": 4 * C.HOUR, "cap": 3 * C.DAY}
    assert [C.CLOCKS[f"{n}d"]["days"] for n in (1, 2, 3, 5, 7, 10, 14)] == [1, 2, 3, 5, 7, 10, 14]
    assert C.turn_budget(C.CLOCKS["none"], None) is None
