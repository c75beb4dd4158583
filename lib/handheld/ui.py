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
LIST_TOP = const(15)  # where a screen's list or text starts, below its title bar
CHAR_WIDTH = (5, 6)
# A scrolling page's marker (``TextPage``): its left column on the screen (the two right
# columns), width, and least height.
SCROLL_X = const(158)
_MARKER_WIDTH = const(2)
_MARKER_MIN = const(4)
# The fonts' glyph sheets, made from fonts/*.bdf by tools/make_sheets.py.
_SHEET_FILES = ("fonts/fixed-5x8.sheet", "fonts/fixed-6x10.sheet")
# Text drops this many rows below its y, as the labels the screens were laid out with.
_DROP = (1, 2)
# The sheets hold printable ASCII, 32..126, then the six suit icons (127..132, drawn in
# the fonts: decktet.cards.SUIT_ICONS), one cell each.
_FIRST_CHAR = const(32)
_CHARS = const(101)
_sheets: List[Any] = [None, None]
_palettes: dict = {}


def _load_sheets() -> None:
    """Read both glyph sheets (``fonts/*.sheet``, made from the BDF fonts by
    tools/make_sheets.py: raw 1-bit rows, the leftmost pixel in each byte's lowest bit)
    into one 1-bit bitmap per font: in one ``bitmaptools.readinto`` call each where the
    board has it, else byte by byte."""
    readinto: Any = None
    try:
        from bitmaptools import readinto
    except ImportError:
        pass
    size = 0
    while size < 2:
        width = CHAR_WIDTH[size] * _CHARS
        height = LINE_HEIGHT[size]
        sheet = displayio.Bitmap(width, height, 2)
        with open(_SHEET_FILES[size], "rb") as handle:
            if readinto is not None:
                readinto(sheet, handle, 1, 1, False, False, False)
            else:
                _read_sheet(sheet, handle.read(), width, height)
        _sheets[size] = sheet
        size += 1


def _read_sheet(sheet: displayio.Bitmap, data: bytes, width: int, height: int) -> None:
    """Fill ``sheet`` from a glyph sheet's bytes (a board without ``bitmaptools``)."""
    stride = (width + 7) >> 3
    y = 0
    while y < height:
        x = 0
        while x < width:
            if data[y * stride + (x >> 3)] >> (x & 7) & 1:
                sheet[x, y] = 1
            x += 1
        y += 1


def _font_sheet(size: int) -> displayio.Bitmap:
    """The glyph sheet of one of the two fonts: cell n holds character 32 + n."""
    if _sheets[size] is None:
        _load_sheets()
    return _sheets[size]


def palette(color: int) -> displayio.Palette:
    """A shared two-colour palette for text: transparent background, ``color`` ink."""
    shared = _palettes.get(color)
    if shared is None:
        shared = displayio.Palette(2)
        shared[1] = color
        shared.make_transparent(0)
        _palettes[color] = shared
    return shared


