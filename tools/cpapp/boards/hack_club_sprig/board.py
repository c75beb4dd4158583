"""Stand-in ``board`` of the Hack Club Sprig for the whole-app run (tools/cpapp/run.py
--board hack_club_sprig): its button and battery pins (``pins.c``: BUTTON_W/A/S/D,
BUTTON_I/J/K/L, VOLTAGE_MONITOR), no speaker the app drives, and a 160x128 display that
only keeps its root group."""

board_id = "hack_club_sprig"
BUTTON_W = "BUTTON_W"
BUTTON_A = "BUTTON_A"
BUTTON_S = "BUTTON_S"
BUTTON_D = "BUTTON_D"
BUTTON_I = "BUTTON_I"
BUTTON_J = "BUTTON_J"
BUTTON_K = "BUTTON_K"
BUTTON_L = "BUTTON_L"
VOLTAGE_MONITOR = "VOLTAGE_MONITOR"


class _Display:
    """Keeps ``root_group`` and counts refreshes."""

    def __init__(self):
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0
        self.refreshes = 0
        self.width = 160
        self.height = 128

    def refresh(self, *args, **kwargs):
        """Nothing to draw here; the run counts the call."""
        self.refreshes += 1
        return True


DISPLAY = _Display()
