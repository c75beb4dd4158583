"""The whole-app run's driver, inside MicroPython's WebAssembly port (this file runs there,
not on CPython): tools/mpgate/app.mjs loads it and calls its functions one at a time from
JavaScript, so the port, which collects garbage only between calls, collects between frames.

- ``boot(script, random_count, random_seed, stop)``: read the key script (and, in soak
  mode, ``stop`` > 0, the nvm from ``/harness/nvm.bin``); app.mjs then imports every
  stand-in module (C modules on the device), collects in one call and reads the heap in
  the next (the port's collection runs when a call from JavaScript returns): BASE, what
  the interpreter, this driver and the stand-ins hold, and the interned names then.
- ``heap_blocks()``: the heap's report for app.mjs (its largest block), before BASE and at
  the end of every measured frame.
- ``start(base)``: code.py's shell builds the app and pushes the main menu (``App.run`` is
  replaced by ``App.start``: the frames are the harness's to call).
- ``frame()``: one frame of the app loop (``App.frame``), then this driver's pause: the
  virtual clock advances by the pause the app asked for and the script's keys due by then
  go to the stand-in keypad. Returns 0 when the run is over, 2 when the app may have
  changed (a key event, a refresh, or every 10th frame: app.mjs then collects and measures),
  else 1. In the frames between, the app only polls and ticks, which keeps nothing new.
- ``measured(live)``: the heap after app.mjs's collection; with it the most the frame
  held before it (read at the frame's end: everything it allocated, garbage included: the
  port does not collect inside a call), both as ``gc.mem_alloc()``.
- ``finish()``: the end lines (and, in soak mode, the nvm).

usage (app.mjs): SCRIPT [random COUNT SEED] [nvm STOP]

SCRIPT is text: a first line ``SEEDS s1 s2 ...`` (the game seeds the shell asks for, in
order), then key words as host_sim reads them (``A``, ``DOWN``, ``WAIT*200``, ``B*500``
holds, ``GAME:<id>`` and ``ROW:<label>``) and ``#label`` markers, which are printed when
reached. With ``random COUNT SEED`` the script's keys are followed by COUNT seeded random
taps.

Rows by name, as host_sim's (its package docstring): when the script reaches ``GAME:<id>``
the driver looks at the top screen's rows (its ``menu``: ``items`` and ``cursor``) and taps
DOWN or UP, the fewer way round, to the row of the game whose package ends in ``.<id>``
(``handheld.registry``), then A; ``ROW:<label>`` taps to the row with that label (exact,
case-insensitive, ``_`` for spaces) and presses nothing more. The taps are timed as any
others, so the rest of the script comes later by their time. A word that names no row
raises ValueError (an ERROR line).

Soak mode (tools/app/soak.py): the nvm the last run left boots the app, and STOP, the key
presses in a row without progress, ends the run (see ``Driver.update``). The script running
out is the switch-off: the app just stops, and the run prints the nvm as the app last
assigned it (the stand-in's writes are whole assignments; cuts inside one are
tests/test_store.py's), for the next run to boot on.

The driver's and the stand-ins' own names are interned (qstrs) like the app's; app.mjs
prints the pool at BASE and at the end (NAMES-BASE, NAMES-END), and tools/app/heap.py
counts as the app's only the names added after BASE and those of the harness's that a
module the app loaded lists (the device would add them for the app).

Output lines (all figures in bytes, heap relative to BASE):
  BASE n                      heap held before the shell (printed by app.mjs)
  S screen depth game heap names   a measured frame where the top screen, stack depth or
                              game changed (names: the VM's interned names, n_qstr)
  M heap framepeak names      the most heap any frame of the state named above held after
                              its collection, the most within a frame, and the VM's
                              interned names at the first frame that held the most
  MARK label frame depth rec heap   a marker: stack depth, result recorded (1/0), heap
  END frames refreshes peak framepeak   the script ran out; the run is over
  LARGEST bytes               the largest single allocation seen (printed by app.mjs)
  NAMES-BASE [..], NAMES-END [..]   the interned names (JSON) at BASE and at the end, in
                              the order added (printed by app.mjs)
  qstr pool: ... n_total_bytes=n   after the first S line and each MARK: the interned
                              strings' pool (micropython.qstr_info())
  ERROR type message (press k, frame f)   the app raised (the traceback follows)
  MENU-AT-BOOT row            the main menu's first row at its first frame
  MENU-CHOSEN k row           press k was A on the main menu's row ``row``
Soak mode only:
  NO-PROGRESS k screen depth game n   press k ended N presses without progress
  LONGEST-STILL n screen depth game   the longest run of presses without progress
  SWITCHED-OFF k frame screen depth game play   the run ended after k presses, a game's
                              play screen running (1) or not (0)
  nvm hex                     16 lines: the nvm at the switch-off, 512 bytes a line
"""

