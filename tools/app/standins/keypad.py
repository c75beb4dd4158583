"""Stand-in ``keypad``: every scanner reads ``QUEUE``, where the whole-app driver appends
``key_number << 1 | pressed`` words, oldest first. Nothing is scanned; the constructors
take exactly CircuitPython's arguments (keyword-only where its are)."""

import supervisor

QUEUE = []


class Event:
    """keypad.Event: a key pressed or released, at ``timestamp`` (ticks_ms)."""

    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = supervisor.ticks_ms() if timestamp is None else timestamp

    @property
    def released(self):
        """True for a release (the opposite of ``pressed``)."""
        return not self.pressed


class EventQueue:
    """keypad.EventQueue over ``QUEUE``."""

    def get_into(self, event):
        """Fill ``event`` with the oldest event and return True; False if there is none."""
        if not isinstance(event, Event):
            raise TypeError("event must be a keypad.Event")
        if not QUEUE:
            return False
        word = QUEUE.pop(0)
        event.key_number = word >> 1
        event.pressed = bool(word & 1)
        event.timestamp = supervisor.ticks_ms()
        return True

    def clear(self):
        """Forget the queued events."""
        del QUEUE[:]

    def __len__(self):
        return len(QUEUE)


def _check(max_events, debounce_threshold):
    """ValueError for settings the C scanners refuse."""
    if max_events < 1:
        raise ValueError("max_events must be >= 1")
    if not 1 <= debounce_threshold <= 127:
        raise ValueError("debounce_threshold must be 1-127")


class Keys:
    """keypad.Keys: one key a pin (the RP2040 boards' buttons)."""

    def __init__(
        self,
        pins,
        *,
        value_when_pressed,
        pull=True,
        interval=0.020,
        max_events=64,
        debounce_threshold=1
    ):
        _check(max_events, debounce_threshold)
        self.key_count = len(pins)
        self.events = EventQueue()

    def deinit(self):
        """Stop scanning (nothing to stop)."""


class ShiftRegisterKeys:
    """keypad.ShiftRegisterKeys: keys on shift registers (the PyBadge's eight buttons)."""

    def __init__(
        self,
        *,
        clock,
        data,
        latch,
        value_to_latch=True,
        key_count,
        value_when_pressed,
        interval=0.020,
        max_events=64,
        debounce_threshold=1
    ):
        _check(max_events, debounce_threshold)
        self.key_count = key_count if isinstance(key_count, int) else sum(key_count)
        self.events = EventQueue()

    def deinit(self):
        """Stop scanning (nothing to stop)."""
