# SPDX-License-Identifier: MIT
"""
`handheld.home`
===============

The app's own screens: the main menu and what it opens (a game's set-up, Statistics,
Settings, About; the card gallery is ``handheld.gallery``, loaded when opened).
"""

import sys

from handheld import registry
from handheld.app import App
from handheld.keys import K_A, K_B, REPEAT_TIMINGS
from handheld.screens import ConfirmScreen, MessageScreen, OptionsScreen, TextScreen
from handheld.store import (
    REPEAT_CHOICES,
    REPEAT_DEFAULT,
    SET_REPEAT,
    SETUP_ROWS,
    STAT_BEST_RUN,
    STAT_HIGH,
    STAT_PART_HIGH,
    STAT_RUN,
    counters_text,
    game_setting,
    setup_field,
)

try:
    from typing import Any, List
except ImportError:
    pass

_EXTRA_ITEMS = ("Cards", "Statistics", "Settings", "About")
_NOT_BUILT = (
    "Not built yet: this game's play screens come later.\n\n"
    "Press A for a demo table of the UI kit (START pauses)."
)
_RESET_TEXT = "Every game's statistics go back to 0: played, won, runs, scores."
_UNREADABLE = "The saved game could not be read, so it was set aside. Start a new one."
_ABOUT = (
    "Decktet Handheld: three card games for the Decktet, a deck by P.D. Magnus "
    "(decktet.com, CC BY-NC-SA).\n\n"
    "Keys: arrows move, A chooses, B goes back, START pauses a game.\n\n"
    "Press A for the card gallery."
)


# The statistics slot of the game in progress the main menu offers to continue, or -1.
_resumable = -1


def main_rows(app: App) -> List[str]:
    """The main menu's rows, made again at each build: "Continue" comes and goes with the
    saved game."""
    global _resumable
    saved = app.settings.store.load_game() if app.settings is not None else None
    _resumable = saved[0] if saved is not None and saved[0] < len(registry.GAMES) else -1
    items = []
    if _resumable >= 0:
        items.append("Continue " + registry.GAMES[_resumable].name)
    for entry in registry.GAMES:
        items.append(entry.name)
    for item in _EXTRA_ITEMS:
        items.append(item)
    return items


def choose(app: App, index: int) -> None:
    """Open what the main menu's row stands for."""
    if _resumable >= 0:
        if index == 0:
            _continue(app, registry.GAMES[_resumable])
            return
        index -= 1
    games = len(registry.GAMES)
    if index < games:
        open_setup(app, registry.GAMES[index])
    elif index == games:
        from handheld.primer import PrimerScreen

        app.push(PrimerScreen())
    elif index == games + 1:
        app.push(StatsScreen(app))
    elif index == games + 2:
        app.push(settings_screen(app))
    else:
        app.push(MessageScreen("About", _ABOUT, _open_gallery))


def _continue(app: App, entry: Any) -> None:
    """Resume the saved game where it was; a save its game cannot read is set aside."""
    saved = app.settings.store.load_game()
    module = None
    if saved is not None and entry.available():
        app.begin_game(entry.module)
        module = entry.load()
    try:
        if module is None or not hasattr(module, "resume"):
            raise ValueError("no resume")
        screen = module.resume(app, saved[1])
    except ValueError:
        app.end_game()
        app.settings.store.clear_game()
        app.push(MessageScreen(entry.name, _UNREADABLE))
        app.stack[0].group = None  # its rows change (no "Continue") when it is back
        return
    # "Play again" at its end: its set-up choices are the ones last played, remembered.
    app.game_screens = module
    app.values = [row[2] for row in setup_rows(app, entry)]
    app.run_game(entry, screen, False, resumed=True)


def _open_demo(app: App) -> None:
    """After "not built yet": the kit's demo table in place of the set-up screen."""
    from handheld.demo import DemoScreen

    app.replace(DemoScreen())


def _open_gallery(app: App) -> None:
    """After About: the card gallery (its module and the card sheet load only now)."""
    from handheld.gallery import GalleryScreen

    app.push(GalleryScreen())


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
            app.push(MessageScreen(entry.name, _NOT_BUILT, _open_demo))
        else:
            remember(app, entry, values)
            app.start_game(entry, entry.load(), values)

    rows.append(["Rules", ("A: read",), 0])
    screen = _SetupScreen(entry, rows, start)
    screen.loading = -1 if available else len(_PREFETCH)
    app.push(screen)


# What the set-up screen loads of its game in the frames after it is shown, one a frame
# from the second (the first tick comes in the frame that opens it): the set-up opens
# without them, and A starts sooner. A module not there is skipped.
_PREFETCH = (".engine", ".flow", ".screens")


