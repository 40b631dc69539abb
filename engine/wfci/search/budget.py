"""What one decision may spend: a fixed number of playouts (so the answer is the same for the
same seed on any machine) and a CPU-time cap as a safety net for a slow worker. The clock is
injected so a test can check the cap without timing anything."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

from ..options import SOLO_MODES

PLAYOUTS = 40  # sampled-world playouts per searched decision, shared among the candidates
# Solo games cost more a playout (the Challenger's own rules) and have more candidates, so they
# get fewer playouts to keep the median near 0.5 s.
PLAYOUTS_LONG = 28
CAP_SECONDS = 1.5  # CPU seconds: past this no new playout starts (p95 target 2 s)


@dataclass
class Budget:
    playouts: int = PLAYOUTS
    cap: float = CAP_SECONDS
    clock: Callable[[], float] = time.process_time
    spent: int = 0
    started: float | None = field(default=None)
    capped: bool = False

    @classmethod
    def for_state(cls, state: dict) -> "Budget":
        """The playouts this set-up can afford within the per-decision time target."""
        return cls(playouts=PLAYOUTS_LONG if state["options"]["mode"] in SOLO_MODES else PLAYOUTS)

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
