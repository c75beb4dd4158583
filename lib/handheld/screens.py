# SPDX-License-Identifier: MIT
"""
`handheld.screens`
==================

Generic screens the whole app and every game reuse:

- ``MenuScreen(title, items, on_choose)``: a list; A chooses, B goes back.
- ``OptionsScreen(title, rows, on_start)``: option rows ``[label, choices, index]``;
  UP/DOWN pick a row, LEFT/RIGHT change its value, A starts, B goes back.
- ``MessageScreen(title, text, then=None)``: wrapped text (a summary, a result); A or B
  closes it, then ``then(app)`` runs if given.
- ``ConfirmScreen(title, text, then)``: a question; A does ``then(app)``, B cancels.
- ``PrivacyScreen(text, then=None)``: a full-screen "Pass to Player 2 - press A"
  with no cards, to hand the device over in hot-seat games; A closes it.
- ``TextScreen(title, path)``: a scrollable text file (the rules pages).
- ``PauseMenu()``: what START opens over a play screen.
- ``GameOverScreen(title, text)``: a game's result; A plays again, B goes home.
"""

import gc

import displayio
from micropython import const

from handheld import ui
from handheld.app import App, Screen, forget_module
from handheld.keys import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_SELECT, K_START, K_UP, ticks_diff
from handheld.layout import WrappedFile, wrap_text

try:
    from typing import Any, Callable, List, Optional
except ImportError:
    pass

_LIST_TOP = 15
_QUIT_TEXT = "It ends here and counts as a loss: a winning run ends. A: quit  B: play on"
_QUIT_UNPLAYED = "Nothing is played yet, so it is not counted. A: quit  B: play on"
_SAVED = const(0x50C050)
_NOT_SAVED = const(0xE07030)
_MARK_X = const(158)  # the save mark: right of the last text column of a play screen
_MARK_Y = const(2)
_GAUGE_X = const(143)  # the battery gauge, at the right of the main menu's title bar
_GAUGE_EVERY_MS = const(60000)
_HINT_Y = 119


def hint(text: str) -> Any:
    """A grey key hint on the bottom line (every screen's, games' too)."""
    return ui.label(text, 2, _HINT_Y, ui.SMALL, ui.GREY)


class _Selected:
    """What a released menu keeps of its ``ui.ListMenu``: the selected row."""

    def __init__(self, index: int) -> None:
        self.index = index


class MenuScreen(Screen):
    """A titled list of choices.

    :param str title: the title bar
    :param list items: row texts
    :param on_choose: ``on_choose(app, index)`` when A is pressed on a row
    :param bool back: B pops the screen (False for the root menu)
    :param rows: or ``rows(app)`` making the row texts again at each build (the main
        menu: "Continue" comes and goes)
    """

    def __init__(
        self,
        title: str,
        items: List[str],
        on_choose: Callable[[App, int], None],
        back: bool = True,
        rows: Optional[Callable[[App], List[str]]] = None,
    ) -> None:
        super().__init__()
        self.heading = title
        self.items = items
        self.on_choose = on_choose
        self.back = back
        self.rows = rows
        self.menu: Any = None

    def build(self, app: App) -> None:
        """Title, list and hint."""
        # A rebuilt menu (the main menu after a game) keeps its selected row, unless its
        # rows changed.
        selected = self.menu.index if self.menu is not None else 0
        if self.rows is not None:
            items = self.rows(app)
            if items != self.items:
                selected = 0
            self.items = items
        self.group = displayio.Group()
        self.group.append(ui.title_bar(self.heading))
        self.menu = ui.ListMenu(self.items, 0, _LIST_TOP, ui.WIDTH, 9)
        self.menu.select(selected)
        self.group.append(self.menu.group)
        self.group.append(hint("A choose  B back" if self.back else "A choose"))

    def key(self, app: App, key: int) -> None:
        """Move, choose or go back."""
        if key == K_UP:
            self.menu.move(-1)
        elif key == K_DOWN:
            self.menu.move(1)
        elif key == K_A:
            self.on_choose(app, self.menu.index)
        elif key == K_B and self.back:
            app.pop()


