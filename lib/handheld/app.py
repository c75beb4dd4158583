# SPDX-License-Identifier: MIT
"""
`handheld.app`
==============

``App``: the screen stack and the one loop (poll the buttons, give each new key to the
top screen, let it tick, and refresh the display once if anything may have changed:
``display.auto_refresh`` is off); the running game's lifecycle (start, play again, end)
and the modules unloaded after it; the search budget of a frame.

The player's session around it, ``app.session`` (``Session``), in small parts with one job
each, which ``App.step`` drives:

- ``Autosave``: when the running game and the store are written to nvm, within the
  flash's write budget, and how much of the game the last save holds;
- ``Marks``: the save mark and the low-battery mark on a play screen;
- ``Battery``: the battery's reading, once a minute on the table, and its warning;
- ``Backlight``: dimmed, then off, without keys, and off for Save & sleep;
- ``Session``: the parts, the speaker (``handheld.sound.Sound``) and the statistics with
  the running game's result.

The session's parts are display-free: the shell hands in what the marks and the warning
are made of (the ``new_*`` and ``warning`` functions), so this module imports no screen. A
part's fields start as class attributes and become its own once set: on the device an
``__init__`` that sets them costs more heap than that. (The parts live in this module, not
one of their own: a module costs its own heap and load time on the device.)

Nothing here allocates per frame.

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
_LIGHT_ON = const(0)  # 0 (false): ``App.step`` reads any other level as "a key only wakes"
_LIGHT_DIM = const(1)
_LIGHT_OFF = const(2)
_BRIGHTNESS = (1.0, 0.15, 0.0)
# The battery, read on the table every _BATTERY_EVERY_MS: at or below _LOW_MV (a LiPo
# nearly empty) it is low. A reading outside _BATTERY_MV is no battery's (USB power with
# none, or nothing on the pin).
_BATTERY_EVERY_MS = const(60000)
_LOW_MV = const(3400)
_BATTERY_MIN_MV = const(2800)
_BATTERY_MAX_MV = const(4400)


class Autosave:
    """When the running game is written to nvm (the rules above): a token bucket of
    writes, in ms of credit, the age of the oldest unsaved action and the time of the last
    key; what the last save holds; and the writes asked for the next idle frame. ``App``
    asks ``due(now)`` in idle frames and charges the bucket for every write the store made.

    :param int now: the clock (ms ticks) at start: the bucket starts with one write
    """

    _applied = 0  # the running game's ``flow.applied`` at its last save
    _once = False  # the running game has been saved (quitting clears it)
    _writes = 0  # the store's writes the bucket has been charged for
    _save_now = False  # the game is written in the next idle frame
    write_due = False  # so is the store (a result, the settings, a reset...)

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


class Marks:
    """The save mark on a play screen, and the low-battery mark under it while the
    battery is low. The shell's ``new_mark(saved, shape)`` makes the save mark (``shape``
    None) or shows ``saved`` on it, ``new_low_mark()`` makes the other; both go in the
    group of the play screen on top (``group``) and are forgotten with it, so that they
    keep no released screen's widgets alive."""

    new_mark: Any = None
    new_low_mark: Any = None
    mark: Any = None
    low_mark: Any = None
    group: Any = None
    saved = False  # what the save mark shows

    def _put(self, group: Any, saved: bool, low: bool) -> None:
        """Put new marks in ``group`` (a play screen's, on top; the last ones went with the
        group they were in): the save mark showing ``saved``, the other shown if ``low``."""
        self.saved = saved
        self.mark = self.new_mark(saved, None)
        self.group = group
        group.append(self.mark)
        if self.new_low_mark is not None:
            self.low_mark = self.new_low_mark()
            self.low_mark.hidden = not low
            group.append(self.low_mark)

    def _show(self, saved: bool) -> bool:
        """Show ``saved`` on the save mark, if there is one; True if it changed."""
        if self.mark is None or saved == self.saved:
            return False
        self.saved = saved
        self.new_mark(saved, self.mark)
        return True

    def _drop(self, group: Any) -> None:
        """``group`` is let go: the marks in it go with it."""
        if group is not None and group is self.group:
            self.mark = None
            self.low_mark = None
            self.group = None


