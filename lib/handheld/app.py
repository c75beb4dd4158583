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

from handheld.keys import K_START, first_key, ticks_diff
from handheld.sound import CUE_LOST, CUE_PLACE, CUE_WON

try:
    from typing import Any, Callable, List, Optional
except ImportError:
    pass

_FRAME_SECONDS = 0.01

# When a changed game is written to nvm. Every write erases the nvm's one flash block,
# guaranteed for 10,000 erases, and stalls the chip 75-250 ms, so writes are budgeted like
# heap: a token bucket earns one write every _WRITE_MS (16 an hour) and holds at most
# _BURST; every write spends one, whoever asked for it (a game's end, the settings).
# A changed game is written:
# - once the keys have paused _SETTLE_MS, when the bucket holds a write and its oldest
#   unsaved action is _SETTLE_AGE_MS old (steady play);
# - whatever the bucket holds, once the keys have rested _REST_MS (the player may be
#   about to switch off), or once its oldest unsaved action is _OLDEST_MS old: a
#   switch-off loses at most that and a frame, under the 5 minutes the README promises;
# - when the pause menu opens, and at the game's end or quit (with its result).
# Every write waits for an idle frame (no key, nothing drawn, no search): a key's answer
# is on the screen first, and no frame that answers a key or thinks stalls on the flash.
# Those last writes may take the bucket below empty: steady play's writes then wait
# until it has earned them back. tests/test_saves.py measures writes per hour and the
# longest stretch of play a switch-off could lose.
_WRITE_MS = const(225000)
_BURST = const(2)
_CREDIT_MAX = const(450000)  # _BURST * _WRITE_MS
_SETTLE_MS = const(1000)
_SETTLE_AGE_MS = const(60000)
_REST_MS = const(10000)
_OLDEST_MS = const(295000)
# The backlight: dimmed after _DIM_MS without a key, off after _DARK_MS; the first key
# then only wakes it.
_DIM_MS = const(30000)
_DARK_MS = const(120000)
LIGHT_ON = const(0)
LIGHT_DIM = const(1)
LIGHT_OFF = const(2)
_BRIGHTNESS = (1.0, 0.15, 0.0)
# The battery, read on the table every _BATTERY_EVERY_MS: at or below _LOW_MV (a LiPo
# nearly empty) it is low. A reading outside _BATTERY_MV is no battery's (USB power with
# none, or nothing on the pin).
_BATTERY_EVERY_MS = const(60000)
_LOW_MV = const(3400)
_BATTERY_MIN_MV = const(2800)
_BATTERY_MAX_MV = const(4400)


class SavePolicy:
    """When the running game is written to nvm (the rules above): a token bucket of
    writes, in ms of credit, and the age of the oldest unsaved action. Display-free and
    nothing allocated: ``App`` asks ``due(now)`` in idle frames.

    :param int now: the clock (ms ticks) at start: the bucket starts with one write
    """

    def __init__(self, now: int) -> None:
        self.credit = _WRITE_MS
        self._credit_at = now
        self._unsaved_since = -1  # when the oldest unsaved action was seen; -1: none
        self._last_key = now

    def _earn(self, now: int) -> None:
        """Add the credit earned since the last call."""
        elapsed = ticks_diff(now, self._credit_at)
        if elapsed > 0:
            self.credit = min(self.credit + elapsed, _CREDIT_MAX)
        self._credit_at = now

    def _spend(self, writes: int) -> None:
        """``writes`` nvm writes happened (the bucket may go below empty, to a floor)."""
        self.credit = max(self.credit - writes * _WRITE_MS, -_CREDIT_MAX)

    def due(self, now: int) -> bool:
        """True if a changed game should be written now."""
        if self._unsaved_since < 0:
            return False
        quiet = ticks_diff(now, self._last_key)
        if quiet >= _REST_MS or ticks_diff(now, self._unsaved_since) >= _OLDEST_MS:
            return True
        if quiet < _SETTLE_MS or ticks_diff(now, self._unsaved_since) < _SETTLE_AGE_MS:
            return False
        return self.credit >= _WRITE_MS


