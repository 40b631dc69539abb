"""A small seeded RNG whose whole state is one integer kept inside the game state.

Games never use the `random` module: a state must replay identically from its seed and
serialize to JSON, and `random.Random`'s 625-word state is heavy to copy at every step.
SplitMix64 is tiny, fast and good enough for dice and shuffles.
"""

MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """Turn any integer seed into a well-mixed 64-bit RNG state."""
    return _mix((int(seed) * 0x9E3779B97F4A7C15) & MASK)


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


class Rng:
    """Draws from an RNG state; read `.state` back into the game state when done."""

    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = int(state) & MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        return _mix(self.state)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = MASK - (MASK + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi], both ends included (like a die: randint(1, 6))."""
        return lo + self.below(hi - lo + 1)

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> list:
        """Fisher-Yates in place; returns the list for convenience."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items
