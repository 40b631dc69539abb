"""The Challenger as the `challenger` bot, and the hooks that put its steps into the rules.

The rules and the turn flow sit below this package and never import it: importing this module
registers its steps in solo.STEPS and the frames of the solo setup in the turn's FRAMES.
"""

from __future__ import annotations

from ...errors import IllegalAction
from .. import solo
from ..state import ruleset, top
from ..turn import FRAMES
from . import fight, play, setup, turn, words

solo.STEPS.update({
    "start_cards": fight.start_cards, "after_human": fight.after_human, "note_reading": fight.note_reading,
    "prepare": setup.prepare, "start_turn": turn.start, "legal": play.legal, "apply": play.apply,
    "next_words": words.next_words, "describe": words.describe, "view_block": words.view_block,
})
FRAMES["solo_leader"] = (setup.leader_legal, setup.leader_apply)
FRAMES["solo_base"] = (setup.base_legal, setup.base_apply)


def bot_action(state: dict, seat: int) -> dict:
    if not ruleset(state).solo or seat != solo.SEAT:
        raise IllegalAction("wfci.refuse.challenger_seat")
    if state["result"] is not None or not state["stack"] or top(state)["seat"] != solo.SEAT:
        raise IllegalAction("wfci.refuse.nothing_to_decide")
    return play.choose(state)
