"""A display for the simulator: Blinka's real displayio renders into a Pillow image.

It stands in for ``board.DISPLAY`` (a BusDisplay on the device). It drives the root
Group through the same internal calls Blinka's BusDisplay makes (adafruit-blinka-displayio
2.7.1: ``_update_transform``, ``_get_refresh_areas``, ``_fill_area``,
``_finish_refresh``), so what is drawn, and which areas a refresh pushes, are what
displayio decides. Every refresh appends the number of pixels it pushed to ``pushed``.
"""

import warnings

import displayio
from displayio import Group, TileGrid
from displayio._area import Area
from displayio._structs import ColorspaceStruct, TransformStruct
from PIL import Image

BLINKA_DISPLAYIO_VERSION = "2.7.1"
if displayio.__version__ != BLINKA_DISPLAYIO_VERSION:
    warnings.warn(
        "host_sim.display relies on adafruit-blinka-displayio %s internals; found %s"
        % (BLINKA_DISPLAYIO_VERSION, displayio.__version__),
        stacklevel=1,
    )


def _settle(group):
    """After a full refresh, mark every TileGrid as drawn, as CircuitPython does.

    Blinka's TileGrid._finish_refresh skips a TileGrid whose ``_needs_refresh`` is still
    set, which only its ``_get_refresh_areas`` clears, and a full refresh never calls
    that. Without this, everything new on a screen would be pushed a second time at the
    next refresh; CircuitPython's displayio_tilegrid_finish_refresh has no such guard.
    """
    for layer in group._layers:
        if isinstance(layer, Group):
            _settle(layer)
        elif isinstance(layer, TileGrid):
            layer._needs_refresh = False


class SimDisplay:
    """A 160x128 RGB565 display with manual or automatic refresh.

    :param on_refresh: called with the display after each refresh that pushed pixels
    """

    def __init__(self, width=160, height=128, on_refresh=None):
        self.width = width
        self.height = height
        self.rotation = 0
        self.brightness = 1.0
        self.auto_refresh = True
        self.image = Image.new("RGB", (width, height))
        self.pushed = []  # pixels pushed by each refresh, in order
        self.last_areas = []  # (x1, y1, x2, y2) of the last refresh
        self.on_refresh = on_refresh
        self._colorspace = ColorspaceStruct(depth=16)
        self._transform = TransformStruct(width=width, height=height)
        self._screen = Area(0, 0, width, height)
        self._root = None
        self._full = True

    @property
    def root_group(self):
        """The Group shown (setting one redraws the whole screen at the next refresh)."""
        return self._root

    @root_group.setter
    def root_group(self, group):
        if group is self._root:
            return
        if group is not None and group._in_group:
            raise ValueError("Group already used")
        if self._root is not None:
            self._root._in_group = False
        if group is not None:
            group._update_transform(self._transform)
            group._in_group = True
        self._root = group
        self._full = True

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        """Push the dirty areas (everything after a root change) into the image."""
        group = self._root
        areas = []
        if self._full:
            if group is not None:
                group._prepare_full_refresh()
            areas.append(Area(0, 0, self.width, self.height))
        elif group is not None:
            group._get_refresh_areas(areas)
        count = 0
        self.last_areas = []
        for area in areas:
            clipped = Area()
            if not self._screen.compute_overlap(area, clipped):
                continue
            size = clipped.size()
            buffer = bytearray(((size + 1) // 2) * 4)
            mask = bytearray((size // 32 + 1) * 4)
            if group is not None:
                group._fill_area(
                    self._colorspace,
                    clipped,
                    memoryview(mask).cast("I"),
                    memoryview(buffer).cast("I"),
                )
            tile = Image.frombuffer(
                "RGB",
                (clipped.width(), clipped.height()),
                bytes(buffer[: size * 2]),
                "raw",
                "BGR;16",
                0,
                1,
            )
            self.image.paste(tile, (clipped.x1, clipped.y1))
            self.last_areas.append((clipped.x1, clipped.y1, clipped.x2, clipped.y2))
            count += size
        if group is not None:
            if self._full:
                _settle(group)
            group._finish_refresh()
        self._full = False
        self.pushed.append(count)
        if count and self.on_refresh is not None:
            self.on_refresh(self)
        return True
