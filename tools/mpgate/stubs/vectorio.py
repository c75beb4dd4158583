"""Import-time stand-in for CircuitPython's vectorio (bench mode of tools/mpgate only):
handheld.ui imports it for its rectangles."""


class Rectangle:
    """Stand-in."""
