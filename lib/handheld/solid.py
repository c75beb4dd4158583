# SPDX-License-Identifier: MIT
"""
`handheld.solid`
================

Solid rectangles without ``vectorio``: the PyBadge's and PyGamer's CircuitPython builds
leave that module out (``CIRCUITPY_VECTORIO = 0`` in their ``mpconfigboard.mk``), and in
``handheld.centred``'s offset frame a ``vectorio`` shape reports wrong areas to redraw.
``ui.rect`` makes a ``Solid`` there (loaded only then); a ``vectorio.Rectangle`` elsewhere.
"""

import displayio
from micropython import const

try:
    from typing import Any
except ImportError:
    pass


class Solid(displayio.Group):
    """A solid rectangle in place of a ``vectorio.Rectangle`` (made as one, by keywords): a
    one-row bitmap of its width shown on every row of a TileGrid, in a group of its own so
    that ``width`` can change as a shape's can (a new TileGrid replaces the old one). Moved
    and hidden as a Group. 200-400 bytes of heap where a shape takes 96 (a tile byte a
    row; a bitmap of its own unless its width divides the shared one's).

    :param pixel_shader: a one-colour palette (``ui.solid``)
    :param int width, height: its size in pixels
    :param int x, y: its top-left corner in its group
    """

    def __init__(self, pixel_shader: Any, width: int, height: int, x: int = 0, y: int = 0) -> None:
        super().__init__(x=x, y=y)
        self.append(_rows(width, height, pixel_shader))

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
