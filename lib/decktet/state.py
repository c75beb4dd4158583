# SPDX-License-Identifier: MIT
"""
`decktet.state`
===============

The one save layout every engine uses, and the error its checks raise.

A save is ``bytes``: one tag byte (naming the game and its save format; a new format takes
a new tag), then the game's state bytes (a fixed size per game), then the generator's
state, three 16-bit values. Every multi-byte number in a save or a state is big-endian
(high byte first): ``get16``/``put16``.

``StateError`` (a ``ValueError``) is what an invariant check raises, through ``check``:
never a bare ``assert``, so ``python -O`` changes nothing. ``unpack`` raises it too, for
data that is not bytes of the right tag and length or a generator state that is not one,
so a caller of ``Game.from_bytes`` only ever sees ``ValueError``.
"""

from micropython import const

from decktet.rng import Rng

try:
    from typing import Any, Tuple
except ImportError:
    pass

# Offset of the state bytes in a save (after the tag byte).
STATE_AT = const(1)
# The generator's state: three 16-bit values.
RNG_BYTES = const(6)


class StateError(ValueError):
    """A save or a state that breaks the game's rules (a ``ValueError``)."""


def check(condition: Any, what: str) -> None:
    """Raise ``StateError(what)`` unless ``condition`` holds (an invariant check)."""
    if not condition:
        raise StateError(what)


def get16(data: Any, at: int) -> int:
    """The 16-bit big-endian value at ``data[at]``, ``data[at + 1]``."""
    return data[at] << 8 | data[at + 1]


def put16(data: bytearray, at: int, value: int) -> None:
    """Store ``value`` (0..65535) big-endian at ``data[at]``, ``data[at + 1]``."""
    data[at] = value >> 8 & 255
    data[at + 1] = value & 255


def pack(tag: int, state: bytearray, rng: Rng) -> bytes:
    """A save: ``tag``, the state bytes, then the generator's state."""
    end = STATE_AT + len(state)
    out = bytearray(end + RNG_BYTES)
    out[0] = tag
    out[STATE_AT:end] = state
    for value in rng.get_state():
        put16(out, end, value)
        end += 2
    return bytes(out)


def unpack(data: Any, tag: int, size: int) -> Tuple[bytearray, Rng]:
    """The state bytes (a new ``bytearray`` of ``size``) and a generator restored from a save.

    ``StateError`` unless ``data`` is ``bytes`` or ``bytearray`` with this ``tag`` and
    length and a valid generator state; the game's own ``check_invariants()`` comes next.
    """
    if not isinstance(data, (bytes, bytearray)):
        raise StateError("a save is bytes")
    end = STATE_AT + size
    if len(data) != end + RNG_BYTES or data[0] != tag:
        raise StateError("not a save of this game")
    rng = Rng(0)
    valid = True
    try:
        rng.set_state((get16(data, end), get16(data, end + 2), get16(data, end + 4)))
    except ValueError:
        valid = False
    # Raised outside the handler: no chained exception on MicroPython.
    if not valid:
        raise StateError("bad generator state")
    return bytearray(data[STATE_AT:end]), rng


def verify(game: Any) -> Any:
    """Run ``game.check_invariants()`` and return ``game``; an ``IndexError`` (a corrupt
    counter read past a table) becomes ``StateError``, so a bad save is a ``ValueError``."""
    valid = True
    try:
        game.check_invariants()
    except IndexError:
        valid = False
    if not valid:
        raise StateError("state out of range")
    return game
