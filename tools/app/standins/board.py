"""Stand-in ``board`` of the PyBadge: the pins the app uses (the buttons' shift register,
the battery divider ``A6``, the speaker and its amplifier) and a 160x128 display.
tools/app/boards/ holds the other boards'."""

from busdisplay import BusDisplay

board_id = "pybadge"
BUTTON_CLOCK = "BUTTON_CLOCK"
BUTTON_OUT = "BUTTON_OUT"
BUTTON_LATCH = "BUTTON_LATCH"
A6 = "A6"  # half the battery's voltage (the stand-in analogio: a charged battery)
SPEAKER = "SPEAKER"  # the DAC (the stand-in audioio plays nothing)
SPEAKER_ENABLE = "SPEAKER_ENABLE"

DISPLAY = BusDisplay(160, 128)
