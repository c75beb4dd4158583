"""Put the repo root, lib/ and the device tests on sys.path, as CircuitPython does."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in (os.path.join(ROOT, "tests", "device"), os.path.join(ROOT, "lib"), ROOT):
    if path not in sys.path:
        sys.path.insert(0, path)
