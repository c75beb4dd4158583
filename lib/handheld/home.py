# SPDX-License-Identifier: MIT
"""
`handheld.home`
===============

The main menu's rows and what each opens: a game's set-up (``handheld.setup``),
Statistics and Settings (``handheld.records``), each loaded when it opens, the primer,
About, a saved game to continue; and the battery gauge on its title bar. Loaded at
start-up and again after a game (it is unloaded while one runs); kept small, as it is
imported on the way back to the menu.
"""

import displayio
from micropython import const

from handheld import registry, ui
from handheld.app import App
from handheld.screens import ConfirmScreen, MessageScreen

try:
    from typing import Any, List
except ImportError:
    pass

_EXTRA_ITEMS = ("Cards", "Statistics", "Settings", "About")
_GAUGE_X = const(143)  # the battery gauge, at the right of the main menu's title bar
_UNREADABLE = "The saved game could not be read, so it was set aside. Start a new one."


# The games whose saved games the main menu offers to continue, newest first.
_resumable: List[Any] = []
_GIVE_UP = "Your saved game of %s counts as a loss if you start a new one. Start anew?"


def _battery_bars(millivolts: int) -> int:
    """0..4 bars of charge for a LiPo (4.2 V full, 3.3-3.5 V nearly empty), or -1 when
    the reading is no battery's (USB power with none, or nothing on the pin)."""
    if millivolts < 2800 or millivolts > 4400:
        return -1
    return min(4, max(0, (millivolts - 3300) // 200 + 1))


def battery_gauge(app: App, group: Any) -> bool:
    """Add the battery gauge to the right of the main menu's title bar (``group``: the
    menu's), or update the one added last: four bars of charge, hidden while the reading
    is no battery's. True if it changed. The reading is ``Battery.millivolts``'s."""
    if app.session.battery.pin is None:
        return False
    bars = _battery_bars(app.session.battery.millivolts())  # 0 (no battery's reading): -1
    gauge = group[-1]
    if not isinstance(gauge, displayio.Group):
        if bars < 0:
            return False  # none built until a battery's reading (nothing hidden to draw)
        gauge = displayio.Group(x=_GAUGE_X, y=2)
        gauge.append(ui.rect(13, 7, ui.GREY))
        gauge.append(ui.rect(11, 5, ui.BAR, 1, 1))
        gauge.append(ui.rect(1, 3, ui.GREY, 13, 2))
        gauge.append(ui.rect(1, 5, ui.WHITE, 1, 1))
        group.append(gauge)
    fill: Any = gauge[3]
    width = max(1, bars * 11 // 4)
    hidden = bars < 0
    if gauge.hidden == hidden and fill.width == width and fill.hidden == (bars == 0):
        return False
    gauge.hidden = hidden
    fill.hidden = bars == 0
    fill.width = width
    return True


def main_rows(app: App) -> List[str]:
    """The main menu's rows, made again at each build: a "Continue" row for each saved
    game, the newest first, comes and goes with its save."""
    global _resumable
    _resumable = []
    if app.settings is not None:
        for slot in app.settings.store.saved_slots():
            # (Found by its slot, its records' place, not its place on the menu.)
            for entry in registry.GAMES:
                if entry.slot == slot:
                    _resumable.append(entry)
    items = []
    for entry in _resumable:
        items.append("Continue " + entry.name)
    for entry in registry.GAMES:
        items.append(entry.name)
    for item in _EXTRA_ITEMS:
        items.append(item)
    return items


def choose(app: App, index: int) -> None:
    """Open what the main menu's row stands for."""
    if index < len(_resumable):
        _continue(app, _resumable[index])
        return
    index -= len(_resumable)
    games = len(registry.GAMES)
    if index < games:
        entry = registry.GAMES[index]
        if entry in _resumable:
            # A new game of a game that is saved gives the saved one up: ask first.
            app.push(ConfirmScreen(entry.name, _GIVE_UP % entry.name, _opener(entry)))
        else:
            _open_setup(app, entry)
    elif index == games:
        from handheld.primer import PrimerScreen

        app.push(PrimerScreen())
    elif index == games + 1:
        from handheld.records import StatsScreen

        app.push(StatsScreen(app))
    elif index == games + 2:
        from handheld.records import settings_screen

        app.push(settings_screen(app))
    else:
        _about(app)


def _open_setup(app: App, entry: Any) -> None:
    """Open a game's set-up (``handheld.setup``, loaded now)."""
    from handheld.setup import open_setup

    open_setup(app, entry)


def _opener(entry: Any) -> Any:
    """What the question before a new game of a saved game does on A: open its set-up."""
    return lambda app: _open_setup(app, entry)


def _continue(app: App, entry: Any) -> None:
    """Resume a game's saved game where it was; a save its game cannot read is set aside
    (the other games' saves stay)."""
    saved = app.settings.store.load_game(entry.slot)
    module = None
    if saved is not None and entry.available():
        app.begin_game(entry.module)
        module = entry.load()
    try:
        if module is None or not hasattr(module, "resume"):
            raise ValueError("no resume")
        screen = module.resume(app, saved)
    except ValueError:
        app.end_game()
        # Set aside now, written in the next idle frame (no nvm stall in the key's frame).
        app.settings.store.clear_game(entry.slot, False)
        app.session.saves.write_due = True
        app.push(MessageScreen(entry.name, _UNREADABLE))
        app.stack[0].group = None  # its rows change (no "Continue") when it is back
        return
    # "Play again" at its end: its set-up choices are the ones last played, remembered.
    from handheld.setup import setup_rows

    app.values = [row[2] for row in setup_rows(app, entry)]
    app.run_game(entry, screen, False, resumed=True)


def _about(app: App) -> None:
    """About, which opens the card gallery (``handheld.about``, loaded now)."""
    from handheld.about import about

    app.push(about())
