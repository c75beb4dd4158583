"""Stand-in ``board`` of the Hack Club Sprig for the whole-app run (its ``microcontroller``
is tools/app/boards/rp2040's): its button and battery pins (``pins.c``: BUTTON_W/A/S/D,
BUTTON_I/J/K/L, VOLTAGE_MONITOR), no speaker the app drives, and a 160x128 display that
only keeps its root group."""

from busdisplay import BusDisplay

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

DISPLAY = BusDisplay(160, 128)
