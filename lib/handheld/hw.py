# SPDX-License-Identifier: MIT
"""
`handheld.hw`
=============

The board: its display, its buttons, its battery pin and its nvm, chosen by
``board.board_id`` from ``handheld.boards`` (the PyBadge, EdgeBadge and PyGamer, the Hack
Club Sprig and the Pimoroni PicoSystem).

``Buttons.poll(now)`` returns the keys that went down as a ``K_*`` mask, with held
directions repeating; it reuses one ``keypad.Event``, so polling allocates nothing.
"""

import keypad

from handheld.keys import KeyState

try:
    from typing import Any, Tuple
except ImportError:
    pass


class UnsupportedBoard(Exception):
    """The board is not one the handheld knows."""


class Buttons:
    """Logical buttons from a keypad and, on the PyGamer, a joystick.

    :param keys: a ``keypad.ShiftRegisterKeys`` or ``keypad.Keys`` whose key numbers are
      the ``K_*`` bits' (or anything with ``events.get_into``)
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


def open_board() -> Tuple[Any, Buttons, Any, Any]:
    """The display, the buttons, the battery (its pin and the pin's full scale in mV, or
    None) and the nvm geometry of this board (``handheld.boards``: the boards as data,
    loaded for this and forgotten); ``UnsupportedBoard`` if the board is not one of them."""
    from handheld import boards

    try:
        found = boards.open_board(Buttons)
    finally:
        from handheld.app import forget_module

        forget_module("handheld.boards")
    if isinstance(found, str):
        raise UnsupportedBoard(found)
    return found
