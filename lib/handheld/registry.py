# SPDX-License-Identifier: MIT
"""
`handheld.registry`
===================

The games on the main menu, and how a game's screens plug in.

Each ``GameEntry`` names a screens module, ``games/<game>/screens.py``, imported only
when that game is chosen (and unloaded when the player quits to the menu). It must
define::

    def start(app, values):
        '''Return the first play Screen (a handheld.app.Screen with pausable = True).
        values: the chosen index of each set-up row (this entry's ``setup`` rows).'''

and may define ``setup_rows(app)`` returning its own rows (``[label, choices, index]``)
to replace the entry's. While a game has no screens module the set-up screen leads to
a "not built yet" message, so adding a game's screens is adding that file.

A play screen gets ``app.new_seed()`` for its ``Game(seed, ...)``, calls
``app.record_result(won)`` when a game ends (only the first call counts), pushes
``PrivacyScreen`` / ``MessageScreen`` from ``handheld.screens`` between turns and at the
end, and ``app.home()`` to leave.
"""

import gc
import os
import sys

from handheld.store import SET_BHARG_TARGET, SET_JEKYLL_LEVEL, SET_WHIST_DECK, SETTING_CHOICES

try:
    from typing import Any, List
except ImportError:
    pass

DECK_CHOICES = SETTING_CHOICES[SET_WHIST_DECK]


class GameEntry:
    """One game on the menu.

    :param str name: menu and title-bar text
    :param int slot: its statistics slot (``handheld.store.Stats``)
    :param str module: the screens module, e.g. ``"games.whist.screens"``
    :param str rules: path of its rules text (shown by the pause menu and Rules)
    :param setup: ``setup(settings)`` returning fresh set-up rows
    """

    def __init__(self, name: str, slot: int, module: str, rules: str, setup: Any) -> None:
        self.name = name
        self.slot = slot
        self.module = module
        self.rules = rules
        self.setup = setup

    def available(self) -> bool:
        """True if the screens module is installed (as .py or compiled .mpy)."""
        base = self.module.replace(".", "/")
        for suffix in (".py", ".mpy"):
            try:
                os.stat(base + suffix)
                return True
            except OSError:
                pass
        return False

    def load(self) -> Any:
        """Import the screens module (after freeing what the menus left behind)."""
        gc.collect()
        __import__(self.module)
        return sys.modules[self.module]


def _whist_setup(settings: Any) -> List[List[Any]]:
    """Gongor Whist: deck extras and the one-card under hand."""
    return [["Deck", DECK_CHOICES, settings.get(SET_WHIST_DECK)], ["Under hand", ("Off", "On"), 0]]


def _bharg_setup(settings: Any) -> List[List[Any]]:
    """Bharg: players, target score and deck extras."""
    return [
        ["Players", ("2", "3"), 0],
        ["Target", SETTING_CHOICES[SET_BHARG_TARGET], settings.get(SET_BHARG_TARGET)],
        ["Deck", DECK_CHOICES, 0],
    ]


def _jekyll_setup(settings: Any) -> List[List[Any]]:
    """Jekyll & Hyde: difficulty level."""
    return [["Level", SETTING_CHOICES[SET_JEKYLL_LEVEL], settings.get(SET_JEKYLL_LEVEL)]]


GAMES = (
    GameEntry(
        "Gongor Whist", 0, "games.whist.screens", "lib/handheld/rules/whist.txt", _whist_setup
    ),
    GameEntry("Bharg", 1, "games.bharg.screens", "lib/handheld/rules/bharg.txt", _bharg_setup),
    GameEntry(
        "Jekyll & Hyde", 2, "games.jekyll.screens", "lib/handheld/rules/jekyll.txt", _jekyll_setup
    ),
)
