# SPDX-License-Identifier: MIT
"""
`handheld.home`
===============

The app's own screens: the main menu and what it opens (a game's set-up, Statistics,
Settings, About; the card gallery is ``handheld.gallery``, loaded when opened).
"""

from handheld import registry
from handheld.app import App
from handheld.keys import K_A, K_B, REPEAT_TIMINGS
from handheld.screens import MenuScreen, MessageScreen, OptionsScreen, TextScreen
from handheld.store import SET_REPEAT, SETTING_CHOICES, SETTING_NAMES, STAT_SLOTS, counters_text

try:
    from typing import Any, List
except ImportError:
    pass

_EXTRA_ITEMS = ("Statistics", "Settings", "About")
_NOT_BUILT = (
    "Not built yet: this game's play screens come later.\n\n"
    "Press A for a demo table of the UI kit (START pauses)."
)
_ABOUT = (
    "Decktet Handheld: three card games for the Decktet, a deck by P.D. Magnus "
    "(decktet.com, CC BY-NC-SA).\n\n"
    "Keys: arrows move, A chooses, B goes back, START pauses a game.\n\n"
    "Press A for the card gallery."
)


def main_menu() -> MenuScreen:
    """The root screen: the games, then Statistics, Settings and About."""
    items = []
    for entry in registry.GAMES:
        items.append(entry.name)
    for item in _EXTRA_ITEMS:
        items.append(item)
    return MenuScreen("Decktet Handheld", items, _choose, back=False)


def _choose(app: App, index: int) -> None:
    """Open what the main menu's row stands for."""
    games = len(registry.GAMES)
    if index < games:
        open_setup(app, registry.GAMES[index])
    elif index == games:
        app.push(StatsScreen(app))
    elif index == games + 1:
        app.push(settings_screen(app))
    else:
        app.push(MessageScreen("About", _ABOUT, _open_gallery))


def _open_demo(app: App) -> None:
    """After "not built yet": the kit's demo table in place of the set-up screen."""
    from handheld.demo import DemoScreen

    app.replace(DemoScreen())


def _open_gallery(app: App) -> None:
    """After About: the card gallery (its module and the card sheet load only now)."""
    from handheld.gallery import GalleryScreen

    app.push(GalleryScreen())


def open_setup(app: App, entry: Any) -> None:
    """The game's set-up screen; A starts the game (or says it is not built yet)."""
    available = entry.available()
    module = None
    rows = entry.setup(app.settings)
    if available:
        app.begin_game(entry.module)
        module = entry.load()
        if hasattr(module, "setup_rows"):
            rows = module.setup_rows(app)

    def start(app: App, values: List[int]) -> None:
        if module is None:
            app.game = entry
            app.push(MessageScreen(entry.name, _NOT_BUILT, _open_demo))
        else:
            app.start_game(entry, module, values)

    rows.append(["Rules", ("A: read",), 0])
    screen = _SetupScreen(entry, rows, start)
    app.push(screen)


class _SetupScreen(OptionsScreen):
    """A game's set-up: its option rows plus a Rules row (A on it opens the rules)."""

    def __init__(self, entry: Any, rows: List[List[Any]], start: Any) -> None:
        super().__init__(entry.name, rows, start)
        self.entry = entry

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
    """Games won/played per game; A on the last row resets them."""

    def __init__(self, app: App) -> None:
        rows = []
        slot = 0
        while slot < STAT_SLOTS:
            rows.append([registry.GAMES[slot].name, (counters_text(app.stats, slot),), 0])
            slot += 1
        rows.append(["Reset all", ("A",), 0])
        super().__init__("Statistics (won/played)", rows, None, hint="A on Reset: clear  B back")

    def key(self, app: App, key: int) -> None:
        """A on the Reset row clears the counters."""
        if key == K_A and self.menu.index == len(self.rows) - 1:
            app.stats.reset()
            slot = 0
            while slot < STAT_SLOTS:
                self.menu.set_value(slot, counters_text(app.stats, slot))
                slot += 1
        else:
            super().key(app, key)


def settings_screen(app: App) -> OptionsScreen:
    """The settings; changes apply at once and are saved when leaving."""
    rows = []
    field = 0
    while field < len(SETTING_NAMES):
        rows.append([SETTING_NAMES[field], SETTING_CHOICES[field], app.settings.get(field)])
        field += 1

    def change(app: App, field: int, value: int) -> None:
        app.settings.set(field, value)
        if field == SET_REPEAT:
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