import binascii
import gc
import sys

import audiocore  # noqa: F401 (the speaker's stand-ins: C modules on the badge, not the app's)
import audioio  # noqa: F401
import board
import digitalio  # noqa: F401
import keypad
import microcontroller  # imported now so its bytearray counts in BASE
import micropython
import supervisor

_TAP_MS = 40
_GAP_MS = 60
_SETTLE_MS = 100
_KEYS = ("B", "A", "START", "SELECT", "RIGHT", "DOWN", "UP", "LEFT")


class Done(Exception):
    """The script ran out."""


class Driver:
    """Feeds key words to the stand-in keypad on a virtual clock (each frame's pause: 10 ms,
    none after a busy screen's frame)."""

    def __init__(self, path, random_count, random_seed):
        # The whole script is read now, before BASE is measured, as its lines (the
        # longest a few KB: one string of the whole script, 31 KB, would stand out among
        # the allocations app.mjs checks), and each word is cut from its line when due.
        with open(path) as handle:
            self.lines = handle.read().split("\n")
        self.seeds = [int(word) for word in self.lines[0].split()[1:]]
        self.line = 1  # the line being read, and where in it
        if self.lines[1].startswith("BATTERY "):
            # The battery pin's reading for this run (the soak's odd chains: a low battery).
            import analogio

            analogio.BATTERY = int(self.lines[1].split()[1])
            self.line = 2
        self.pos = 0
        self.next_at = 50
        self.release_at = -1
        self.release_key = 0
        self.frame = 0
        self.now = 0  # the clock, ms
        self.random_left = random_count
        self.random_state = random_seed & 0x3FFFFFFF or 1
        self.last_state = None
        self.state_peak = 0
        self.state_names = 0  # the interned names (n_qstr) at the state's peak frame
        self.peak = 0
        self.base = 0
        self.shell = None  # handheld.shell, once main() has imported it
        self.count = 0  # key presses fed so far
        # Soak mode: the presses in a row without progress that end the run (0: not soak
        # mode); how many the last ones were; the longest such run; where the app was at
        # the last progress, and at the longest run (see ``update``).
        self.stop = 0
        self.step = 0
        self.max = 0
        self.last = None
        self.data = None
        self.events = False  # key events were fed since the last measured frame
        self.refreshes = 0  # the display's refreshes at the last measured frame
        self.state_max = 0  # the most a frame of the current state held before collecting
        self.max_peak = 0
        self.frame_peak = 0  # gc.mem_alloc() at the end of the last measured frame
        self.marks = []  # markers reached since the last measured frame
        self.keys = []  # the taps a GAME: or ROW: word stands for, still to feed
        self.printed = False  # the boot lines (qstr pool, MENU-AT-BOOT) are out
        self.failed = False

    def seed_source(self):
        """The next game seed from the script's list (deterministic like the simulator)."""
        if self.seeds:
            return self.seeds.pop(0)
        return 12345

    def _random_key(self):
        """A seeded random tap: A and arrows often, B sometimes, START rarely."""
        # A 30-bit LCG step kept under 2**30 so it stays a small int.
        self.random_state = (self.random_state * 1103515245 + 12345) & 0x3FFFFFFF
        pick = (self.random_state >> 12) % 32
        if pick < 11:
            return "A"
        if pick < 26:
            return ("RIGHT", "LEFT", "DOWN", "UP")[pick % 4]
        if pick < 30:
            return "B"
        if pick < 31:
            return "SELECT"
        return "START"

    def _next_word(self):
        if self.keys:
            return self.keys.pop(0)
        lines = self.lines
        while self.line < len(lines):
            text = lines[self.line]
            size = len(text)
            start = self.pos
            while start < size and text[start] in " \t\r":
                start += 1
            if start < size:
                end = start
                while end < size and text[end] not in " \t\r":
                    end += 1
                self.pos = end
                return text[start:end]
            self.line += 1
            self.pos = 0
        if self.random_left > 0:
            self.random_left -= 1
            return self._random_key()
        return None

    def _feed(self, now):
        """Apply the key events due by ``now``; False once the script is over."""
        if self.release_at >= 0:
            if now < self.release_at:
                return True
            keypad.QUEUE.append(self.release_key << 1)
            self.events = True
            self.next_at = self.release_at + _GAP_MS
            self.release_at = -1
        while now >= self.next_at:
            word = self._next_word()
            if word is None:
                return now < self.next_at + _SETTLE_MS
            if word[0] == "#":
                self._mark(word[1:])
                continue
            name, _, hold = word.partition(":")
            if hold:
                self.select(name, hold)  # GAME:<id> or ROW:<label>
                continue
            name, _, hold = word.partition("*")
            duration = int(hold) if hold else _TAP_MS
            if name == "WAIT":
                # Relative to the scheduled time, as the recorded script's waits are.
                self.next_at += duration
                continue
            number = _KEYS.index(name)
            self.count += 1
            if self.stop:
                self.update()
            top = self.shell.current_app.stack
            top = top[0] if number == 1 and len(top) == 1 else None
            if getattr(top, "menu", None) is not None:
                # An A on the main menu: the row it chose ("Continue ..." resumes a game).
                print("MENU-CHOSEN", self.count, top.items[top.menu.index])
            keypad.QUEUE.append(number << 1 | 1)
            self.events = True
            self.release_key = number
            self.release_at = self.next_at + duration
            return True
        return True

    def select(self, name, text):
        """A ``GAME:`` or ``ROW:`` word reached (``name``: before its colon, ``text``
        after): the taps it stands for on the top screen (see the module's docstring) go
        into ``keys``, to be fed as the next words. (Its names are ones the driver or the
        app interns anyway, as the module's docstring asks.)"""
        top = self.shell.current_app.stack[-1]
        menu = getattr(top, "menu", None)
        items = getattr(menu, "items", None)
        label = text.replace("_", " ").lower()
        if name == "GAME":
            label = None
            for state in sys.modules["handheld.registry"].GAMES:
                if state.package.rpartition(".")[2] == text.lower():
                    label = state.name.lower()
            if label is None:
                raise ValueError("no game with the id of " + text)
        index = -1
        if items is not None:
            for number in range(len(items)):
                if items[number].lower() == label:
                    index = number
                    break
        if index < 0:
            raise ValueError("no row of that label on " + type(top).__name__ + ": " + text)
        cursor = menu.cursor
        step = index - cursor.index
        if cursor.wrap and step:
            step %= cursor.count
            if cursor.count - step < step:
                step -= cursor.count
        while step > 0:
            self.keys.append("DOWN")
            step -= 1
        while step < 0:
            self.keys.append("UP")
            step += 1
        if name == "GAME":
            self.keys.append("A")

    def update(self):
        """Soak mode, before each press: has the app made progress since the last one?

        Where the app is: the top screen's class, the stack depth, the game module and the
        running game's actions taken (its play screen's ``flow.applied``), all read below the
        pause menu if it is open: START, wandering in the pause menu and resuming is not
        progress; quitting the game is. A screen that cannot be left is one where N
        presses in a row (random ones: A, B, START, arrows) found the app where it was; no
        legitimate screen holds random keys that long: every screen but the main menu
        leaves on B or A, a play screen also on START, and a game takes actions as A lands
        on legal moves. The run then ends with NO-PROGRESS; the longest run of presses
        without progress is printed as LONGEST-STILL."""
        app = self.shell.current_app
        stack = app.stack
        size = len(stack)
        index = 1
        while index < size:
            if type(stack[index]).__name__ == "PauseMenu":
                size = index
                break
            index += 1
        play = app.play
        state = (
            type(stack[size - 1]).__name__,
            size,
            app.game_module or "-",
            -1 if play is None else play.flow.applied,
        )
        if state == self.last:
            self.step += 1
        else:
            self.step = 0
            self.last = state
        if self.step > self.max:
            self.max = self.step
            self.data = state
        if self.step >= self.stop:
            print("NO-PROGRESS", self.count, state[0], size, state[2], self.step)
            raise Done()

    def _mark(self, label):
        """A marker reached: printed with the heap after this frame's collection."""
        self.marks.append(label)
        self.events = True

    def sleep(self, seconds):
        """The app loop's pause: advance the clock, feed keys. True if app.mjs should
        measure the heap after this frame (the app may have changed)."""
        self.frame += 1
        refreshes = board.DISPLAY.refreshes
        measure = self.events or refreshes != self.refreshes or not self.frame % 10
        self.events = False
        self.refreshes = refreshes
        # The clock advances by the pause asked for (at least 1 ms), as in the simulator
        # that recorded the key script: a busy screen's frames take no pause.
        self.now += max(1, int(seconds * 1000))
        supervisor.NOW[0] = self.now
        if not self._feed(self.now):
            raise Done()
        return measure

    def measured(self, live, peak, names):
        """Note a measured frame's heap (``live`` after the collection, ``peak`` before
        it, as gc.mem_alloc()) and the VM's interned names then (``names``, n_qstr): its
        state's line when the state changed."""
        used = live - self.base
        peak -= self.base
        app = self.shell.current_app
        state = (type(app.stack[-1]).__name__, len(app.stack), app.game_module)
        if state != self.last_state:
            if self.last_state is not None:
                print("M", self.state_peak, self.state_max, self.state_names)
            self.last_state = state
            self.state_peak = 0
            self.state_max = 0
            print("S", state[0], state[1], state[2] or "-", used, names)
            if not self.printed:
                self.printed = True
                micropython.qstr_info()  # at boot, as each MARK does
                items = getattr(app.stack[0], "items", None)
                print("MENU-AT-BOOT", items[0] if items else "-")
        if used > self.state_peak:
            self.state_peak = used
            self.state_names = names
        if peak > self.state_max:
            self.state_max = peak
        if used > self.peak:
            self.peak = used
        if peak > self.max_peak:
            self.max_peak = peak
        for label in self.marks:
            # Where the app is: stack depth, and whether the running (or last) game's
            # result was recorded; then the interned strings (qstrs) every loaded .mpy
            # added: the VM never frees them, so heap.py tells them apart.
            print("MARK", label, self.frame, len(app.stack), 1 if app.session.recorded else 0, used)
            micropython.qstr_info()
        self.marks.clear()


