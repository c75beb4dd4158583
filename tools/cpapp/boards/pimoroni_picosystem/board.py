"""Stand-in ``board`` of the Pimoroni PicoSystem for the whole-app run (tools/cpapp/run.py
--board pimoroni_picosystem): its button and battery pins (``pins.c``: SW_UP/DOWN/LEFT/RIGHT,
SW_A/B/X/Y, BAT_SENSE), no speaker the app drives, and a 240x240 display that
only keeps its root group."""

board_id = "pimoroni_picosystem"
SW_UP = "SW_UP"
SW_DOWN = "SW_DOWN"
SW_LEFT = "SW_LEFT"
SW_RIGHT = "SW_RIGHT"
SW_A = "SW_A"
SW_B = "SW_B"
SW_X = "SW_X"
SW_Y = "SW_Y"
BAT_SENSE = "BAT_SENSE"


class _Display:
    """Keeps ``root_group`` and counts refreshes."""

    def __init__(self):
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0
        self.refreshes = 0
        self.width = 240
        self.height = 240

    def refresh(self, *args, **kwargs):
        """Nothing to draw here; the run counts the call."""
        self.refreshes += 1
        return True


DISPLAY = _Display()
