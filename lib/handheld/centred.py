# SPDX-License-Identifier: MIT
"""
`handheld.centred`
==================

A display larger than the app's 160x128 (the PicoSystem's 240x240) as the app sees one:
what the app shows as the root group is shown inside a fixed group offset to the
screen's centre, at its own size (a Group scales only by whole numbers, and 1.5x would
not be sharp). Loaded only on such a board (``handheld.boards``).

In that offset frame a ``vectorio`` shape reports wrong areas to redraw, which is why
``ui.rect`` makes ``handheld.solid.Solid`` rectangles here (CircuitPython's
``shared-module/vectorio/VectorShape.c`` and ``displayio/Group.c``): a shape works out its
area when it is made, as if at the screen's origin, and that area joins the next
refresh's once the shape is placed (a screen change repainted the app's size at the
screen's top-left); and a group taken off the screen counts only its TileGrids' and
groups' areas as left to redraw, not its shapes' (a highlight bar's ends stayed on the
next screen). A TileGrid's areas are where it is drawn, in both cases.
"""

import displayio

from handheld import ui
from handheld.solid import Solid

try:
    from typing import Any
except ImportError:
    pass


class Centred:
    """``board.DISPLAY`` with the app's root group shown at ``(x, y)``. The app sets
    ``root_group`` (always followed by a ``refresh`` in the same frame, which puts it in
    the centred frame), ``brightness`` (passed on at once) and ``auto_refresh`` (already
    off here), as on the badges' displays. Kept small: it is on the heap all the time.

    :param display: the board's display
    :param int x, y: where the app's top-left corner goes
    """

    def __init__(self, display: Any, x: int, y: int) -> None:
        self.display = display
        self.frame = displayio.Group(x=x, y=y)
        self.root_group: Any = None
        self.shown: Any = None
        display.auto_refresh = False
        display.root_group = self.frame
        ui.shape = Solid

    def _light(self, value: float) -> None:
        self.display.brightness = value

    # Written by the app, never read: passed on to the display.
    brightness = property(None, _light)

    def refresh(self) -> bool:
        """Show the app's root group in the frame if it changed, then push what changed."""
        group = self.root_group
        if group is not self.shown:
            frame = self.frame
            if len(frame):
                frame.pop()
            frame.append(group)
            self.shown = group
        return self.display.refresh()
