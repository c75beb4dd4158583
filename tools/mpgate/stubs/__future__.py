"""Import-time stand-in for ``__future__`` (bench mode of tools/mpgate only): built into
CircuitPython, missing from this MicroPython; adafruit_bitmap_font imports ``annotations``."""

annotations = None
