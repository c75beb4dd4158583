# SPDX-License-Identifier: MIT
"""
`handheld.centred`
==================

A display larger than the app's 160x128 (the PicoSystem's 240x240) as the app sees one:
what the app shows as the root group is shown inside a fixed group offset to the
screen's centre, at its own size (a Group scales only by whole numbers, and 1.5x would
not be sharp). Loaded only on such a board (``handheld.boards``).

In that offset frame a ``vectorio`` shape reports wrong areas to redraw, which is why
``ui.rect`` makes ``Solid`` rectangles here (CircuitPython's
``shared-module/vectorio/VectorShape.c`` and ``displayio/Group.c``): a shape works out its
area when it is made, as if at the screen's origin, and that area joins the next
refresh's once the shape is placed (a screen change repainted the app's size at the
screen's top-left); and a group taken off the screen counts only its TileGrids' and
groups' areas as left to redraw, not its shapes' (a highlight bar's ends stayed on the
next screen). A TileGrid's areas are where it is drawn, in both cases.
"""

import displayio
from micropython import const

from handheld import ui

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
        ui.solid_maker = Solid

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


class Solid(displayio.Group):
    """A solid rectangle for the offset frame, in place of a ``vectorio.Rectangle``: a
    one-row bitmap of its width shown on every row of a TileGrid, in a group of its own so
    that ``width`` can change as a shape's can (a new TileGrid replaces the old one). Moved
    and hidden as a Group. 200-400 bytes of heap where a shape takes 96 (a tile byte a
    row; a bitmap of its own unless its width divides the shared one's).

    :param int width, height: its size in pixels
    :param shader: a one-colour palette (``ui.solid``)
    :param int x, y: its top-left corner in its group
    """

    def __init__(self, width: int, height: int, shader: Any, x: int, y: int) -> None:
        super().__init__(x=x, y=y)
        self.append(_rows(width, height, shader))

    @property
    def width(self) -> int:
        """Width in pixels."""
        rows: Any = self[0]
        return rows.tile_width

    @width.setter
    def width(self, width: int) -> None:
        rows: Any = self[0]
        if width != rows.tile_width:
            self[0] = _rows(width, rows.height, rows.pixel_shader)

    @property
    def height(self) -> int:
        """Height in pixels."""
        rows: Any = self[0]
        return rows.height

    @property
    def pixel_shader(self) -> Any:
        """The palette it is drawn with (a new one recolours it)."""
        rows: Any = self[0]
        return rows.pixel_shader

    @pixel_shader.setter
    def pixel_shader(self, shader: Any) -> None:
        rows: Any = self[0]
        rows.pixel_shader = shader


# One blank row that every Solid whose width divides it shares (a tile must divide its
# bitmap): 1-6, 8, 10, 12, 15, 16, 20, 24, 30, 32, 40, 48, 60, 80, 96, 120, 160 pixels.
_SHARED_W = const(480)
_shared: Any = None


def _rows(width: int, height: int, shader: Any) -> displayio.TileGrid:
    """``height`` rows of one ``width``-pixel tile, all of colour 0 of ``shader``."""
    global _shared
    if _SHARED_W % width:
        bitmap = displayio.Bitmap(width, 1, 1)
    else:
        if _shared is None:
            _shared = displayio.Bitmap(_SHARED_W, 1, 1)
        bitmap = _shared
    return displayio.TileGrid(
        bitmap,
        pixel_shader=shader,
        width=1,
        height=height,
        tile_width=width,
        tile_height=1,
    )
