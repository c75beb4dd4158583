# SPDX-License-Identifier: MIT
"""
`handheld.gallery`
==================

The card gallery (About, then A): every card face, the card widgets' demo styles. Its own
module so the main menu does not hold the card sheet and widgets until it is opened.
"""

import displayio

from decktet import cards
from handheld import cardview, ui
from handheld.app import App, Screen
from handheld.keys import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_SELECT, K_UP
from handheld.screens import hint

try:
    from typing import Any, List
except ImportError:
    pass


class GalleryScreen(Screen):
    """All 45 card faces, 24 to a page in three overlapping rows under a title: a
    reviewer's check of the card art and of ``CardRow``. Arrows move the cursor (the card's
    rank, suit icons and name show below), SELECT cycles the demo styles: plain, non-Moons
    dimmed, backs; A or B goes back.
    """

    _PER_ROW = 8
    _ROWS = 3

    def __init__(self) -> None:
        super().__init__()
        self.rows: List[cardview.CardRow] = []
        self.index = 0
        self.page = -1
        self.mode = 0
        self.name: Any = None
        self.header: Any = None

    def build(self, app: App) -> None:
        """A title, three card rows, a name line and a hint."""
        self.group = displayio.Group()
        self.group.append(ui.rect(ui.WIDTH, ui.HEIGHT, ui.TABLE))
        self.group.append(ui.rect(ui.WIDTH, 12, ui.BAR))
        self.header = ui.label("", 3, 1, ui.LARGE, ui.ACCENT)
        self.group.append(self.header)
        r = 0
        while r < self._ROWS:
            # 31 px apart: a raised card (the cursor's) overlaps the row above by 3 px.
            row = cardview.CardRow(self._PER_ROW, 2, 16 + r * 31, ui.WIDTH - 4)
            self.rows.append(row)
            self.group.append(row.group)
            r += 1
        self.name = ui.label("", 2, 108, ui.LARGE, ui.ACCENT)
        self.group.append(self.name)
        self.group.append(hint("<> move  SEL style  B back"))
        self._show()

    def _show(self) -> None:
        """Fill the rows for the current page and mode, place the cursor, name the card."""
        per_page = self._PER_ROW * self._ROWS
        page = self.index // per_page
        if page != self.page:
            self.page = page
            self._fill_page()
            last = min((page + 1) * per_page, cards.NUM_CARDS)
            ui.set_text(
                self.header, "Cards %d-%d of %d" % (page * per_page + 1, last, cards.NUM_CARDS)
            )
        local = self.index - page * per_page
        r = 0
        while r < self._ROWS:
            row = self.rows[r]
            row.set_cursor(local - r * self._PER_ROW if local // self._PER_ROW == r else -1)
            r += 1
        text = cards.display_name(self.index)
        if self.mode == 1:
            text += " (dim)" if not cards.suits(self.index) & cards.MOONS else ""
        ui.set_text(self.name, text)

    def _fill_page(self) -> None:
        """Card codes (or backs) and dimming for every row of the page."""
        first = self.page * self._PER_ROW * self._ROWS
        r = 0
        while r < self._ROWS:
            codes = []
            start = first + r * self._PER_ROW
            code = start
            while code < min(start + self._PER_ROW, cards.NUM_CARDS):
                codes.append(cardview.BACK if self.mode == 2 else code)
                code += 1
            self.rows[r].set_cards(codes)
            mask = 0
            if self.mode == 1:
                i = 0
                while i < len(codes):
                    if not cards.suits(start + i) & cards.MOONS:
                        mask |= 1 << i
                    i += 1
            self.rows[r].set_dimmed(mask)
            r += 1

    def key(self, app: App, key: int) -> None:
        """Move through the 45 cards, change style, or go back."""
        step = 0
        if key == K_LEFT:
            step = -1
        elif key == K_RIGHT:
            step = 1
        elif key == K_UP:
            step = -self._PER_ROW
        elif key == K_DOWN:
            step = self._PER_ROW
        elif key == K_SELECT:
            self.mode = (self.mode + 1) % 3
            self.page = -1
        elif key == K_B or key == K_A:
            app.pop()
            return
        self.index = (self.index + step) % 45
        self._show()
