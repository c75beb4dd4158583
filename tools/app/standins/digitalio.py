"""Stand-in ``digitalio`` (the speaker's amplifier enable pin)."""


class DigitalInOut:
    """A pin switched to output."""

    def __init__(self, pin):
        self.value = False

    def switch_to_output(self, value=False, **kwargs):
        """An output at ``value``."""
        self.value = value
