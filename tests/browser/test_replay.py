"""Someone watches the replay of a long finished match: the buttons, the arrow keys, the go-to
box and the slider each bring one position without reloading the page, the address follows
(?v=), and going back and forth in the browser's history rebuilds the whole page."""

import re

import pytest

from games.models import Match
from tests.longmatch import long_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def shown(page) -> int:
    return int(page.locator("#replay-position").get_attribute("data-version"))


def wait_for(page, v: int) -> None:
    """Until position v is shown and settled: the script has set the slider and the box and
    told screen readers (the announcement comes last)."""
    page.wait_for_function("v => { const p = document.getElementById('replay-position');"
                           " return p && p.dataset.version === String(v); }", arg=v)
    page.wait_for_function("v => document.getElementById('replay-announce').textContent"
                           ".startsWith('Position ' + v + ' of')", arg=v)
    page.wait_for_url(re.compile(rf"\?v={v}$"))


def test_stepping_jumping_and_dragging_through_a_long_replay(new_page):
    match = long_match("chickenrun", 1200, seed=8)
    last = match.version
    lines = {t.version: t.text for t in match.turns.all()}
    page = new_page()
    page.goto(f"/matches/{match.pk}/")
    page.goto(f"/matches/{match.pk}/replay/?v=10")
    page.evaluate("window.sameDocument = true")  # gone if anything reloads the page

    page.click("#replay-next")
    wait_for(page, 11)
    assert page.locator("#replay-step").inner_text() == lines[11]
    assert page.locator("#replay-where").inner_text() == f"Position 11 of {last}"
    assert page.locator("#replay-slider").input_value() == "11" and page.locator("#replay-jump").input_value() == "11"
    assert page.evaluate("document.activeElement.id") == "replay-next"  # the focus stays on the button
    page.click("#replay-previous")
    wait_for(page, 10)
    page.click("#replay-previous")
    wait_for(page, 9)
    page.click("#replay-first")
    wait_for(page, 0)
    assert page.locator("#replay-previous").get_attribute("href") is None  # nothing before the start

    page.click("h1")  # the arrow keys step when no field has the focus
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    wait_for(page, 3)
    page.keyboard.press("ArrowLeft")
    wait_for(page, 2)

    page.fill("#replay-jump", "750")
    page.press("#replay-jump", "Enter")
    wait_for(page, 750)
    assert page.locator("#replay-step").inner_text() == lines[750]
    assert page.locator("#replay-slider").input_value() == "750"
    page.keyboard.press("ArrowRight")  # in the box the arrows are the box's: no step
    page.wait_for_timeout(300)
    assert shown(page) == 750

    box = page.locator("#replay-slider").bounding_box()
    y = box["y"] + box["height"] / 2
    page.mouse.move(box["x"] + box["width"] * 0.2, y)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] * 0.5, y, steps=8)
    page.mouse.move(box["x"] + box["width"] * 0.25, y, steps=8)
    page.mouse.up()
    dragged = int(page.locator("#replay-slider").input_value())
    assert abs(dragged - last / 4) < last / 10
    wait_for(page, dragged)
    assert page.locator("#replay-jump").input_value() == str(dragged)
    page.keyboard.press("ArrowRight")  # the slider has the focus: it moves itself by one
    wait_for(page, dragged + 1)

    page.click("#replay-last")
    wait_for(page, last)
    assert page.locator("#replay-next").get_attribute("href") is None
    assert page.evaluate("window.sameDocument") is True
    assert len(page.content().encode()) < 60 * 1024

    page.go_back()  # each step replaced the address: back is the match page
    page.wait_for_url(re.compile(rf"/matches/{match.pk}/$"))
    page.go_forward()  # and forward is the whole replay page again, at the last position seen
    page.wait_for_url(re.compile(rf"\?v={last}$"))
    page.wait_for_selector("#replay-nav")
    assert page.locator("h1").count() == 1 and shown(page) == last
    assert Match.objects.get(pk=match.pk).status == Match.Status.FINISHED
    assert page.console_errors == [], page.console_errors
