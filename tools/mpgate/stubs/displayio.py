"""Import-time stand-in for CircuitPython's displayio (bench mode of tools/mpgate only).

Just the class names module-level code needs (LabelBase subclasses Group; label.py binds
Bitmap, Palette, TileGrid). Nothing is drawn or allocated like the real objects."""


class Group:
    """Stand-in: subclassable, does nothing."""


class Bitmap:
    """Stand-in."""


class Palette:
    """Stand-in."""


class TileGrid:
    """Stand-in."""
