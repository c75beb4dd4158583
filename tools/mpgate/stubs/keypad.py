"""Import-time stand-in for CircuitPython's keypad (bench mode of tools/mpgate only):
handheld.hw imports it at module level and uses it only at run time."""


class Event:
    """Stand-in."""
