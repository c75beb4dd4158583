"""Helpers shared by the device tests and benches: plain Python, no pytest, so they run on
MicroPython through the runtime gate as well as on CPython."""

import gc
import sys


def raises(exception, function, message="expected an exception"):
    """Assert that calling ``function()`` raises ``exception`` (pytest.raises for the device)."""
    try:
        function()
    except exception:
        return
    raise AssertionError("%s: %s not raised" % (message, exception.__name__))


def live():
    """The live heap in bytes (collects first)."""
    gc.collect()
    return gc.mem_alloc()


def measure_imports(game, modules):
    """Generator bench: import ``modules`` in order, fresh (decktet loaded first), and print
    ``BENCH <game>_import_<last part> <bytes>`` for each, plus the total when there are several.
    The gate collects between steps, so each step starts from the live heap."""
    for name in modules + ("games.%s" % game,):
        if name in sys.modules:
            del sys.modules[name]
    import decktet.cards  # noqa: F401
    import decktet.rng  # noqa: F401

    yield
    start = live()
    before = start
    for name in modules:
        __import__(name)
        yield
        after = live()
        print("BENCH %s_import_%s %d bytes" % (game, name.split(".")[-1], after - before))
        before = after
    if len(modules) > 1:
        print("BENCH %s_import_total %d bytes" % (game, before - start))
