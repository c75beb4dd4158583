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

try:
    from typing import Any
except ImportError:
    pass

_VISIBLE = const(12)  # text lines on a page, above the key hint
_HALF = const(6)  # a page ends at a sentence's end found in its second half
# The laid-out file (tools/make_pages.py): each line 31 columns padded with spaces, then
# "\n", so line N starts at byte N x 32 and a page is one read of 384 bytes.
_COLUMNS = const(31)  # from x 2: the scroll marker keeps the screen's two right columns
_STRIDE = const(32)
_PAGE = const(384)  # _VISIBLE * _STRIDE
_LINE_HEIGHT = const(8)  # the small font's
_RUN = const(96)  # _VISIBLE * _LINE_HEIGHT: the text's height, where the marker moves
_MARKER_MIN = const(4)  # the marker's least height
_SPACE = const(32)  # a space byte, which is tile 0 (blank)


def _ends(page: bytearray, at: int) -> bool:
    """True if a page may end after the line at byte ``at`` of ``page`` (a laid-out
    page): a blank line (a paragraph break) or the end of a sentence."""
    end = at + _COLUMNS - 1
    while end >= at and page[end] == _SPACE:
        end -= 1
    if end < at:
        return True
    last = page[end]
    # . : ! ? )
    return last == 46 or last == 58 or last == 33 or last == 63 or last == 41


class TextScreen(Screen):
    """A rules text in the small font, scrolled with UP/DOWN; LEFT/RIGHT turn a page,
    which ends at a paragraph's or a sentence's end where one falls in its second half.
    The title bar shows how much of the text has been on screen (a percentage: it
    follows line scrolling too), the scroll marker at the right where the page is in the
    text; the bottom line names the keys. SELECT opens the Decktet primer
    (``handheld.primer``), which a rules page refers to, in its place.

    The text is laid out at build time (tools/make_pages.py: ``rules.txt`` is read from
    ``rules.lines`` beside it, in lines of fixed width), so the device wraps nothing:
    showing a page is one read of its bytes, and each line's tiles are set only where
    they differ from what is shown. This module is dropped when the page closes.

    :param str title: the title bar's text
    :param str path: the rules text (``games/<game>/rules.txt``)
    """

    def __init__(self, title: str, path: str) -> None:
        super().__init__()
        self.heading = title
        self.path = path
        self.top = 0
        self.position: Any = None
        self._file = path[:-3] + "lines"  # rules.txt -> rules.lines, beside it
        self._rows: Any = None
        self._lines = 0
        self._shown: Any = None  # the page shown, as read from the file
        self._spare: Any = None  # where the next page is read
        self._marker: Any = None
        self._run = 0

    def build(self, app: App) -> None:
        """Show the page (the first, or where it was)."""
        with open(self._file, "rb") as handle:
            self._lines = handle.seek(0, 2) // _STRIDE
        self.group = displayio.Group()
        self.group.append(ui.title_bar(self.heading))
        self._rows = []
        row = 0
        while row < _VISIBLE:
            text = ui.label("", 2, ui.LIST_TOP + row * _LINE_HEIGHT)
            self._rows.append(text)
            self.group.append(text)
            row += 1
        # Both pages start blank (spaces), as the new rows are.
        self._shown = bytearray(b" " * _PAGE)
        self._spare = bytearray(self._shown)
        lines = self._lines
        if lines > _VISIBLE:
            height = max(_MARKER_MIN, _RUN * _VISIBLE // lines)
            self._run = _RUN - height
            self._marker = ui.rect(2, height, ui.GREY, ui.SCROLL_X, ui.LIST_TOP)
            self.group.append(self._marker)
        self.position = ui.label("", ui.WIDTH - 2, 1, ui.SMALL, ui.WHITE, right=True)
        self.group.append(self.position)
        self.group.append(hint("^v line  <> page  B back"))
        top = self.top
        self.top = -1
        self._show(top)

    def closed(self, app: App) -> None:
        """Closed: this module goes (a game's heap is tight)."""
        forget_module("handheld.reader")

    def _read(self, top: int) -> bytearray:
        """The page from line ``top``, read into the spare page (which it returns)."""
        page = self._spare
        with open(self._file, "rb") as handle:
            handle.seek(top * _STRIDE)
            handle.readinto(page)
        return page

    def _show(self, top: int) -> bool:
        """Show lines from ``top`` (clamped); True if the view moved. Only the tiles that
        differ from the page shown are set, so only their cells are redrawn."""
        top = min(max(top, 0), max(0, self._lines - _VISIBLE))
        if top == self.top:
            return False
        self.top = top
        page = self._read(top)
        shown = self._shown
        rows = self._rows
        at = 0  # the row's first byte in the pages
        row = 0
        while row < _VISIBLE:
            tiles = rows[row]
            for index in range(at, at + _COLUMNS):
                byte = page[index]
                if byte != shown[index]:
                    tiles[index - at] = byte - _SPACE
            at += _STRIDE
            row += 1
        self._shown = page
        self._spare = shown
        marker = self._marker
        if marker is not None:
            y = ui.LIST_TOP + self._run * top // (self._lines - _VISIBLE)
            if marker.y != y:
                marker.y = y
        ui.set_text(self.position, "%d%%" % min(100, (top + _VISIBLE) * 100 // max(self._lines, 1)))
        return True

    def _next_top(self) -> int:
        """The first line of the next page: after the last line of this one that ends a
        paragraph or a sentence, if one is in its second half; else a whole page on."""
        shown = self._shown
        row = _VISIBLE - 1
        while row >= _HALF and not _ends(shown, row * _STRIDE):
            row -= 1
        top = self.top + (row + 1 if row >= _HALF else _VISIBLE)
        # A page does not start with a blank line (a line starts with a space only then).
        if top < self._lines and self._read(top)[0] == _SPACE:
            top += 1
        return top

    def _previous_top(self) -> int:
        """The first line of the previous page: the earliest that starts a paragraph or a
        sentence in the page's first half, ending the page just above this one."""
        first = self.top - _VISIBLE
        if first <= 0:
            return 0
        # The line before each candidate says whether a sentence starts there.
        before = self._read(first - 1)
        row = 0
        while row <= _HALF:
            if _ends(before, row * _STRIDE):
                return first + row
            row += 1
        return first

    def key(self, app: App, key: int) -> None:
        """Scroll or go back."""
        if key == K_UP:
            self._show(self.top - 1)
        elif key == K_DOWN:
            self._show(self.top + 1)
        elif key == K_LEFT:
            self._show(self._previous_top())
        elif key == K_RIGHT:
            self._show(self._next_top())
        elif key == K_B or key == K_A:
            app.pop()
        elif key == K_SELECT:
            from handheld.primer import PrimerScreen

            # The primer takes the page's place (this module goes while it is open: under
            # a rules page a game's heap is tight) and B opens the page again where it was.
            app.replace(PrimerScreen((__name__, self.heading, self.path, self.top)))
