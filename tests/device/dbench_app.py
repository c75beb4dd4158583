"""Heap cost of importing the whole app on MicroPython (run by the gate's bench mode only).

Answers: do boot + main menu + one game's engine, flow and screens fit in the PyBadge's
~147 KB? The gate's bench mode loads the Adafruit libraries as .mpy into /lib and
import-time stand-ins for displayio, keypad and the like from tools/mpgate/stubs (last on
sys.path), so these figures are module code, constants and module-level objects only:
nothing displayio creates at run time (Groups, Bitmaps, TileGrids, Labels, loaded font
glyphs, the card sheet) is in them.

Prints ``BENCH app_<what> <bytes> bytes`` lines: one per module in start-up order, the boot
total, each game's engine, flow and screens, the total "boot + game", and what stays loaded
after quitting a game (``App.end_game`` unloads the game's whole package; what stays is
interned strings). Each bench runs in a fresh interpreter and imports boot itself. Figures
include the interned strings each import adds (this port, like CircuitPython, never frees
them); the string table grows in doubling pools, so a module that triggers a new pool is
charged for it."""

import sys

import micropython
from devtools import live

# Built into CircuitPython (no heap there); stand-ins or frozen modules here. Imported before
# measuring so their cost on this port is not counted against the app.
_PRELOADED = (
    "__future__",
    "bitmaptools",
    "collections",
    "displayio",
    "fontio",
    "keypad",
    "struct",
    "supervisor",
    "time",
    "vectorio",
)

# What code.py -> handheld.shell.main() imports up to the main menu, in first-import order,
# each module after the modules it imports (so each line is that module's own cost).
_SHELL = ("handheld.shell", "handheld.keys", "handheld.hw", "handheld.app", "handheld.store")
_HOME_DEPS = ("handheld.registry",)
# handheld.ui reads its glyph sheets from fonts/*.sheet (made from the BDF fonts by
# tools/make_sheets.py); adafruit_display_text is not used (see README: heap).
_KIT = ("handheld.layout", "handheld.ui", "handheld.screens", "handheld.home")
_GROUPS = (
    ("shell", _SHELL),
    ("home_deps", _HOME_DEPS),
    ("ui_kit", _KIT),
)
_HEAP_KB = 147

# The gate gives each bench here its own fresh interpreter, so no bench sees another's heap
# (interned strings, which this port never frees, would otherwise carry over).
FRESH_INTERPRETER_PER_BENCH = True


def _label(name):
    """A BENCH name for a module: dots become underscores."""
    return name.replace(".", "_")


def _import(name):
    """Import a module; None if it worked, else why not (printed instead of a figure)."""
    try:
        __import__(name)
        return None
    except Exception as error:  # noqa: BLE001 - report any import failure, keep benching
        return "%s: %s" % (type(error).__name__, error)


def _measure(names, prefix, verbose=True):
    """Generator: import ``names`` in order, one per gate step, print each one's cost;
    returns the bytes they kept together."""
    yield
    start = live()
    before = start
    for name in names:
        problem = _import(name)
        yield
        after = live()
        if problem is not None:
            print(
                "BENCH %s_%s n/a (cannot import under the stubs: %s)"
                % (prefix, _label(name), problem)
            )
        elif verbose:
            print("BENCH %s_%s %d bytes" % (prefix, _label(name), after - before))
        before = after
    return before - start


def _boot(verbose):
    """Generator: everything boot loads up to the main menu; returns its total cost."""
    for name in _PRELOADED:
        __import__(name)
    total = 0
    for group, names in _GROUPS:
        cost = yield from _measure(names, "app", verbose)
        if verbose:
            print("BENCH app_group_%s %d bytes" % (group, cost))
        total += cost
    return total


def _percent(total):
    """``total`` as a share of the device's free heap, for the BENCH line."""
    return "(%d%% of %d KB)" % (total * 100 // (_HEAP_KB * 1024), _HEAP_KB)


def _modules(game):
    """A game's engine, flow and screens module names."""
    return tuple("games.%s.%s" % (game, part) for part in ("engine", "flow", "screens"))


def bench_a_boot():
    """Import cost of everything boot loads up to the main menu, module by module."""
    total = yield from _boot(True)
    print("BENCH app_boot_total %d bytes %s" % (total, _percent(total)))
    print("app_boot interned strings (never freed; included in the figures above):")
    micropython.qstr_info()


def _game(game):
    """Boot, then one game's engine, flow and screens; then quit as App.end_game does and
    report what stays loaded."""
    boot = yield from _boot(False)
    keep = tuple(sys.modules)
    cost = yield from _measure(_modules(game), "app")
    print("BENCH app_%s_engine_flow_screens %d bytes" % (game, cost))
    print("BENCH app_boot_plus_%s %d bytes %s" % (game, boot + cost, _percent(boot + cost)))
    before_quit = live()
    sys.modules["handheld.app"]._unload_modules(keep)
    yield
    kept = cost - (before_quit - live())
    print("BENCH app_%s_kept_after_quit %d bytes (interned names)" % (game, kept))


def bench_b_whist():
    """Gongor Whist on top of boot."""
    yield from _game("whist")


def bench_c_bharg():
    """Bharg on top of boot."""
    yield from _game("bharg")


def bench_d_jekyll():
    """Jekyll & Hyde on top of boot."""
    yield from _game("jekyll")
