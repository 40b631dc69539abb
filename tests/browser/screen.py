"""What a player's thumb meets on a match page, measured in the browser at each decision.

Used by the game-screen tests (assertions) and by the figures run (`SCREEN_FIGURES=1`, numbers
for docs/wfci-ui.md). Everything is read from the page as a player's browser has it: an element
is "in view" when its centre lies inside the window and hit-tests to itself, so a choice under
a fixed bar or behind another element does not count.
"""

import json

WAIT_MOVED = (
    "v => { const b = document.getElementById('match-board'); return b && !b.dataset.busy && b.dataset.version !== v; }"
)

# Per choice: in view (centre inside the window, hit-testing to itself) and how far the page
# would have to scroll to bring it there (0 when in view).
MEASURE = """el => {
  const r = el.getBoundingClientRect();
  if (!r.width && !r.height) return {inView: false, scroll: 0, shown: false};
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  let inView = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
  if (inView) { const hit = document.elementFromPoint(x, y); inView = !!hit && hit.closest('[data-action]') === el; }
  let scroll = 0;
  if (!inView) { scroll = y < 0 ? -y + 60 : (y >= innerHeight ? y - innerHeight + 200 : 200); }
  return {inView, scroll: Math.round(scroll), shown: true};
}"""

# The page at this moment: horizontal overflow, what fixed or sticky parts cover, the board.
LAYOUT = """() => {
  const doc = document.documentElement;
  const overflow = Math.max(doc.scrollWidth, document.body.scrollWidth) - innerWidth;
  const pinned = el => { const p = getComputedStyle(el).position; return p === 'fixed' || p === 'sticky'; };
  let fixed = 0;
  for (const el of document.querySelectorAll('body *')) {
    if (!pinned(el)) continue;
    let outer = false;
    for (let p = el.parentElement; p && !outer; p = p.parentElement) outer = pinned(p);
    if (outer) continue;
    const r = el.getBoundingClientRect();
    const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
    const w = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
    fixed += w * h;
  }
  const board = document.querySelector('[data-board]');
  const top = board ? board.getBoundingClientRect().top + scrollY : null;
  return {overflow, fixed: fixed / (innerWidth * innerHeight), boardTop: top, scrollY};
}"""


def choices(page):
    """The page's choices: a locator over them and the actions they carry."""
    loc = page.locator("#match-board [data-action]")
    raw = loc.evaluate_all("els => els.map(e => e.getAttribute('data-action'))")
    return loc, [json.loads(r) for r in raw]


def find(page, action: dict):
    """The index of the element carrying `action` (compared as JSON), or None."""
    loc, actions = choices(page)
    for i, a in enumerate(actions):
        if a == action:
            return loc, i
    return loc, None


def bring_out(page, el) -> int:
    """A choice not shown yet: tap what shows it (its mode, its stack card, its tab). Returns
    how many taps that took; a page without modes, cards or tabs needs none."""
    extra = 0
    if not el.is_visible():
        mode = el.evaluate("e => { const m = e.closest('[data-mode]'); return m ? m.getAttribute('data-mode') : null; }")
        if mode and page.locator(f'[data-mode-pick="{mode}"]').count():
            page.locator(f'[data-mode-pick="{mode}"]').click()
            extra += 1
    if not el.is_visible():
        card = el.evaluate("e => (e.closest('.wf-stackcard') || {}).id || null")
        if card:
            page.locator(f'[data-card="{card}"]').click()
            extra += 1
    if not el.is_visible():
        pane = el.evaluate("e => (e.closest('[role=tabpanel]') || {}).id || null")
        if pane:
            page.locator(f'[aria-controls="{pane}"]').click()
            extra += 1
    return extra


def tap(page, el, position: dict | None = None) -> None:
    """Tap one choice (at `position` inside it, else its centre) and wait until the board shows
    the next version."""
    version = page.locator("#match-board").get_attribute("data-version")
    el.click(position=position) if position else el.click()
    page.wait_for_function(WAIT_MOVED, arg=version)


class Tally:
    """Taps and scrolling per own turn, and in view / layout over every decision."""

    def __init__(self):
        self.taps = self.in_view = 0
        self.turns: list[dict] = []
        self.current = None
        self.layout_failures: list[str] = []

    def start_turn(self):
        self.current = {"taps": 0, "scroll": 0}
        self.turns.append(self.current)

    def record(self, measure: dict, extra_taps: int = 0):
        if self.current is None:
            self.start_turn()
        self.taps += 1
        self.in_view += measure["inView"]
        self.current["taps"] += 1 + extra_taps
        self.current["scroll"] += measure["scroll"]

    def share(self) -> float:
        return self.in_view / self.taps if self.taps else 1.0


def deal_again(match_id: int, seed: int, options: dict) -> None:
    """Deal a started match again from `seed` (a repeatable game for a test); bots then move."""
    from engine import get_game
    from games.play import services
    from games.models import Match

    match = Match.objects.get(pk=match_id)
    game = get_game(match.game)
    match.turns.all().delete()
    state = game.setup(seed, match.players, options)
    match.seed, match.version = seed, 0
    match.state, match.to_act = game.serialize(state), game.to_act(state)
    match.save()
    services.play_bot_turns(match_id)
