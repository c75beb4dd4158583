"""The device-time model's run, inside CircuitPython's unix port with its displayio
(tools/cpapp/timing.py starts it and turns its lines into estimates; this file runs on
CircuitPython, not CPython).

The whole app on the stand-ins of driver.py, fed by a key script as driver.py feeds it, but
without collecting garbage every frame (the app's own collections run as on a device), and
timed: pystone first (tools/cpapp/pystone.py, 5,000 passes, as the SAMD51 figure), then
boot (the shell imported, the main menu built and drawn: up to the first pause) and every
frame of the loop (``App.step`` and the pause's call, up to the next pause).

Two clocks, the same lines:
- ``wall``: ``time.time_ns()`` in microseconds; each figure a difference of two stamps.
- ``count``: no clock at all. Each stamp calls ``micropython.mem_peak()``, which nothing
  else calls; run under ``valgrind --tool=callgrind --dump-before=<that C function>``
  (timing.py finds its address), every stamp ends one dump of the instructions run since
  the stamp before. A stamp is then the number of stamps so far, and the figure between
  two stamps is the instructions in the dumps between them: deterministic, whatever the
  machine's load.

usage: circuitpython-unix32-displayio -X heapsize=N time_driver.py SCRIPT wall|count [probe]

With ``probe`` it stops after printing BASE (the heap held before the shell: the app is
then run with 120 KB on top, as run.py does).

Output lines (stamps: microseconds, or stamp numbers in count mode):
  PYSTONE passes s0 s1 s2 s3   the empty loop from s0 to s1, the passes from s2 to s3
  BASE n                      heap held before the shell is imported
  BOOT s0 s1                  the shell imported and run to its first pause
  F frame s0 s1 keys refreshed nvm busy thinking depth screen game units
                              one frame: the keys the app read (a K_* mask), 1 if it
                              refreshed the display, the nvm assignments it made, 1 if
                              the top screen at the frame's start was busy, 1 if a CPU or
                              the coach thought in it (a busy screen, or units of work
                              done: calls of the app's ``more``), the stack depth, top
                              screen and game module at its end, the units of work
  END frames                  the script ran out
  ERROR ...                   the app raised
"""

import gc
import sys
import time

import board
import microcontroller
import micropython
import pystone
import supervisor
from driver import Done, Driver

_PASSES = 5000


class CountingNvm:
    """The stand-in nvm, counting assignments (each one an erase and a write on the badge)."""

    def __init__(self, data):
        self.data = data
        self.writes = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value):
        self.writes += 1
        self.data[index] = value


def thinking(screen):
    """For an app older than ``App.more`` (a "before" figure): whether a CPU player or the
    coach is working out a decision on this screen, from the flows' public names."""
    flow = getattr(screen, "flow", None)
    if getattr(flow, "cpu", None) is not None and getattr(flow, "kinds", None) is not None:
        return True  # Bharg
    return getattr(flow, "tip", "") == "Coach: thinking..." and getattr(flow, "step", -1) == 0


class TimeDriver(Driver):
    """driver.Driver's key feeding, with a stamp at the start and the end of each pause."""

    def __init__(self, path, count_mode):
        super().__init__(path, 0, 0)
        self.count_mode = count_mode
        self.stamps = 0
        self.mark = micropython.mem_peak
        self.frame_start = 0
        self.keys = 0
        self.real_poll = None
        self.nvm = None
        self.writes = 0
        self.busy = False
        self.units = 0  # units of a CPU's or the coach's work this frame (App.more calls)
        self.real_more = None
        self.thought = False
        self.booted = False
        self.boot_start = 0

    def stamp(self):
        """Now: microseconds, or in count mode the stamp's number (ending a dump)."""
        if self.count_mode:
            self.mark()
            self.stamps += 1
            return self.stamps
        return time.time_ns() // 1000

    def poll(self, now):
        """The app's ``buttons.poll``, noting the keys it returns."""
        keys = self.real_poll(now)
        self.keys |= keys
        return keys

    def more(self, units, spent):
        """The app's ``more`` (decktet.search), counting the units of work done."""
        self.units += 1
        return self.real_more(units, spent)

    def sleep(self, seconds):
        """The pause: stamp, report the frame, feed keys, stamp."""
        end = self.stamp()
        app = self.shell.current_app
        if not self.booted:
            self.booted = True
            print("BOOT", self.boot_start, end)
            buttons = app.buttons
            self.real_poll = buttons.poll
            buttons.poll = self.poll
            self.real_more = getattr(app, "more", None)
            if self.real_more is not None:
                app.more = self.more
        else:
            top = app.stack[-1]
            writes = self.nvm.writes
            print(
                "F",
                self.frame,
                self.frame_start,
                end,
                self.keys,
                1 if board.DISPLAY.refreshes != self.refreshes else 0,
                writes - self.writes,
                1 if self.busy else 0,
                1 if self.busy or self.units or self.thought else 0,
                len(app.stack),
                type(top).__name__,
                app.game_module or "-",
                self.units,
            )
            self.writes = writes
        self.refreshes = board.DISPLAY.refreshes
        self.keys = 0
        top = app.stack[-1]
        self.busy = top.busy
        self.units = 0
        self.thought = self.real_more is None and thinking(top)
        self.frame += 1
        self.now += max(1, int(seconds * 1000))
        supervisor.NOW[0] = self.now
        if not self._feed(self.now):
            raise Done()
        self.frame_start = self.stamp()


def main():
    path = sys.argv[1]
    count_mode = sys.argv[2] == "count"
    driver = TimeDriver(path, count_mode)
    nvm = CountingNvm(microcontroller.nvm)
    microcontroller.nvm = nvm
    driver.nvm = nvm
    seen = []

    def clock():
        now = driver.stamp()
        seen.append(now)
        return now

    # pystone.run reads the clock at the empty loop's start and end, then at the passes'
    # start and end: four stamps.
    gc.collect()
    pystone.run(_PASSES, clock)
    print("PYSTONE", _PASSES, seen[0], seen[1], seen[2], seen[3])
    seen = None
    pystone.g_array_1 = pystone.g_array_2 = pystone.g_record = pystone.g_next = None
    gc.collect()
    print("BASE", gc.mem_alloc())
    if sys.argv[3:] == ["probe"]:
        return
    driver.boot_start = driver.stamp()
    from handheld import shell

    driver.shell = shell
    shell.seed_source = driver.seed_source
    shell.sleep = driver.sleep
    try:
        shell.main()
    except Done:
        print("END", driver.frame)
    except Exception as error:
        print("ERROR", type(error).__name__, error, "(frame %d)" % driver.frame)
        raise


if __name__ == "__main__":
    main()
