# SPDX-License-Identifier: MIT
"""
`handheld.screens`
==================

Generic screens the whole app and every game reuse:

- ``MenuScreen(title, items, on_choose)``: a list; A chooses, B goes back.
- ``MessageScreen(title, text, then=None)``: wrapped text (a summary, a result); A or B
  closes it, then ``then(app)`` runs if given.
- ``ConfirmScreen(title, text, then)``: a question; A does ``then(app)``, B cancels.
- ``NoticeScreen(title, text, then=None)``: a message the player did not open (a CPU's
  move, a result, a warning): A and B act only once it has been shown for ``PRIVACY_MS``.
- ``PrivacyScreen(text, then=None)``: a full-screen "Pass to Player 2 - press A"
  with no cards, to hand the device over in hot-seat games; A closes it, once it has been
  shown for ``PRIVACY_MS``.
- (``handheld.reader.TextScreen(title, path)``: a rules page, loaded only while open.)
- (``handheld.pause``: the pause menu and the game-over screen, loaded while open.)
"""

import sys

import displayio
from micropython import const

from handheld import keys, ui
from handheld.app import App, Screen
from handheld.keys import K_A, K_B, K_DOWN, K_UP, ticks_diff
from handheld.layout import wrap_text

try:
    from typing import Any, Callable, List, Optional
except ImportError:
    pass

SAVED = const(0x50C050)  # the colour of "saved" (the save mark, the pause menu)
NOT_SAVED = const(0xE07030)
_MARK_X = const(158)  # the save mark: right of the last text column of a play screen
_MARK_Y = const(2)
_DRESS_EVERY_MS = const(60000)
HINT_Y = const(119)  # the bottom line: key hints
# A privacy screen takes A only once it has been shown this long (ms): a double tap meant
# for the screen before it would otherwise show the next player's hand to the last one.
PRIVACY_MS = const(600)
_COLUMNS = const(26)  # a message's text: large-font columns and lines on the page
_LINES = const(9)
_MORE = "^v more  "  # the hint of a message that scrolls begins with this


def hint(text: str) -> Any:
    """A grey key hint on the bottom line (every screen's, games' too), its keys named as
    on this board (``keys.hint``: write the PyBadge's names)."""
    return ui.label(keys.hint(text), 2, HINT_Y, ui.SMALL, ui.GREY)


def _load_step(step: int, names: Any, package: str) -> int:
    """One step of loading modules a frame at a time in a screen's idle frames; returns
    the next step. Step -1 loads nothing (the frame that opens the screen); then step i
    loads ``names[i]`` (a name starting with a dot is ``package``'s; one that is not
    there is skipped); the step after them reads the card sheet if ``handheld.cardview``
    is loaded; past that every step is the last."""
    count = len(names)
    if step > count:
        return step
    if step == count:
        if "handheld.cardview" in sys.modules:
            sys.modules["handheld.cardview"].sheet()
    elif step >= 0:
        name = names[step]
        if name[0] == ".":
            name = package + name
        if name not in sys.modules:
            try:
                __import__(name)
            except ImportError:
                pass
    return step + 1


