"""The whole-app run, inside CircuitPython's unix port with its displayio
(tools/cpapp/run.py starts it; this file runs on CircuitPython, not CPython).

Runs code.py's shell on the stand-ins in tools/cpapp/standins, fed by a key script file,
collects garbage every frame and prints the app heap: ``gc.mem_alloc()`` minus what the
interpreter, this driver and the stand-ins hold before the shell is imported.

usage: circuitpython-unix32-displayio -X heapsize=N driver.py SCRIPT [random COUNT SEED | probe]
                                                                [nvm]

SCRIPT is text: a first line ``SEEDS s1 s2 ...`` (the game seeds the shell asks for, in
order), then key words as host_sim reads them (``A``, ``DOWN``, ``WAIT*200``, ``B*500``
holds) and ``#label`` markers, which are printed when reached. With ``random COUNT SEED``
the script's keys are followed by COUNT seeded random taps; with ``probe`` it prints BASE
and stops (the script is read first, so BASE includes it).

Soak mode (tools/cpapp/soak.py), with ``nvm`` last: stdin gives the nvm as the last run
left it (8,192 bytes: the stand-in's ``nvm`` starts as them), then N, the key presses in
a row without progress that end the run (see ``Driver.update``). The script running out is
the switch-off: the app just stops, and the run prints the nvm as the app last assigned it
(the stand-in's writes are whole assignments; cuts inside one are tests/test_store.py's),
for the next run to boot on. The heap is measured (after a collection) only in frames
where the app may have changed: after a key event or a refresh, and every 10th frame; in
the frames between, the app only polls and ticks, which keeps nothing new, so the peaks
are those of measuring every frame (within about 100 bytes), in two thirds of the time.

The driver's own names are interned (qstrs) like the app's, and CircuitPython's string
pool grows by a 9 KB block after about 1,260 names here: each name the driver added would
move that step closer. So what soak mode adds uses only names the VM or the app interns
anyway (``count``, ``stop``, ``step``, ``update``, ...), and its output tags are strings of
11 characters or more, which are not interned.

Output lines (all figures in bytes):
  BASE n                      heap held before the shell (subtracted from the rest)
  S screen depth game heap    a frame where the top screen, stack depth or game changed
  M heap                      the most heap any frame of the state named above held
  MARK label frame depth rec heap   a marker: stack depth, result recorded (1/0), heap
  END frames refreshes peak   the script ran out; the run is over
  qstr pool: ... n_total_bytes=n   after the first S line and each MARK: the interned
                              strings' pool (micropython.qstr_info())
  ERROR type message (press k, frame f)   the app raised (the traceback follows, on
                              stdout on the unix port)
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
        # The whole script is read now, before BASE is measured, and each word is cut from
        # it when due: a line split into a list of words would be up to 17 KB of the
        # driver's strings counted as the app's heap.
        with open(path) as handle:
            self.text = handle.read()
        end = self.text.find("\n")
        self.pos = len(self.text) if end < 0 else end + 1
        self.seeds = [int(word) for word in self.text[: self.pos].split()[1:]]
        self.next_at = 50
        self.release_at = -1
        self.release_key = 0
        self.frame = 0
        self.now = 0  # the clock, ms
        self.random_left = random_count
        self.random_state = random_seed & 0x3FFFFFFF or 1
        self.last_state = None
        self.state_peak = 0
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
        self.events = False  # soak mode: key events were fed since the last measured frame
        self.refreshes = 0  # soak mode: the display's refreshes at the last measured frame

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
        text = self.text
        size = len(text)
        start = self.pos
        while start < size and text[start] in " \t\r\n":
            start += 1
        if start >= size:
            self.pos = size
            if self.random_left > 0:
                self.random_left -= 1
                return self._random_key()
            return None
        end = start
        while end < size and text[end] not in " \t\r\n":
            end += 1
        self.pos = end
        return text[start:end]

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
        """Print a marker with where the app is: stack depth, and whether the running (or
        last) game's result was recorded."""
        app = self.shell.current_app
        gc.collect()
        used = gc.mem_alloc() - self.base
        print("MARK", label, self.frame, len(app.stack), 1 if app.recorded else 0, used)
        # The interned strings (qstrs) every loaded .mpy added: CircuitPython never frees
        # them, so run.py tells them apart from what a game left behind.
        micropython.qstr_info()

    def sleep(self, seconds):
        """The app loop's pause: measure the heap, advance the clock, feed keys."""
        self.frame += 1
        refreshes = board.DISPLAY.refreshes
        if not self.stop or self.events or refreshes != self.refreshes or not self.frame % 10:
            self.events = False
            self.refreshes = refreshes
            gc.collect()
            used = gc.mem_alloc() - self.base
            app = self.shell.current_app
            top = app.stack[-1]
            state = (type(top).__name__, len(app.stack), app.game_module)
            if state != self.last_state:
                if self.last_state is not None:
                    print("M", self.state_peak)
                self.last_state = state
                self.state_peak = 0
                print("S", state[0], state[1], state[2] or "-", used)
                if self.frame == 1:
                    micropython.qstr_info()  # at boot, as each MARK does
                    items = getattr(app.stack[0], "items", None)
                    print("MENU-AT-BOOT", items[0] if items else "-")
            if used > self.state_peak:
                self.state_peak = used
            if used > self.peak:
                self.peak = used
        # The clock advances by the pause asked for (at least 1 ms), as in the simulator
        # that recorded the key script: a busy screen's frames take no pause.
        self.now += max(1, int(seconds * 1000))
        now = self.now
        supervisor.NOW[0] = now
        if not self._feed(now):
            raise Done()


def main():
    args = sys.argv[1:]
    random_count = int(args[2]) if len(args) > 3 and args[1] == "random" else 0
    random_seed = int(args[3]) if random_count else 0
    driver = Driver(args[0], random_count, random_seed)
    if args[-1] == "nvm":
        # Soak mode: the nvm the last run left, then the presses without progress that
        # end the run.
        data = sys.stdin.buffer.read()
        microcontroller.nvm[:] = data[:8192]
        driver.stop = int(data[8192:])
        data = None
    gc.collect()
    driver.base = gc.mem_alloc()
    print("BASE", driver.base)
    if args[1:2] == ["probe"]:
        return
    from handheld import shell

    driver.shell = shell
    shell.seed_source = driver.seed_source
    shell.sleep = driver.sleep
    try:
        shell.main()
    except Done:
        print("M", driver.state_peak)
        if driver.step < driver.stop or not driver.stop:
            print("END", driver.frame, board.DISPLAY.refreshes, driver.peak)
    except Exception as error:
        print(
            "ERROR",
            type(error).__name__,
            error,
            "(press %d, frame %d)" % (driver.count, driver.frame),
        )
        raise
    finally:
        if driver.stop:
            # The switch-off: where the app was, and the nvm as it is now.
            data = driver.data or ("-", 0, "-", 0)
            print("LONGEST-STILL", driver.max, data[0], data[1], data[2])
            app = shell.current_app
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
            data = memoryview(microcontroller.nvm)
            index = 0
            while index < len(data):
                print("nvm", binascii.hexlify(data[index : index + 512]).decode())
                index += 512


if __name__ == "__main__":
    main()
