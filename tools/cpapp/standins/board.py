"""Stand-in ``board`` for the whole-app run on CircuitPython's unix port: a PyBadge's
button pins and a display that only keeps its root group (nothing is drawn)."""

board_id = "pybadge"
BUTTON_CLOCK = "BUTTON_CLOCK"
BUTTON_OUT = "BUTTON_OUT"
BUTTON_LATCH = "BUTTON_LATCH"
A6 = "A6"  # the battery divider (the stand-in analogio reads mid-scale: 3.3 V, one bar)
SPEAKER = "SPEAKER"  # the DAC (the stand-in audioio plays nothing)
SPEAKER_ENABLE = "SPEAKER_ENABLE"


class _Display:
    """Keeps ``root_group`` and counts refreshes."""

    def __init__(self):
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0
        self.refreshes = 0

    def refresh(self, *args, **kwargs):
        """Nothing to draw here; the run counts the call."""
        self.refreshes += 1
        return True


DISPLAY = _Display()
