"""Stand-in ``supervisor``: ``ticks_ms`` reads ``NOW[0]``, the whole-app run's virtual
clock in milliseconds (the driver sets it each frame)."""

NOW = [0]


def ticks_ms():
    """The virtual clock in ms, wrapping at 2**29 as the device's does."""
    return NOW[0] & 0x1FFFFFFF
