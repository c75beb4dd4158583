# SPDX-License-Identifier: MIT
"""
`handheld.session`
==================

The player's session around the screen stack, in small parts with one job each, which
``handheld.app.App`` holds in ``app.session`` and drives from its loop:

- ``Autosave``: when the running game and the store are written to nvm, within the
  flash's write budget, and how much of the game the last save holds;
- ``Marks``: the save mark and the low-battery mark on a play screen;
- ``Battery``: the battery's reading, once a minute on the table, and its warning;
- ``Backlight``: dimmed, then off, without keys, and off for Save & sleep;
- ``Session``: the parts, the speaker (``handheld.sound.Sound``) and the statistics with
  the running game's result.

Display-free: the shell hands in what the marks and the warning are made of (the
``new_*`` and ``warning`` functions), so no screen is imported here. Nothing here
allocates per frame. A part's fields start as class attributes and become its own once
set: on the device an ``__init__`` that sets them costs more heap than that.
"""

from micropython import const

from handheld.keys import ticks_diff

try:
    from typing import Any
except ImportError:
    pass

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
