"""Runs inside CircuitPython's unix port for tools/cpgate/run_device_tests.py: imports one
device-test module, runs its test_* functions in name order and, after every step of a test
that is a generator, collects garbage and checks the heap against the cap. Reports on lines
starting with "@cpgate " (everything else a test prints passes through).

usage: circuitpython-unix32 -X heapsize=120k dtest_runner.py MODULE CAP_BYTES [FUNCTION]

With FUNCTION, runs only that test and lets its exception escape, so that the interpreter
prints the traceback (CircuitPython's unix port has no sys.print_exception nor traceback).
Plain MicroPython code: no f-strings, no CPython-only modules.
"""

import gc
import sys

MARK = "@cpgate"


class HeapCap(Exception):
    """The live heap, or the heap itself, is over the cap."""


def live():
    gc.collect()
    return gc.mem_alloc()


def run(function, cap):
    """Calls ``function``; steps it if it returns a generator. Returns (steps, peak live
    bytes above the start, peak live bytes)."""
    start = live()
    result = function()
    generator = result if (result is not None and hasattr(result, "send")) else None
    result = None
    steps = 0
    peak = 0
    while True:
        now = live()
        total = now + gc.mem_free()
        if now > cap or total > cap:
            message = "live heap %d bytes, heap %d bytes (cap %d) after step %d"
            raise HeapCap(message % (now, total, cap, steps))
        if now > peak:
            peak = now
        if generator is None:
            break
        try:
            next(generator)
        except StopIteration:
            break
        steps += 1
    return steps, max(0, peak - start), peak


def main():
    module_name = sys.argv[1]
    cap = int(sys.argv[2])
    only = sys.argv[3] if len(sys.argv) > 3 else None
    base = live()
    module = __import__(module_name)
    print(MARK, "import", live() - base)
    if only:
        run(getattr(module, only), cap)
        print(MARK, "ok", only)
        return
    names = sorted([name for name in dir(module) if name.startswith("test_")])
    print(MARK, "names", " ".join(names))
    for name in names:
        print(MARK, "start", name)
        try:
            steps, above, peak = run(getattr(module, name), cap)
        except MemoryError as error:
            gc.collect()
            print(MARK, "FAIL", name, "heap cap %d bytes exhausted: %r" % (cap, error))
        except Exception as error:  # reported, then on to the next test
            gc.collect()
            print(MARK, "FAIL", name, repr(error))
        else:
            print(MARK, "ok", name, steps, above, peak)
    print(MARK, "done")


main()