class Selected:
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
    :param dressing: ``dressing(app, group)``, called at each build and every minute
        after, adds to the screen or updates what it added (the main menu's battery
        gauge); True if it changed something
    """

    def __init__(
        self,
        title: str,
        items: List[str],
        on_choose: Callable[[App, int], None],
        back: bool = True,
        rows: Optional[Callable[[App], List[str]]] = None,
        dressing: Any = None,
    ) -> None:
        super().__init__()
        self.heading = title
        self.items = items
        self.on_choose = on_choose
        self.back = back
        self.rows = rows
        self.menu: Any = None
        self.dressing = dressing
        self._dressed_at = 0

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
        self.menu = ui.ListMenu(self.items, 0, ui.LIST_TOP, ui.WIDTH, 9)
        self.menu.select(selected)
        self.group.append(self.menu.group)
        self.group.append(hint("A choose  B back" if self.back else "A choose"))
        if self.dressing is not None:
            self.dressing(app, self.group)

    def tick(self, app: App, now: int) -> bool:
        """Dress the screen again every minute (the battery gauge)."""
        if self.dressing is None or ticks_diff(now, self._dressed_at) < _DRESS_EVERY_MS:
            return False
        self._dressed_at = now
        return self.dressing(app, self.group)

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


class MessageScreen(Screen):
    """A title and wrapped text; A or B closes it. A text longer than the page scrolls
    with UP/DOWN: it has a scroll marker (``ui.TextPage``) and its hint says so.

    :param then: ``then(app)`` called after it closes
    """

    def __init__(self, title: str, text: str, then: Optional[Callable[[App], None]] = None) -> None:
        super().__init__()
        self.heading = title
        self.text = text
        self.then = then
        self.page: Any = None

    def build(self, app: App) -> None:
        """Title, text (with a scroll marker if it is longer than the page), hint."""
        self.group = displayio.Group()
        self.group.append(ui.title_bar(self.heading))
        lines = wrap_text(self.text, _COLUMNS)
        if len(lines) > _LINES:
            # Too long for the page: one column fewer leaves the marker its own columns.
            lines = wrap_text(self.text, _COLUMNS - 1)
        self.page = ui.TextPage(lines, 3, ui.LIST_TOP + 1, _LINES, ui.LARGE)
        self.group.append(self.page.group)
        self.group.append(hint(_MORE + self.hint_text if self.page.scrolls else self.hint_text))

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


class NoticeScreen(MessageScreen):
    """A screen the player did not open: it comes after a computer player's move or turn,
    or with a result. A and B act only once it has been shown for ``PRIVACY_MS``, so a
    double tap meant for the screen before neither skips it nor acts on the screen after
    it; its key hint shows then. Back on top (after the pause menu) it waits again.

    As it is, a ``MessageScreen`` that waits. A screen of its own look overrides ``draw``
    (builds ``group`` and returns its key hint) and ``act`` (a key that counts).
    """

    def __init__(
        self, title: str = "", text: str = "", then: Optional[Callable[[App], None]] = None
    ) -> None:
        super().__init__(title, text, then)
        self.shown_at = 0
        self.prompt: Any = None

    def build(self, app: App) -> None:
        """What ``draw`` makes, its key hint hidden until A can act."""
        self.prompt = self.draw(app)
        self.wait(app)

    def draw(self, app: App) -> Any:
        """The message's title, text and key hint; returns the hint."""
        super().build(app)
        return self.group[-1]  # (MessageScreen.build appends the hint last)

    def wait(self, app: App) -> None:
        """Keys wait ``PRIVACY_MS`` from now; the hint hides till then."""
        self.shown_at = app.frame_at
        self.prompt.hidden = True

    def shown(self, app: App) -> None:
        """Back on top: keys wait again (a double tap on the screen that covered it)."""
        self.wait(app)

    def settled(self, now: int) -> bool:
        """True once A and B act (``now``: the clock, ms)."""
        return not 0 <= ticks_diff(now, self.shown_at) < PRIVACY_MS

    def tick(self, app: App, now: int) -> bool:
        """Show the hint once A can act."""
        if self.prompt.hidden and self.settled(now):
            self.prompt.hidden = False
            return True
        return False

    def key(self, app: App, key: int) -> None:
        """A and B count once the screen has been shown for ``PRIVACY_MS``."""
        if (key == K_A or key == K_B) and not self.settled(app.frame_at):
            return
        self.act(app, key)

    def act(self, app: App, key: int) -> None:
        """A key that counts: the message's (scroll, or close and go on)."""
        MessageScreen.key(self, app, key)


class PrivacyScreen(NoticeScreen):
    """A blank screen with one message, shown while the device changes hands.

    Push it after updating the play screen for the next player: it covers the whole
    display, so no card shows until that player presses A. A counts only once it has
    been shown for ``PRIVACY_MS`` (the last player's double tap), when its "press A"
    appears. START opens the pause menu (``pausable``: Save & sleep, quit), which shows no
    card either; back from it, A waits again.
    """

    pausable = True

    def __init__(
        self, text: str = "Pass to Player 2", then: Optional[Callable[[App], None]] = None
    ) -> None:
        super().__init__("", text, then)

    def draw(self, app: App) -> Any:
        """The message, centred, and the A prompt (returned)."""
        self.group = displayio.Group()
        lines = wrap_text(self.text, 24)
        top = 50 - len(lines) * 6
        for line in lines:
            self.group.append(
                ui.label(line, (ui.WIDTH - len(line) * 6) // 2, top, ui.LARGE, ui.ACCENT)
            )
            top += 12
        prompt = keys.hint("press A")
        label = ui.label(prompt, (ui.WIDTH - len(prompt) * 6) // 2, top + 12, ui.LARGE)
        self.group.append(label)
        return label

    def act(self, app: App, key: int) -> None:
        """Only A goes on."""
        if key == K_A:
            then = self.then
            app.pop()
            if then is not None:
                then(app)


def save_mark(saved: bool, shape: Any) -> Any:
    """The save mark the app puts on a play screen (``Marks.new_mark``): a small bar, green
    if the game is saved, orange if not yet; a new one if ``shape`` is None, else
    ``shape`` showing it."""
    color = SAVED if saved else NOT_SAVED
    if shape is None:
        # ``ui.rect``: a board whose app is centred in a larger screen gets a shape that
        # reports its dirty area where it is drawn (``handheld.centred``).
        return ui.rect(2, 8, color, _MARK_X, _MARK_Y)
    shape.pixel_shader = ui.solid(color)
    shape.hidden = False  # (marks it for the next refresh)
    return shape
