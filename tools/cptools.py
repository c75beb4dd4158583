"""Where CircuitPython's own programs are: the unix port (32-bit), the same with its C
displayio, and its mpy-cross. The CircuitPython gates, the bench and `make bundle` use them.

Looked for, in order:
1. ``$CIRCUITPYTHON_DIR`` (a folder holding the three programs);
2. ``../shared/circuitpython`` beside the project (the team's machines and CI), unless
   ``$DECKTET_NO_SHARED`` is set (to see what a fresh clone elsewhere sees);
3. the cache folder ``$XDG_CACHE_HOME/decktet-handheld/circuitpython-<commit>`` (default
   ``~/.cache``), which ``tools/build_circuitpython.sh`` fills from a pinned CircuitPython
   commit on a machine that has neither.

``MPY_CROSS`` names a different CircuitPython mpy-cross for ``mpy_cross()`` only.

``python tools/cptools.py`` prints the folder, or one line saying why there is none.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The CircuitPython commit the cache build uses (the same one as ../shared/circuitpython).
COMMIT = "cd3da4a5d8"
PROGRAMS = ("circuitpython-unix32", "circuitpython-unix32-displayio", "mpy-cross")


class Missing(Exception):
    """CircuitPython's programs are not on this machine; the message says how to get them."""


def cache_dir():
    """The folder tools/build_circuitpython.sh builds into."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "decktet-handheld", "circuitpython-" + COMMIT)


def candidates():
    """The folders looked in, in order."""
    found = []
    if os.environ.get("CIRCUITPYTHON_DIR"):
        found.append(os.environ["CIRCUITPYTHON_DIR"])
    if not os.environ.get("DECKTET_NO_SHARED"):
        found.append(os.path.join(os.path.dirname(ROOT), "shared", "circuitpython"))
    found.append(cache_dir())
    return found


def _complete(folder):
    return all(os.access(os.path.join(folder, name), os.X_OK) for name in PROGRAMS)


def folder():
    """The first candidate folder that holds all three programs; ``Missing`` if none."""
    for candidate in candidates():
        if _complete(candidate):
            return os.path.abspath(candidate)
    raise Missing(
        "CircuitPython's unix port and mpy-cross not found in %s; "
        "run tools/build_circuitpython.sh (needs network and a 32-bit C compiler)"
        % ", ".join(candidates())
    )


def program(name):
    """The path of one of ``PROGRAMS``."""
    return os.path.join(folder(), name)


def mpy_cross():
    """CircuitPython's mpy-cross: ``$MPY_CROSS`` if set, else the found folder's."""
    named = os.environ.get("MPY_CROSS")
    if named:
        if not os.access(named, os.X_OK):
            raise Missing("MPY_CROSS=%s is not an executable" % named)
        return named
    return program("mpy-cross")


if __name__ == "__main__":
    try:
        print(folder())
    except Missing as error:
        print(error)
        sys.exit(1)
