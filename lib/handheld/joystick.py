# SPDX-License-Identifier: MIT
"""
`handheld.joystick`
===================

The PyGamer's analog stick as four direction bits (``handheld.keys``), with hysteresis.
Its own module: only the PyGamer imports it (``handheld.hw``), so the badges' heap does not
carry it.
"""

from handheld.keys import K_DOWN, K_LEFT, K_RIGHT, K_UP


class Joystick:
    """An analog stick read as four direction bits, with hysteresis.

    A direction engages past ``engage`` from the centre and lets go only when the stick
    is back within ``release``, so a stick resting near the threshold does not chatter.
    Readings are 0..65535; low x is LEFT, low y is UP.
    """

    def __init__(self, engage: int = 18000, release: int = 10000) -> None:
        self.engage = engage
        self.release = release
        self.mask = 0

    def _axis(self, offset: int, _low_bit: int, _high_bit: int) -> int:
        """The bit for one axis given its offset from the centre and the current mask."""
        if self.mask & _low_bit and offset < -self.release:
            return _low_bit
        if self.mask & _high_bit and offset > self.release:
            return _high_bit
        if offset <= -self.engage:
            return _low_bit
        if offset >= self.engage:
            return _high_bit
        return 0

    def update(self, x: int, y: int) -> int:
        """The direction mask for a new reading of both axes."""
        self.mask = self._axis(x - 32768, K_LEFT, K_RIGHT) | self._axis(y - 32768, K_UP, K_DOWN)
        return self.mask
