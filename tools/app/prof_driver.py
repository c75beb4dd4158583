"""A rough profile of the frames that open a screen (wall clock, on the unix port): what
imports, garbage collections and screen builds take in each. Host tool for tuning
(tools/cpapp/timing.py's rows say which frames are slow; this says why).

usage: circuitpython-unix32-displayio -X heapsize=N prof_driver.py SCRIPT
Output: per frame that took more than 2 ms: P frame us screen | imports us | gc n us | build us
"""

import builtins
import gc
import sys
import time

import time_driver
from time_driver import Done, TimeDriver

_real_import = builtins.__import__
_real_collect = gc.collect
acc = {"imp": 0, "gc": 0, "gcn": 0, "build": 0, "depth": 0}


def now():
    return time.time_ns() // 1000


class FakeGc:
    def collect(self):
        collect()

    def mem_alloc(self):
        return gc.mem_alloc()

    def mem_free(self):
        return gc.mem_free()

    def enable(self):
        gc.enable()

    def disable(self):
        gc.disable()


FAKE_GC = FakeGc()
NAMES = []


def imp(name, g=None, loc=None, f=None, level=0):
    if name == "gc":
        return FAKE_GC
    if level or name in sys.modules or acc["depth"]:
        return _real_import(name, g, loc, f, level)
    acc["depth"] += 1
    t = now()
    try:
        return _real_import(name, g, loc, f, level)
    finally:
        took = now() - t
        acc["imp"] += took
        acc["depth"] -= 1
        NAMES.append("%s:%d" % (name, took))


def collect():
    t = now()
    _real_collect()
    acc["gc"] += now() - t
    acc["gcn"] += 1


class ProfDriver(TimeDriver):
    def sleep(self, seconds):
        end = now()
        if self.booted:
            app = self.shell.current_app
            took = end - self.frame_start
            if took > 2000:
                print(
                    "P",
                    self.frame,
                    took,
                    type(app.stack[-1]).__name__,
                    "| imports",
                    acc["imp"],
                    "| gc",
                    acc["gcn"],
                    acc["gc"],
                    "| builds",
                    acc["build"],
                    " ".join(NAMES),
                )
        else:
            self.booted = True
            app = self.shell.current_app
            real_push = app.push

            def push(screen):
                build = screen.build

                def timed_build(a):
                    t = now()
                    build(a)
                    acc["build"] += now() - t

                screen.build = timed_build
                real_push(screen)

            app.push = push
            print(
                "P boot",
                end - self.boot_start,
                "| imports",
                acc["imp"],
                "| gc",
                acc["gcn"],
                acc["gc"],
            )
        NAMES[:] = []
        for key in ("imp", "gc", "gcn", "build"):
            acc[key] = 0
        self.frame += 1
        self.now += max(1, int(seconds * 1000))
        time_driver.supervisor.NOW[0] = self.now
        if not self._feed(self.now):
            raise Done()
        self.frame_start = now()


def main():
    driver = ProfDriver(sys.argv[1], False)
    builtins.__import__ = imp
    driver.boot_start = now()
    from handheld import shell

    driver.shell = shell
    shell.seed_source = driver.seed_source
    shell.sleep = driver.sleep
    try:
        shell.main()
    except Done:
        print("END", driver.frame)


main()