driver = None
app = None


def boot(script, random_count, random_seed, stop):
    """Read the script; in soak mode (``stop`` > 0) load the nvm the last run left."""
    global driver
    driver = Driver(script, random_count, random_seed)
    if stop:
        with open("/harness/nvm.bin", "rb") as handle:
            microcontroller.nvm.data[:] = handle.read()
        driver.stop = stop


def heap_blocks():
    """The heap's report, between \\x01 and \\x02 for app.mjs (its largest block)."""
    print("\x01", end="")
    micropython.mem_info()
    micropython.qstr_info()  # its n_qstr: the names at this frame, for measured()
    print("\x02", end="")


def start(base):
    """Import code.py's shell and let it build the app up to its loop."""
    global app
    driver.base = base
    from handheld import shell
    from handheld.app import App

    App.run = _start_only
    driver.shell = shell
    shell.seed_source = driver.seed_source
    shell.main()
    app = shell.current_app


def _start_only(self, ticks_ms, sleep):
    self.start(ticks_ms)


def frame():
    """One frame and its pause: 0 when the run is over, 2 to measure, 1 otherwise."""
    try:
        if not driver.sleep(app.frame()) and not driver.marks:
            return 1
        # The frame's peak, read before anything is collected (a call from JavaScript may
        # begin with a collection), and the heap's blocks for app.mjs (between \x01 and
        # \x02: its largest block is the largest single allocation).
        driver.frame_peak = gc.mem_alloc()
        heap_blocks()
        return 2
    except Done:
        return 0
    except Exception as error:  # the app raised: say where, then the traceback
        print(
            "ERROR",
            type(error).__name__,
            error,
            "(press %d, frame %d)" % (driver.count, driver.frame),
        )
        sys.print_exception(error)
        driver.failed = True
        return 0


def measured(live, names):
    """The live heap app.mjs read after the frame just run, by collecting, and the VM's
    interned names at the frame's end (from heap_blocks())."""
    driver.measured(live, driver.frame_peak, names)


def finish():
    """The end lines; in soak mode where the app was and the nvm at the switch-off."""
    print("M", driver.state_peak, driver.state_max, driver.state_names)
    if not driver.failed and (driver.step < driver.stop or not driver.stop):
        print("END", driver.frame, board.DISPLAY.refreshes, driver.peak, driver.max_peak)
    if not driver.stop:
        return
    data = driver.data or ("-", 0, "-", 0)
    print("LONGEST-STILL", driver.max, data[0], data[1], data[2])
    if app is not None and app.stack:
        top = app.stack[-1]
        print(
            "SWITCHED-OFF",
            driver.count,
            driver.frame,
            type(top).__name__,
            len(app.stack),
            app.game_module or "-",
            0 if app.play is None else 1,
        )
    data = memoryview(microcontroller.nvm.data)
    index = 0
    while index < len(data):
        print("nvm", binascii.hexlify(data[index : index + 512]).decode())
        index += 512
