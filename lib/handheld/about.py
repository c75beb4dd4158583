# SPDX-License-Identifier: MIT
"""
`handheld.about`
================

About (the main menu's last row), which opens the card gallery: its own module, loaded
when it opens, so the main menu's module (loaded at every return to the menu) does not
carry it.
"""

from handheld import keys
from handheld.app import App
from handheld.keys import K_A
from handheld.screens import ConfirmScreen, _load_step

# About fits one page; its hint offers the card gallery.
_ABOUT = (
    "Decktet Handheld: three card games for the Decktet, a deck by P.D. Magnus "
    "(decktet.com, CC BY-NC-SA).\n\n"
    "Keys: arrows move, A chooses, B goes back, START pauses a game."
)

# What About loads of the card gallery in its idle frames, one module a frame from the
# second (its first tick comes in the frame that opens it), leaves first, then the card
# sheet: the player reads About meanwhile, and A opens the gallery without loading them.
_GALLERY = ("decktet.cards", "handheld.bmp", "handheld.cardview", "handheld.gallery")


class _AboutScreen(ConfirmScreen):
    """About: A opens the card gallery, as its hint says; B only closes it (and what it
    loaded of the gallery goes with the menus' screens, ``App.pop``)."""

    hint_text = "A card gallery  B back"

    def __init__(self) -> None:
        # (A is this screen's own key: ConfirmScreen's ``then`` is never called.)
        super().__init__("About", keys.hint(_ABOUT), lambda app: None)
        self._step = -1  # the next of _GALLERY to load; one past them: the sheet

    def tick(self, app: App, now: int) -> bool:
        """Load the next of the gallery's modules, then the card sheet."""
        self._step = _load_step(self._step, _GALLERY, "")
        return False

    def key(self, app: App, key: int) -> None:
        """A: the gallery in About's place (not back to the main menu first, which would
        unload what About loaded); B closes; UP/DOWN scroll."""
        if key == K_A:
            from handheld.gallery import GalleryScreen

            app.replace(GalleryScreen())
        else:
            super().key(app, key)


def about() -> ConfirmScreen:
    """A new About screen."""
    return _AboutScreen()
