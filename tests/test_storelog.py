"""The RP2040 boards' store (handheld.storelog.LogStore) on the host: a recorded session of
saves (tests/test_store.py's: settings, statistics, games in progress of the three games
from their engines' real ``to_bytes()``), played twice so the log fills and starts again,
each save cut after every byte of its write on the simulator's RP2040 nvm
(host_sim.fakes.RpNvm: program-only into erased bytes, else erase the 4 KB sector and
program it whole); property tests throwing random bytes at the loader; the fake nvm
itself. tests/device/dtest_storelog.py holds the tests that also run on the device's
interpreters."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_store import PROPERTY, format2_copy, game_saves, games, session, valid_fields

import host_sim
from handheld import store
from handheld.storelog import LogStore
from host_sim.fakes import RP_NVM_SIZE, PowerCut, RpNvm


def state(saved):
    """What a store holds: settings, counters, saved games."""
    return (bytes(saved.settings), bytes(saved.counters), games(saved))


DEFAULTS = state(store.Store())


def load(memory):
    """(loaded, state) of a log store booted on a copy of ``memory``."""
    saved = LogStore(bytearray(memory))
    return saved.loaded, state(saved)


class RecordingRpNvm(RpNvm):
    """The fake RP2040 nvm, keeping the last assignment (index, bytes) to replay it cut."""

    def __setitem__(self, index, value):
        self.last = (index, bytes(value))
        super().__setitem__(index, value)


def test_a_cut_after_any_byte_of_any_save_leaves_the_previous_or_the_new_one():
    """Every save of the session (twice over), cut after every byte its write programs,
    then a reboot: what loads is exactly the previous save or the new one, except after
    the erase of a save that starts the sector afresh, until its record is programmed."""
    live = RecordingRpNvm()
    saved = LogStore(live)
    rows = []
    lost_total = cuts_total = 0
    for round_ in range(2):
        for label, step in session():
            before = bytes(live.data)
            previous = load(before)[1]
            erases = live.writes
            writes = live.writes + live.programs
            step(saved)
            if live.writes + live.programs == writes:
                continue  # the second time round, a step may change nothing: no write
            after = bytes(live.data)
            new = load(after)[1]
            assert new == state(saved) != previous, label
            index, value = live.last
            erased = live.writes > erases
            record = saved.end - saved.at
            # Bytes the write programs: the record appended, or the whole sector.
            size = RP_NVM_SIZE if erased else len(value)
            counts = {"lost": 0, "previous": 0, "new": 0}
            for cut in range(size + 1):
                nvm = RpNvm(bytearray(before))
                nvm.cut_after = cut
                with pytest.raises(PowerCut):
                    nvm[index] = value
                loaded, got = load(nvm.data)
                if cut >= record:
                    # the record is whole (appended, or first in the fresh sector)
                    assert loaded and got == new, (label, cut)
                    counts["new"] += 1
                elif not erased:
                    assert got == previous, (label, cut)
                    counts["previous"] += 1
                else:
                    assert not loaded and got == DEFAULTS, (label, cut)
                    counts["lost"] += 1
            assert counts["lost"] == (record if erased else 0), label
            lost_total += counts["lost"]
            cuts_total += size + 1
            rows.append((round_, label, "erase" if erased else "append", record, counts))
    erasing = [row for row in rows if row[2] == "erase"]
    assert len(erasing) >= 2 and len(rows) - len(erasing) > 4 * len(erasing)
    line = "%-24s %6s %5s %5s %8s %5s"
    print("\n" + line % ("save", "write", "bytes", "lost", "previous", "new"))
    for round_, label, kind, size, counts in rows:
        print(
            line
            % (
                "%d %s" % (round_, label),
                kind,
                size,
                counts["lost"],
                counts["previous"],
                counts["new"],
            )
        )
    print(
        "saves %d, of them erasing %d; lost both: %d of %d cut points (%.2f%%)"
        % (len(rows), len(erasing), lost_total, cuts_total, 100.0 * lost_total / cuts_total)
    )


def test_a_save_cut_short_then_the_next_one_starts_afresh():
    live = RpNvm()
    saved = LogStore(live)
    saved.save_game(0, b"one")
    first = state(saved)
    live.cut_after = 50
    with pytest.raises(PowerCut):
        saved.save_game(1, b"two")
    booted = LogStore(live)
    assert booted.loaded and state(booted) == first and live.writes == 0
    booted.save_game(2, b"three")  # the torn record's room is not erased: one erase
    assert live.writes == 1 and booted.at == 0
    assert load(live.data) == (True, state(booted))


def test_the_newest_of_many_appended_saves_loads():
    live = RpNvm()
    saved = LogStore(live)
    data = game_saves("jekyll", 40, 3)
    for move, game in enumerate(data):
        saved.save_game(2, game)
        assert load(live.data) == (True, state(saved)), move
    # 41 saves of 270-350 bytes: the 4 KB sector filled three times.
    assert live.writes == 3 and live.programs == len(data) - 3


def test_a_log_of_the_version_before_loads_and_new_records_follow_it():
    """A log of format 2 records (one game in progress each) loads its last record; the
    next save is appended as format 3, keeping that game beside the new one."""
    live = RpNvm()
    whist = game_saves("whist", 3, 2)
    first = format2_copy(1, 0, whist[1])
    live[0 : len(first)] = first
    second = format2_copy(2, 0, whist[2])
    live[len(first) : len(first) + len(second)] = second
    saved = LogStore(live)
    assert saved.loaded and saved.seq == 2 and games(saved) == ((0, whist[2]),)
    assert saved.end == len(first) + len(second)
    bharg = game_saves("bharg", 1, 2)[-1]
    saved.save_game(1, bharg)
    assert live.writes == 0 and saved.at == len(first) + len(second)  # appended
    again = LogStore(live)
    assert games(again) == ((1, bharg), (0, whist[2])) and again.seq == 3


@given(st.binary(max_size=800), st.sampled_from((0, 2, 3)), st.integers(0, RP_NVM_SIZE))
@PROPERTY
def test_random_bytes_never_raise_nor_load_out_of_range(data, version, size):
    memory = bytearray(b"\xff" * RP_NVM_SIZE)
    memory[: len(data)] = data
    if version and len(data) > 2:
        memory[2] = version  # a record's version: the walk reads on
    saved = LogStore(memory[:size])
    valid_fields(saved)


@given(st.data())
@PROPERTY
def test_random_records_after_real_ones_load_the_last_whole_one(data):
    live = RpNvm()
    saved = LogStore(live)
    for game in game_saves("bharg", 3, 8):
        saved.save_game(1, game)
    newest = state(saved)
    end = saved.end
    tail = data.draw(st.binary(min_size=0, max_size=RP_NVM_SIZE - end))
    memory = bytearray(live.data)
    memory[end : end + len(tail)] = tail
    loaded = LogStore(memory)
    valid_fields(loaded)
    assert loaded.seq >= saved.seq
    if loaded.seq == saved.seq:
        assert state(loaded) == newest


def test_fake_rp2040_nvm_programs_erased_bytes_and_erases_otherwise():
    nvm = RpNvm()
    nvm[10:14] = b"abcd"  # into erased bytes: programmed, no erase
    assert (nvm.writes, nvm.programs) == (0, 1) and nvm[10:14] == b"abcd"
    nvm[14:16] = b"ef"
    assert (nvm.writes, nvm.programs) == (0, 2)
    nvm[12:16] = b"XYZW"  # over programmed bytes: the sector erased, programmed whole
    assert (nvm.writes, nvm.programs) == (1, 2) and nvm[10:16] == b"abXYZW"
    assert nvm[0:10] == b"\xff" * 10 and len(nvm) == RP_NVM_SIZE
    # A cut in an erasing write: the sector erased, then programmed up to the cut.
    nvm.cut_after = 11
    with pytest.raises(PowerCut):
        nvm[10:12] = b"qq"
    assert nvm[0:11] == b"\xff" * 10 + b"q" and nvm[11:16] == b"\xff" * 5
    assert nvm.cut_after is None and nvm.writes == 2
    # A cut in a program-only write: only the bytes before the cut changed.
    nvm.cut_after = 2
    with pytest.raises(PowerCut):
        nvm[100:104] = b"1234"
    assert nvm[100:104] == b"12\xff\xff"


@pytest.mark.parametrize("board", ["hack_club_sprig", "pimoroni_picosystem"])
def test_the_rp2040_boards_save_to_the_log_and_continue_after_a_switch_off(board):
    nvm = bytearray(b"\xff" * RP_NVM_SIZE)
    # Gongor Whist: start, play a card, rest 12 s (the autosave), switch off.
    sim = host_sim.run("A A A A WAIT*12000", board=board, nvm=nvm)
    assert sim.nvm_device.programs >= 1 and sim.nvm_device.writes == 0
    assert "erases 0" in sim.summary()
    saved = LogStore(bytearray(nvm))
    assert saved.saved_slots() == [0] and saved.load_game(0) is not None
    from driven import app

    host_sim.run("", board=board, nvm=nvm)
    assert app().top().items[0].startswith("Continue")