# A CPU player's or the coach's work in one frame (``more``, for ``decktet.search``): the
# one place it is set. A frame that thinks is then this long plus the loop's own work, so
# START, B and A still answer at once; such a frame takes no pause after it.
_WORK_MS = const(25)
_WORK_US = const(25000)

# When the app collects garbage itself (a collection costs ~12 ms on the badge), never in
# a frame that answers a key (``_collect``, ``App.step``):
# - _COLLECT_DUE: a screen covered by another let its widgets go; they are collected in
#   the next frame without a key, which does only that;
# - _COLLECT_CHECK: a frame did something (a key, a drawing, a search's work); the first
#   idle frame after it collects if less than _LOW_FREE is free. An allocation that finds
#   the heap full collects in whatever frame it falls, a cursor move's too; so the garbage
#   of a CPU's turn or of a screen's build goes before the next keys (a few hundred bytes
#   each).
_COLLECT_NONE = const(0)
_COLLECT_CHECK = const(1)
_COLLECT_DUE = const(2)
_LOW_FREE = const(16384)
_collect = _COLLECT_NONE


def _unload_modules(keep: Any, package: str = "") -> None:
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
    screen (what its ``start`` or ``resume`` returns) is a ``handheld.cardview.PlayScreen``:
    the app saves the game from its ``flow.applied`` and ``saved()``.
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
        self._modules_before: Any = None
        # The modules loaded once the root screen was built: back at the root, whatever
        # a screen above it loaded (the gallery, a game) is unloaded again.
        self._modules_at_root: Any = None
        self.recorded = False  # the running game's result is in the statistics
        # The running game's play screen, and what the autosave knows (see SavePolicy).
        self.play: Any = None
        self._saved_changes = 0
        self._saved_once = False  # the running game has been saved (quitting clears it)
        self.resumed = False  # it was continued from a save: it has moves made before
        self.policy = SavePolicy(0)
        self._writes_seen = 0  # the store's writes the policy has been charged for
        self._save_now = False  # the game is written in the next idle frame
        self.write_due = False  # so is the store (a result, the settings, a reset...)
        # The backlight (LIGHT_*), and Save & sleep's "off until a key".
        self.light = LIGHT_ON
        self._asleep = False
        # The save mark on a play screen: ``new_mark(saved, shape)`` (set by the shell)
        # makes it, or shows the state on it; the shape, the group it is in, its state.
        self.new_mark: Any = None
        self.mark: Any = None
        self._mark_group: Any = None
        self._mark_saved = False
        # The analog input that reads the battery and its full scale in mV (3.3 V times the
        # divider before it), if the board has one, and the speaker's
        # ``handheld.sound.Sound`` if it has one (set by the shell: ``handheld.hw``).
        self.battery: Any = None
        self.sound: Any = None
        # A low battery on the table: ``low_battery(millivolts)`` (set by the shell) makes
        # the warning shown once a game, ``new_low_mark()`` the red mark under the save
        # mark shown while it is low; when the battery was last read (-1: at once).
        self.low_battery: Any = None
        self.new_low_mark: Any = None
        self._low_mark: Any = None
        self._battery_low = False
        self._battery_read_at = -1
        self._warned = False  # the running game's low-battery warning was shown
        self._cued = False  # a cue was played for this frame's keys
        # What START opens over a pausable screen: a function returning the screen, set by
        # whoever builds the app (the shell: handheld.pause.PauseMenu), so this module
        # imports no screens.
        self.pause_menu: Any = None
        # What ``game_over`` opens (``handheld.over.GameOverScreen``, set by the shell).
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
                self._drop_mark(covered)
                covered.release()
                covered.group = None
                global _collect
                _collect = _COLLECT_DUE
        if screen.group is None:
            screen.build(self)
        self.stack.append(screen)
        if self._modules_at_root is None:
            self._modules_at_root = tuple(sys.modules)
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
        if self._modules_at_root is not None:
            _unload_modules(self._modules_at_root)
        gc.collect()

    def _discard(self, screen: Screen) -> None:
        """Close a screen for good and let go of its widgets (its other fields may still be
        read by the code that closed it)."""
        self._drop_mark(screen)
        screen.closed(self)
        screen.group = None

    def _drop_mark(self, screen: Screen) -> None:
        """``screen`` lets its group go: so does the save mark in it (the mark must not
        keep the group's widgets alive)."""
        if screen.group is not None and screen.group is self._mark_group:
            self.mark = None
            self._low_mark = None
            self._mark_group = None

    def _show(self) -> None:
        """Make the top screen's group the display's root (building it if it was let go),
        with the save mark on a play screen."""
        top = self.stack[-1]
        if top.group is None:
            top.build(self)
        if top.pausable and self.new_mark is not None and self.play is not None:
            if self._mark_group is not top.group:
                # A new mark for a new group: the last one went with the group it was in.
                self._mark_saved = not self.unsaved()
                self.mark = self.new_mark(self._mark_saved, None)
                self._mark_group = top.group
                top.group.append(self.mark)
                if self.new_low_mark is not None:
                    self._low_mark = self.new_low_mark()
                    self._low_mark.hidden = not self._battery_low
                    top.group.append(self._low_mark)
            self._show_mark()
        self.display.root_group = top.group
        self.changed = True

    def _show_mark(self) -> None:
        """Show on the save mark whether the game is saved."""
        saved = not self.unsaved()
        if self.mark is not None and saved != self._mark_saved:
            self._mark_saved = saved
            self.new_mark(saved, self.mark)
            self.changed = True

    def battery_mv(self) -> int:
        """The battery's voltage in mV, or 0 if the board has no battery pin or the reading
        is no battery's. The pin reads it through the board's divider, on a 3.3 V scale
        (``battery``: the pin and its full scale in mV)."""
        if self.battery is None:
            return 0
        pin, scale = self.battery
        millivolts = pin.value * scale >> 16
        return millivolts if _BATTERY_MIN_MV <= millivolts <= _BATTERY_MAX_MV else 0

    def _watch_battery(self, now: int) -> None:
        """On the table, every minute: show whether the battery is low (the mark), and the
        first time in a game that it is, warn once and save the game."""
        if self.play is None or not self.stack[-1].pausable or self.battery is None:
            return
        read_at = self._battery_read_at
        if read_at >= 0 and ticks_diff(now, read_at) < _BATTERY_EVERY_MS:
            return
        self._battery_read_at = now
        millivolts = self.battery_mv()
        low = 0 < millivolts <= _LOW_MV
        if low != self._battery_low:
            self._battery_low = low
            if self._low_mark is not None:
                self._low_mark.hidden = not low
                self.changed = True
        if low and not self._warned and self.low_battery is not None:
            self._warned = True
            self._save_now = True
            self.push(self.low_battery(millivolts))

    def unsaved(self) -> bool:
        """True if a switch-off now would lose some of the running game."""
        play = self.play
        if play is None or self.recorded:
            return False
        return not self._saved_once or play.flow.applied != self._saved_changes

    def has_moves(self) -> bool:
        """True if the running game has moves in it (made now, or before its save): quitting
        it counts as a loss."""
        return self.play is not None and (self.resumed or self.play.flow.applied > 0)

    # -- services for game screens ---------------------------------------------

    def new_seed(self) -> int:
        """A new game seed from the injected source (deterministic in the simulator)."""
        return self.seed_source() & 0x3FFFFFFF

    def cue(self, cue: int) -> None:
        """Play a ``handheld.sound.CUE_*`` on the speaker, if there is one (a screen's cue
        for a key stands: the app's "a move made" does not follow it)."""
        self._cued = True
        if self.sound is not None:
            self.sound.play(cue, self.frame_at)

    def record_result(self, won: bool, score: Any = None, parts: Any = ()) -> None:
        """Count the running game's result in the statistics (saved at once): won or
        not, its final ``score`` and its ``parts`` scores (e.g. per pass) if it has them.
        Only the first call after ``start_game`` counts, so a screen need not track it;
        the speaker plays the game won or lost cue."""
        if self.game is not None and not self.recorded:
            self.cue(CUE_WON if won else CUE_LOST)
            self.recorded = True
            # The game is over: forget its save and count it, in one nvm write, made
            # once the result is on the screen (the other games' saves stay).
            self.settings.store.clear_game(self.game.slot, False)
            self.play = None
            self._saved_once = False
            self.stats.record(self.game.slot, won, score, parts, False)
            self.write_due = True

    def game_over(self, title: str, text: str) -> None:
        """Show a finished game's result, offering "Play again" and the main menu (call
        ``record_result`` first). It takes the place of a screen over the play screen (a
        round's result), so the table below is not rebuilt only to be covered again."""
        if not self.stack[-1].pausable and len(self.stack) > 2:
            self.replace(self.end_screen(title, text))
        else:
            self.push(self.end_screen(title, text))

    def start_game(self, entry: Any, module: Any, values: List[int]) -> None:
        """Replace the set-up screen with the game's first play screen. A saved game of
        the same game is given up: counted as played and lost, as quitting it would be
        (the main menu asked before the set-up opened), its save gone in the next write."""
        store = self.settings.store if self.settings is not None else None
        if store is not None and entry.slot in store.saved_slots():
            store.clear_game(entry.slot, False)
            self.stats.record(entry.slot, False, None, (), False)
            self.write_due = True
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

    def run_game(self, entry: Any, screen: Any, replace: bool, resumed: bool = False) -> None:
        """Show a game's first play screen (a new game, or one ``resumed`` from its save),
        replacing the top screen or pushed over it, and watch it for the autosave."""
        self.game = entry
        self.recorded = False
        self.play = screen
        self._saved_changes = screen.flow.applied
        self._saved_once = resumed
        self.resumed = resumed
        self._warned = False
        self._battery_read_at = -1
        self.policy._unsaved_since = -1
        # The menus' modules go first, so the one collection before the build frees them
        # with the screen it replaces (a collection is ~12 ms on the badge).
        for name in self.menu_modules:
            forget_module(name)
        if replace:
            self.replace(screen)
        else:
            gc.collect()
            self.push(screen)

    def save_game(self) -> None:
        """Save the running game now if a switch-off would lose some of it: it changed
        since its last save, or it was never saved (``step`` calls it in an idle frame:
        see ``SavePolicy``)."""
        play = self.play
        if not self.unsaved():
            return
        self.settings.store.save_game(self.game.slot, play.saved())
        self._saved_changes = play.flow.applied
        self._saved_once = True
        self.policy._unsaved_since = -1
        self._show_mark()

    def sleep(self) -> None:
        """Save & sleep: the game is saved in the next idle frame and the backlight
        goes off until a key, which only wakes it."""
        self._save_now = True
        self._asleep = True

    def _flush(self) -> None:
        """Write what is due at once (``step`` calls it in an idle frame): the game if the
        pause menu asked, the store if a result or the settings changed."""
        if self._save_now:
            self._save_now = False
            self.save_game()
        if self.write_due and self.settings is not None:
            self.write_due = False
            self.settings.store.save()

    def begin_game(self, module: str) -> None:
        """A game's set-up is opening: remember which modules are loaded before it, and let
        the main menu's widgets go while the game runs (``_show`` rebuilds them)."""
        self.game_module = module
        self._modules_before = tuple(sys.modules)
        self.stack[0].group = None

    def end_game(self, collect: bool = True) -> None:
        """Forget the running game and unload every module loaded since its set-up opened
        (its package, and what only it uses: the card sheet, the generator) to free its
        heap: a game left loaded would crowd out the next one."""
        play = self.play
        if play is not None and not self.recorded:
            # Quit before its end: its save goes, in one write with its set-up choices,
            # after the refresh; counted as played and lost (a winning run ends there) if
            # it has moves.
            if self.has_moves():
                self.stats.record(self.game.slot, False, None, (), False)
            store = self.settings.store
            if self.game.slot in store.saved_slots():
                store.clear_game(self.game.slot, False)
            self.write_due = True
        self.play = None
        self._saved_once = False
        self.game = None
        self.game_screens = None
        if self._modules_before is not None and self.game_module is not None:
            _unload_modules(self._modules_before, self.game_module.rpartition(".")[0])
        self._modules_before = None
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
        return ticks is None or ticks_diff(ticks(), self.frame_at) < _WORK_MS

    def step(self, now: int) -> bool:
        """One frame: deliver new keys, tick, refresh if needed, then write what is due
        (never between a key and its redraw); True if refreshed."""
        self.frame_at = now
        self.worked = False
        keys = self.buttons.poll(now)
        policy = self.policy
        policy._earn(now)
        if keys:
            policy._last_key = now
            if self.light != LIGHT_ON:
                keys = 0  # the first key only wakes the screen
                self._asleep = False
        play = self.play
        changes = play.flow.applied if keys and play is not None else -1
        self._cued = False
        pending = keys
        while pending:
            key = first_key(pending)
            pending &= ~key
            screen = self.stack[-1]
            if key == K_START and screen.pausable and self.pause_menu is not None:
                self._save_now = True
                self.push(self.pause_menu())
            else:
                screen.key(self, key)
            self.changed = True
        if changes >= 0 and self.play is play and play.flow.applied != changes and not self._cued:
            self.cue(CUE_PLACE)  # a key made a move
        if self.sound is not None:
            self.sound.tick(now)
        global _collect
        if _collect == _COLLECT_DUE and not keys:
            _collect = _COLLECT_NONE
            gc.collect()
            return False
        if self.stack[-1].tick(self, now):
            self.changed = True
        if not keys:
            self._watch_battery(now)
        if self.unsaved():
            if policy._unsaved_since < 0:
                policy._unsaved_since = now
            self._show_mark()
        # The backlight: dimmed after a while without keys, off later.
        quiet = ticks_diff(now, policy._last_key)
        light = LIGHT_ON
        if self._asleep or quiet >= _DARK_MS:
            light = LIGHT_OFF
        elif quiet >= _DIM_MS:
            light = LIGHT_DIM
        if light != self.light:
            self.light = light
            self.display.brightness = _BRIGHTNESS[light]
        refreshed = self.changed
        if refreshed:
            self.changed = False
            self.display.refresh()
        # Only in an idle frame (no key, nothing drawn, no search), one thing of these: a
        # collection if one is due (_collect), or what must be written, or the autosave if
        # it is due. So the screen a key changed is on the display first, and no answer to
        # a key or frame of a CPU's search also stalls 75-250 ms on the flash.
        if keys or refreshed or self.worked:
            if _collect == _COLLECT_NONE:
                _collect = _COLLECT_CHECK
        elif _collect == _COLLECT_CHECK:
            _collect = _COLLECT_NONE
            if gc.mem_free() < _LOW_FREE:
                gc.collect()
        elif self._save_now or self.write_due:
            self._flush()
        elif policy.due(now):
            self.save_game()
        # Charge the write budget for every nvm write since the last frame.
        if self.settings is not None:
            store = self.settings.store
            if store.writes != self._writes_seen:
                policy._spend(store.writes - self._writes_seen)
                self._writes_seen = store.writes
        return refreshed

    def start(self, ticks_ms: Callable[[], int]) -> None:
        """Get ready to run frames on the clock ``ticks_ms``."""
        self.policy = SavePolicy(ticks_ms())
        self.ticks = ticks_ms

    def frame(self) -> float:
        """One frame of the loop; returns the pause before the next one, in seconds (none
        after a frame that worked or on a busy screen)."""
        self.step(self.ticks())
        return 0 if self.worked or self.stack[-1].busy else _FRAME_SECONDS

    def run(self, ticks_ms: Callable[[], int], sleep: Callable[[float], None]) -> None:
        """Run forever (the simulator ends it by raising from ``sleep``; the whole-app
        harness calls ``start`` here and then one ``frame`` at a time)."""
        self.start(ticks_ms)
        while True:
            sleep(self.frame())
