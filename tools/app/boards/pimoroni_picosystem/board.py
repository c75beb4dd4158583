"""Stand-in ``board`` of the Pimoroni PicoSystem for the whole-app run (its
``microcontroller`` is tools/app/boards/rp2040's): its button and battery pins
(``pins.c``: SW_UP/DOWN/LEFT/RIGHT, SW_A/B/X/Y, BAT_SENSE), no speaker the app drives, and
a 240x240 display that only keeps its root group."""

from busdisplay import BusDisplay

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

DISPLAY = BusDisplay(240, 240)
