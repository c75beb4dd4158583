"""Stand-in ``board`` for the whole-app run on CircuitPython's unix port: a PyBadge's
button pins and a display that only keeps its root group (nothing is drawn)."""

from standin_display import Display

board_id = "pybadge"
BUTTON_CLOCK = "BUTTON_CLOCK"
BUTTON_OUT = "BUTTON_OUT"
BUTTON_LATCH = "BUTTON_LATCH"
A6 = "A6"  # the battery divider (the stand-in analogio reads mid-scale: 3.3 V, one bar)
SPEAKER = "SPEAKER"  # the DAC (the stand-in audioio plays nothing)
SPEAKER_ENABLE = "SPEAKER_ENABLE"

DISPLAY = Display()
