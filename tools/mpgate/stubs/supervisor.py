"""Import-time stand-in for CircuitPython's supervisor (bench mode of tools/mpgate only):
adafruit_ticks binds ``ticks_ms`` at import."""

import time


def ticks_ms():
    """Stand-in: milliseconds from this port's clock."""
    return time.ticks_ms()
