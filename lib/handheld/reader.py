# SPDX-License-Identifier: MIT
"""
`handheld.reader`
=================

The rules page: ``TextScreen``, loaded when a rules page opens and dropped when it
closes, so a game's heap does not carry it.
"""

import displayio
from micropython import const

from handheld import ui
from handheld.app import App, Screen, forget_module
from handheld.keys import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_SELECT, K_UP
from handheld.screens import hint
from handheld.textfile import WrappedFile

try:
    from typing import Any
except ImportError:
    pass

_VISIBLE = const(12)  # text lines on a page, above the key hint


def _ends(line: str) -> bool:
    """True if a page may end after ``line``: a blank line (a paragraph break) or the end
    of a sentence."""
    return not line or line[-1] in ".:!?)"


class TextScreen(Screen):
    """A text file wrapped to the small font, scrolled with UP/DOWN; LEFT/RIGHT turn a
    page, which ends at a paragraph's or a sentence's end where one falls in its second
    half. The title bar shows how much of the text has been on screen (a percentage: it
    follows line scrolling too), the scroll marker at the right where the page is in the
    text (``ui.TextPage``); the bottom line names the keys. SELECT opens the Decktet
    primer (``handheld.primer``), which a rules page refers to, in its place.

    Blank-line paragraphs are kept. The file is wrapped when the screen opens, and only
    the lines shown are read from it (``textfile.WrappedFile``): a rules page held whole,
    with its wrapped lines, cost 5-8 KB on a heap already holding a game. This module
    and ``handheld.textfile`` are dropped when the page closes.
    """

    def __init__(self, title: str, path: str) -> None:
        super().__init__()
        self.heading = title
        self.path = path
        self.top = 0
        self.page: Any = None
        self.position: Any = None

    def build(self, app: App) -> None:
        """Wrap the file and show the page (the first, or where it was)."""
        self.group = displayio.Group()
        self.group.append(ui.title_bar(self.heading))
        # 31 columns from x 2 end at 156: the scroll marker has the two right columns.
        self.page = ui.TextPage(WrappedFile(self.path, 31), 2, ui.LIST_TOP, _VISIBLE)
        self.page.scroll_to(self.top)
        self.group.append(self.page.group)
        self.position = ui.label("", ui.WIDTH - 2, 1, ui.SMALL, ui.WHITE, right=True)
        self.group.append(self.position)
        self.group.append(hint("^v line  <> page  B back"))
        self._show_position()

    def closed(self, app: App) -> None:
        """Closed: this module and the file reader go (a game's heap is tight)."""
        forget_module("handheld.reader")
        forget_module("handheld.textfile")

    def _show_position(self) -> None:
        """How much of the text has been on screen, in the title bar."""
        page = self.page
        total = max(len(page.lines), 1)
        ui.set_text(self.position, "%d%%" % min(100, (page.top + page.visible) * 100 // total))

    def _next_top(self) -> int:
        """The first line of the next page: after the last line of this one that ends a
        paragraph or a sentence, if one is in its second half; else a whole page on."""
        page = self.page
        visible = page.visible
        row = visible - 1
        while row >= visible // 2 and not _ends(page.labels[row].text):
            row -= 1
        top = page.top + (row + 1 if row >= visible // 2 else visible)
        if top < len(page.lines) and not page.lines.lines(top, 1)[0]:
            top += 1  # a page does not start with a blank line
        return top

    def _previous_top(self) -> int:
        """The first line of the previous page: the earliest that starts a paragraph or a
        sentence in the page's first half, ending the page just above this one."""
        page = self.page
        visible = page.visible
        first = page.top - visible
        if first <= 0:
            return 0
        # The line before each candidate says whether a sentence starts there.
        before = page.lines.lines(first - 1, visible // 2 + 1)
        row = 0
        while row < len(before):
            if _ends(before[row]):
                return first + row
            row += 1
        return first

    def key(self, app: App, key: int) -> None:
        """Scroll or go back."""
        page = self.page
        moved = False
        if key == K_UP:
            moved = page.scroll_to(page.top - 1)
        elif key == K_DOWN:
            moved = page.scroll_to(page.top + 1)
        elif key == K_LEFT:
            moved = page.scroll_to(self._previous_top())
        elif key == K_RIGHT:
            moved = page.scroll_to(self._next_top())
        elif key == K_B or key == K_A:
            app.pop()
        elif key == K_SELECT:
            from handheld.primer import PrimerScreen

            # The primer takes the page's place (this module and the file reader go while
            # it is open: under a rules page a game's heap is tight) and B opens the page
            # again where it was.
            app.replace(PrimerScreen((__name__, self.heading, self.path, page.top)))
        if moved:
            self._show_position()
