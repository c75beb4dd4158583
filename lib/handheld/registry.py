# SPDX-License-Identifier: MIT
"""
`handheld.registry`
===================

The games on the main menu: one line per game, its menu name, its package and its save
slot. The kit knows nothing else about a game; everything comes from the package
``games/<game>/``:

- ``__init__.py`` declares, without loading the game: ``SETUP`` (the set-up rows,
  ``(label, choices)``), ``SETTINGS`` (rows whose starting choice is a setting:
  ``(label on the Settings screen, row, default choice)``, at most
  ``handheld.store.GAME_SETTINGS``) and ``WON`` (what the statistics count as a win);
  optionally ``LOW_SCORE_BETTER = True`` (its best score is the lowest) and ``PART``
  (the name of a part with a score of its own, e.g. ``"pass"``, for the Statistics page)
  and ``PREFETCH`` (more of its modules for the set-up to load, e.g. ``(".cpu",)``);
- ``screens.py`` defines ``start(app, values) -> Screen``: the first play screen (a
  ``handheld.cardview.PlayScreen``) for the chosen index of every set-up row, and
  ``resume(app, data)``: that screen again from its ``saved()``; it is imported only
  when the game is chosen and unloaded when the player is back at the main menu. While a
  game has no ``screens.py`` its set-up leads to a "not built yet" message;
- ``rules.txt`` is its rules page.

A play screen gets ``app.new_seed()`` for its ``Game(seed, ...)``; when a game ends it
calls ``app.record_result(won, score, parts)`` (only the first call counts) and then
``app.game_over(title, text)`` (A plays again with the same set-up, B goes home). It
pushes ``PrivacyScreen`` / ``MessageScreen`` from ``handheld.screens`` between turns. The
first play screen is a ``handheld.cardview.PlayScreen`` (its flow's ``can_undo()`` puts
"Undo" in the pause menu). docs/ARCHITECTURE.md says how to add a game.

A game's slot is its place in the saved records (``handheld.store``: its settings, its
statistics and its saved game), not its place on the menu: the lines may be reordered and
a game inserted anywhere, and every player's records stay with their games. The slots are
append-only: a new game takes the next free slot; a slot is never reused (a player's
records of a game that left would go to the game that took it). Slots run from 0 to
``handheld.store.MAX_GAMES`` - 2 (the last is the kit's own); a slot used twice or out of
range raises at import. A game's id, the key scripts' ``GAME:<id>`` (host_sim, the
whole-app driver), is its package's last part: ``games.<id>``.
"""

import gc
import os
import sys

from handheld.store import KIT_SLOT

try:
    from typing import Any
except ImportError:
    pass


class GameEntry:
    """One game on the menu.

    :param str name: menu and title-bar text
    :param str package: its package, ``"games.<game>"``
    :param int slot: its slot in the saved records (append-only: see the module's note)
    """

    def __init__(self, name: str, package: str, slot: int) -> None:
        self.name = name
        self.package = package
        self.module = package + ".screens"
        self.rules = package.replace(".", "/") + "/rules.txt"
        self.slot = slot

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

    def declaration(self) -> Any:
        """The game's package, with its ``SETUP``, ``SETTINGS`` and ``WON``."""
        __import__(self.package)
        return sys.modules[self.package]

    def load(self) -> Any:
        """Import the screens module (after freeing what the menus left behind), unless
        the set-up has loaded it already."""
        if self.module not in sys.modules:
            gc.collect()
            __import__(self.module)
        return sys.modules[self.module]


# Menu order; each game's slot is its own (append-only: the next free one for a new game).
GAMES = (
    GameEntry("Gongor Whist", "games.whist", 0),
    GameEntry("Bharg", "games.bharg", 1),
    GameEntry("Jekyll & Hyde", "games.jekyll", 2),
)


def _check() -> None:
    """Raise ValueError if two games share a slot or one is out of range: once, at import,
    and then the function goes (``del``), its code with it. (Its message is one word the
    app interns anyway: a longer text would be a string the module keeps on the heap.)"""
    seen = 0
    for entry in GAMES:
        slot = entry.slot
        if not 0 <= slot < KIT_SLOT or seen & 1 << slot:
            raise ValueError("slot")
        seen |= 1 << slot


_check()
del _check
