"""The solo setup (rules section 10): a 2-player setup where you make every choice.

You choose your leader and the Challenger's from all nine, then your base and the Challenger's
(each one click: frames `solo_leader` and `solo_base` for your seat, `for` naming whose it is);
classic follows the 1st edition's order: its leader, its base, your leader, your base.
You start with 3 resources of each type; the Challenger has no banner, resources or chickens
(its dice sit on the solo card, its 6 chicken tokens stay out of play) and keeps its 3 scrolls
as a face-down pile. It plays first: once the bases are claimed, its opening build is the first
step of its first turn.
"""

from __future__ import annotations

from ...messages import msg
from ...rng import Rng
from .. import cards
from ..island import claimable
from ..setup import claim
from ..solo import HUMAN, SEAT
from ..state import hx, island, new_turn_frame, note, ruleset, who
from .turn import start


def prepare(state: dict) -> dict:
    """Turn a freshly dealt 2-player game into a solo one (called by setup.new_game)."""
    you, it = state["seats"][HUMAN], state["seats"][SEAT]
    every = you["leader_options"] + it["leader_options"] + state["decks"]["leader_box"]
    you["leader_options"] = sorted(every)
    it["leader_options"] = []
    state["decks"]["leader_box"] = []
    for r, n in it["res"].items():
        state["supply"][r] += n
        it["res"][r] = 0
    if ruleset(state).setup_order == "bases_first":
        # 1st ed.: "Choose 1 leader card to play against ... place its miniature on top of its 6
        # chicken/pilot tokens on any of the 2 base tiles. Choose your own Leader." (D-S13)
        order = [(SEAT, "solo_leader"), (SEAT, "solo_base"), (HUMAN, "solo_leader"), (HUMAN, "solo_base")]
    else:  # D-S1: both leaders, then both bases
        order = [(HUMAN, "solo_leader"), (SEAT, "solo_leader"), (HUMAN, "solo_base"), (SEAT, "solo_base")]
    state["stack"] = [start(new_turn_frame(SEAT), opening=True)]
    state["stack"].extend({"kind": kind, "seat": HUMAN, "for": whose} for whose, kind in reversed(order))
    note(state, msg("wfci.event.ch_first"))
    return state


def leader_legal(state: dict, frame: dict) -> list[dict]:
    kind = "choose_leader" if frame["for"] == HUMAN else "challenger_leader"
    return [{"type": kind, "card": c} for c in state["seats"][HUMAN]["leader_options"]]


def leader_apply(state: dict, frame: dict, action: dict) -> None:
    options = state["seats"][HUMAN]["leader_options"]
    state["seats"][frame["for"]]["leader"] = action["card"]
    options.remove(action["card"])
    if all(state["seats"][x]["leader"] for x in (HUMAN, SEAT)):  # both chosen: the others go back to the box
        if ruleset(state).spare_leader == "face_down":
            # Classic (D-S13): each seat's spare is dealt face down at random from the other seven.
            rng = Rng(state["rng"])
            for seat in (HUMAN, SEAT):
                state["seats"][seat]["spare"] = options.pop(rng.below(len(options)))
            state["rng"] = rng.state
        state["decks"]["leader_box"].extend(options)
        options.clear()
    state["stack"].pop()
    leader = cards.name(action["card"])
    note(state, msg("wfci.event.leads", who=who(HUMAN), card=leader) if frame["for"] == HUMAN
         else msg("wfci.event.ch_leads", card=leader))


def base_legal(state: dict, frame: dict) -> list[dict]:
    kind = "claim_base" if frame["for"] == HUMAN else "challenger_base"
    isl = island(state)
    return [{"type": kind, "hex": hx(isl.tile_hexes(b)[0])} for b, _t in claimable(isl)]


def base_apply(state: dict, frame: dict, action: dict) -> None:
    chickens = frame["for"] == HUMAN or ruleset(state).challenger_uses_chickens  # classic: it keeps them
    claim(state, frame["for"], action["hex"], chickens=chickens)
    state["stack"].pop()
    note(state, msg("wfci.event.takes_base", who=who(HUMAN), hex=action["hex"]) if frame["for"] == HUMAN
         else msg("wfci.event.ch_takes_base", hex=action["hex"]))
