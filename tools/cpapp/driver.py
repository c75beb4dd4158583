"""The whole-app run, inside CircuitPython's unix port with its displayio
(tools/cpapp/run.py starts it; this file runs on CircuitPython, not CPython).

Runs code.py's shell on the stand-ins in tools/cpapp/standins, fed by a key script file,
collects garbage every frame and prints the app heap: ``gc.mem_alloc()`` minus what the
interpreter, this driver and the stand-ins hold before the shell is imported.

usage: circuitpython-unix32-displayio -X heapsize=N driver.py SCRIPT [random COUNT SEED | probe]

SCRIPT is text: a first line ``SEEDS s1 s2 ...`` (the game seeds the shell asks for, in
order), then key words as host_sim reads them (``A``, ``DOWN``, ``WAIT*200``, ``B*500``
holds) and ``#label`` markers, which are printed when reached. With ``random COUNT SEED``
the script's keys are followed by COUNT seeded random taps; with ``probe`` it prints BASE
and stops (the script is read first, so BASE includes it).

Output lines (all figures in bytes):
  BASE n                      heap held before the shell (subtracted from the rest)
  S screen depth game heap    a frame where the top screen, stack depth or game changed
  M heap                      the most heap any frame of the state named above held
  MARK label frame depth rec heap   a marker: stack depth, result recorded (1/0), heap
  END frames refreshes peak   the script ran out; the run is over
  qstr pool: ... n_total_bytes=n   after the first S line and each MARK: the interned
                              strings' pool (micropython.qstr_info())
  ERROR type message          the app raised (the traceback follows on stderr)
"""

import gc
import sys

import board
import keypad
import microcontroller  # noqa: F401 - imported now so its bytearray counts in BASE
import micropython
import supervisor

_FRAME_MS = 10
_TAP_MS = 40
_GAP_MS = 60
_SETTLE_MS = 100
_KEYS = ("B", "A", "START", "SELECT", "RIGHT", "DOWN", "UP", "LEFT")


class Done(Exception):
    """The script ran out."""


class Driver:
    """Feeds key words to the stand-in keypad on a virtual 10 ms clock."""

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
        self.random_left = random_count
        self.random_state = random_seed & 0x3FFFFFFF or 1
        self.last_state = None
        self.state_peak = 0
        self.peak = 0
        self.base = 0
        self.shell = None  # handheld.shell, once main() has imported it

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
            keypad.QUEUE.append(number << 1 | 1)
            self.release_key = number
            self.release_at = self.next_at + duration
            return True
        return True

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
        if used > self.state_peak:
            self.state_peak = used
        if used > self.peak:
            self.peak = used
        now = self.frame * _FRAME_MS
        supervisor.NOW[0] = now
        if not self._feed(now):
            raise Done()


def main():
    args = sys.argv[1:]
    random_count = int(args[2]) if len(args) > 3 and args[1] == "random" else 0
    random_seed = int(args[3]) if random_count else 0
    driver = Driver(args[0], random_count, random_seed)
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
        print("END", driver.frame, board.DISPLAY.refreshes, driver.peak)
    except Exception as error:
        print("ERROR", type(error).__name__, error)
        raise


if __name__ == "__main__":
    main()
