# SPDX-License-Identifier: MIT
"""
`handheld.ui`
=============

Shared displayio pieces: colours, the two fonts, text labels that are reused rather than
rebuilt, solid rectangles, and ``ListMenu`` (rows of text with a selection bar, optional
value column and a scrolling window).

Redraw discipline: widgets are built once; afterwards only label text, positions and
``hidden`` change, so a cursor move repaints two rows, not the screen.
"""

import displayio

# bdf directly: bitmap_font imports all four font loaders (about 10 KB of heap more).
from adafruit_bitmap_font import bdf
from adafruit_display_text import bitmap_label
from micropython import const

from handheld.layout import Cursor

try:
    from typing import Any, List, Optional
except ImportError:
    pass

WIDTH = const(160)
HEIGHT = const(128)

BLACK = const(0x000000)
WHITE = const(0xE8E8E8)
GREY = const(0x8890A0)
ACCENT = const(0xFFD040)
BAR = const(0x2E5A88)
TABLE = const(0x0B4020)

SMALL = const(0)  # misc-fixed 5x8: 32 columns, 16 lines
LARGE = const(1)  # misc-fixed 6x10: 26 columns, 12 lines
LINE_HEIGHT = (8, 10)
CHAR_WIDTH = (5, 6)
_FONT_FILES = ("fonts/fixed-5x8.bdf", "fonts/fixed-6x10.bdf")
_fonts: List[Any] = [None, None]


def font(size: int) -> Any:
    """One of the two fonts, loaded on first use (all printable ASCII in one pass)."""
    loaded = _fonts[size]
    if loaded is None:
        # The BDF reader keeps the file open and reads glyphs from it.
        loaded = bdf.BDF(open(_FONT_FILES[size], "rb"), displayio.Bitmap)
        chars = ""
        code = 32
        while code < 127:
            chars += chr(code)
            code += 1
        loaded.load_glyphs(chars)
        _fonts[size] = loaded
    return loaded


def label(
    text: str, x: int, y: int, size: int = SMALL, color: int = WHITE, right: bool = False
) -> Any:
    """A text label whose top-left (top-right if ``right``) corner is at x, y."""
    return bitmap_label.Label(
        font(size),
        text=text,
        color=color,
        anchor_point=(1.0 if right else 0.0, 0.0),
        anchored_position=(x, y),
    )


def set_text(widget: Any, text: str) -> bool:
    """Change a label's text only if it differs (a same-text set would repaint it)."""
    if widget.text == text:
        return False
    widget.text = text
    return True


def rect(width: int, height: int, color: int, x: int = 0, y: int = 0) -> displayio.TileGrid:
    """A solid rectangle. A tall one is a column of 8-row tiles of one small bitmap: as
    one bitmap a full-screen background would take 2.5 KB of heap (a bit per pixel)."""
    palette = displayio.Palette(1)
    palette[0] = color
    rows = 8 if height >= 32 and height % 8 == 0 else height
    # A tile is the whole bitmap by default.
    return displayio.TileGrid(
        displayio.Bitmap(width, rows, 1), pixel_shader=palette, height=height // rows, x=x, y=y
    )


def title_bar(text: str) -> displayio.Group:
    """A screen title in the large font on a bar across the top, 12 px high."""
    group = displayio.Group()
    group.append(rect(WIDTH, 12, BAR))
    group.append(label(text, 3, 1, LARGE, ACCENT))
    return group


class ListMenu:
    """Rows of text, one selected (drawn on a bar), scrolling when there are more rows
    than fit. An optional right-aligned value column shows e.g. "< 50 >".

    :param list items: row texts
    :param int x, y: top-left corner
    :param int width: row width in pixels
    :param int visible: rows shown at once
    :param int size: SMALL or LARGE
    :param bool values: add a value column (set with ``set_value``)
    """

    def __init__(
        self,
        items: List[str],
        x: int,
        y: int,
        width: int,
        visible: int,
        size: int = LARGE,
        values: bool = False,
    ) -> None:
        self.items = items
        self.values: Optional[List[str]] = [""] * len(items) if values else None
        self.line = LINE_HEIGHT[size] + 2
        self.y = y
        self.cursor = Cursor(len(items), visible)
        self.group = displayio.Group(x=x)
        self.bar = rect(width, self.line, BAR, 0, y)
        self.group.append(self.bar)
        self.labels: List[Any] = []
        self.value_labels: List[Any] = []
        self._shown_top = -1
        row = 0
        while row < min(visible, len(items)):
            top = y + row * self.line + 1
            text = label("", 3, top, size)
            self.labels.append(text)
            self.group.append(text)
            if values:
                value = label("", width - 3, top, size, ACCENT, right=True)
                self.value_labels.append(value)
                self.group.append(value)
            row += 1
        self._fill()

    @property
    def index(self) -> int:
        """The selected row."""
        return self.cursor.index

    def _fill(self) -> None:
        """Put the window's texts into the labels (after a scroll) and place the bar."""
        top = self.cursor.top
        if top != self._shown_top:
            row = 0
            while row < len(self.labels):
                set_text(self.labels[row], self.items[top + row])
                if self.values is not None:
                    set_text(self.value_labels[row], self.values[top + row])
                row += 1
            self._shown_top = top
        self.bar.y = self.y + self.cursor.row_on_screen() * self.line

    def move(self, delta: int) -> bool:
        """Move the selection; only the bar moves unless the window scrolls."""
        if not self.cursor.move(delta):
            return False
        self._fill()
        return True

    def select(self, index: int) -> None:
        """Select a row directly."""
        if self.cursor.select(index):
            self._fill()

    def set_item(self, index: int, text: str) -> None:
        """Change one row's text."""
        self.items[index] = text
        row = index - self.cursor.top
        if 0 <= row < len(self.labels):
            set_text(self.labels[row], text)

    def set_value(self, index: int, text: str) -> None:
        """Change one row's value column."""
        if self.values is None:
            return
        self.values[index] = text
        row = index - self.cursor.top
        if 0 <= row < len(self.value_labels):
            set_text(self.value_labels[row], text)


class TextPage:
    """Wrapped text in a window of lines, scrolled by line or page.

    :param list lines: already wrapped lines (``layout.wrap_text``)
    """

    def __init__(self, lines: List[str], x: int, y: int, visible: int, size: int = SMALL) -> None:
        self.lines = lines
        self.visible = visible
        self.top = -1
        self.group = displayio.Group(x=x, y=y)
        self.labels: List[Any] = []
        row = 0
        while row < visible:
            text = label("", 0, row * LINE_HEIGHT[size], size)
            self.labels.append(text)
            self.group.append(text)
            row += 1
        self.scroll_to(0)

    def max_top(self) -> int:
        """The last valid first line."""
        return max(0, len(self.lines) - self.visible)

    def scroll_to(self, top: int) -> bool:
        """Show lines from ``top`` (clamped); True if the view moved."""
        top = min(max(top, 0), self.max_top())
        if top == self.top:
            return False
        self.top = top
        row = 0
        while row < self.visible:
            index = top + row
            set_text(self.labels[row], self.lines[index] if index < len(self.lines) else "")
            row += 1
        return True
