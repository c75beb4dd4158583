# SPDX-License-Identifier: MIT
"""
`handheld.boards`
=================

The boards the app runs on, as data: for each its keys and how they map to the eight
logical buttons, its battery pin and divider, its nvm geometry and where the 160x128 app
sits on its screen (``board.DISPLAY``). ``handheld.hw.open_board`` loads this module at
start-up and forgets it once the board is open, so no board's heap carries the table.

From each board's files in adafruit/circuitpython (``ports/<port>/boards/<board>/``):

- PyBadge (atmel-samd, SAMD51): eight keys on a shift register
  (``BUTTON_CLOCK``/``OUT``/``LATCH``), read high when pressed, in the order of the
  ``K_*`` bits; PyGamer: four on it (B, A, START, SELECT) and an analog joystick
  (``handheld.joystick``). Battery: ``A6``, half its voltage. nvm: 8 KB, one erase block
  (512-byte pages), erased by every assignment: the store keeps two copies. An EdgeBadge
  runs the PyBadge build and reports ``pybadge``: it has no entry of its own.
- Hack Club Sprig (raspberrypi, RP2040; ``pins.c``): ``BUTTON_W``/``A``/``S``/``D`` on
  the left are UP, LEFT, DOWN, RIGHT; on the right, where a game pad has its face
  buttons, ``BUTTON_L`` (right) is A, ``BUTTON_K`` (bottom) B, ``BUTTON_I`` (top) START
  and ``BUTTON_J`` (left) SELECT. The board files set no pulls: the keys short the pin to
  ground, so ``keypad.Keys`` reads them low with its pull-ups (as the Sprig's own games
  do). 160x128 ST7735 (``board.c``). Battery: ``VOLTAGE_MONITOR`` (GPIO29, the Pico W's
  VSYS through its 1/3 divider).
- Pimoroni PicoSystem (raspberrypi, RP2040; ``pins.c``): ``SW_UP``/``DOWN``/``LEFT``/
  ``RIGHT``, ``SW_A`` A, ``SW_B`` B, ``SW_Y`` START and ``SW_X`` SELECT (as the ``stage``
  library's PicoSystem module maps them), low when pressed with pull-ups (Pimoroni's SDK
  pulls them up). 240x240 (``board.c``): the app is shown at its own size, centred
  (``handheld.centred``; 1.5x would not be sharp). Battery: ``BAT_SENSE`` (GPIO26),
  taken as a third of the battery's voltage (Pimoroni's SDK scales it by 3; not checked
  on a device).
- RP2040 nvm (``common-hal/nvm/ByteArray.c``): 4 KB, one 4 KB sector (256-byte pages);
  an assignment into bytes that all read 0xFF is only programmed, any other erases the
  sector: the store keeps a log (``handheld.storelog``).
"""

from micropython import const

try:
    from typing import Any
except ImportError:
    pass

BOARDS = ("pybadge", "pygamer", "hack_club_sprig", "pimoroni_picosystem")
# Per board, in BOARDS' order: its battery pin, then (keypad.Keys boards) its eight keys'
# pins in the order of the K_* bits: B, A, START, SELECT, RIGHT, DOWN, UP, LEFT. One string
# a board: names longer than 10 characters are not interned, and the board's own pin
# names are interned on it already.
_PINS = (
    "A6",
    "A6",
    "VOLTAGE_MONITOR BUTTON_K BUTTON_L BUTTON_I BUTTON_J BUTTON_D BUTTON_S BUTTON_W BUTTON_A",
    "BAT_SENSE SW_B SW_A SW_Y SW_X SW_RIGHT SW_DOWN SW_UP SW_LEFT",
)
# What the board's own B, A, START and SELECT are marked (``handheld.keys.KEY_NAMES``):
# the PyBadge's; the PyGamer's SELECT is marked SELECT, shortened as there.
_KEY_NAMES = ("B A START SEL", "B A START SEL", "K L I J", "B A Y X")
# The battery pin reads 1/n of the battery's voltage, on a 3.3 V scale.
_DIVIDERS = (2, 2, 3, 3)
# nvm: its size, its erase unit, its program page, and whether an assignment into erased
# bytes (0xFF) is only programmed (1: the store keeps a log) or every one erases (0).
_NVM = (
    (8192, 8192, 512, 0),
    (8192, 8192, 512, 0),
    (4096, 4096, 256, 1),
    (4096, 4096, 256, 1),
)
# The screen's size: the app (160x128) is centred on a larger one.
_SCREENS = ((160, 128), (160, 128), (160, 128), (240, 240))
_APP_W = const(160)
_APP_H = const(128)


def open_board(buttons: Any) -> Any:
    """This board's display, buttons (made by ``buttons(keys, x, y)``:
    ``handheld.hw.Buttons``), battery (an ``analogio.AnalogIn`` and its full scale in mV,
    or None) and nvm geometry (size, erase unit, page, 1 if it keeps a log); or, on a
    board it does not know, the message that names the ones it does."""
    import board
    import keypad

    board_id = getattr(board, "board_id", "?")
    if board_id not in BOARDS:
        return "Unsupported board '%s': Decktet Handheld runs on %s." % (
            board_id,
            ", ".join(BOARDS),
        )
    index = BOARDS.index(board_id)
    pins = _PINS[index].split()
    from handheld.keys import KEY_NAMES

    KEY_NAMES[:] = _KEY_NAMES[index].split()
    import analogio

    keys: Any = None
    if len(pins) > 1:
        keys = keypad.Keys(
            tuple(getattr(board, name) for name in pins[1:]),
            value_when_pressed=False,
            pull=True,
        )
        made = buttons(keys)
    else:
        keys = keypad.ShiftRegisterKeys(
            clock=board.BUTTON_CLOCK,
            data=board.BUTTON_OUT,
            latch=board.BUTTON_LATCH,
            key_count=4 if board_id == "pygamer" else 8,
            value_when_pressed=True,
        )
        if board_id == "pygamer":
            # The type stubs describe the PyBadge, which has no joystick pins.
            made = buttons(
                keys,
                analogio.AnalogIn(board.JOYSTICK_X),  # type: ignore[attr-defined]
                analogio.AnalogIn(board.JOYSTICK_Y),  # type: ignore[attr-defined]
            )
        else:
            made = buttons(keys)
    pin = getattr(board, pins[0], None)
    battery = None if pin is None else (analogio.AnalogIn(pin), 3300 * _DIVIDERS[index])
    display = board.DISPLAY
    width, height = _SCREENS[index]
    if width != _APP_W or height != _APP_H:
        from handheld.centred import Centred

        display = Centred(display, (width - _APP_W) // 2, (height - _APP_H) // 2)
    return display, made, battery, _NVM[index]