class MainMenu(MenuScreen):
    """The main menu: a ``MenuScreen`` with the battery's charge in its title bar (four
    bars; nothing where the board has no battery pin or the reading is no battery's, as
    on USB power with none), read again every minute."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.gauge: Any = None
        self.fill: Any = None
        self.bars = -1
        self.read_at = 0

    def build(self, app: App) -> None:
        """The menu and the battery gauge (hidden until a reading shows a battery)."""
        super().build(app)
        gauge = displayio.Group(x=_GAUGE_X, y=2)
        gauge.append(ui.rect(13, 7, ui.GREY))
        gauge.append(ui.rect(11, 5, ui.BAR, 1, 1))
        gauge.append(ui.rect(1, 3, ui.GREY, 13, 2))
        self.fill = ui.rect(1, 5, ui.WHITE, 1, 1)
        gauge.append(self.fill)
        gauge.hidden = True
        self.gauge = gauge
        self.group.append(gauge)
        self.bars = -1
        self._read(app)

    def _read(self, app: App) -> bool:
        """Read the battery; True if the gauge changed."""
        battery = app.battery
        bars = battery.bars() if battery is not None else -1
        if bars == self.bars:
            return False
        self.bars = bars
        self.gauge.hidden = bars < 0
        if bars >= 0:
            self.fill.hidden = bars == 0
            self.fill.width = max(1, bars * 11 // 4)
        return True

    def tick(self, app: App, now: int) -> bool:
        """Read the battery again every minute."""
        if ticks_diff(now, self.read_at) < _GAUGE_EVERY_MS:
            return False
        self.read_at = now
        return self._read(app)


class OptionsScreen(Screen):
    """Option rows to set before something starts (a game's set-up, the settings).

    :param list rows: ``[label, choices tuple, chosen index]`` lists (changed in place)
    :param on_start: ``on_start(app, values)`` when A is pressed; None: A does nothing
    :param on_change: ``on_change(app, row, value)`` after LEFT/RIGHT changes a row
    :param str hint: bottom line text
    """

    def __init__(
        self,
        title: str,
        rows: List[List[Any]],
        on_start: Optional[Callable[[App, List[int]], None]],
        on_change: Optional[Callable[[App, int, int], None]] = None,
        hint: str = "<> change  A start  B back",
    ) -> None:
        super().__init__()
        self.heading = title
        self.rows = rows
        self.on_start = on_start
        self.on_change = on_change
        self.hint = hint
        self.menu: Any = None
        self.hint_label: Any = None

    # Covered (a game's rules page over its set-up), it keeps only its rows and the
    # selected row: the rows hold every choice.
    releasable = True

    def release(self) -> None:
        """Covered: let the widgets go, keep the selected row."""
        self.menu = _Selected(self.menu.index)
        self.hint_label = None

    def build(self, app: App) -> None:
        """Title, rows with values, hint (the selected row kept if built again)."""
        selected = self.menu.index if self.menu is not None else 0
        self.group = displayio.Group()
        self.group.append(ui.title_bar(self.heading))
        labels = []
        for row in self.rows:
            labels.append(row[0])
        self.menu = ui.ListMenu(labels, 0, _LIST_TOP, ui.WIDTH, 9, values=True)
        self.menu.select(selected)
        i = 0
        while i < len(self.rows):
            self._show_value(i)
            i += 1
        self.group.append(self.menu.group)
        self.hint_label = hint(self.hint)
        self.group.append(self.hint_label)

    def set_hint(self, text: str) -> None:
        """Change the bottom line."""
        self.hint = text
        if self.hint_label is not None:
            ui.set_text(self.hint_label, text)

    def _show_value(self, index: int) -> None:
        """Write a row's current choice, with arrows when it can change."""
        row = self.rows[index]
        choices = row[1]
        if len(choices) > 1:
            self.menu.set_value(index, "< %s >" % choices[row[2]])
        else:
            self.menu.set_value(index, choices[row[2]])

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
            index = self.menu.index
            row = self.rows[index]
            count = len(row[1])
            if count > 1:
                row[2] = (row[2] + (1 if key == K_RIGHT else -1)) % count
                self._show_value(index)
                if self.on_change is not None:
                    self.on_change(app, index, row[2])
        elif key == K_A and self.on_start is not None:
            self.on_start(app, self.values())
        elif key == K_B:
            app.pop()


class MessageScreen(Screen):
    """A title and wrapped text; A or B closes it (scrolls first if it is long).

    :param then: ``then(app)`` called after it closes
    """

    def __init__(self, title: str, text: str, then: Optional[Callable[[App], None]] = None) -> None:
        super().__init__()
        self.heading = title
        self.text = text
        self.then = then
        self.page: Any = None

    def build(self, app: App) -> None:
        """Title, text, hint."""
        self.group = displayio.Group()
        self.group.append(ui.title_bar(self.heading))
        self.page = ui.TextPage(wrap_text(self.text, 26), 3, _LIST_TOP + 1, 9, ui.LARGE)
        self.group.append(self.page.group)
        self.group.append(hint(self.hint_text))

    hint_text = "A ok"

    def key(self, app: App, key: int) -> None:
        """Scroll, or close and continue."""
        if key == K_UP:
            self.page.scroll_to(self.page.top - 1)
        elif key == K_DOWN:
            self.page.scroll_to(self.page.top + 1)
        elif key == K_A or key == K_B:
            then = self.then
            app.pop()
            if then is not None:
                then(app)


class ConfirmScreen(MessageScreen):
    """A question before something that cannot be taken back: A does it (``then(app)``
    after the question closes), B cancels.

    :param then: ``then(app)``, what A confirms
    """

    hint_text = "A yes  B no"

    def __init__(self, title: str, text: str, then: Callable[[App], None]) -> None:
        super().__init__(title, text, then)

    def key(self, app: App, key: int) -> None:
        """A: close and do it; B: close; UP/DOWN scroll."""
        if key == K_B:
            app.pop()
        else:
            super().key(app, key)


class PrivacyScreen(Screen):
    """A blank screen with one message, shown while the device changes hands.

    Push it after updating the play screen for the next player: it covers the whole
    display, so no card shows until that player presses A.
    """

    def __init__(
        self, text: str = "Pass to Player 2", then: Optional[Callable[[App], None]] = None
    ) -> None:
        super().__init__()
        self.text = text
        self.then = then

    def build(self, app: App) -> None:
        """The message, centred, and the A prompt."""
        self.group = displayio.Group()
        lines = wrap_text(self.text, 24)
        top = 50 - len(lines) * 6
        for line in lines:
            self.group.append(
                ui.label(line, (ui.WIDTH - len(line) * 6) // 2, top, ui.LARGE, ui.ACCENT)
            )
            top += 12
        prompt = "press A"
        self.group.append(ui.label(prompt, (ui.WIDTH - len(prompt) * 6) // 2, top + 12, ui.LARGE))

    def key(self, app: App, key: int) -> None:
        """Only A goes on."""
        if key == K_A:
            then = self.then
            app.pop()
            if then is not None:
                then(app)


class TextScreen(Screen):
    """A text file wrapped to the small font, scrolled with UP/DOWN (LEFT/RIGHT: a page);
    SELECT opens the Decktet primer (``handheld.primer``), which a rules page refers to.

    Blank-line paragraphs are kept. The file is wrapped when the screen opens, and only
    the lines shown are read from it (``layout.WrappedFile``): a rules page held whole,
    with its wrapped lines, cost 5-8 KB on a heap already holding a game.
    """

    releasable = True  # while the primer covers it, only its place in the file is kept

    def __init__(self, title: str, path: str) -> None:
        super().__init__()
        self.heading = title
        self.path = path
        self.top = 0
        self.page: Any = None
        self.position: Any = None

    def release(self) -> None:
        """Covered: remember the first line shown and let the widgets go."""
        if self.page is not None:
            self.top = self.page.top
        self.page = None
        self.position = None

    def build(self, app: App) -> None:
        """Wrap the file and show the page (the first, or where it was)."""
        self.group = displayio.Group()
        self.group.append(ui.title_bar(self.heading))
        self.page = ui.TextPage(WrappedFile(self.path, 31), 3, _LIST_TOP, 13)
        self.page.scroll_to(self.top)
        self.group.append(self.page.group)
        self.position = ui.label("", ui.WIDTH - 2, 1, ui.SMALL, ui.WHITE, right=True)
        self.group.append(self.position)
        self._show_position()

    def shown(self, app: App) -> None:
        """Back from the primer: its module goes at once (under a rules page a game's
        modules are loaded, and the heap is tight)."""
        forget_module("handheld.primer")
        gc.collect()

    def _show_position(self) -> None:
        """Page n/m in the title bar."""
        visible = self.page.visible
        pages = (len(self.page.lines) + visible - 1) // visible
        current = (self.page.top + visible - 1) // visible + 1
        ui.set_text(self.position, "%d/%d" % (min(current, pages), pages))

    def key(self, app: App, key: int) -> None:
        """Scroll or go back."""
        page = self.page
        moved = False
        if key == K_UP:
            moved = page.scroll_to(page.top - 1)
        elif key == K_DOWN:
            moved = page.scroll_to(page.top + 1)
        elif key == K_LEFT:
            moved = page.scroll_to(page.top - page.visible)
        elif key == K_RIGHT:
            moved = page.scroll_to(page.top + page.visible)
        elif key == K_B or key == K_A:
            app.pop()
        elif key == K_SELECT:
            from handheld.primer import PrimerScreen

            app.push(PrimerScreen())
        if moved:
            self._show_position()


def save_mark() -> Any:
    """The save mark the app puts on a play screen: a small green bar (saved) and an
    orange one (not saved yet), one of them shown (``App._show_mark``)."""
    return (ui.rect(2, 8, _SAVED, _MARK_X, _MARK_Y), ui.rect(2, 8, _NOT_SAVED, _MARK_X, _MARK_Y))


def _pause_rows(app: App) -> List[str]:
    """The pause menu's rows: "Undo" only while the game can take a move back."""
    rows = ["Resume", "Rules", "Save & sleep", "Quit to menu"]
    play = app.play
    if play is not None and hasattr(play, "can_undo") and play.can_undo():
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
        self.status = ui.Text("", ui.WIDTH - 2, _HINT_Y, ui.SMALL, _SAVED, True, 13)
        self.group.append(self.status)
        self.tick(app, 0)

    def release(self) -> None:
        """Covered: only the selected row is kept (``build`` reads ``menu.index``)."""
        self.menu = _Selected(self.menu.index)
        self.status = None

    def tick(self, app: App, now: int) -> bool:
        """Follow the saved state."""
        unsaved = app.unsaved()
        self.status.color = _NOT_SAVED if unsaved else _SAVED
        return ui.set_text(self.status, "Not saved yet" if unsaved else "Saved")

    def _choose(self, app: App, index: int) -> None:
        """Act on the chosen row."""
        item = self.items[index]
        if item == "Resume":
            app.pop()
        elif item == "Undo":
            # Back on the play screen first: undo then redraws it like a key press.
            app.pop()
            app.play.undo(app)
        elif item == "Rules":
            game = app.game
            if game is not None:
                app.push(TextScreen(game.name, game.rules))
        elif item == "Save & sleep":
            app.sleep()
        else:
            played = app.saved_once or (app.play is not None and app.play.changes())
            text = _QUIT_TEXT if played else _QUIT_UNPLAYED
            app.push(ConfirmScreen("Quit this game?", text, App.home))

    def key(self, app: App, key: int) -> None:
        """START resumes too."""
        if key == K_START:
            app.pop()
        else:
            super().key(app, key)


class GameOverScreen(MessageScreen):
    """A game's end: its result, then A plays again (same set-up, a new deal) and B goes
    back to the main menu (``App.game_over`` opens it)."""

    hint_text = "A play again  B menu"

    def key(self, app: App, key: int) -> None:
        """A: play again; B: the main menu; UP/DOWN scroll."""
        if key == K_A:
            app.play_again()
        elif key == K_B:
            app.home()
        else:
            super().key(app, key)
