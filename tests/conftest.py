"""Put lib/, the device tests and the repo root on sys.path, as CircuitPython does.

The root goes last: its code.py must not shadow the standard library's ``code`` module
(pdb and others import it) on the host."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in (os.path.join(ROOT, "tests", "device"), os.path.join(ROOT, "lib")):
    if path not in sys.path:
        sys.path.insert(0, path)
if ROOT not in sys.path:
    sys.path.append(ROOT)
