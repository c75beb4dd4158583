# SPDX-License-Identifier: MIT
"""
`handheld.pause`
================

- ``PauseMenu()``: what START opens over a play screen.

Loaded when it opens (the shell's ``App.pause_menu``) and dropped when it closes: a
game's heap does not carry it while the game is played.
"""

from handheld import ui
from handheld.app import App, forget_module
from handheld.keys import K_START
from handheld.screens import (
    HINT_Y,
    NOT_SAVED,
    SAVED,
    ConfirmScreen,
    MenuScreen,
    Selected,
)

try:
    from typing import Any, List
except ImportError:
    pass

_QUIT_TEXT = "It ends here and counts as a loss: a winning run ends. A: quit  B: play on"
_QUIT_UNPLAYED = "Nothing is played yet, so it is not counted. A: quit  B: play on"


def _pause_rows(app: App) -> List[str]:
    """The pause menu's rows: "Undo" only while the game can take a move back."""
    rows = ["Resume", "Rules", "Save & sleep", "Quit to menu"]
    play = app.play
    if play is not None and play.flow.can_undo():
        rows.insert(1, "Undo")
    return rows


class PauseMenu(MenuScreen):
    """START over a play screen: resume, undo (if the game can), the game's rules, save
    and turn the screen off, or quit to the main menu. The hint line says whether the
    game is saved (the app saves it once this menu is drawn)."""

    # Under the rules page or the quit question its widgets go (the heap holds a game);
    # the menu keeps the selected row.
    releasable = True

    def __init__(self) -> None:
        super().__init__("Paused", [], self._choose, rows=_pause_rows)
        self.status: Any = None

    def build(self, app: App) -> None:
        """The menu, and the saved state on the right of the hint line."""
        super().build(app)
        self.status = ui.Text("", ui.WIDTH - 2, HINT_Y, ui.SMALL, SAVED, True, 13)
        self.group.append(self.status)
        self.tick(app, 0)

    def release(self) -> None:
        """Covered: only the selected row is kept (``build`` reads ``menu.index``)."""
        self.menu = Selected(self.menu.index)
        self.status = None

    def tick(self, app: App, now: int) -> bool:
        """Follow the saved state."""
        unsaved = app.unsaved()
        self.status.color = NOT_SAVED if unsaved else SAVED
        return ui.set_text(self.status, "Not saved yet" if unsaved else "Saved")

    def _choose(self, app: App, index: int) -> None:
        """Act on the chosen row."""
        item = self.items[index]
        if item == "Resume":
            app.pop()
        elif item == "Undo":
            # The flow goes back while the table is covered: back on top, it is drawn
            # from the flow (``handheld.cardview.PlayScreen``).
            app.play.flow.undo()
            app.pop()
        elif item == "Rules":
            game = app.game
            if game is not None:
                from handheld.reader import TextScreen

                app.push(TextScreen(game.name, game.rules))
        elif item == "Save & sleep":
            app.sleep()
        else:
            played = app.has_moves()
            text = _QUIT_TEXT if played else _QUIT_UNPLAYED
            app.push(ConfirmScreen("Quit this game?", text, App.home))

    def closed(self, app: App) -> None:
        """Closed: this module goes (``handheld.pause``)."""
        forget_module("handheld.pause")

    def key(self, app: App, key: int) -> None:
        """START resumes too."""
        if key == K_START:
            app.pop()
        else:
            super().key(app, key)
