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

# Settings fields, by index into Settings.values: the kit's key repeat, then each game's
# settings (``SETTINGS`` in its package), GAME_SETTINGS fields per game, by its slot.
SET_REPEAT = const(0)
REPEAT_CHOICES = ("Slow", "Normal", "Fast")
REPEAT_DEFAULT = const(1)
MAX_GAMES = const(7)  # games the records have room for (statistics slots)
GAME_SETTINGS = const(2)  # settings each game may declare
_SETTING_FIELDS = const(15)  # 1 + MAX_GAMES * GAME_SETTINGS
_UNSET = const(255)
# Version 3: the fields are per game slot (a version-2 record is ignored: defaults).
_SETTINGS_VERSION = const(3)
_STATS_VERSION = const(1)


def game_setting(slot: int, index: int) -> int:
    """The settings field of a game's ``index``-th declared setting."""
    return 1 + slot * GAME_SETTINGS + index


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


def decode(memory: Any, offset: int, kind: int, version: int, most: int) -> Optional[bytes]:
    """The payload of the record at ``offset`` (at most ``most`` bytes), or None unless it
    is whole and valid."""
    if offset < 0 or offset + _HEADER > len(memory):
        return None
    length = memory[offset + 4]
    size = _HEADER + length + _CHECK
    if length > most or offset + size > len(memory):
        return None
    record = bytes(memory[offset : offset + size])
    if record[0] != _MAGIC0 or record[1] != _MAGIC1 or record[2] != kind:
        return None
    if record[3] != version:
        return None
    check = fletcher16(record, _HEADER + length)
    if record[-2] != check >> 8 or record[-1] != check & 0xFF:
        return None
    return record[_HEADER : _HEADER + length]


class Settings:
    """The player's settings: one small int per field, the index of a choice. The kit knows
    only its own field (key repeat); a game's fields are checked against its choices when
    read (``get``), so a value no longer valid reads as the default.

    :param memory: the nvm bytearray (or None: defaults, nothing saved)
    """

    def __init__(self, memory: Any = None) -> None:
        self.memory = memory
        self.values = bytearray(b"\xff" * _SETTING_FIELDS)  # 255: never set
        self.values[SET_REPEAT] = REPEAT_DEFAULT
        self.loaded = False
        if memory is not None:
            payload = decode(
                memory, SETTINGS_OFFSET, KIND_SETTINGS, _SETTINGS_VERSION, _SETTING_FIELDS
            )
            if payload is not None and len(payload) == _SETTING_FIELDS:
                if payload[SET_REPEAT] < len(REPEAT_CHOICES):
                    self.values[:] = payload
                    self.loaded = True

    def get(self, field: int, count: int, default: int) -> int:
        """The choice index of one field, if below ``count`` (its choices), else
        ``default`` (never set, or no longer valid)."""
        value = self.values[field]
        return value if value < count else default

    def set(self, field: int, choice: int) -> None:
        """Change one field (saved by ``save()``); ValueError if out of range."""
        if not 0 <= field < _SETTING_FIELDS or not 0 <= choice < _UNSET:
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
        self.counters = bytearray(MAX_GAMES * 4)
        self.loaded = False
        if memory is not None:
            # A record written for fewer games (an older version of the app) loads too.
            payload = decode(memory, STATS_OFFSET, KIND_STATS, _STATS_VERSION, MAX_GAMES * 4)
            if payload is not None and len(payload) % 4 == 0 and self._valid(payload):
                self.counters[: len(payload)] = payload
                self.loaded = True

    @staticmethod
    def _valid(payload: bytes) -> bool:
        """True unless a slot claims more wins than games."""
        slot = 0
        while slot < len(payload) // 4:
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
        if not 0 <= slot < MAX_GAMES:
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
