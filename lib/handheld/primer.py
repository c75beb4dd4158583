# SPDX-License-Identifier: MIT
"""
`handheld.primer`
=================

The Decktet in one screen, for a newcomer (main menu "Cards", or SELECT on a rules page):
the six suits with the icon the cards show, the ranks and the extra cards with the
letters the cards show; A opens the gallery of every card. Its own module, loaded only
when opened.
"""

import sys

import displayio
from micropython import const

from decktet.cards import SUIT_ICONS, SUIT_NAMES
from handheld import ui
from handheld.app import App, Screen, forget_module
from handheld.keys import K_A, K_B
from handheld.screens import hint

try:
    from typing import Any
except ImportError:
    pass

_SUITS_Y = const(16)
_ROW_H = const(12)
_TEXT_Y = const(54)
# The cards' colour for each suit, in SUIT_NAMES order (tools/make_sprites.py's PALETTE):
# the screen draws no card, so it loads no card sheet.
_SUIT_COLOURS = (0x9050D0, 0xE8B000, 0x1878E8, 0x189828, 0xD82020, 0x8A5020)
_LINES = (
    "Rank top left, suits below it.",
    "A Ace, C Crown: one suit each",
    "2 to 9: two suits each",
    "Extras, if a game uses them:",
    "P Pawn, T Court: three suits",
    "X the Excuse: no suit",
)


class PrimerScreen(Screen):
    """The suits (icon and name), the ranks and the extra cards; A: every card.

    :param page: opened from a rules page in its place, ``(module, title, path, first
        line)``: B opens the page again there (the module's ``TextScreen``, by name, as
        the module is not loaded while this is open), and this module goes
    """

    def __init__(self, page: Any = None) -> None:
        super().__init__()
        self.page = page

    def build(self, app: App) -> None:
        """Title, the suit legend in two columns, the rank lines, the hint."""
        self.group = displayio.Group()
        self.group.append(ui.rect(ui.WIDTH, ui.HEIGHT, ui.BLACK))
        self.group.append(ui.title_bar("The Decktet: 6 suits"))
        suit = 0
        while suit < 6:
            # The suit's icon as the fonts draw it (the cards' own icon, 5x7), in the
            # cards' colour for the suit, and its name.
            self.group.append(
                ui.label(
                    SUIT_ICONS[suit] + " " + SUIT_NAMES[suit],
                    4 + (suit // 3) * 80,
                    _SUITS_Y + 1 + (suit % 3) * _ROW_H,
                    ui.LARGE,
                    _SUIT_COLOURS[suit],
                )
            )
            suit += 1
        row = 0
        while row < len(_LINES):
            self.group.append(ui.label(_LINES[row], 2, _TEXT_Y + row * 9, ui.SMALL, ui.WHITE))
            row += 1
        # Over a game, or its set-up (its modules are loaded), the gallery (its module, 45
        # cards) does not fit the heap: from the main menu only.
        text = "A: every card  B: back"
        if app.game_module is not None:
            text = "B: back (all cards: main menu)"
        self.group.append(hint(text))

    def key(self, app: App, key: int) -> None:
        """A: the gallery (not over a game); B: back."""
        if key == K_A and app.game_module is None:
            from handheld.gallery import GalleryScreen

            app.replace(GalleryScreen())
        elif key == K_B and self.page is not None:
            name, title, path, top = self.page
            __import__(name)
            page = sys.modules[name].TextScreen(title, path)
            page.top = top
            app.replace(page)
        elif key == K_B:
            app.pop()

    def closed(self, app: App) -> None:
        """Closed over a game's rules page: this module goes (the heap is tight there)."""
        if self.page is not None:
            forget_module("handheld.primer")
