# SPDX-License-Identifier: MIT
"""
`handheld.hw`
=============

The board: its display and its buttons, chosen by ``board.board_id``.

- PyBadge, EdgeBadge: eight keys on a shift register (B, A, START, SELECT, RIGHT,
  DOWN, UP, LEFT).
- PyGamer: four keys on the shift register (B, A, START, SELECT) and an analog
  joystick for the directions (``handheld.joystick.Joystick`` adds hysteresis).

``Buttons.poll(now)`` returns the keys that went down as a ``K_*`` mask, with held
directions repeating; it reuses one ``keypad.Event``, so polling allocates nothing.
``battery()`` opens the pin that reads the battery's voltage (half of it, through a
divider).
"""

import keypad

from handheld.keys import KeyState

try:
    from typing import Any, Tuple
except ImportError:
    pass

BOARDS = ("pybadge", "edgebadge", "pygamer")


class UnsupportedBoard(Exception):
    """The board is not one the handheld knows."""


class Buttons:
    """Logical buttons from a keypad and, on the PyGamer, a joystick.

    :param keys: a ``keypad.ShiftRegisterKeys`` (or anything with ``events.get_into``)
    :param joystick_x, joystick_y: ``analogio.AnalogIn`` pins, or None
    """

    def __init__(self, keys: Any, joystick_x: Any = None, joystick_y: Any = None) -> None:
        self.keys = keys
        self.event = keypad.Event()
        self.state = KeyState()
        self.joystick_x = joystick_x
        self.joystick_y = joystick_y
        self.stick = None
        if joystick_x is not None:
            from handheld.joystick import Joystick

            self.stick = Joystick()

    def set_repeat(self, delay: int, every: int) -> None:
        """Key-repeat timing for held directions, in ms."""
        self.state.delay = delay
        self.state.every = every

    def poll(self, now: int) -> int:
        """The keys that went down since the last poll (plus due repeats)."""
        event = self.event
        state = self.state
        while self.keys.events.get_into(event):
            if event.pressed:
                state.press(1 << event.key_number)
            else:
                state.release(1 << event.key_number)
        stick = self.stick
        if stick is not None:
            state.set_directions(stick.update(self.joystick_x.value, self.joystick_y.value))
        return state.update(now)


def battery() -> Any:
    """The analog input that reads half the battery's voltage (``board.A6`` on the
    PyBadge and PyGamer), or None if the board has no such pin (``handheld.home`` turns
    it into a gauge)."""
    import board

    pin = getattr(board, "A6", None)
    if pin is None:
        return None
    import analogio

    return analogio.AnalogIn(pin)


def open_board() -> Tuple[Any, Buttons]:
    """The display and the buttons of this board; ``UnsupportedBoard`` if unknown."""
    import board

    board_id = getattr(board, "board_id", "?")
    if board_id not in BOARDS:
        raise UnsupportedBoard(
            "Unsupported board '%s': Decktet Handheld runs on %s." % (board_id, ", ".join(BOARDS))
        )
    key_count = 4 if board_id == "pygamer" else 8
    keys = keypad.ShiftRegisterKeys(
        clock=board.BUTTON_CLOCK,
        data=board.BUTTON_OUT,
        latch=board.BUTTON_LATCH,
        key_count=key_count,
        value_when_pressed=True,
    )
    if board_id == "pygamer":
        import analogio

        # The type stubs describe the PyBadge, which has no joystick pins.
        joystick_x = analogio.AnalogIn(board.JOYSTICK_X)  # type: ignore[attr-defined]
        joystick_y = analogio.AnalogIn(board.JOYSTICK_Y)  # type: ignore[attr-defined]
        buttons = Buttons(keys, joystick_x, joystick_y)
    else:
        buttons = Buttons(keys)
    return board.DISPLAY, buttons
