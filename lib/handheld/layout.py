# SPDX-License-Identifier: MIT
"""
`handheld.layout`
=================

Display-free layout logic: a list cursor with a scrolling window, and word wrapping of a
string for the fixed-width fonts (the rules texts are wrapped with it at build time:
tools/make_pages.py). Runs under MicroPython tests.
"""

try:
    from typing import List
except ImportError:
    pass


class Cursor:
    """The selected row of a list and the first visible row of its window.

    :param int count: number of rows
    :param int visible: rows the screen shows at once
    :param bool wrap: moving past an end goes to the other end
    """

    def __init__(self, count: int, visible: int, wrap: bool = True) -> None:
        self.count = count
        self.visible = visible
        self.wrap = wrap
        self.index = 0
        self.top = 0

    def move(self, delta: int) -> bool:
        """Move by ``delta`` rows; True if the selection changed."""
        if self.count == 0:
            return False
        index = self.index + delta
        if self.wrap:
            index %= self.count
        else:
            index = min(max(index, 0), self.count - 1)
        return self.select(index)

    def select(self, index: int) -> bool:
        """Select a row directly, scrolling the window to show it; True if it changed."""
        if index == self.index:
            return False
        self.index = index
        if index < self.top:
            self.top = index
        elif index >= self.top + self.visible:
            self.top = index - self.visible + 1
        return True

    def row_on_screen(self) -> int:
        """The selected row's position inside the window."""
        return self.index - self.top


def wrap_text(text: str, columns: int) -> List[str]:
    """Split text into lines of at most ``columns`` characters, breaking at spaces.

    A newline ends a line; an empty line is kept (paragraph break). A word longer than
    a line is cut.
    """
    lines = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            if not word:
                continue
            while len(word) > columns:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:columns])
                word = word[columns:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= columns:
                line += " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