class Battery:
    """The battery, read on the table once a minute (``App`` asks): low at or below
    3.4 V, and the warning shown once a game when it is.

    ``pin``: the analog input that reads it and its full scale in mV (3.3 V times the
    divider before it), or None if the board has none; ``warning(millivolts)``: the screen
    that warns of a low battery. The shell sets both (``handheld.hw``).
    """

    pin: Any = None
    warning: Any = None
    low = False
    _read_at = -1  # when it was last read; -1: at once
    warned = False  # the running game's warning was shown

    def millivolts(self) -> int:
        """The battery's voltage in mV, or 0 if the board has no battery pin or the reading
        is no battery's. The pin reads it through the board's divider, on a 3.3 V scale."""
        if self.pin is None:
            return 0
        pin, scale = self.pin
        millivolts = pin.value * scale >> 16
        return millivolts if _BATTERY_MIN_MV <= millivolts <= _BATTERY_MAX_MV else 0

    def _read(self, now: int) -> int:
        """The reading if a minute has passed since the last one, else -1; ``low`` then says
        whether it is low."""
        read_at = self._read_at
        if read_at >= 0 and ticks_diff(now, read_at) < _BATTERY_EVERY_MS:
            return -1
        self._read_at = now
        millivolts = self.millivolts()
        self.low = 0 < millivolts <= _LOW_MV
        return millivolts


class Backlight:
    """The display's backlight (``level``): dimmed after 30 s without a key, off after
    2 minutes, off at once for Save & sleep (``asleep``); the first key then only wakes
    it (``App.step``)."""

    level = _LIGHT_ON
    asleep = False

    def _show(self, quiet: int, display: Any) -> None:
        """Set ``display``'s backlight for ``quiet`` ms without a key."""
        level = _LIGHT_ON
        if self.asleep or quiet >= _DARK_MS:
            level = _LIGHT_OFF
        elif quiet >= _DIM_MS:
            level = _LIGHT_DIM
        if level != self.level:
            self.level = level
            display.brightness = _BRIGHTNESS[level]


