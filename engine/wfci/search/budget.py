"""What one decision may spend: a fixed number of playouts (so the answer is the same for the
same seed on any machine), each played on a fixed number of steps, and a CPU-time cap as a
safety net for a slow worker. The clock is injected so a test can check the cap without timing
anything."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

from .. import flag
from ..options import SOLO_MODES

PLAYOUTS = 40  # sampled-world playouts per searched decision, shared among the candidates
# Solo games cost more a playout (the Challenger's own rules) and have more candidates, so they
# get fewer playouts to keep the median near 0.5 s.
PLAYOUTS_LONG = 28
# Capture the flag with three or four players: the bases are a few steps apart and a raid is won
# or lost within a round or two, so a playout looks two whole rounds ahead (20 steps a player,
# as HORIZON does at two players) and fewer of them keep the time: 40 steps at four players
# judged a march before its own next turn came, and won 13 of 40 games against three experts.
PLAYOUTS_RACE = 24
HORIZON = 40  # steps a playout plays on before the position is judged: about two rounds at two players
CAP_SECONDS = 1.5  # CPU seconds: past this no new playout starts (p95 target 2 s)


@dataclass
class Budget:
    playouts: int = PLAYOUTS
    horizon: int = HORIZON
    cap: float = CAP_SECONDS
    clock: Callable[[], float] = time.process_time
    spent: int = 0
    started: float | None = field(default=None)
    capped: bool = False

    @classmethod
    def for_state(cls, state: dict) -> "Budget":
        """The playouts this set-up can afford within the per-decision time target, and how far
        each looks ahead."""
        if state["options"]["mode"] in SOLO_MODES:
            return cls(playouts=PLAYOUTS_LONG)
        if flag.playing(state) and state["players"] > 2:
            return cls(playouts=PLAYOUTS_RACE, horizon=HORIZON * state["players"] // 2)
        return cls()

    def start(self) -> None:
        self.spent, self.capped, self.started = 0, False, self.clock()

    def left(self) -> int:
        return max(self.playouts - self.spent, 0)

    def allows(self) -> bool:
        """One more playout? False once the count is used up or the clock passed the cap."""
        if self.spent >= self.playouts:
            return False
        if self.started is not None and self.clock() - self.started > self.cap:
            self.capped = True
            return False
        return True

    def charge(self) -> None:
        self.spent += 1
