# SPDX-License-Identifier: MIT
"""
`handheld.app`
==============

The screen stack and the one loop: poll the buttons, give each new key to the top
screen, let it tick, and refresh the display once if anything may have changed
(``display.auto_refresh`` is off). Nothing here allocates per frame.

A screen is a ``Screen`` subclass; see its docstring for the interface. Games plug in
through ``handheld.registry`` (docs in that module).
"""

import gc
import sys

from micropython import const

from handheld.keys import K_START, first_key

try:
    from typing import Any, Callable, List, Optional
except ImportError:
    pass

_FRAME_SECONDS = 0.01
_TICK_MASK = const(0x1FFFFFFF)  # supervisor.ticks_ms wraps at 2**29
# When a changed game is saved. Every save erases the nvm's one flash block, rated for
# 10,000 erases: saving after each move would wear it out within weeks of daily play. So:
# once the keys have stopped for _SAVE_QUIET_MS, if the last save is _SAVE_GAP_MS old;
# and in any case once no key has come for _SAVE_IDLE_MS (the player has stopped, maybe
# to switch off). A switch-off loses at most the last minute of play, and nothing once
# the keys have been still for 10 s. Pausing saves at once; finishing or quitting a game
# clears it. tests/test_resume.py measures the writes per hour.
_SAVE_QUIET_MS = const(2000)
_SAVE_GAP_MS = const(60000)
_SAVE_IDLE_MS = const(10000)
# A CPU player's or the coach's work in one frame (``more``, for ``decktet.search``): the
# one place it is set. A frame that thinks is then this long plus the loop's own work, so
# START, B and A still answer at once; such a frame takes no pause after it.
_WORK_MS = const(25)
_WORK_US = const(25000)


def unload_modules(keep: Any, package: str = "") -> None:
    """Forget every loaded module whose name is not in ``keep``, and ``package`` with its
    submodules, so their heap can be freed (a parent package keeps a submodule as an
    attribute too)."""
    for loaded in list(sys.modules):
        if loaded not in keep or (package and (loaded + ".").startswith(package + ".")):
            forget_module(loaded)


def forget_module(name: str) -> None:
    """Drop a loaded module from ``sys.modules`` and from its parent package, so its heap
    can be freed once nothing else holds it."""
    if name in sys.modules:
        del sys.modules[name]
        parent, _, child = name.rpartition(".")
        if parent in sys.modules and hasattr(sys.modules[parent], child):
            delattr(sys.modules[parent], child)


class Screen:
    """One screen on the stack.

    Subclasses build ``self.group`` (a displayio Group) in ``build`` and react in
    ``key``. Everything the screen shows is built once in ``build``; ``key`` and
    ``tick`` change only what changed (label text, tile indices, ``hidden``, x/y).

    - ``build(app)``: called once, when first pushed.
    - ``shown(app)``: it became the top screen again (the one above it was popped).
    - ``key(app, key)``: one key went down (a ``handheld.keys.K_*`` bit; held
      directions repeat).
    - ``tick(app, now)``: every frame, ``now`` in ms (wrapping ticks); return True
      if it changed something on screen (e.g. the computer player moved).
    - ``closed(app)``: it was popped; drop references to big things.
    - ``release()``: only for screens with ``releasable = True``: another screen now
      covers this one, so drop every widget (the app drops ``group``); ``build`` must then
      be able to draw the screen again, unchanged, from the screen's state (game screens
      keep that state in their display-free flow). Every screen is full-screen, so a
      covered screen's widgets are heap spent on nothing.

    Set ``busy = True`` on a screen that works in every ``tick`` (a computer player
    thinking): the loop then goes on to the next frame without its pause.

    Set ``pausable = True`` on play screens: START then opens the pause menu
    (resume / rules / quit to menu) instead of reaching ``key``. A game's first play
    screen (what its ``start`` or ``resume`` returns) also gives ``saved()``, the game
    as bytes for its ``resume``, and ``changes()``, a count of the actions taken, which
    the app watches to save a changed game (screens without them are never saved).
    """

    pausable = False
    releasable = False
    busy = False

    def __init__(self) -> None:
        self.group: Any = None

    def build(self, app: "App") -> None:
        """Create ``self.group`` and the widgets in it."""
        raise NotImplementedError

    def shown(self, app: "App") -> None:
        """Became the top screen again."""

    def key(self, app: "App", key: int) -> None:
        """A key went down."""

    def tick(self, app: "App", now: int) -> bool:
        """Called every frame; True if the screen changed."""
        return False

    def closed(self, app: "App") -> None:
        """Popped off the stack."""

    def release(self) -> None:
        """Covered by another screen: drop the widgets (``releasable`` screens only)."""


