"""Stand-in ``analogio``: the battery pin (and the PyGamer's joystick), read mid-scale."""


class AnalogIn:
    """An analog input that reads 32768 of 65535 (3.3 V battery: one bar; a centred
    stick)."""

    def __init__(self, pin):
        self._sd_pin = pin

    @property
    def value(self):
        """The reading, 0-65535 (read-only)."""
        return 32768

    def deinit(self):
        """Release the pin (nothing to release)."""
