"""Stand-in ``keypad``: the run's driver appends (key_number, pressed) to ``QUEUE``."""

QUEUE = []


class Event:
    """keypad.Event."""

    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed


class _Events:
    def get_into(self, event):
        """Fill ``event`` with the oldest queued event; False if there is none."""
        if not QUEUE:
            return False
        item = QUEUE.pop(0)
        event.key_number = item >> 1
        event.pressed = bool(item & 1)
        event.released = not event.pressed
        return True


class ShiftRegisterKeys:
    """keypad.ShiftRegisterKeys over the queue."""

    def __init__(self, **kwargs):
        self.key_count = kwargs["key_count"]
        self.events = _Events()


class Keys:
    """keypad.Keys (the RP2040 boards' buttons, one pin each) over the queue."""

    def __init__(self, pins, **kwargs):
        self.key_count = len(pins)
        self.events = _Events()
