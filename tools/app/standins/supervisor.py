"""Stand-in ``supervisor``: ``ticks_ms`` is the run's virtual clock (set by the driver)."""

NOW = [0]


def ticks_ms():
    """The virtual clock in ms, wrapping at 2**29 like the device's."""
    return NOW[0] & 0x1FFFFFFF
