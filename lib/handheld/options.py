# SPDX-License-Identifier: MIT
"""
`handheld.options`
==================

``OptionsScreen``: rows of choices, the screen the menus are made of. A game's set-up is
``handheld.setup``, Statistics and Settings are ``handheld.records``: each loads with
the screen that uses it (``handheld.home``), so no opening loads the others' code, and
all of them are unloaded with the menus while a game runs.
"""

import displayio

from handheld import keys, ui
from handheld.app import App, Screen
from handheld.keys import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_UP
from handheld.screens import Selected, hint

try:
    from typing import Any, Callable, List, Optional
except ImportError:
    pass


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
        row kept (only if a row came or went; the menu shows them in place, redrawing only
        the texts that change)."""
        listed = self._to_list()
        if listed == self.listed:
            return
        row = self.row()
        self.listed = listed
        labels = []
        values = []
        for index in listed:
            labels.append(self.rows[index][0])
            values.append(self._value_text(index))
        self.menu.relist(labels, values, listed.index(row) if row in listed else 0)

    def _set_hint(self, text: str) -> None:
        """Change the bottom line."""
        self.hint = text
        if self._hint_label is not None:
            ui.set_text(self._hint_label, keys.hint(text))

    def _show_value(self, index: int) -> None:
        """Write a row's current choice (``index`` in ``rows``, if listed)."""
        if index in self.listed:
            self.menu.set_value(self.listed.index(index), self._value_text(index))

    def _value_text(self, index: int) -> str:
        """A row's current choice as its value column shows it: with arrows when it can
        change."""
        row = self.rows[index]
        choices = row[1]
        if len(choices) > 1:
            return "< %s >" % choices[row[2]]
        return choices[row[2]]

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
