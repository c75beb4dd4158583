"""``python -m tools.devtime [--gate]``: the device-time model (tools/devtime/timing.py)."""

import sys

from tools.devtime.timing import main

sys.exit(main())
