"""Desktop simulator for Decktet Handheld: runs the device's code.py on the host.

    .venv/bin/python -m host_sim                      # a window (pygame, x4)
    .venv/bin/python -m host_sim --headless --keys "GAME:jekyll" --screenshot out.png

Keyboard: arrows, X = A, Z = B, Enter = START, Space = SELECT (``--board hack_club_sprig``:
W A S D, and L = A, K = B, I = START, J = SELECT; ``--board pimoroni_picosystem``: arrows,
A, B, X = SELECT, Y = START, in a 240x240 window).

Key scripts (``--keys``, and ``run(keys=...)`` in tests) are words separated by spaces:
``A``, ``B``, ``START``, ``SELECT``, ``UP``, ``DOWN``, ``LEFT``, ``RIGHT`` tap a key;
``RIGHT*800`` holds it for 800 ms (key repeat); ``WAIT*500`` waits; ``JOY:x,y`` sets the
PyGamer joystick's raw readings (0..65535) until ``JOY:off``; ``#label`` is a marker
(no key; tools/devtime's tour names the screen each must find on top).

Rows by name, looked up on the top screen when the script reaches the word (a main menu,
a set-up, Settings, Statistics: any screen with a ``menu`` of rows and a cursor):
``GAME:<id>`` moves the main menu's cursor to that game's row (its name, not "Continue
..."; the id is its package's last part, ``GAME:bharg``) and presses A;
``ROW:<label>`` moves the cursor to the row with that label (exact, case-insensitive,
``_`` for spaces: ``ROW:Continue_Bharg``, ``ROW:Statistics``) and presses nothing more.
The moves are real taps of DOWN or UP, the fewer way round, timed as other taps; the rest
of the script shifts later by the time they take. A word that names no row raises
ValueError.

Time is virtual in headless runs (each frame of the app's loop is 10 ms), and game
seeds come from ``Rng(--seed)``, so a run is exactly its options and its keys.

Blinka's displayio draws, and decides what each refresh pushes. ``--displayio
circuitpython`` (``run(displayio="circuitpython")``) refreshes as CircuitPython's C code
does instead (``host_sim.cpdisplayio``): the areas the device sends, and the pixels it
leaves behind where those miss something (``display.left_behind()``).
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# As CircuitPython does: the root (code.py, games/) and lib/ are importable.
for _path in (os.path.join(ROOT, "lib"), ROOT):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from host_sim.sim import Sim, SimDone, run  # noqa: E402

__all__ = ["ROOT", "Sim", "SimDone", "run"]
