# SPDX-License-Identifier: MIT
"""
`handheld.reader`
=================

The rules page: ``TextScreen``, loaded when a rules page opens and dropped when it
closes, so a game's heap does not carry it.
"""

import gc

import displayio

from handheld import ui
from handheld.app import App, Screen, forget_module
from handheld.keys import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_SELECT, K_UP
from handheld.textfile import WrappedFile

try:
    from typing import Any
except ImportError:
    pass


class TextScreen(Screen):
    """A text file wrapped to the small font, scrolled with UP/DOWN (LEFT/RIGHT: a page);
    SELECT opens the Decktet primer (``handheld.primer``), which a rules page refers to.

    Blank-line paragraphs are kept. The file is wrapped when the screen opens, and only
    the lines shown are read from it (``textfile.WrappedFile``): a rules page held whole,
    with its wrapped lines, cost 5-8 KB on a heap already holding a game. This module
    and ``handheld.textfile`` are dropped when the page closes.
    """

    releasable = True  # while the primer covers it, only its place in the file is kept

    def __init__(self, title: str, path: str) -> None:
        super().__init__()
        self.heading = title
        self.path = path
        self.top = 0
        self.page: Any = None
        self.position: Any = None

    def release(self) -> None:
        """Covered: remember the first line shown and let the widgets go."""
        if self.page is not None:
            self.top = self.page.top
        self.page = None
        self.position = None

    def build(self, app: App) -> None:
        """Wrap the file and show the page (the first, or where it was)."""
        self.group = displayio.Group()
        self.group.append(ui.title_bar(self.heading))
        self.page = ui.TextPage(WrappedFile(self.path, 31), 3, ui.LIST_TOP, 13)
        self.page.scroll_to(self.top)
        self.group.append(self.page.group)
        self.position = ui.label("", ui.WIDTH - 2, 1, ui.SMALL, ui.WHITE, right=True)
        self.group.append(self.position)
        self._show_position()

    def closed(self, app: App) -> None:
        """Closed: this module and the file reader go (a game's heap is tight)."""
        forget_module("handheld.reader")
        forget_module("handheld.textfile")

    def shown(self, app: App) -> None:
        """Back from the primer: its module goes at once (under a rules page a game's
        modules are loaded, and the heap is tight)."""
        forget_module("handheld.primer")
        gc.collect()

    def _show_position(self) -> None:
        """Page n/m in the title bar."""
        visible = self.page.visible
        pages = (len(self.page.lines) + visible - 1) // visible
        current = (self.page.top + visible - 1) // visible + 1
        ui.set_text(self.position, "%d/%d" % (min(current, pages), pages))

    def key(self, app: App, key: int) -> None:
        """Scroll or go back."""
        page = self.page
        moved = False
        if key == K_UP:
            moved = page.scroll_to(page.top - 1)
        elif key == K_DOWN:
            moved = page.scroll_to(page.top + 1)
        elif key == K_LEFT:
            moved = page.scroll_to(page.top - page.visible)
        elif key == K_RIGHT:
            moved = page.scroll_to(page.top + page.visible)
        elif key == K_B or key == K_A:
            app.pop()
        elif key == K_SELECT:
            from handheld.primer import PrimerScreen

            app.push(PrimerScreen())
        if moved:
            self._show_position()
