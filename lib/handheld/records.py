# SPDX-License-Identifier: MIT
"""
`handheld.records`
==================

The Statistics (``StatsScreen``) and Settings (``settings_screen``) screens: what the
store keeps, shown and changed. Loaded when the main menu opens one of them, and unloaded
with the menus while a game runs.
"""

from handheld import keys, registry
from handheld.app import App
from handheld.keys import K_A, REPEAT_TIMINGS
from handheld.options import OptionsScreen
from handheld.screens import ConfirmScreen, MessageScreen
from handheld.sound import CUE_PLACE, SOUND_DEFAULT
from handheld.store import (
    REPEAT_CHOICES,
    REPEAT_DEFAULT,
    SET_REPEAT,
    SET_SOUND,
    STAT_BEST_RUN,
    STAT_HIGH,
    STAT_PART_HIGH,
    STAT_RUN,
    counters_text,
    game_setting,
)

try:
    from typing import Any, List
except ImportError:
    pass

_SOUND_CHOICES = ("Off", "Quiet", "On")  # handheld.sound's levels
_RESET_TEXT = "Every game's statistics go back to 0: played, won, runs, scores."


class StatsScreen(OptionsScreen):
    """Games won/played per game; A on a game opens its page (what counts as won, winning
    runs, best and worst scores); A on the last row resets them all."""

    def __init__(self, app: App) -> None:
        rows = []
        for entry in registry.GAMES:
            rows.append([entry.name, (counters_text(app.session.stats, entry.slot),), 0])
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
            text = _stats_text(app.session.stats, entry.slot, low, getattr(declared, "PART", None))
            app.push(MessageScreen(entry.name, text + "\n(" + declared.WON + ")"))
        else:
            super().key(app, key)

    def _reset(self, app: App) -> None:
        """Confirmed: clear every counter; the table shows zeros at once, and the app
        writes them in its next idle frame (no nvm stall in the key's frame)."""
        app.session.stats.reset(False)
        app.session.saves.write_due = True
        row = 0  # (a game's row is its place on the menu, not its slot)
        for entry in registry.GAMES:
            text = counters_text(app.session.stats, entry.slot)
            self.rows[row][1] = (text,)
            if self.group is not None:  # (else it is built from the rows when shown)
                self.menu.set_value(row, text)
            row += 1


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
        elif fields[row] == SET_SOUND and app.session.sound is not None:
            app.session.sound.set_level(value)
            app.cue(CUE_PLACE)  # a sample of the new level

    return _SettingsScreen(rows, change)


class _SettingsScreen(OptionsScreen):
    """Settings: saved to nvm when the player leaves (one flash write, not one per key)."""

    def __init__(self, rows: List[List[Any]], change: Any) -> None:
        super().__init__("Settings", rows, None, change, hint="<> change  B save+back")

    def closed(self, app: App) -> None:
        """Save on the way out (after the screen below is drawn)."""
        app.session.saves.write_due = True


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