class _SetupScreen(OptionsScreen):
    """A game's set-up: its option rows plus a Rules row (A on it opens the rules)."""

    def __init__(self, entry: Any, rows: List[List[Any]], start: Any) -> None:
        super().__init__(entry.name, rows, start)
        self.entry = entry
        self.loading = len(_PREFETCH)  # the next of the game's modules to load

    def tick(self, app: App, now: int) -> bool:
        """Load the next of the game's modules (``_PREFETCH``), if any is left."""
        step = self.loading
        if step < len(_PREFETCH):
            self.loading = step + 1
            if step < 0:
                return False
            name = self.entry.package + _PREFETCH[step]
            if name not in sys.modules:
                try:
                    __import__(name)
                except ImportError:
                    pass
        return False

    def key(self, app: App, key: int) -> None:
        """A on the Rules row reads the rules; elsewhere A starts."""
        if key == K_A and self.menu.index == len(self.rows) - 1:
            app.push(TextScreen(self.entry.name, self.entry.rules))
        elif key == K_B:
            app.pop()
            app.end_game()
        else:
            super().key(app, key)

    def values(self) -> List[int]:
        """The game's rows only (not the Rules row)."""
        return super().values()[:-1]


class StatsScreen(OptionsScreen):
    """Games won/played per game; A on a game opens its page (what counts as won, winning
    runs, best and worst scores); A on the last row resets them all."""

    def __init__(self, app: App) -> None:
        rows = []
        for entry in registry.GAMES:
            rows.append([entry.name, (counters_text(app.stats, entry.slot),), 0])
        rows.append(["Reset all", ("A",), 0])
        super().__init__("Statistics (won/played)", rows, None, hint="A: more  B: back")

    def key(self, app: App, key: int) -> None:
        """A on a game shows its page; A on the Reset row asks, then clears."""
        index = self.menu.index
        if key == K_A and index == len(self.rows) - 1:
            app.push(ConfirmScreen("Reset statistics?", _RESET_TEXT, self._reset))
        elif key == K_A:
            entry = registry.GAMES[index]
            declared = entry.declaration()
            low = getattr(declared, "LOW_SCORE_BETTER", False)
            text = stats_text(app.stats, entry.slot, low, getattr(declared, "PART", None))
            app.push(MessageScreen(entry.name, text + "\n(" + declared.WON + ")"))
        else:
            super().key(app, key)

    def _reset(self, app: App) -> None:
        """Confirmed: clear every counter."""
        app.stats.reset()
        for entry in registry.GAMES:
            self.rows[entry.slot][1] = (counters_text(app.stats, entry.slot),)
        if self.menu is not None:
            for entry in registry.GAMES:
                self.menu.set_value(entry.slot, counters_text(app.stats, entry.slot))


def settings_screen(app: App) -> OptionsScreen:
    """The settings: key repeat, then every setting the games declare. Changes apply at
    once and are saved when leaving."""
    rows = [["Key repeat", REPEAT_CHOICES, app.settings.get(SET_REPEAT, 3, REPEAT_DEFAULT)]]
    fields = [SET_REPEAT]
    for entry in registry.GAMES:
        declared = entry.declaration()
        index = 0
        while index < len(declared.SETTINGS):
            label, row, default = declared.SETTINGS[index]
            choices = declared.SETUP[row][1]
            field = game_setting(entry.slot, index)
            rows.append([label, choices, app.settings.get(field, len(choices), default)])
            fields.append(field)
            index += 1

    def change(app: App, row: int, value: int) -> None:
        app.settings.set(fields[row], value)
        if fields[row] == SET_REPEAT:
            delay, every = REPEAT_TIMINGS[value]
            app.buttons.set_repeat(delay, every)

    return _SettingsScreen(rows, change)


class _SettingsScreen(OptionsScreen):
    """Settings: saved to nvm when the player leaves (one flash write, not one per key)."""

    def __init__(self, rows: List[List[Any]], change: Any) -> None:
        super().__init__("Settings", rows, None, change, hint="<> change  B save+back")

    def closed(self, app: App) -> None:
        """Save on the way out."""
        app.settings.save()


def _pair(stats: Any, slot: int, high: int, low_better: bool) -> str:
    """ "best B, worst W" of a high/low score pair."""
    best = stats.score(slot, high)
    worst = stats.score(slot, high + 1)
    if best is None or worst is None:
        return "none yet"
    if low_better:
        best, worst = worst, best
    return "best %d, worst %d" % (best, worst)


def stats_text(stats: Any, slot: int, low_better: bool, part: Any) -> str:
    """Every statistic of one game slot of ``stats`` (``handheld.store.Stats``), as lines
    for its Statistics page (``part``: the name of a part score, e.g. "pass", or None)."""
    text = "Played %d, won %d.\nWinning run: %d now, best %d.\nScore: %s." % (
        stats.played(slot),
        stats.won(slot),
        stats.get(slot, STAT_RUN),
        stats.get(slot, STAT_BEST_RUN),
        _pair(stats, slot, STAT_HIGH, low_better),
    )
    if part:
        text += "\nPer %s: %s." % (part, _pair(stats, slot, STAT_PART_HIGH, low_better))
    return text