class Text(displayio.TileGrid):
    """One line of text: a row of font-sheet tiles, one per character (the fonts are
    monospace). Changing the text changes only the tiles that differ, so only those
    cells are redrawn; it costs about 200 bytes where an ``adafruit_display_text``
    label costs about 1 KB plus its text bitmap.

    :param str text: the first text
    :param int x, y: top-left corner (top-right with ``right``)
    :param int size: SMALL or LARGE
    :param int color: ink colour
    :param bool right: right-align the text at x
    :param int columns: most characters shown (default: as many as fit on the screen)
    """

    def __init__(
        self,
        text: str,
        x: int,
        y: int,
        size: int = SMALL,
        color: int = WHITE,
        right: bool = False,
        columns: int = 0,
    ) -> None:
        width = CHAR_WIDTH[size]
        if columns <= 0:
            columns = max(1, len(text), (x if right else WIDTH - x) // width)
        super().__init__(
            _font_sheet(size),
            pixel_shader=palette(color),
            width=columns,
            height=1,
            tile_width=width,
            tile_height=LINE_HEIGHT[size],
            x=x - columns * width if right else x,
            # Where an adafruit_display_text label anchored at y drew its glyphs.
            y=y + _DROP[size],
        )
        self._columns = columns
        self._size = size
        self._right = right
        self._color = color
        self._text = ""
        self.text = text

    @property
    def text(self) -> str:
        """The text shown (cut to the columns it has)."""
        return self._text

    @text.setter
    def text(self, text: str) -> None:
        columns = self._columns
        if len(text) > columns:
            shown = text[:columns]
        else:
            shown = text
        length = len(shown)
        right = self._right
        old = self._text
        # Only the cells the old text or the new one covers can change: every other cell
        # is blank already (a new grid is all tile 0, the blank). Over no old text (a new
        # label) every cell is blank, and only the ink is written; over old text a cell is
        # written only if its tile differs (a rewritten cell is redrawn).
        column = columns - length if right else 0
        if not old:
            for char in shown:
                tile = ord(char) - _FIRST_CHAR
                if 0 < tile < _CHARS:
                    self[column] = tile
                column += 1
            self._text = text
            return
        span = min(len(old), columns)
        if right:
            # Cells left of the new text that the old one covered: blank now.
            blank = columns - span
            while blank < column:
                if self[blank]:
                    self[blank] = 0
                blank += 1
        for char in shown:
            tile = ord(char) - _FIRST_CHAR
            if not 0 <= tile < _CHARS:
                tile = 0
            if self[column] != tile:
                self[column] = tile
            column += 1
        # Cells right of the new text that the old one covered: blank now.
        while column < span:
            if self[column]:
                self[column] = 0
            column += 1
        self._text = text

    def move(self, x: int, y: int) -> None:
        """Put the text's top-left (top-right if right-aligned) corner at x, y."""
        self.x = x - self._columns * CHAR_WIDTH[self._size] if self._right else x
        self.y = y + _DROP[self._size]

    @property
    def color(self) -> int:
        """The ink colour (changing it swaps the shared palette)."""
        return self._color

    @color.setter
    def color(self, color: int) -> None:
        if color != self._color:
            self._color = color
            self.pixel_shader = palette(color)


def label(
    text: str, x: int, y: int, size: int = SMALL, color: int = WHITE, right: bool = False
) -> Text:
    """A text line whose top-left (top-right if ``right``) corner is at x, y."""
    return Text(text, x, y, size, color, right)


def set_text(widget: Any, text: str) -> bool:
    """Change a label's text only if it differs (a same-text set would repaint it)."""
    if widget.text == text:
        return False
    widget.text = text
    return True


def set_hidden(widget: Any, hidden: bool) -> bool:
    """Hide or show a widget only if that changes it (setting ``hidden`` again would
    repaint it on CircuitPython, at least for a vectorio shape)."""
    if widget.hidden == hidden:
        return False
    widget.hidden = hidden
    return True


# The class ``rect`` makes, found at the first one after a boot (``None`` again): a
# ``vectorio.Rectangle`` (about 100 bytes on CircuitPython, where a TileGrid over a
# one-colour bitmap cost 350-450), or ``handheld.solid.Solid`` on a build without
# ``vectorio`` (the PyBadge's and PyGamer's); ``handheld.centred`` sets ``Solid`` for its
# offset frame, where a vectorio shape reports the areas to redraw as if the frame were at
# the screen's origin.
shape: Any = None


def rect(width: int, height: int, color: int, x: int = 0, y: int = 0) -> Any:
    """A solid rectangle (``shape``) on a one-colour palette shared by every rectangle of
    that colour. Move it, hide it or change its ``width`` as a vectorio shape."""
    maker = shape
    if maker is None:
        maker = _find_shape()
    return maker(pixel_shader=solid(color), width=width, height=height, x=x, y=y)


def _find_shape() -> Any:
    """``vectorio.Rectangle`` where the build has it, else ``handheld.solid.Solid``."""
    global shape
    try:
        from vectorio import Rectangle

        shape = Rectangle
    except ImportError:
        from handheld.solid import Solid

        shape = Solid
    return shape


def solid(color: int) -> displayio.Palette:
    """The one-colour palette every solid shape of ``color`` shares."""
    key = color | 0x1000000  # apart from the text palettes' keys
    shared = _palettes.get(key)
    if shared is None:
        shared = displayio.Palette(1)
        shared[0] = color
        _palettes[key] = shared
    return shared


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
        self._value_labels: List[Any] = []
        self._shown_top = -1
        self._size = size
        self._width = width
        self._add_rows(min(visible, len(items)))
        self._fill()

    def _add_rows(self, rows: int) -> None:
        """Labels (and value labels) for the window's rows up to ``rows``."""
        row = len(self.labels)
        while row < rows:
            top = self.y + row * self.line + 1
            text = label("", 3, top, self._size)
            self.labels.append(text)
            self.group.append(text)
            if self.values is not None:
                value = label("", self._width - 3, top, self._size, ACCENT, right=True)
                self._value_labels.append(value)
                self.group.append(value)
            row += 1

    @property
    def index(self) -> int:
        """The selected row."""
        return self.cursor.index

    def _fill(self) -> None:
        """Put the window's texts into the labels (after a scroll) and place the bar."""
        top = self.cursor.top
        if top != self._shown_top:
            count = len(self.items)
            row = 0
            while row < len(self.labels):
                # (Rows past the list's end, after ``relist`` made it shorter: blank.)
                at = top + row
                set_text(self.labels[row], self.items[at] if at < count else "")
                if self.values is not None:
                    set_text(self._value_labels[row], self.values[at] if at < count else "")
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

    def relist(self, items: List[str], values: Any, index: int) -> None:
        """Show other rows in place (rows came or went): ``items``, their ``values`` (a
        list as long, for a menu with a value column; else None), ``index`` selected.
        Only the texts that change are redrawn, not the whole menu."""
        self.items = items
        if self.values is not None:
            self.values = values
        cursor = self.cursor
        cursor.count = len(items)
        cursor.top = max(0, min(cursor.top, len(items) - cursor.visible))
        cursor.index = -1  # (``select`` then places the window around ``index``)
        cursor.select(index)
        self._add_rows(min(cursor.visible, len(items)))
        self._shown_top = -1
        self._fill()

    def _set_item(self, index: int, text: str) -> None:
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
        if 0 <= row < len(self._value_labels):
            set_text(self._value_labels[row], text)


class TextPage:
    """Wrapped text in a window of lines, scrolled by line or page. Text longer than the
    window gets a scroll marker at the screen's right edge (``SCROLL_X``; keep the text
    left of it): a bar as tall as the share of the text shown, as far down as the window
    is (``scrolls`` is then True; a hint says the keys).

    :param lines: already wrapped lines (a list from ``layout.wrap_text``; the rules
        pages are laid out at build time and shown by ``handheld.reader`` instead)
    """

    def __init__(self, lines: Any, x: int, y: int, visible: int, size: int = SMALL) -> None:
        self.lines = lines
        self.visible = visible
        self.top = -1
        self.group = displayio.Group(x=x, y=y)
        self.labels: List[Any] = []
        # A label for each line shown: no more than the text has.
        rows = min(visible, len(lines))
        row = 0
        while row < rows:
            text = label("", 0, row * LINE_HEIGHT[size], size)
            self.labels.append(text)
            self.group.append(text)
            row += 1
        self.marker: Any = None
        # How far the marker moves, in pixels: the window's height less its own.
        self._run = visible * LINE_HEIGHT[size]
        if len(lines) > visible:
            height = max(_MARKER_MIN, self._run * visible // len(lines))
            self._run -= height
            self.marker = rect(_MARKER_WIDTH, height, GREY, SCROLL_X - x, 0)
            self.group.append(self.marker)
        self.scroll_to(0)

    @property
    def scrolls(self) -> bool:
        """True if the text is longer than the window (it has a scroll marker)."""
        return self.marker is not None

    def _max_top(self) -> int:
        """The last valid first line."""
        return max(0, len(self.lines) - self.visible)

    def scroll_to(self, top: int) -> bool:
        """Show lines from ``top`` (clamped); True if the view moved."""
        top = min(max(top, 0), self._max_top())
        if top == self.top:
            return False
        self.top = top
        if isinstance(self.lines, list):
            shown = self.lines[top : top + self.visible]
        else:
            shown = self.lines.lines(top, self.visible)
        row = 0
        while row < len(self.labels):
            set_text(self.labels[row], shown[row] if row < len(shown) else "")
            row += 1
        marker = self.marker
        if marker is not None:
            y = self._run * top // self._max_top()
            if marker.y != y:
                marker.y = y
        return True