class App:
    """The running app: display, buttons, saved records, seeds and the screen stack.

    :param display: the board's display (``board.DISPLAY`` or the simulator's)
    :param buttons: a ``handheld.hw.Buttons`` (``poll(now) -> new keys mask``)
    :param settings: ``handheld.store.Settings``
    :param stats: ``handheld.store.Stats``
    :param seed_source: a function returning a new game seed (0 <= seed < 2**30)
    """

    def __init__(
        self, display: Any, buttons: Any, settings: Any, stats: Any, seed_source: Callable[[], int]
    ) -> None:
        self.display = display
        self.buttons = buttons
        self.settings = settings
        self.stats = stats
        self.seed_source = seed_source
        self.stack: List[Screen] = []
        self.game: Any = None
        self.game_module: Optional[str] = None
        # The modules loaded before the running game's set-up opened (unloaded after it).
        self.modules_before: Any = None
        # The modules loaded once the root screen was built: back at the root, whatever
        # a screen above it loaded (the gallery, a game) is unloaded again.
        self.modules_at_root: Any = None
        self.recorded = False  # the running game's result is in the statistics
        # The running game's play screen, and what the autosave knows (see _autosave).
        self.play: Any = None
        self.saved_changes = 0
        self.last_key_ms = 0
        self.last_save_ms = 0
        self.saved_once = False  # the running game has been saved (quitting clears it)
        # What START opens over a pausable screen: a function returning the screen, set by
        # whoever builds the app (the shell: handheld.screens.PauseMenu), so this module
        # imports no screens.
        self.pause_menu: Any = None
        # What ``game_over`` opens (``handheld.screens.GameOverScreen``, set by the shell).
        self.end_screen: Any = None
        # The running game's screens module and set-up choices, for "Play again".
        self.game_screens: Any = None
        self.values: List[int] = []
        # Modules only the menus use (set by the shell): dropped while a game runs, and
        # imported again when a menu needs them.
        self.menu_modules: Any = ()
        self.changed = True
        # The frame's clock for ``more``: the loop's (``run``), the frame's start, and
        # whether a search worked in it.
        self.ticks: Any = None
        self.frame_at = 0
        self.worked = False
        self.more = self._more  # bound once: handing it out each frame allocates nothing
        display.auto_refresh = False

    # -- the stack ------------------------------------------------------------

    def top(self) -> Screen:
        """The screen on top."""
        return self.stack[-1]

    def push(self, screen: Screen) -> None:
        """Show a new screen on top of the current one (a ``releasable`` screen it covers
        lets go of its widgets first, so the two are never built at once)."""
        if self.stack:
            covered = self.stack[-1]
            if covered.releasable and covered.group is not None:
                covered.release()
                covered.group = None
                gc.collect()
        if screen.group is None:
            screen.build(self)
        self.stack.append(screen)
        if self.modules_at_root is None:
            self.modules_at_root = tuple(sys.modules)
        self._show()

    def pop(self) -> None:
        """Close the top screen and show the one below (the root is never popped)."""
        if len(self.stack) < 2:
            return
        self._discard(self.stack.pop())
        if len(self.stack) == 1:
            self._unload_to_root()
        self._show()
        self.stack[-1].shown(self)

    def replace(self, screen: Screen) -> None:
        """Swap the top screen for another (e.g. set-up for play)."""
        self._discard(self.stack.pop())
        gc.collect()
        self.push(screen)

    def home(self) -> None:
        """Back to the bottom screen (the main menu), unloading the running game."""
        while len(self.stack) > 1:
            self._discard(self.stack.pop())
        self.end_game(False)
        self._unload_to_root()  # one collection for both
        self._show()
        self.stack[-1].shown(self)

    def _unload_to_root(self) -> None:
        """Back at the root screen: unload every module loaded since it was built (what
        the screens above it needed: a game's set-up, the gallery and its card sheet)."""
        if self.modules_at_root is not None:
            unload_modules(self.modules_at_root)
        gc.collect()

    def _discard(self, screen: Screen) -> None:
        """Close a screen for good and let go of its widgets (its other fields may still be
        read by the code that closed it)."""
        screen.closed(self)
        screen.group = None

    def _show(self) -> None:
        """Make the top screen's group the display's root (building it if it was let go)."""
        top = self.stack[-1]
        if top.group is None:
            top.build(self)
        self.display.root_group = top.group
        self.changed = True

    # -- services for game screens ---------------------------------------------

    def new_seed(self) -> int:
        """A new game seed from the injected source (deterministic in the simulator)."""
        return self.seed_source() & 0x3FFFFFFF

    def record_result(self, won: bool, score: Any = None, parts: Any = ()) -> None:
        """Count the running game's result in the statistics (saved at once): won or
        not, its final ``score`` and its ``parts`` scores (e.g. per pass) if it has them.
        Only the first call after ``start_game`` counts, so a screen need not track it."""
        if self.game is not None and not self.recorded:
            self.recorded = True
            # The game is over: forget its save and count it, in one nvm write.
            self.settings.store.clear_game(False)
            self.play = None
            self.saved_once = False
            self.stats.record(self.game.slot, won, score, parts)

    def game_over(self, title: str, text: str) -> None:
        """Show a finished game's result, offering "Play again" and the main menu (call
        ``record_result`` first)."""
        self.push(self.end_screen(title, text))

    def start_game(self, entry: Any, module: Any, values: List[int]) -> None:
        """Replace the set-up screen with the game's first play screen."""
        self.game_screens = module
        self.values = values
        self.run_game(entry, module.start(self, values), True)

    def play_again(self) -> None:
        """The same game again, with the same set-up choices and a new deal: the finished
        game's screens go first, so the two games are never in the heap at once."""
        if self.game_screens is None:
            self.home()
            return
        while len(self.stack) > 1:
            self._discard(self.stack.pop())
        self.play = None
        gc.collect()
        self.run_game(self.game, self.game_screens.start(self, self.values), False)

    def run_game(self, entry: Any, screen: Screen, replace: bool, resumed: bool = False) -> None:
        """Show a game's first play screen (a new game, or one ``resumed`` from its save),
        replacing the top screen or pushed over it, and watch it for the autosave."""
        self.game = entry
        self.recorded = False
        self.play = screen if hasattr(screen, "saved") else None
        self.saved_changes = self.play.changes() if self.play is not None else 0
        self.saved_once = resumed
        if replace:
            self.replace(screen)
        else:
            self.push(screen)
        for name in self.menu_modules:
            forget_module(name)
        gc.collect()

    def save_game(self) -> None:
        """Save the running game now if it changed since its last save (the pause menu
        does, before the player may switch off)."""
        play = self.play
        if play is None or self.recorded or play.changes() == self.saved_changes:
            return
        self.settings.store.save_game(self.game.slot, play.saved())
        self.saved_changes = play.changes()
        self.saved_once = True

    def _autosave(self, now: int) -> None:
        """Save a changed game once the keys have stopped (see ``_SAVE_*``)."""
        play = self.play
        if play is None or play.changes() == self.saved_changes:
            return
        quiet = (now - self.last_key_ms) & _TICK_MASK
        since = (now - self.last_save_ms) & _TICK_MASK
        if (quiet >= _SAVE_QUIET_MS and since >= _SAVE_GAP_MS) or quiet >= _SAVE_IDLE_MS:
            self.save_game()
            self.last_save_ms = now

    def begin_game(self, module: str) -> None:
        """A game's set-up is opening: remember which modules are loaded before it, and let
        the main menu's widgets go while the game runs (``_show`` rebuilds them)."""
        self.game_module = module
        self.modules_before = tuple(sys.modules)
        self.stack[0].group = None

    def end_game(self, collect: bool = True) -> None:
        """Forget the running game and unload every module loaded since its set-up opened
        (its package, and what only it uses: the card sheet, the generator) to free its
        heap: a game left loaded would crowd out the next one."""
        if self.saved_once and not self.recorded:
            # Quit before its end: the game is abandoned, its save goes.
            self.settings.store.clear_game()
        self.play = None
        self.saved_once = False
        self.game = None
        self.game_screens = None
        if self.modules_before is not None and self.game_module is not None:
            unload_modules(self.modules_before, self.game_module.rpartition(".")[0])
        self.modules_before = None
        self.game_module = None
        if collect:
            gc.collect()

    # -- the loop ----------------------------------------------------------------

    def _more(self, units: int, spent: int) -> bool:
        """``decktet.search``'s ``more`` for the top screen's CPU player or coach: go on
        while this frame's work is under ``_WORK_MS``, both on the search's own estimate of
        its cost on the badge (``spent``, microseconds) and on the clock. The simulator's
        clock stands still within a frame, so there the estimate alone slices the work, the
        same way every run."""
        self.worked = True
        if spent >= _WORK_US:
            return False
        ticks = self.ticks
        return ticks is None or (ticks() - self.frame_at) & _TICK_MASK < _WORK_MS

    def step(self, now: int) -> bool:
        """One frame: deliver new keys, tick, refresh if needed; True if refreshed."""
        self.frame_at = now
        self.worked = False
        keys = self.buttons.poll(now)
        if keys:
            self.last_key_ms = now
        while keys:
            key = first_key(keys)
            keys &= ~key
            screen = self.stack[-1]
            if key == K_START and screen.pausable and self.pause_menu is not None:
                self.save_game()
                self.push(self.pause_menu())
            else:
                screen.key(self, key)
            self.changed = True
        if self.stack[-1].tick(self, now):
            self.changed = True
        self._autosave(now)
        if not self.changed:
            return False
        self.changed = False
        self.display.refresh()
        return True

    def run(self, ticks_ms: Callable[[], int], sleep: Callable[[float], None]) -> None:
        """Run forever (the simulator ends it by raising from ``sleep``)."""
        self.ticks = ticks_ms
        while True:
            self.step(ticks_ms())
            sleep(0 if self.worked or self.stack[-1].busy else _FRAME_SECONDS)
