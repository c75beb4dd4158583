# SPDX-License-Identifier: MIT
"""
`handheld.options`
==================

``OptionsScreen``, rows of choices, and the menus made of it: a game's set-up
(``open_setup``), Statistics and Settings. Loaded when the main menu opens one of them
(``handheld.home``), and unloaded with the menus while a game runs; not in
``handheld.screens``, as only the menus use it.
"""

import sys

import displayio

from handheld import keys, registry, ui
from handheld.app import App, Screen, forget_module
from handheld.keys import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_UP, REPEAT_TIMINGS
from handheld.screens import ConfirmScreen, MessageScreen, Selected, hint
from handheld.sound import CUE_PLACE, SOUND_DEFAULT
from handheld.store import (
    REPEAT_CHOICES,
    REPEAT_DEFAULT,
    SET_REPEAT,
    SET_SOUND,
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
    from typing import Any, Callable, List, Optional
except ImportError:
    pass

_SOUND_CHOICES = ("Off", "Quiet", "On")  # handheld.sound's levels
_NOT_BUILT = (
    "Not built yet: this game's play screens come later.\n\n"
    "Press A for a demo table of the UI kit (START pauses)."
)
_RESET_TEXT = "Every game's statistics go back to 0: played, won, runs, scores."


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


class OptionsScreen(Screen):
    """Option rows to set before something starts (a game's set-up, the settings).

    :param list rows: ``[label, choices tuple, chosen index]`` lists (changed in place)
    :param on_start: ``on_start(app, values)`` when A is pressed; None: A does nothing
    :param on_change: ``on_change(app, row, value)`` after LEFT/RIGHT changes a row
    :param str hint: bottom line text
    :param _shown_when: ``(row, other row, choice)`` triples: ``row`` is listed only while
        ``other row`` has ``choice`` (a game's ``SHOWN_WHEN``); a row not listed keeps
        its choice, and ``values`` still gives it in its place
    """

    def __init__(
        self,
        title: str,
        rows: List[List[Any]],
        on_start: Optional[Callable[[App, List[int]], None]],
        on_change: Optional[Callable[[App, int, int], None]] = None,
        hint: str = "<> change  A start  B back",
        _shown_when: Any = (),
    ) -> None:
        super().__init__()
        self.heading = title
        self.rows = rows
        self.on_start = on_start
        self.on_change = on_change
        self.hint = hint
        self._shown_when = _shown_when
        self.listed: List[int] = []  # the rows listed, in order: the menu's row i is listed[i]
        self.menu: Any = None
        self._hint_label: Any = None

    # Covered (a game's rules page over its set-up), it keeps only its rows and the
    # selected row: the rows hold every choice.
    releasable = True

    def release(self) -> None:
        """Covered: let the widgets go, keep the selected row."""
        self.menu = Selected(self.menu.index)
        self._hint_label = None

    def build(self, app: App) -> None:
        """Title, rows with values, hint (the selected row kept if built again)."""
        selected = self.menu.index if self.menu is not None else 0
        self.group = displayio.Group()
        self.group.append(ui.title_bar(self.heading))
        self.listed = self._to_list()
        self.group.append(self._make_menu(selected))
        self._hint_label = hint(self.hint)
        self.group.append(self._hint_label)

    def _to_list(self) -> List[int]:
        """The rows to list: every row but those whose ``_shown_when`` condition fails."""
        out = []
        index = 0
        while index < len(self.rows):
            out.append(index)
            index += 1
        for row, other, choice in self._shown_when:
            if self.rows[other][2] != choice and row in out:
                out.remove(row)
        return out

    def _make_menu(self, selected: int) -> Any:
        """A new menu of the listed rows (``listed``), ``selected`` (a menu row) chosen;
        returns its group."""
        labels = []
        for index in self.listed:
            labels.append(self.rows[index][0])
        self.menu = ui.ListMenu(labels, 0, ui.LIST_TOP, ui.WIDTH, 9, values=True)
        self.menu.select(min(selected, len(labels) - 1))
        for index in self.listed:
            self._show_value(index)
        return self.menu.group

    def row(self) -> int:
        """The selected row (its index in ``rows``, counting rows not listed)."""
        return self.listed[self.menu.index]

    def _relist(self) -> None:
        """After a choice changed: list the rows its conditions now show, the selected
        row kept (only the list is made again, and only if a row came or went)."""
        listed = self._to_list()
        if listed == self.listed:
            return
        row = self.row()
        self.listed = listed
        old = self.menu.group
        self.group[self.group.index(old)] = self._make_menu(
            listed.index(row) if row in listed else 0
        )

    def _set_hint(self, text: str) -> None:
        """Change the bottom line."""
        self.hint = text
        if self._hint_label is not None:
            ui.set_text(self._hint_label, keys.hint(text))

    def _show_value(self, index: int) -> None:
        """Write a row's current choice (``index`` in ``rows``, if listed), with arrows
        when it can change."""
        if index not in self.listed:
            return
        row = self.rows[index]
        choices = row[1]
        if len(choices) > 1:
            self.menu.set_value(self.listed.index(index), "< %s >" % choices[row[2]])
        else:
            self.menu.set_value(self.listed.index(index), choices[row[2]])

    def values(self) -> List[int]:
        """The chosen index of every row."""
        out = []
        for row in self.rows:
            out.append(row[2])
        return out

    def key(self, app: App, key: int) -> None:
        """Move, change a value, start or go back."""
        if key == K_UP:
            self.menu.move(-1)
        elif key == K_DOWN:
            self.menu.move(1)
        elif key == K_LEFT or key == K_RIGHT:
            index = self.row()
            row = self.rows[index]
            count = len(row[1])
            if count > 1:
                row[2] = (row[2] + (1 if key == K_RIGHT else -1)) % count
                self._show_value(index)
                if self._shown_when:
                    self._relist()
                if self.on_change is not None:
                    self.on_change(app, index, row[2])
        elif key == K_A and self.on_start is not None:
            self.on_start(app, self.values())
        elif key == K_B:
            app.pop()


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
# without them, and A starts sooner. A module not there is skipped.
_PREFETCH = (".engine", ".flow", ".screens")


class _SetupScreen(OptionsScreen):
    """A game's set-up: its option rows plus a Rules row (A on it opens the rules)."""

    def __init__(self, entry: Any, rows: List[List[Any]], start: Any) -> None:
        super().__init__(entry.name, rows, start)
        self.entry = entry
        self.modules = _PREFETCH  # the game's modules it loads, by suffix
        # The next of them to load; one past them: the card sheet; two past: done.
        self.loading = len(_PREFETCH) + 1
        self._prefetch = False  # the game's modules are loaded while it is open

    def tick(self, app: App, now: int) -> bool:
        """Load the next of the game's modules (``modules``), if any is left, then the
        card sheet if they use it (so the first table does not wait for the file)."""
        step = self.loading
        if step < len(self.modules):
            self.loading = step + 1
            if step < 0:
                return False
            name = self.entry.package + self.modules[step]
            if name not in sys.modules:
                try:
                    __import__(name)
                except ImportError:
                    pass
        elif step == len(self.modules):
            self.loading = step + 1
            if "handheld.cardview" in sys.modules:
                sys.modules["handheld.cardview"].sheet()
        return False

    def key(self, app: App, key: int) -> None:
        """A on the Rules row reads the rules; elsewhere A starts."""
        if key == K_A and self.row() == len(self.rows) - 1:
            from handheld.reader import TextScreen

            # The rules page, and the primer it opens, need the room: the game's modules
            # go while they are open and load again once the set-up is back (``shown``).
            for suffix in self.modules:
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


class StatsScreen(OptionsScreen):
    """Games won/played per game; A on a game opens its page (what counts as won, winning
    runs, best and worst scores); A on the last row resets them all."""

    def __init__(self, app: App) -> None:
        rows = []
        for entry in registry.GAMES:
            rows.append([entry.name, (counters_text(app.stats, entry.slot),), 0])
        rows.append(["Reset all", (keys.hint("A"),), 0])
        super().__init__("Statistics (won/played)", rows, None, hint="A: more  B: back")

    def key(self, app: App, key: int) -> None:
        """A on a game shows its page; A on the Reset row asks, then clears."""
        index = self.row()
        if key == K_A and index == len(self.rows) - 1:
            app.push(ConfirmScreen("Reset statistics?", _RESET_TEXT, self._reset))
        elif key == K_A:
            entry = registry.GAMES[index]
            declared = entry.declaration()
            low = getattr(declared, "LOW_SCORE_BETTER", False)
            text = _stats_text(app.stats, entry.slot, low, getattr(declared, "PART", None))
            app.push(MessageScreen(entry.name, text + "\n(" + declared.WON + ")"))
        else:
            super().key(app, key)

    def _reset(self, app: App) -> None:
        """Confirmed: clear every counter."""
        app.stats.reset()
        for entry in registry.GAMES:
            self.rows[entry.slot][1] = (counters_text(app.stats, entry.slot),)
        if self.group is not None:  # (else it is built from the rows when shown)
            for entry in registry.GAMES:
                self.menu.set_value(entry.slot, counters_text(app.stats, entry.slot))


def settings_screen(app: App) -> OptionsScreen:
    """The settings: key repeat, sound, then every setting the games declare. Changes
    apply at once and are saved when leaving."""
    rows = [
        ["Key repeat", REPEAT_CHOICES, app.settings.get(SET_REPEAT, 3, REPEAT_DEFAULT)],
        ["Sound", _SOUND_CHOICES, app.settings.get(SET_SOUND, 3, SOUND_DEFAULT)],
    ]
    fields = [SET_REPEAT, SET_SOUND]
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
        elif fields[row] == SET_SOUND and app.sound is not None:
            app.sound.set_level(value)
            app.cue(CUE_PLACE)  # a sample of the new level

    return _SettingsScreen(rows, change)


class _SettingsScreen(OptionsScreen):
    """Settings: saved to nvm when the player leaves (one flash write, not one per key)."""

    def __init__(self, rows: List[List[Any]], change: Any) -> None:
        super().__init__("Settings", rows, None, change, hint="<> change  B save+back")

    def closed(self, app: App) -> None:
        """Save on the way out (after the screen below is drawn)."""
        app.write_due = True


def _pair(stats: Any, slot: int, high: int, _low_better: bool) -> str:
    """ "best B, worst W" of a high/low score pair."""
    best = stats.score(slot, high)
    worst = stats.score(slot, high + 1)
    if best is None or worst is None:
        return "none yet"
    if _low_better:
        best, worst = worst, best
    return "best %d, worst %d" % (best, worst)


def _stats_text(stats: Any, slot: int, _low_better: bool, part: Any) -> str:
    """Every statistic of one game slot of ``stats`` (``handheld.store.Stats``), as lines
    for its Statistics page (``part``: the name of a part score, e.g. "pass", or None)."""
    text = "Played %d, won %d.\nWinning run: %d now, best %d.\nScore: %s." % (
        stats.played(slot),
        stats.won(slot),
        stats.get(slot, STAT_RUN),
        stats.get(slot, STAT_BEST_RUN),
        _pair(stats, slot, STAT_HIGH, _low_better),
    )
    if part:
        text += "\nPer %s: %s." % (part, _pair(stats, slot, STAT_PART_HIGH, _low_better))
    return text
