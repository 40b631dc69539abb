"""The figures of docs/wfci-ui.md: taps and scrolling per own turn of War for Chicken Island,
played as a careful player would (the skirmisher bot chooses each of seat 0's actions, taken
as one composite choice where one covers its next steps), on a 390x844 phone and a 1366x900
desktop. Collected only with SCREEN_FIGURES=1 (see conftest.py):
it prints figures and asserts nothing about speed.

    SCREEN_FIGURES=1 .venv/bin/python -m pytest tests/browser/test_wfci_screen_figures.py -s
"""

import statistics
from collections import Counter

import pytest

import engine
from engine.wfci import composite, turn as wfci_turn
from games.lobby import tables
from games.models import Match
from tests.browser import screen
from tests.browser.people import log_in
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAME = engine.get_game("wfci")
OWN_TURNS = 12


def careful(state, seat):
    return GAME.bot_action(state, seat, "skirmisher")


@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}, {"width": 1366, "height": 900}],
                         ids=["phone", "desktop"])
def test_taps_and_scroll_per_own_turn(new_page, viewport):
    user = make_user("figures")
    page = new_page(viewport=viewport)
    log_in(page, "figures")
    match = tables.create_match(user, "wfci", 2, options={"mode": "solo"})
    page.goto(Match.objects.get(pk=match.pk).get_absolute_url())
    tally = screen.Tally()
    own_turn_of = None
    by_kind: Counter = Counter()  # taps per kind of decision, own turns only
    out_of_view: Counter = Counter()  # the choices not in view, per kind
    while len(tally.turns) <= OWN_TURNS and page.locator("#outcome").count() == 0:
        m = Match.objects.get(pk=match.pk)
        state = GAME.deserialize(m.state)
        if 0 not in GAME.to_act(state):
            page.reload()
            continue
        turn = state["stack"][0] if state["stack"] else None
        key = (state["round"], turn["seat"] if turn else None)
        if key[1] == 0 and key != own_turn_of:
            own_turn_of = key
            tally.start_turn()
        action = composite.fold(state, 0, careful, wfci_turn.apply_action, wfci_turn.atomic_legal)
        page.wait_for_function("v => document.getElementById('match-board').dataset.version === String(v)", arg=m.version)
        loc, i = screen.find(page, action)
        assert i is not None, f"no element for {action}"
        el = loc.nth(i)
        extra = screen.bring_out(page, el)
        measure = el.evaluate(screen.MEASURE)
        if key[1] == 0:
            tally.record(measure, extra)
            by_kind[decision_kind(state, action)] += 1 + extra
            out_of_view[decision_kind(state, action)] += not measure["inView"]
        else:
            tally.taps += 1
            tally.in_view += measure["inView"]
        screen.tap(page, el)
    turns = [t for t in tally.turns if t["taps"]][:OWN_TURNS]
    print(f"\nwfci solo {viewport['width']}x{viewport['height']}: {len(turns)} own turns, "
          f"median taps {statistics.median(t['taps'] for t in turns)}, "
          f"median scroll {statistics.median(t['scroll'] for t in turns)} px, "
          f"choice in view at {tally.in_view}/{tally.taps} taps ({tally.share():.0%})")
    print("taps per kind of decision: " + ", ".join(f"{k} {n}" for k, n in by_kind.most_common()))
    print("taps per own turn: " + " ".join(str(t["taps"]) for t in turns))
    print("not in view: " + ", ".join(f"{k} {n}" for k, n in out_of_view.most_common() if n))


def decision_kind(state, action) -> str:
    """What a tap decides, for the breakdown: the frame deciding and the action's type."""
    frame = state["stack"][-1]
    step = f":{frame['step']}" if frame["kind"] == "turn" else ""
    extra = "+" + "+".join(k for k in ("again", "faces", "what", "pilots", "then", "target", "to") if k in action)
    return f"{frame['kind']}{step}/{action['type']}{extra if extra != '+' else ''}"
