"""Stand-in ``analogio``: the battery pin (a charged battery) and the PyGamer's joystick
(centred)."""


# A battery pin's reading (the whole-app driver may change it: a script's ``BATTERY n``).
BATTERY = 38000


class AnalogIn:
    """An analog input: a joystick axis reads 32768 of 65535 (centred); a battery pin
    38000, a charged battery on the badges (3.83 V through their halving divider: three
    bars, and no low-battery warning on the table, which would otherwise come in every
    game of a script) and no battery's reading on the RP2040 boards (a third: 5.7 V)."""

    def __init__(self, pin):
        self._sd_pin = pin

    @property
    def value(self):
        """The reading, 0-65535 (read-only)."""
        return 32768 if "JOYSTICK" in str(self._sd_pin) else BATTERY

    def deinit(self):
        """Release the pin (nothing to release)."""
