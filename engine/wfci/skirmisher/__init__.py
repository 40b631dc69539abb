"""The `skirmisher` bot: a plain heuristic that builds machines, marches them on the nearest
enemy leader and fights when the odds are good. No lookahead and no peeking: it reads the
state, but only what its seat's view shows (its own hand, counts of others' face-down cards).

Each decision is a function of the frame on top of the stack (plan.py for the turn,
answers.py for the frames a turn raises); every choice it makes is one of `turn.atomic_legal` (it leaves the composites to players), so it
can never play an illegal action.
"""

from .plan import choose

__all__ = ["choose"]
