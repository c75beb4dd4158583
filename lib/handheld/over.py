# SPDX-License-Identifier: MIT
"""
`handheld.over`
===============

- ``GameOverScreen(title, text)``: a game's result; A plays again, B goes home.

Its own small module, loaded when a game ends (the shell's ``App.end_screen``) and dropped
when the screen closes: a module's names are interned one by one when it loads, so the
result waits for a few, not for the pause menu's.
"""

from handheld.app import App, forget_module
from handheld.keys import K_A, K_B
from handheld.screens import MessageScreen, NoticeScreen


class GameOverScreen(NoticeScreen):
    """A game's end: its result, then A plays again (same set-up, a new deal) and B goes
    back to the main menu (``App.game_over`` opens it). It may come right after a CPU's
    last move or a round's result, so A and B wait ``PRIVACY_MS`` (``NoticeScreen``): a
    double tap meant for the screen before does not start a new game."""

    hint_text = "A play again  B menu"

    def closed(self, app: App) -> None:
        """Closed: this module goes (``handheld.over``)."""
        forget_module("handheld.over")

    def act(self, app: App, key: int) -> None:
        """A: play again; B: the main menu; UP/DOWN scroll."""
        if key == K_A:
            app.play_again()
        elif key == K_B:
            app.home()
        else:
            MessageScreen.key(self, app, key)
