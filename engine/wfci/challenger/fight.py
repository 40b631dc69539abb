"""How the Challenger fights (rules section 10, "Fights involving the Challenger").

Whoever attacks, the card stage of a fight with the Challenger runs in three turns instead of
the usual rounds (`combat["solo"]` says which):

    deck   it plays the top card of the scroll deck face down (one step of its seat)
    human  you play any scrolls, one click each, then pass
    hand   it plays half its hand face down (rounded down, at most 8), from the top of its
           pile; none when it defends, your strength is below its armor and you played none
           ("no scrolls in vain")

Then the cards are revealed and the fight resolves as usual, except that the Challenger reads
its own cards its way: a printed bonus of 2 or more adds that much to its stat (strength
attacking, armor defending) whatever the card says; every other card, catastrophes included,
adds 1; nothing else happens but the scrolls a card makes it draw. All its played cards are
discarded, strategies too.
"""

from __future__ import annotations

from ...messages import msg
from .. import cards, scrolls
from ..combat import reveal, strength_and_armor
from ..solo import DATA, HUMAN, SEAT, is_its_card, reading
from ..state import note


# -- the card turns --------------------------------------------------------------------------

def start_cards(state: dict) -> None:
    c = state["combat"]
    c.update({"stage": "cards", "solo": "deck", "turn": SEAT, "passes": 0})
    state["stack"][-1]["seat"] = SEAT


def _human_turn(state: dict) -> None:
    c = state["combat"]
    c["solo"], c["turn"] = "human", HUMAN
    if state["seats"][HUMAN]["hand"]:
        state["stack"][-1]["seat"] = HUMAN
    else:
        _hand_turn(state)


def _hand_turn(state: dict) -> None:
    c = state["combat"]
    c["solo"], c["turn"] = "hand", SEAT
    state["stack"][-1]["seat"] = SEAT


def after_human(state: dict, kind: str) -> None:
    """You played a scroll (and may play more while you hold any) or passed."""
    if kind == "play_scroll" and state["seats"][HUMAN]["hand"]:
        return
    _hand_turn(state)


def in_vain(state: dict) -> bool:
    """It defends, your strength is below its armor before any card, and you played none."""
    c = state["combat"]
    if c["def_seat"] != SEAT or c["down"][str(HUMAN)]:
        return False
    strength, armor = strength_and_armor(state)  # nothing is revealed yet: no card counts
    return strength < armor


def hand_play(state: dict) -> int:
    held = len(state["seats"][SEAT]["hand"])
    return min(held // DATA["hand_play"]["divisor"], DATA["hand_play"]["max"])


def plan(state: dict) -> dict:
    c = state["combat"]
    if c["solo"] == "deck":
        return {"type": "challenger", "step": "deck_card"}
    if in_vain(state):
        return {"type": "challenger", "step": "hand_cards", "count": 0, "in_vain": True}
    return {"type": "challenger", "step": "hand_cards", "count": hand_play(state)}


def apply(state: dict, action: dict) -> None:
    c = state["combat"]
    down = c["down"][str(SEAT)]
    if action["step"] == "deck_card":
        if scrolls.refill_deck(state):
            down.append(state["decks"]["scroll"].pop())
            note(state, msg("wfci.event.ch_deck_card"))
        _human_turn(state)
        return
    hand = state["seats"][SEAT]["hand"]
    n = action["count"]
    if n:
        down.extend(hand[-n:])  # the top of its face-down pile: the scrolls it drew last
        del hand[-n:]
        note(state, msg("wfci.event.ch_hand_cards", n=n))
    c["solo"] = "reveal"
    reveal(state)


# -- reading its revealed cards --------------------------------------------------------------

def note_reading(state: dict) -> None:
    mine = [e for e in state["combat"]["revealed"] if is_its_card(state, e)]
    if mine:
        note(state, msg("wfci.event.ch_reads", cards=[msg("wfci.event.ch_reading", card=cards.name(e["card"]),
                                                         bonus=reading(e["card"])) for e in mine]))
