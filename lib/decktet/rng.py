# SPDX-License-Identifier: MIT
"""
`decktet.rng`
=============

A seeded random generator that gives the same sequence on CPython, MicroPython and
CircuitPython. It is L'Ecuyer's combined generator for 16-bit arithmetic (CACM 31(6), 1988):
three small multiplicative congruential generators whose products stay below 2**23, so no
intermediate value ever becomes a long int on a 32-bit device. Period about 8.1e12.
"""

from micropython import const

try:
    from typing import List, Tuple
except ImportError:
    pass

_M1 = const(32363)
_M2 = const(31727)
_M3 = const(31657)
# Each draw is uniform on 0..RANGE-1.
RANGE = const(32362)
# Largest n randbelow() accepts: two draws combined, RANGE**2 < 2**30.
MAX_BOUND = const(1047299044)


class Rng:
    """A portable seeded generator.

    :param int seed: any int 0 <= seed < 2**30; equal seeds give equal sequences everywhere.
    """

    def __init__(self, seed: int = 0) -> None:
        if seed < 0 or seed >= 1 << 30:
            raise ValueError("seed must be in 0..2**30-1")
        # Spread the seed over the three states; none may be 0.
        self.s1 = 1 + seed % (_M1 - 1)
        self.s2 = 1 + (seed // (_M1 - 1) + seed % 9973) % (_M2 - 1)
        self.s3 = 1 + (seed // 7 + 4242) % (_M3 - 1)

    def next(self) -> int:
        """The next raw draw, uniform on 0..RANGE-1."""
        self.s1 = 157 * self.s1 % _M1
        self.s2 = 146 * self.s2 % _M2
        self.s3 = 142 * self.s3 % _M3
        z = self.s1 - self.s2
        if z > 706:
            z -= 32362
        z += self.s3
        if z < 1:
            z += 32362
        return z - 1

    def randbelow(self, n: int) -> int:
        """A uniform int in 0..n-1 (1 <= n <= MAX_BOUND), with no modulo bias."""
        if n < 1 or n > MAX_BOUND:
            raise ValueError("bound out of range")
        span = RANGE
        if n > RANGE:
            span = MAX_BOUND
        # Reject the top partial block so every residue is equally likely.
        limit = span - span % n
        while True:
            value = self.next()
            if span != RANGE:
                value = value * RANGE + self.next()
            if value < limit:
                return value % n

    def shuffle(self, items: List[int]) -> None:
        """Shuffle a list in place (Fisher-Yates, from the end)."""
        i = len(items) - 1
        while i > 0:
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1

    def get_state(self) -> Tuple[int, int, int]:
        """The generator's state, for saves."""
        return (self.s1, self.s2, self.s3)

    def set_state(self, state: Tuple[int, int, int]) -> None:
        """Restore a state from ``get_state()``; ``ValueError`` if it is not a valid state."""
        s1, s2, s3 = state
        if not (0 < s1 < _M1 and 0 < s2 < _M2 and 0 < s3 < _M3):
            raise ValueError("bad rng state")
        self.s1 = s1
        self.s2 = s2
        self.s3 = s3
