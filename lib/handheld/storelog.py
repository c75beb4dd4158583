# SPDX-License-Identifier: MIT
"""
`handheld.storelog`
===================

The store's backend for the RP2040 boards (Hack Club Sprig, Pimoroni PicoSystem): the
same ``handheld.store.Store``, its saves kept as a log. Loaded only on those boards
(``handheld.shell``), so the badges' heap never holds it.

``microcontroller.nvm`` there is one 4 KB flash sector (``CIRCUITPY_INTERNAL_NVM_SIZE``
in the raspberrypi port). Its ``common-hal/nvm/ByteArray.c`` only *programs* an
assignment whose target bytes all read 0xFF (256-byte flash pages, no erase); any other
assignment erases the whole sector and programs it back, with interrupts off. So a save is
appended after the last one, as a record in the store's copy layout (magic, version,
sequence number, fields, saved games, CRC-16, end mark): no erase. When the next record does
not fit, or its room is not erased (a save cut short by a power cut left bytes there),
the sector is written whole: the new record first, the rest erased (0xFF), which is one
erase. A record holds every game's saved game: a 4 KB sector holds about 10-14 saves
while one game is saved (records of 270-370 bytes) and about 5 while all three are, so the
flash is erased that many times less often than on the SAMD51, where every save erases.

Loading walks the records from offset 0, each one ending where the next begins, and takes
the last whole one: a record cut short (its end mark or CRC fails) ends the walk, so what
loads is the save before it. It never raises: a walk off the sector's end stops there.

A cut at any byte of a save leaves the previous save or the new one, except while the
sector is being rewritten: after its erase, until the new record (programmed first) is
whole, both are lost (tests/test_storelog.py counts those cut points).
"""

from micropython import const

from handheld.store import Store, check_copy, copy_end

try:
    from typing import Any
except ImportError:
    pass

_RECORD = const(178)  # a record's bytes with no saved game (handheld.store's layout)
_TAIL = const(3)  # its CRC and end mark
_ERASED = const(0xFF)


class LogStore(Store):
    """``Store`` over the RP2040's nvm: every save appended to a log of records in one
    erased flash sector (the module's docstring).

    :param memory: the nvm (4 KB on the device), or None: defaults, nothing saved
    """

    def __init__(self, memory: Any = None) -> None:
        super().__init__(None)
        self.end = 0  # where the log ends: the next record's offset
        if memory is None or len(memory) < _RECORD:
            return
        self.memory = memory
        # The last whole record of the log.
        at = 0
        last = -1
        seq = 0
        try:
            while memory[at + 2] == 2 or memory[at + 2] == 3:  # format 2's or 3's
                found = check_copy(memory, at)
                if found < 0:
                    break
                last = at
                seq = found
                at = copy_end(memory, at) + _TAIL
        except IndexError:
            pass
        self.end = at
        if last >= 0:
            self._load(last, seq)

    def _write(self, memory: Any, record: Any) -> int:
        """Append ``record`` where the log ends if it fits there in erased flash (the nvm
        only programs it); else write the sector whole, the record first (one erase).
        Returns where the record went."""
        at = self.end
        end = at + len(record)
        if end <= len(memory):
            i = at
            while i < end and memory[i] == _ERASED:
                i += 1
            if i == end:
                memory[at:end] = record
                self.end = end
                return at
        # The record, then erased bytes to the sector's end (MicroPython has no
        # ``bytearray * int``; this runs once a sector's worth of saves).
        size = len(memory)
        image = bytearray(size)
        at = len(record)
        image[0:at] = record
        while at < size:
            image[at] = _ERASED
            at += 1
        memory[0:size] = image
        self.end = len(record)
        return 0
