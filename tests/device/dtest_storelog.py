"""Device-side tests of the RP2040 boards' store (handheld.storelog.LogStore): saves appended
as records into erased flash, the sector written whole (the newest record first) when the
next does not fit, and loading the last whole record (CPython, MicroPython and
CircuitPython). tests/test_storelog.py adds the host side: every save of a session cut
after every byte on the simulator's RP2040 nvm, and property tests."""

from handheld import store
from handheld.storelog import LogStore

SECTOR = 4096


def state(saved):
    """What a store holds: settings, counters, saved games (the newest first)."""
    games = tuple([(slot, saved.load_game(slot)) for slot in saved.saved_slots()])
    return (bytes(saved.settings), bytes(saved.counters), games)


class Flash:
    """The RP2040's nvm: an assignment into bytes that all read 0xFF is only programmed;
    any other erases the sector (``erases``) and programs it whole."""

    def __init__(self):
        self.data = bytearray(b"\xff" * SECTOR)
        self.erases = 0
        self.programs = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value):
        start = index.start
        stop = index.stop
        at = start
        while at < stop and self.data[at] == 0xFF:
            at += 1
        if at == stop:
            self.programs += 1
        else:
            self.erases += 1
        self.data[start:stop] = value


def test_saves_append_without_an_erase_until_the_sector_is_full():
    flash = Flash()
    saved = LogStore(flash)
    assert not saved.loaded and saved.end == 0
    games = 0
    while flash.erases == 0:
        games += 1
        saved.save_game(1, bytes([games & 0xFF]) * 150)
        again = LogStore(flash)
        assert again.loaded and state(again) == state(saved)
        assert again.end == saved.end
    # 331 bytes a record: 12 fit in 4 KB; the 13th erases and goes first.
    assert games == 13 and flash.programs == 12 and saved.at == 0
    assert flash.data[331:] == bytearray(b"\xff" * (SECTOR - 331))
    again = LogStore(flash)
    assert state(again) == state(saved) and again.seq == 13


def test_nothing_changed_writes_nothing():
    flash = Flash()
    saved = LogStore(flash)
    saved.save_game(1, b"abc")
    saved.save()
    saved.save_game(1, b"abc")
    assert flash.programs == 1 and flash.erases == 0


def test_a_torn_record_loads_the_one_before_and_the_next_save_starts_afresh():
    flash = Flash()
    saved = LogStore(flash)
    saved.save_game(0, b"first")
    first = state(saved)
    end = saved.end
    saved.save_game(0, b"second")
    # The second record cut short: only half of it programmed.
    size = saved.end - end
    flash.data[end + size // 2 : saved.end] = bytearray(b"\xff" * (size - size // 2))
    again = LogStore(flash)
    assert again.loaded and state(again) == first and again.end == end
    again.save_game(2, b"third")
    assert flash.erases == 1 and again.at == 0
    assert state(LogStore(flash)) == state(again)


def test_erased_short_or_garbage_memory_loads_defaults():
    defaults = state(store.Store())
    for memory in (bytearray(b"\xff" * SECTOR), bytearray(SECTOR), bytearray(10), None):
        saved = LogStore(memory)
        assert not saved.loaded and state(saved) == defaults
    garbage = bytearray(SECTOR)
    for i in range(SECTOR):
        garbage[i] = (i * 37 + 11) & 0xFF
    garbage[2] = 2  # a version byte, so the walk reads on
    assert not LogStore(garbage).loaded


def test_a_record_that_runs_off_the_end_stops_the_walk():
    memory = bytearray(b"\xff" * 400)
    saved = LogStore(memory)
    saved.save_game(0, b"x" * 150)  # 331 bytes
    assert LogStore(memory).loaded
    for size in (180, 250, 330):  # the same record, the nvm cut short under it
        assert not LogStore(memory[:size]).loaded
