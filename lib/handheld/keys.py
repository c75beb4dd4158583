# SPDX-License-Identifier: MIT
"""
`handheld.keys`
===============

Logical buttons as one int bitmask (ugame style) and the logic that turns raw key
presses into edges: a key counts once when it goes down, a held direction repeats.
Hardware-free, so it runs under MicroPython tests; ``handheld.hw`` feeds it.

The bit of each key is ``1 << key_number`` of the PyBadge's shift-register keypad, so
a keypad event maps straight to a bit.
"""

from micropython import const

K_B = const(1)
K_A = const(2)
K_START = const(4)
K_SELECT = const(8)
K_RIGHT = const(16)
K_DOWN = const(32)
K_UP = const(64)
K_LEFT = const(128)
K_DIRECTIONS = const(240)

# What a key did, for every game's flow (docs/FLOW.md): a flow's ``key`` returns its game's
# ``DRAW_*`` bits, with ``REFUSED`` among them when the key asked for something the flow or
# the rules refuse (the DRAW_* bits of every game stay below it); ``EVENT_NONE`` is its
# ``event`` after a key or tick that opens nothing. Here because every flow reads its keys
# from this module already: no module more to load for them.
REFUSED = const(0x4000)
EVENT_NONE = const(0)

# Ticks are milliseconds that wrap at 2**29 (supervisor.ticks_ms), so they stay small ints.
_TICKS_HALF = const(268435456)
_TICKS_MASK = const(536870911)

# Key-repeat timings by the Settings choice: (first delay, then every), milliseconds.
REPEAT_TIMINGS = ((600, 220), (400, 130), (250, 70))

# What the board's own buttons are marked, for B, A, START and SELECT: the PyBadge's names
# here, replaced by ``handheld.boards`` at start-up (the Sprig's keys are marked K, L, I,
# J; the PicoSystem's START and SELECT are Y and X). Hints are written with the PyBadge's
# names and pass through ``hint``.
KEY_NAMES = ["B", "A", "START", "SEL"]
_WRITTEN = ("B", "A", "START", "SEL", "SELECT")


def hint(text: str) -> str:
    """``text``, a key hint or a message naming keys, with each key named as on this board.

    A key name is a whole word of letters (``A``, ``B``, ``START``, ``SEL`` or ``SELECT``;
    ``A/B`` names two): "A ok  B undo", "press A", "START: pause"; so write no other word "A" (an
    article) in a text given to it. On the PyBadge this returns ``text`` itself (nothing is
    allocated)."""
    if KEY_NAMES[0] == "B" and KEY_NAMES[1] == "A" and KEY_NAMES[2] == "START":
        if KEY_NAMES[3] == "SEL":
            return text
    out = ""
    word = ""
    for char in text + " ":
        if "A" <= char <= "Z" or "a" <= char <= "z":
            word += char
            continue
        if word:
            if word in _WRITTEN:
                word = KEY_NAMES[min(3, _WRITTEN.index(word))]
            out += word
            word = ""
        out += char
    return out[:-1]


def ticks_diff(end: int, start: int) -> int:
    """``end - start`` for wrapping millisecond ticks (valid within 2**28 ms)."""
    return ((end - start + _TICKS_HALF) & _TICKS_MASK) - _TICKS_HALF


class KeyState:
    """Held keys, taps latched between polls, and the repeat of a held direction.

    Feed it with ``press``/``release`` (keypad events) or ``set_directions`` (a
    joystick), then call ``update(now)`` once per frame for the keys that went down.

    :param int delay: ms a direction is held before it repeats
    :param int every: ms between repeats after that
    """

    def __init__(self, delay: int = 400, every: int = 130) -> None:
        self.held = 0
        self.previous = 0
        self.latched = 0
        self.delay = delay
        self.every = every
        self._repeat_key = 0
        self._repeat_at = 0

    def press(self, bit: int) -> None:
        """A key went down (kept even if it comes up again before the next update)."""
        self.held |= bit
        self.latched |= bit

    def release(self, bit: int) -> None:
        """A key came up."""
        self.held &= ~bit

    def set_directions(self, mask: int) -> None:
        """Replace the direction bits with ``mask`` (for a joystick read each frame)."""
        self.latched |= mask & ~self.held
        self.held = (self.held & ~K_DIRECTIONS) | (mask & K_DIRECTIONS)

    def update(self, now: int) -> int:
        """The keys that went down since the last update, plus a due repeat, as a mask."""
        down = self.held | self.latched
        edges = down & ~self.previous
        self.previous = self.held
        self.latched = 0
        directions = edges & K_DIRECTIONS
        if directions:
            # The newest direction repeats; take the lowest bit if two came at once.
            self._repeat_key = directions & -directions
            self._repeat_at = (now + self.delay) & _TICKS_MASK
        elif self._repeat_key:
            if not self.held & self._repeat_key:
                self._repeat_key = 0
            elif ticks_diff(now, self._repeat_at) >= 0:
                edges |= self._repeat_key
                self._repeat_at = (now + self.every) & _TICKS_MASK
        return edges


def first_key(mask: int) -> int:
    """The lowest set bit of a key mask, 0 for none."""
    return mask & -mask
