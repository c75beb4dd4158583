"""Import-time stand-in for CircuitPython's fontio (bench mode of tools/mpgate only):
adafruit_bitmap_font binds ``Glyph`` at import."""


class Glyph:
    """Stand-in."""
