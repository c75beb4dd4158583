# SPDX-License-Identifier: MIT
"""
`handheld.centred`
==================

A display larger than the app's 160x128 (the PicoSystem's 240x240) as the app sees one:
what the app shows as the root group is shown inside a fixed group offset to the
screen's centre, at its own size (a Group scales only by whole numbers, and 1.5x would
not be sharp). Loaded only on such a board (``handheld.boards``).
"""

import displayio

try:
    from typing import Any
except ImportError:
    pass


class Centred:
    """``board.DISPLAY`` with the app's root group shown at ``(x, y)``: the app sets
    ``root_group``, ``brightness`` and ``auto_refresh`` and calls ``refresh`` as on the
    badges' displays.

    :param display: the board's display
    :param int x, y: where the app's top-left corner goes
    """

    def __init__(self, display: Any, x: int, y: int) -> None:
        self.display = display
        self.frame = displayio.Group(x=x, y=y)
        self.group: Any = None
        display.root_group = self.frame

    @property
    def root_group(self) -> Any:
        """The app's root group (inside the centred frame)."""
        return self.group

    @root_group.setter
    def root_group(self, group: Any) -> None:
        if group is self.group:
            return
        if self.group is not None:
            self.frame.remove(self.group)
        self.group = group
        if group is not None:
            self.frame.append(group)

    @property
    def brightness(self) -> float:
        """The backlight, 0.0-1.0."""
        return self.display.brightness

    @brightness.setter
    def brightness(self, value: float) -> None:
        self.display.brightness = value

    @property
    def auto_refresh(self) -> bool:
        """Whether the display refreshes on its own (the app turns it off)."""
        return self.display.auto_refresh

    @auto_refresh.setter
    def auto_refresh(self, value: bool) -> None:
        self.display.auto_refresh = value

    def refresh(self) -> bool:
        """Push what changed to the screen."""
        return self.display.refresh()
