# SPDX-License-Identifier: MIT
"""
`handheld.setup`
================

A game's set-up screen (``open_setup``): its ``SETUP`` rows at the choices last played,
and a Rules row; A starts the game. Loaded when the main menu opens a set-up (or
continues a saved game: ``setup_rows`` gives its choices for "Play again"), and unloaded
with the menus while a game runs.
"""

import sys

from handheld import keys
from handheld.app import App, forget_module
from handheld.keys import K_A, K_B
from handheld.options import OptionsScreen
from handheld.screens import MessageScreen, _load_step
from handheld.store import SETUP_ROWS, game_setting, setup_field

try:
    from typing import Any, List
except ImportError:
    pass

_NOT_BUILT = (
    "Not built yet: this game's play screens come later.\n\n"
    "Press A for a demo table of the UI kit (START pauses)."
)


def _open_demo(app: App) -> None:
    """After "not built yet": the kit's demo table in place of the set-up screen."""
    from handheld.demo import DemoScreen

    app.replace(DemoScreen())


def setup_rows(app: App, entry: Any) -> List[List[Any]]:
    """A game's set-up rows, ``[label, choices, chosen index]``, from its declaration:
    each row at the choice last played, a row that is a setting at the saved setting
    (the last played choice too, unless changed on the Settings screen since)."""
    declared = entry.declaration()
    rows: List[List[Any]] = []
    for label, choices in declared.SETUP:
        row = len(rows)
        chosen = 0
        if row < SETUP_ROWS:
            chosen = app.settings.get(setup_field(entry.slot, row), len(choices), 0)
        rows.append([label, choices, chosen])
    index = 0
    while index < len(declared.SETTINGS):
        _, row, default = declared.SETTINGS[index]
        field = game_setting(entry.slot, index)
        rows[row][2] = app.settings.get(field, len(rows[row][1]), default)
        index += 1
    return rows


def remember(app: App, entry: Any, values: List[int]) -> None:
    """Keep a game's set-up choices for its next set-up (saved with the game's first
    save: no flash write of their own), its settings rows too."""
    declared = entry.declaration()
    settings = app.settings
    row = 0
    while row < len(values) and row < SETUP_ROWS:
        settings.set(setup_field(entry.slot, row), values[row])
        row += 1
    index = 0
    while index < len(declared.SETTINGS):
        settings.set(game_setting(entry.slot, index), values[declared.SETTINGS[index][1]])
        index += 1


def open_setup(app: App, entry: Any) -> None:
    """The game's set-up screen; A starts the game (or says it is not built yet)."""
    available = entry.available()
    if available:
        app.begin_game(entry.module)
    rows = setup_rows(app, entry)

    def start(app: App, values: List[int]) -> None:
        if not available:
            app.game = entry
            app.push(MessageScreen(entry.name, keys.hint(_NOT_BUILT), _open_demo))
        else:
            remember(app, entry, values)
            app.start_game(entry, entry.load(), values)

    rows.append(["Rules", (keys.hint("A: read"),), 0])
    screen = _SetupScreen(entry, rows, start)
    # Rows listed only while another row has a given choice (``SHOWN_WHEN``).
    screen._shown_when = getattr(entry.declaration(), "SHOWN_WHEN", ())
    # A game may name more of its modules to load while its set-up is open (``PREFETCH``).
    screen.modules = _PREFETCH + getattr(entry.declaration(), "PREFETCH", ())
    screen.loading = -1 if available else len(screen.modules) + 1
    screen._prefetch = available
    app.push(screen)


# What the set-up screen loads of its game in the frames after it is shown, one a frame
# from the second (the first tick comes in the frame that opens it): the set-up opens
# without them, and A starts sooner. A name that begins with a dot is the game's (its
# package's), any other the kit's; the kit's modules the games' import come first, each
# in a frame of its own, so no frame loads a game's module and what it imports at once.
# A module not there is skipped.
_PREFETCH = (
    "decktet.cards",
    "decktet.rng",
    "decktet.state",
    ".engine",
    ".flow",
    "handheld.bmp",
    "handheld.cardview",
    ".screens",
)


class _SetupScreen(OptionsScreen):
    """A game's set-up: its option rows plus a Rules row (A on it opens the rules)."""

    def __init__(self, entry: Any, rows: List[List[Any]], start: Any) -> None:
        super().__init__(entry.name, rows, start)
        self.entry = entry
        self.modules = _PREFETCH  # the modules it loads (the game's by suffix)
        # The next of them to load; one past them: the card sheet; two past: done.
        self.loading = len(_PREFETCH) + 1
        self._prefetch = False  # the game's modules are loaded while it is open

    def tick(self, app: App, now: int) -> bool:
        """Load the next of the game's modules (``modules``), if any is left, then the
        card sheet if they use it (so the first table does not wait for the file)."""
        self.loading = _load_step(self.loading, self.modules, self.entry.package)
        return False

    def key(self, app: App, key: int) -> None:
        """A on the Rules row reads the rules; elsewhere A starts."""
        if key == K_A and self.row() == len(self.rows) - 1:
            from handheld.reader import TextScreen

            # The rules page, and the primer it opens, need the room: the game's modules
            # go while they are open and load again once the set-up is back (``shown``).
            for suffix in self.modules:
                if suffix[0] == ".":
                    forget_module(self.entry.package + suffix)
            if "handheld.cardview" in sys.modules:
                sys.modules["handheld.cardview"].release_sheet()
            self.loading = len(self.modules) + 1
            app.push(TextScreen(self.entry.name, self.entry.rules))
        elif key == K_B:
            app.pop()
            app.end_game()
        else:
            super().key(app, key)

    def shown(self, app: App) -> None:
        """Back from the rules: the game's modules load again, a frame at a time."""
        super().shown(app)
        if self._prefetch:
            self.loading = -1

    def values(self) -> List[int]:
        """The game's rows only (not the Rules row)."""
        return super().values()[:-1]
