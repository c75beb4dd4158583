# SPDX-License-Identifier: MIT
"""
`handheld.shell`
================

Start-up: open the board, load the saved settings and statistics, push the main menu
and run the loop. ``code.py`` calls ``main()``.

``seed_source`` and ``sleep`` are the two things the desktop simulator replaces
(before running code.py) to make runs deterministic and fast; the device uses the
defaults below. Game logic never asks which one it got.
"""

import time

try:
    from typing import Any, Callable
except ImportError:
    pass


def device_seed() -> int:
    """A fresh game seed: the nanosecond clock when the player starts a game."""
    return time.monotonic_ns() & 0x3FFFFFFF


seed_source: Callable[[], int] = device_seed
sleep: Callable[[float], None] = time.sleep
# The running App, for the REPL and the simulator's tests to inspect.
current_app: Any = None


def _menu_rows(app: Any) -> Any:
    """The main menu's rows ("Continue", the games, Cards, Statistics, ...)."""
    from handheld import home

    return home.main_rows(app)


def _menu_choose(app: Any, index: int) -> None:
    """Open what the main menu's row stands for."""
    from handheld import home

    home.choose(app, index)


def _menu_gauge(app: Any, group: Any) -> bool:
    """The main menu's battery gauge: added or updated."""
    from handheld import home

    return home.battery_gauge(app, group)


def _pause_menu() -> Any:
    """What START opens over a play screen (``handheld.pause``, loaded while it is open)."""
    from handheld.pause import PauseMenu

    return PauseMenu()


def _end_screen(title: str, text: str) -> Any:
    """A game's result (``handheld.over``, loaded while it is open)."""
    from handheld.over import GameOverScreen

    return GameOverScreen(title, text)


def _low_battery_mark() -> Any:
    """The low-battery mark on a play screen (``handheld.app.Marks.new_low_mark``): a
    small red bar under the save mark."""
    from handheld import ui

    return ui.rect(2, 8, 0xE03030, 158, 12)


def _low_battery(millivolts: int) -> Any:
    """The warning a low battery opens over the table, once a game (it comes unasked, so
    A waits ``PRIVACY_MS``)."""
    from handheld.keys import hint
    from handheld.screens import NoticeScreen

    text = "The battery is at %d.%02d V: charge it soon. Your game is saved now." % (
        millivolts // 1000,
        millivolts % 1000 // 10,
    )
    return NoticeScreen("Battery low", hint(text))


def main() -> None:
    """Run the app until power-off (or the simulator stops it)."""
    import gc

    from handheld import hw

    try:
        display, buttons, battery, nvm = hw.open_board()
    except hw.UnsupportedBoard as error:
        # With no app running, CircuitPython shows this on the board's terminal too.
        print(error)
        return
    import microcontroller
    import supervisor

    from handheld.app import App
    from handheld.keys import REPEAT_TIMINGS
    from handheld.sound import SOUND_DEFAULT, speaker
    from handheld.store import (
        REPEAT_CHOICES,
        REPEAT_DEFAULT,
        SET_REPEAT,
        SET_SOUND,
        Settings,
        Stats,
        Store,
    )

    if nvm[3]:
        # The RP2040's nvm programs erased bytes without an erase: saves go to a log.
        from handheld.storelog import LogStore as Store
    # One store: settings, statistics and the game in progress are saved together.
    saved = Store(microcontroller.nvm)
    settings = Settings(saved)
    stats = Stats(saved)
    delay, every = REPEAT_TIMINGS[settings.get(SET_REPEAT, len(REPEAT_CHOICES), REPEAT_DEFAULT)]
    buttons.set_repeat(delay, every)
    global current_app
    app = App(display, buttons, settings, stats, seed_source)
    current_app = app
    gc.collect()
    from handheld.screens import MenuScreen, save_mark

    app.pause_menu = _pause_menu
    app.end_screen = _end_screen
    session = app.session
    session.marks.new_mark = save_mark
    session.marks.new_low_mark = _low_battery_mark
    session.battery.pin = battery
    session.battery.warning = _low_battery
    session.sound = speaker(settings.get(SET_SOUND, 3, SOUND_DEFAULT))
    # The main menu's rows, choices and gauge come from handheld.home through these, which
    # import it when needed (and it the screens the menu opens): nothing else holds them,
    # so they are unloaded while a game runs.
    app.menu_modules = (
        "handheld.home",
        "handheld.options",
        "handheld.setup",
        "handheld.records",
    )
    app.push(
        MenuScreen(
            "Decktet Handheld",
            [],
            _menu_choose,
            back=False,
            rows=_menu_rows,
            dressing=_menu_gauge,
        )
    )
    app.run(supervisor.ticks_ms, sleep)
