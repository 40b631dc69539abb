"""Which decisions the warlord searches, and among what. It searches the turn's main choices:
whether and whom to attack, the cards and target of a fight, what to build and where, which
stack to move and where to, which scroll to play. The forced and the small ones (dice to keep,
drawing, a resource to pick) are the skirmisher's: searching them spends the budget on noise.

In capture the flag on the long way (the two-player island: bases 15 steps apart) it searches
the fights alone, as the expert does: a flag's way home takes many rounds, and a look two
rounds ahead broke the skirmisher's march (riders boarding machines, stacks making way for a
flag coming home) for steps that only looked better for two rounds. Searching every march and
build, it won none of 3 games against the expert and drew 2; searching the fights with its own
budget and judge, it won 23 of 40 and lost 10. With the bases a few steps apart (three and
four players) a flag is won in a few rounds, and it searches as in a plain game: against
three experts the fights alone won 1 of 9 four-player games, all of it 3 of the same 9 and 15
of 60 (docs/bots.md)."""

from __future__ import annotations

from ...rng import Rng
from .. import expert
from ..skirmisher import choose as skirmish
from ..skirmisher.judge import long_way
from ..skirmisher.plan import cancels
from ..state import top

CANDIDATES = 8  # the skirmisher's pick plus up to this many others
MAIN = ("attack", "build", "move", "play_scroll", "activate", "star", "plus_one")
ORDER = {"attack": 0, "build": 1, "play_scroll": 2, "move": 3, "activate": 4, "star": 5, "plus_one": 6,
         "end_actions": 7}
OPENS = ("move", "build", "attack")  # open a step of their own: where to, where, whom; a cancel refunds it
# who goes with a moving stack and (cockfight) which chicken rides on top: the skirmisher's
MAKE_UP = ("pick_up", "drop", "to_top")
FRAMES = ("combat", "target", "move", "build")  # a fight's cards and target; where to move, to build


def searched(state: dict, seat: int, legal: list[dict]) -> bool:
    kind = top(state)["kind"]
    if long_way(state, seat):
        return expert.weighty(state, seat, legal)
    if kind in FRAMES:
        return True
    return kind == "turn" and any(a["type"] in MAIN for a in legal)


def candidates(state: dict, seat: int, legal: list[dict], rng: Rng, limit: int = CANDIDATES) -> list[dict]:
    """The skirmisher's pick first, then up to `limit - 1` others. At the Take-actions step only
    the main choices (in capture the flag on the long way the attacks) and ending the actions,
    one of each kind before a second of any (attacks first), in a sampled order, and only those
    the skirmisher would carry on (`plan.cancels`, played ahead while nothing is drawn or
    rolled); in the other frames any choice but a cancel or a change to a moving stack's
    make-up, in a sampled order.

    A choice the search could undo at its next decision (a cancel, a chicken picked up or put
    down, a cockfight chicken named on top of a moving stack) lets it go back and forth, each
    look a step shorter than the last: a trial search of the real state built and cancelled one
    machine, picked up and put down one chicken, or named one chicken on top and then another,
    for ever. What a search opens, it carries out; the make-up of a stack is the skirmisher's."""
    first = skirmish(state, seat)
    rest = [a for a in legal if a != first and a["type"] != "cancel"]
    if top(state)["kind"] != "turn":
        rest = [a for a in rest if a["type"] not in MAKE_UP]
        return [first] + rng.shuffle(list(rest))[:limit - 1]
    if long_way(state, seat):
        rest = [a for a in rest if a["type"] in expert.FIGHTS]
    rest = [a for a in rng.shuffle(list(rest)) if a["type"] in ORDER]
    seen: dict[str, int] = {}
    ranked = []
    for a in rest:  # round-robin over kinds: the n-th of a kind after the (n-1)-th of every kind
        n = seen.get(a["type"], 0)
        seen[a["type"]] = n + 1
        ranked.append((n, ORDER[a["type"]], len(ranked), a))
    picked = []
    for *_, a in sorted(ranked, key=lambda r: r[:3]):
        if len(picked) == limit - 1:
            break
        if a["type"] not in OPENS or not cancels(state, seat, a):
            picked.append(a)
    return [first] + picked