class Session:
    """The player's session: the parts above, the speaker's ``handheld.sound.Sound`` (None
    on a board without one; set by the shell), the statistics (``handheld.store.Stats``)
    and the running game's result.

    :param stats: ``handheld.store.Stats``
    """

    sound: Any = None
    _cued = False  # a cue was played for this frame's keys
    recorded = False  # the running game's result is in the statistics
    resumed = False  # it was continued from a save: it has moves made before

    def __init__(self, stats: Any) -> None:
        self.saves = Autosave(0)
        self.marks = Marks()
        self.battery = Battery()
        self.light = Backlight()
        self.stats = stats


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
    """The running app: display, buttons, saved settings, seeds, the screen stack, the
    running game and the player's session around it (``session``).

    :param display: the board's display (``board.DISPLAY`` or the simulator's)
    :param buttons: a ``handheld.hw.Buttons`` (``poll(now) -> new keys mask``)
    :param settings: ``handheld.store.Settings``
    :param stats: ``handheld.store.Stats`` (kept by the session)
    :param seed_source: a function returning a new game seed (0 <= seed < 2**30)
    """

    def __init__(
        self, display: Any, buttons: Any, settings: Any, stats: Any, seed_source: Callable[[], int]
    ) -> None:
        self.display = display
        self.buttons = buttons
        self.settings = settings
        self.seed_source = seed_source
        self.stack: List[Screen] = []
        self.changed = True
        # The autosave, the marks, the battery, the backlight, the sound and the
        # statistics (``Session``; the shell sets the parts' hooks).
        self.session = Session(stats)
        # The running game: its registry entry, its first play screen (what the autosave
        # saves, from its ``flow.applied`` and ``saved()``) and its set-up choices, for
        # "Play again".
        self.game: Any = None
        self.play: Any = None
        self.values: List[int] = []
        # The screens module of the game whose set-up is open, and the modules loaded
        # before it opened (unloaded after the game).
        self.game_module: Optional[str] = None
        self._modules_before: Any = None
        # The modules loaded once the root screen was built: back at the root, whatever
        # a screen above it loaded (the gallery, a game) is unloaded again.
        self._modules_at_root: Any = None
        # Modules only the menus use (set by the shell): dropped while a game runs, and
        # imported again when a menu needs them.
        self.menu_modules: Any = ()
        # What START opens over a pausable screen: a function returning the screen, set by
        # whoever builds the app (the shell: handheld.pause.PauseMenu), so this module
        # imports no screens; and what ``game_over`` opens (``handheld.over``).
        self.pause_menu: Any = None
        self.end_screen: Any = None
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
                self.session.marks._drop(covered.group)
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
        self.session.marks._drop(screen.group)
        screen.closed(self)
        screen.group = None

    def _show(self) -> None:
        """Make the top screen's group the display's root (building it if it was let go),
        with the save mark on a play screen."""
        top = self.stack[-1]
        if top.group is None:
            top.build(self)
        session = self.session
        marks = session.marks
        if top.pausable and marks.new_mark is not None and self.play is not None:
            if marks.group is not top.group:
                marks._put(top.group, not self.unsaved(), session.battery.low)
            marks._show(not self.unsaved())
        self.display.root_group = top.group
        self.changed = True

    def _watch_battery(self, now: int) -> None:
        """On the table, every minute: show whether the battery is low (the mark), and the
        first time in a game that it is, warn once and save the game."""
        if self.play is None or not self.stack[-1].pausable:
            return
        session = self.session
        battery = session.battery
        if battery.pin is None:
            return
        was = battery.low
        millivolts = battery._read(now)
        if millivolts < 0:
            return
        low = battery.low
        low_mark = session.marks.low_mark
        if low != was and low_mark is not None:
            low_mark.hidden = not low
            self.changed = True
        if low and not battery.warned and battery.warning is not None:
            battery.warned = True
            session.saves._save_now = True
            self.push(battery.warning(millivolts))

    def unsaved(self) -> bool:
        """True if a switch-off now would lose some of the running game."""
        play = self.play
        session = self.session
        if play is None or session.recorded:
            return False
        saves = session.saves
        return not saves._once or play.flow.applied != saves._applied

    def has_moves(self) -> bool:
        """True if the running game has moves in it (made now, or before its save): quitting
        it counts as a loss."""
        return self.play is not None and (self.session.resumed or self.play.flow.applied > 0)

    # -- services for game screens ---------------------------------------------

    def new_seed(self) -> int:
        """A new game seed from the injected source (deterministic in the simulator)."""
        return self.seed_source() & 0x3FFFFFFF

    def cue(self, cue: int) -> None:
        """Play a ``handheld.sound.CUE_*`` on the speaker, if there is one (a screen's cue
        for a key stands: the app's "a move made" does not follow it)."""
        session = self.session
        session._cued = True
        if session.sound is not None:
            session.sound.play(cue, self.frame_at)

    def record_result(self, won: bool, score: Any = None, parts: Any = ()) -> None:
        """Count the running game's result in the statistics (saved at once): won or
        not, its final ``score`` and its ``parts`` scores (e.g. per pass) if it has them.
        Only the first call after ``start_game`` counts, so a screen need not track it;
        the speaker plays the game won or lost cue."""
        session = self.session
        if self.game is not None and not session.recorded:
            self.cue(CUE_WON if won else CUE_LOST)
            session.recorded = True
            # The game is over: forget its save and count it, in one nvm write, made
            # once the result is on the screen (the other games' saves stay).
            self.settings.store.clear_game(self.game.slot, False)
            self.play = None
            session.saves._once = False
            session.stats.record(self.game.slot, won, score, parts, False)
            session.saves.write_due = True

    def game_over(self, title: str, text: str) -> None:
        """Show a finished game's result, offering "Play again" and the main menu (call
        ``record_result`` first). It takes the place of a screen over the play screen (a
        round's result), so the table below is not rebuilt only to be covered again."""
        if not self.stack[-1].pausable and len(self.stack) > 2:
            self.replace(self.end_screen(title, text))
        else:
            self.push(self.end_screen(title, text))

    def start_game(self, entry: Any, module: Any, values: List[int]) -> None:
        """Replace the set-up screen with the game's first play screen (``module``: its
        screens, ``entry.load()``). A saved game of the same game is given up: counted as
        played and lost, as quitting it would be (the main menu asked before the set-up
        opened), its save gone in the next write."""
        store = self.settings.store if self.settings is not None else None
        if store is not None and entry.slot in store.saved_slots():
            session = self.session
            store.clear_game(entry.slot, False)
            session.stats.record(entry.slot, False, None, (), False)
            session.saves.write_due = True
        self.values = values
        self.run_game(entry, module.start(self, values), True)

    def play_again(self) -> None:
        """The same game again, with the same set-up choices and a new deal: the finished
        game's screens go first, so the two games are never in the heap at once."""
        game = self.game
        if game is None:
            self.home()
            return
        while len(self.stack) > 1:
            self._discard(self.stack.pop())
        self.play = None
        gc.collect()
        self.run_game(game, game.load().start(self, self.values), False)

    def run_game(self, entry: Any, screen: Any, replace: bool, resumed: bool = False) -> None:
        """Show a game's first play screen (a new game, or one ``resumed`` from its save),
        replacing the top screen or pushed over it, and watch it for the autosave."""
        self.game = entry
        session = self.session
        session.recorded = False
        self.play = screen
        saves = session.saves
        saves._applied = screen.flow.applied
        saves._once = resumed
        session.resumed = resumed
        battery = session.battery
        battery.warned = False  # its warning, once a game
        battery._read_at = -1  # the battery read at once
        saves._unsaved_since = -1
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
        see ``Autosave``)."""
        play = self.play
        if not self.unsaved():
            return
        self.settings.store.save_game(self.game.slot, play.saved())
        session = self.session
        saves = session.saves
        saves._applied = play.flow.applied
        saves._once = True
        saves._unsaved_since = -1
        if session.marks._show(True):
            self.changed = True

    def sleep(self) -> None:
        """Save & sleep: the game is saved in the next idle frame and the backlight
        goes off until a key, which only wakes it."""
        session = self.session
        session.saves._save_now = True
        session.light.asleep = True

    def _flush(self) -> None:
        """Write what is due at once (``step`` calls it in an idle frame): the game if the
        pause menu asked, the store if a result or the settings changed."""
        saves = self.session.saves
        if saves._save_now:
            saves._save_now = False
            self.save_game()
        if saves.write_due and self.settings is not None:
            saves.write_due = False
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
        session = self.session
        if play is not None and not session.recorded:
            # Quit before its end: its save goes, in one write with its set-up choices,
            # after the refresh; counted as played and lost (a winning run ends there) if
            # it has moves.
            if self.has_moves():
                session.stats.record(self.game.slot, False, None, (), False)
            store = self.settings.store
            if self.game.slot in store.saved_slots():
                store.clear_game(self.game.slot, False)
            session.saves.write_due = True
        self.play = None
        session.saves._once = False
        self.game = None
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
        session = self.session
        saves = session.saves
        saves._earn(now)
        if keys:
            saves._last_key = now
            light = session.light
            if light.level:  # dimmed or off: the first key only wakes the screen
                keys = 0
                light.asleep = False
        play = self.play
        changes = play.flow.applied if keys and play is not None else -1
        session._cued = False
        pending = keys
        while pending:
            key = first_key(pending)
            pending &= ~key
            screen = self.stack[-1]
            if key == K_START and screen.pausable and self.pause_menu is not None:
                saves._save_now = True
                self.push(self.pause_menu())
            else:
                screen.key(self, key)
            self.changed = True
        if changes >= 0 and self.play is play and play.flow.applied != changes:
            if not session._cued:
                self.cue(CUE_PLACE)  # a key made a move (and no cue of its own)
        sound = session.sound
        if sound is not None:
            sound.tick(now)
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
            if saves._unsaved_since < 0:
                saves._unsaved_since = now
            if session.marks._show(False):
                self.changed = True
        session.light._show(ticks_diff(now, saves._last_key), self.display)
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
        elif saves._save_now or saves.write_due:
            self._flush()
        elif saves.due(now):
            self.save_game()
        # Charge the write budget for every nvm write since the last frame.
        if self.settings is not None:
            writes = self.settings.store.writes
            if writes != saves._writes:
                saves._spend(writes - saves._writes)
                saves._writes = writes
        return refreshed

    def start(self, ticks_ms: Callable[[], int]) -> None:
        """Get ready to run frames on the clock ``ticks_ms`` (the write budget starts now,
        with one write in hand; nothing is due before the first frame)."""
        self.session.saves = Autosave(ticks_ms())
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
