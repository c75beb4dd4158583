# SPDX-License-Identifier: MIT
"""
`handheld.store`
================

Small saved records in non-volatile memory (``microcontroller.nvm`` on the device, any
bytearray in tests): settings and statistics.

A record is ``b"DH"``, a kind byte, a version byte, a length byte, the payload and a
Fletcher-16 checksum of everything before it. A record whose magic, kind, version,
length or checksum is wrong is ignored whole: the caller gets its defaults, never a
half-loaded record.
"""

from micropython import const

try:
    from typing import Any, Optional
except ImportError:
    pass

_MAGIC0 = const(0x44)  # "D"
_MAGIC1 = const(0x48)  # "H"
_HEADER = const(5)
_CHECK = const(2)

KIND_SETTINGS = const(0x53)  # "S"
KIND_STATS = const(0x54)  # "T"
SETTINGS_OFFSET = const(0)
STATS_OFFSET = const(32)

# Settings fields, by index into Settings.values, with their choices' labels.
SET_REPEAT = const(0)
SET_BHARG_TARGET = const(1)
SET_JEKYLL_LEVEL = const(2)
SET_WHIST_DECK = const(3)
SETTING_NAMES = ("Key repeat", "Bharg target", "Jekyll level", "Whist deck")
SETTING_CHOICES = (
    ("Slow", "Normal", "Fast"),
    ("25", "50", "100", "1 round"),  # the Bharg engine's targets
    ("Poole", "Jekyll", "Hyde"),
    ("Basic", "+Pawns", "+Excuse", "+Both"),
)
SETTING_DEFAULTS = bytes((1, 1, 0, 0))
# Version 2: the Bharg target choices became the engine's (a version-1 record is ignored).
_SETTINGS_VERSION = const(2)
_STATS_VERSION = const(1)
# Games counted in the statistics, by slot (registry entries name their slot).
STAT_SLOTS = const(3)


def fletcher16(data: Any, end: int) -> int:
    """Fletcher-16 checksum of ``data[0:end]``."""
    sum1 = 0
    sum2 = 0
    i = 0
    while i < end:
        sum1 = (sum1 + data[i]) % 255
        sum2 = (sum2 + sum1) % 255
        i += 1
    return (sum2 << 8) | sum1


def encode(kind: int, version: int, payload: bytes) -> bytes:
    """A whole record for ``payload`` (at most 255 bytes)."""
    if len(payload) > 255:
        raise ValueError("payload too long")
    record = bytearray(_HEADER + len(payload) + _CHECK)
    record[0] = _MAGIC0
    record[1] = _MAGIC1
    record[2] = kind
    record[3] = version
    record[4] = len(payload)
    record[_HEADER : _HEADER + len(payload)] = payload
    check = fletcher16(record, _HEADER + len(payload))
    record[-2] = check >> 8
    record[-1] = check & 0xFF
    return bytes(record)


def decode(memory: Any, offset: int, kind: int, version: int, length: int) -> Optional[bytes]:
    """The payload of the record at ``offset``, or None unless it is whole and valid."""
    size = _HEADER + length + _CHECK
    if offset < 0 or offset + size > len(memory):
        return None
    record = bytes(memory[offset : offset + size])
    if record[0] != _MAGIC0 or record[1] != _MAGIC1 or record[2] != kind:
        return None
    if record[3] != version or record[4] != length:
        return None
    check = fletcher16(record, _HEADER + length)
    if record[-2] != check >> 8 or record[-1] != check & 0xFF:
        return None
    return record[_HEADER : _HEADER + length]


class Settings:
    """The player's settings: one small int per field (an index into its choices).

    :param memory: the nvm bytearray (or None: defaults, nothing saved)
    """

    def __init__(self, memory: Any = None) -> None:
        self.memory = memory
        self.values = bytearray(SETTING_DEFAULTS)
        self.loaded = False
        if memory is not None:
            payload = decode(
                memory, SETTINGS_OFFSET, KIND_SETTINGS, _SETTINGS_VERSION, len(self.values)
            )
            if payload is not None and self._valid(payload):
                self.values[:] = payload
                self.loaded = True

    @staticmethod
    def _valid(payload: bytes) -> bool:
        """True if every field is within its choices."""
        i = 0
        while i < len(payload):
            if payload[i] >= len(SETTING_CHOICES[i]):
                return False
            i += 1
        return True

    def get(self, field: int) -> int:
        """The choice index of one field."""
        return self.values[field]

    def set(self, field: int, choice: int) -> None:
        """Change one field (saved by ``save()``); ValueError if out of range."""
        if not 0 <= choice < len(SETTING_CHOICES[field]):
            raise ValueError("setting out of range")
        self.values[field] = choice

    def save(self) -> None:
        """Write the record to nvm (only if it changed: flash has limited writes)."""
        if self.memory is None:
            return
        record = encode(KIND_SETTINGS, _SETTINGS_VERSION, bytes(self.values))
        if bytes(self.memory[SETTINGS_OFFSET : SETTINGS_OFFSET + len(record)]) != record:
            self.memory[SETTINGS_OFFSET : SETTINGS_OFFSET + len(record)] = record


class Stats:
    """Games played and won per game slot, saved as 16-bit counters.

    :param memory: the nvm bytearray (or None: zeros, nothing saved)
    """

    def __init__(self, memory: Any = None) -> None:
        self.memory = memory
        # played, won per slot, big-endian u16 each.
        self.counters = bytearray(STAT_SLOTS * 4)
        self.loaded = False
        if memory is not None:
            payload = decode(memory, STATS_OFFSET, KIND_STATS, _STATS_VERSION, len(self.counters))
            if payload is not None and self._valid(payload):
                self.counters[:] = payload
                self.loaded = True

    @staticmethod
    def _valid(payload: bytes) -> bool:
        """True unless a slot claims more wins than games."""
        slot = 0
        while slot < STAT_SLOTS:
            played = (payload[slot * 4] << 8) | payload[slot * 4 + 1]
            won = (payload[slot * 4 + 2] << 8) | payload[slot * 4 + 3]
            if won > played:
                return False
            slot += 1
        return True

    def _get(self, index: int) -> int:
        """One u16 counter."""
        return (self.counters[index * 2] << 8) | self.counters[index * 2 + 1]

    def _put(self, index: int, value: int) -> None:
        """Set one u16 counter."""
        self.counters[index * 2] = value >> 8
        self.counters[index * 2 + 1] = value & 0xFF

    def played(self, slot: int) -> int:
        """Games played in a slot."""
        return self._get(slot * 2)

    def won(self, slot: int) -> int:
        """Games won in a slot."""
        return self._get(slot * 2 + 1)

    def record(self, slot: int, won: bool) -> None:
        """Count one finished game (saturating at 65535) and save."""
        if not 0 <= slot < STAT_SLOTS:
            raise ValueError("bad stats slot")
        played = self.played(slot)
        if played < 0xFFFF:
            self._put(slot * 2, played + 1)
            if won:
                self._put(slot * 2 + 1, self.won(slot) + 1)
        self.save()

    def reset(self) -> None:
        """Clear every counter and save."""
        self.counters[:] = bytes(len(self.counters))
        self.save()

    def save(self) -> None:
        """Write the record to nvm."""
        if self.memory is None:
            return
        record = encode(KIND_STATS, _STATS_VERSION, bytes(self.counters))
        self.memory[STATS_OFFSET : STATS_OFFSET + len(record)] = record


def counters_text(stats: Stats, slot: int) -> str:
    """``"won/played"`` for one slot, for the Statistics screen."""
    return "%d/%d" % (stats.won(slot), stats.played(slot))
