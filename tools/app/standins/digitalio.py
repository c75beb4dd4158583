"""Stand-in ``digitalio`` (the speaker amplifier's enable pin)."""


class DriveMode:
    """How an output drives its pin."""

    PUSH_PULL = "PUSH_PULL"
    OPEN_DRAIN = "OPEN_DRAIN"


class DigitalInOut:
    """A pin, an input until ``switch_to_output``; setting ``value`` of an input raises
    AttributeError, as in C."""

    def __init__(self, pin):
        self._sd_output = False
        self._sd_value = False

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        """Make the pin an output at ``value``."""
        self._sd_output = True
        self._sd_value = bool(value)

    @property
    def value(self):
        """The pin's level."""
        return self._sd_value

    @value.setter
    def value(self, value):
        if not self._sd_output:
            raise AttributeError("Cannot set value when direction is input.")
        self._sd_value = bool(value)
