"""Device-side tests of the store (handheld.store): settings, statistics and one saved game
per game saved together, as two copies with sequence numbers and a CRC, in nvm (CPython and
MicroPython). tests/test_store.py adds the host side: the fake nvm of the simulator cut
after every byte of real saves of the three games, and property tests."""

from devtools import raises

from handheld import store

SPAN = 2048  # the two copies' room: what the store reads and writes
# Offsets in a copy (the layout in handheld/store.py's docstring).
SEQ_AT = 3
STATS_AT = 62
COUNT_AT = 174  # saved games
GAMES_AT = 175  # the first one's slot, then its length, then its bytes
STAT_BYTES = 16  # per game slot


def erased(size=SPAN):
    """Blank flash: every byte 0xFF."""
    return bytearray(b"\xff" * size)


def games(saved):
    """A store's saved games, the newest first: ((slot, bytes), ...)."""
    return tuple([(slot, saved.load_game(slot)) for slot in saved.saved_slots()])


def state(saved):
    """What a store holds: settings, counters, saved games."""
    return (bytes(saved.settings), bytes(saved.counters), games(saved))


DEFAULTS = state(store.Store())


def reseal(memory, at, end):
    """Recompute the CRC (at ``end``) of the copy at ``at`` after a test changed a field on
    purpose."""
    crc = store.crc16(memory, at, end)
    memory[end] = crc >> 8
    memory[end + 1] = crc & 0xFF


def copy_length(memory, at):
    """The length of the copy at ``at``, header to end mark."""
    return store.copy_end(memory, at) - at + 3


class CountingMemory:
    """A bytearray that counts its assignments (each one is a flash erase on the device)
    and can instead cut them as the PyBadge's flash would be: the whole span erased, then
    ``cut`` bytes programmed from the lowest address."""

    def __init__(self, data):
        self.data = data
        self.writes = 0
        self.cut = -1

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value):
        self.writes += 1
        image = bytearray(self.data)
        image[index] = value
        if self.cut < 0:
            self.data[:] = image
            return
        self.data[:] = erased(len(self.data))
        self.data[: self.cut] = image[: self.cut]


def test_crc16_is_ccitt_and_sees_a_zero_byte_read_as_ff():
    assert store.crc16(b"123456789", 0, 9) == 0x29B1  # the CRC-16/CCITT-FALSE check value
    assert store.crc16(b"xx123456789", 2, 11) == 0x29B1
    data = bytearray(b"\x00\x0a\x00\x05\xff\x10")
    good = store.crc16(data, 0, len(data))
    for i in range(len(data)):
        if data[i] in (0x00, 0xFF):
            swapped = bytearray(data)
            swapped[i] ^= 0xFF
            assert store.crc16(swapped, 0, len(data)) != good, i


def test_fresh_short_or_no_memory_gives_defaults_and_saves_nothing():
    for memory in (erased(), bytearray(SPAN), erased(8192), None):
        saved = store.Store(memory)
        assert not saved.loaded and state(saved) == DEFAULTS
        assert saved.settings[store.SET_REPEAT] == store.REPEAT_DEFAULT
    short = erased(SPAN - 1)
    saved = store.Store(short)
    store.Stats(saved).record(0, True)
    saved.save_game(0, b"game")
    assert short == erased(SPAN - 1) and not saved.loaded
    assert store.Stats(saved).played(0) == 1  # counted in RAM all the same


def test_stats_round_trip():
    memory = erased()
    stats = store.Stats(memory)
    assert not stats.loaded and stats.played(0) == 0
    stats.record(0, True)
    stats.record(0, False)
    stats.record(2, True)
    again = store.Stats(memory)
    assert again.loaded
    assert (again.played(0), again.won(0)) == (2, 1)
    assert (again.played(1), again.won(1)) == (0, 0)
    assert (again.played(2), again.won(2)) == (1, 1)
    assert store.counters_text(again, 0) == "1/2"
    raises(ValueError, lambda: again.record(store.MAX_GAMES, True), "bad slot accepted")


def test_settings_round_trip_and_defaults():
    memory = erased()
    settings = store.Settings(memory)
    assert not settings.loaded
    assert settings.get(store.SET_REPEAT, 3, store.REPEAT_DEFAULT) == store.REPEAT_DEFAULT
    target = store.game_setting(1, 0)  # the second game's first declared setting
    assert target == 1 + store.GAME_SETTINGS
    assert settings.get(target, 4, 1) == 1  # never set: the declared default
    settings.set(target, 3)
    settings.save()
    again = store.Settings(memory)
    assert again.loaded and again.get(target, 4, 1) == 3
    # A value the game's choices no longer hold reads as the default.
    assert again.get(target, 3, 1) == 1
    raises(ValueError, lambda: again.set(target, 255), "out of range accepted")
    raises(ValueError, lambda: again.set(99, 0), "no such field accepted")
    raises(ValueError, lambda: again.set(store.SET_REPEAT, 3), "no such key repeat")
    # A statistics save keeps the settings (and the other way round).
    stats = store.Stats(memory)
    stats.record(store.MAX_GAMES - 1, False)
    assert store.Settings(memory).get(target, 4, 1) == 3
    assert store.Stats(memory).played(store.MAX_GAMES - 1) == 1


def test_settings_and_stats_share_the_apps_store():
    memory = erased()
    saved = store.Store(memory)
    settings = store.Settings(saved)
    stats = store.Stats(saved)
    settings.set(store.SET_REPEAT, 2)
    settings.save()
    stats.record(1, True)
    saved.save_game(1, b"\x01\x02")
    again = store.Store(memory)
    assert state(again) == state(saved)
    assert again.settings[store.SET_REPEAT] == 2 and games(again) == ((1, b"\x01\x02"),)


def test_saved_games_round_trip_one_per_game_and_limits():
    memory = erased()
    saved = store.Store(memory)
    assert saved.load_game(2) is None and saved.saved_slots() == []
    saved.save_game(2, b"\x07" * store.GAME_ROOM)
    assert games(store.Store(memory)) == ((2, b"\x07" * store.GAME_ROOM),)
    # Two of the largest games fit a copy (two flash pages): A in pages 0-1, B in 2-3.
    saved.save_game(6, bytearray(b"abc"))
    saved.save_game(5, b"\x08" * store.GAME_ROOM)
    assert copy_length(memory, 0) <= store.COPY_ROOM
    assert games(store.Store(memory)) == (
        (5, b"\x08" * store.GAME_ROOM),
        (6, b"abc"),
        (2, b"\x07" * store.GAME_ROOM),
    )
    assert copy_length(memory, store.COPY_B) <= store.COPY_ROOM
    saved.clear_game(6)
    assert store.Store(memory).saved_slots() == [5, 2]
    saved.clear_game(5)
    saved.clear_game(2)
    assert store.Store(memory).saved_slots() == []
    too_long = b"\x00" * (store.GAME_ROOM + 1)
    raises(ValueError, lambda: saved.save_game(0, too_long), "too long accepted")
    raises(ValueError, lambda: saved.save_game(0, b""), "empty save accepted")
    raises(ValueError, lambda: saved.save_game(store.MAX_GAMES, b"x"), "bad slot accepted")
    raises(ValueError, lambda: saved.save_game(-1, b"x"), "bad slot accepted")
    assert store.Store(memory).saved_slots() == []


def test_copies_alternate_and_the_newest_loads():
    memory = erased()
    saved = store.Store(memory)
    stats = store.Stats(saved)
    places = []
    for n in range(5):
        stats.record(0, n % 2 == 0)
        places.append(saved.at)
        again = store.Store(memory)
        assert again.seq == n + 1 and again.at == saved.at
        assert store.Stats(again).played(0) == n + 1
    assert places == [store.COPY_A, store.COPY_B, store.COPY_A, store.COPY_B, store.COPY_A]


def test_sequence_number_wraps():
    memory = erased()
    saved = store.Store(memory)
    saved.seq = 0xFFFE
    stats = store.Stats(saved)
    stats.record(0, False)  # 0xFFFF in A
    stats.record(0, False)  # 0x0000 in B: the newer
    again = store.Store(memory)
    assert again.seq == 0 and again.at == store.COPY_B and store.Stats(again).played(0) == 2


def test_a_damaged_newest_copy_gives_the_save_before():
    memory = erased()
    stats = store.Stats(memory)
    stats.record(1, True)  # A
    stats.record(1, False)  # B: the newest
    # Slot 1's played: the CRC no longer holds.
    memory[store.COPY_B + STATS_AT + STAT_BYTES + 1] ^= 0x04
    fresh = store.Stats(memory)
    assert fresh.loaded and (fresh.played(1), fresh.won(1)) == (1, 1)
    memory[store.COPY_A + STATS_AT + STAT_BYTES + 3] ^= 0x01  # and the one before: nothing is left
    fresh = store.Stats(memory)
    assert not fresh.loaded
    for slot in range(store.MAX_GAMES):
        assert fresh.played(slot) == 0 and fresh.won(slot) == 0
    # The next save goes to A (no valid copy): it loads again.
    fresh.record(3, True)
    assert store.Stats(memory).played(3) == 1 and store.Store(memory).at == store.COPY_A


def test_every_bit_flip_of_a_copy_is_refused():
    memory = erased()
    saved = store.Store(memory)
    store.Stats(saved).record(0, True)
    saved.save_game(4, bytes(range(200, 240)))  # the newest copy, in B
    previous = state(store.Store(bytearray(memory[: store.COPY_B]) + erased(store.COPY_ROOM)))
    assert previous[1][:4] == b"\x00\x01\x00\x01" and previous[2] == ()
    newest = state(saved)
    for i in range(copy_length(memory, store.COPY_B)):
        for bit in range(8):
            memory[store.COPY_B + i] ^= 1 << bit
            assert state(store.Store(memory)) == previous, (i, bit)
            memory[store.COPY_B + i] ^= 1 << bit
        yield
    assert state(store.Store(memory)) == newest


def test_a_copy_with_fields_out_of_range_is_refused():
    base = erased()
    saved = store.Store(base)
    store.Stats(saved).record(0, True)  # A: the copy the damaged ones fall back to
    saved.save_game(3, b"\x05\x06")  # B: one saved game, its entry at GAMES_AT
    previous = state(store.Store(bytearray(base[: store.COPY_B]) + erased(store.COPY_ROOM)))
    b = store.COPY_B
    end = b + GAMES_AT + 5  # the CRC's place
    damages = (
        (b + STATS_AT + 3, 2),  # slot 0: 2 wins of 1 game
        (b + STATS_AT + 5, 2),  # slot 0: a winning run of 2, best run 1
        (b + STATS_AT + 7, 2),  # slot 0: a best run of 2 in 1 game
        (b + 5 + store.SET_REPEAT, 7),  # not a key repeat choice
        (b + GAMES_AT, store.MAX_GAMES),  # no such game slot
        (b + GAMES_AT + 2, 0),  # a saved game of no bytes
        (b + COUNT_AT, store.MAX_GAMES + 1),  # more saved games than games
    )
    for at, value in damages:
        memory = bytearray(base)
        memory[at] = value
        reseal(memory, b, end)
        assert state(store.Store(memory)) == previous, at
    # The same game saved twice.
    memory = bytearray(base)
    memory[b + COUNT_AT] = 2
    memory[end : end + 5] = memory[b + GAMES_AT : end]
    reseal(memory, b, end + 5)
    memory[end + 7] = 0xA5
    assert state(store.Store(memory)) == previous
    # A length past the room: refused before anything is read there.
    memory = bytearray(base)
    memory[b + GAMES_AT + 1] = (store.GAME_ROOM + 1) >> 8
    memory[b + GAMES_AT + 2] = (store.GAME_ROOM + 1) & 0xFF
    assert state(store.Store(memory)) == previous
    # Another format version or magic.
    for at in (b, b + 1, b + 2):
        memory = bytearray(base)
        memory[at] ^= 0x20
        reseal(memory, b, end)
        assert state(store.Store(memory)) == previous, at


def test_the_older_records_are_ignored():
    # The store before this one: Fletcher-16 records "DH" at 0 (settings) and 32 (stats).
    memory = erased()
    memory[0:20] = b"DHS\x03\x0f" + b"\x02" + b"\xff" * 14
    memory[32:41] = b"DHT\x01\x1c\x00\x03\x00\x01"
    saved = store.Store(memory)
    assert not saved.loaded and state(saved) == DEFAULTS


def test_writes_only_when_something_changed():
    memory = CountingMemory(erased())
    saved = store.Store(memory)
    settings = store.Settings(saved)
    stats = store.Stats(saved)
    settings.save()  # nothing valid in nvm yet: the first save writes
    assert memory.writes == 1
    settings.save()
    settings.set(store.SET_REPEAT, store.REPEAT_DEFAULT)
    settings.save()
    stats.reset()
    saved.clear_game(0)
    assert memory.writes == 1
    settings.set(store.SET_REPEAT, 0)
    settings.set(store.SET_REPEAT, store.REPEAT_DEFAULT)  # back as it was
    settings.save()
    assert memory.writes == 1
    saved.save_game(0, b"abc")
    saved.save_game(0, b"abc")
    assert memory.writes == 2
    saved.save_game(0, b"abd")
    saved.save_game(1, b"abd")
    assert memory.writes == 4
    stats.record(0, True)
    assert memory.writes == 5
    # A counter at its top stays there: nothing to write.
    stats._put(1, store.STAT_PLAYED, 0xFFFF)
    stats.save()
    assert memory.writes == 6
    stats.record(1, True)
    assert memory.writes == 6 and stats.played(1) == 0xFFFF
    # After a reboot the same values write nothing either.
    again = store.Store(memory)
    again.save()
    store.Settings(again).save()
    again.save_game(1, b"abd")
    assert memory.writes == 6


def test_a_cut_at_any_byte_leaves_the_previous_or_the_new_save():
    # The PyBadge's write: erase, then program from the lowest address. Cut after each byte
    # of the two copies' span (beyond it every byte is 0xFF again, as erased).
    memory = CountingMemory(erased())
    saved = store.Store(memory)
    steps = (
        lambda: store.Stats(saved).record(0, True),
        lambda: saved.save_game(1, bytes(range(150))),
        lambda: store.Settings(saved).set(store.SET_REPEAT, 2) or saved.save(),
        lambda: saved.save_game(1, bytes(range(1, 151))),
        lambda: saved.save_game(0, bytes(range(100, 250)) * 2),
        lambda: saved.clear_game(1),
        lambda: saved.clear_game(0),
    )
    for step in steps:
        before = bytearray(memory.data)
        previous = state(store.Store(before))
        writes = memory.writes
        step()
        assert memory.writes == writes + 1
        after = bytearray(memory.data)
        new = state(store.Store(after))
        target = saved.at
        new_end = target + copy_length(after, target)
        whole_a = copy_length(after, store.COPY_A)  # copy A is whole from here on
        lost = 0
        for cut in range(SPAN + 1):
            cutting = CountingMemory(bytearray(before))
            cutting.cut = cut
            cutting[0:SPAN] = after[0:SPAN]
            got = state(store.Store(cutting.data))
            if cut >= new_end:
                assert got == new, cut
            elif cut >= whole_a:
                assert got == previous, cut
            else:
                assert got == DEFAULTS, cut
                lost += 1
            if cut % 2 == 0:
                yield
        assert lost == whole_a <= store.COPY_ROOM


def test_runs_and_scores_are_kept_per_game():
    memory = erased()
    stats = store.Stats(memory)
    stats.record(2, True, 12, (5, -3))
    stats.record(2, True, -4, (7,))
    stats.record(2, False)  # no score: the scores stay
    stats.record(2, True, 30)
    again = store.Stats(memory)
    assert (again.played(2), again.won(2)) == (4, 3)
    assert again.get(2, store.STAT_RUN) == 1 and again.get(2, store.STAT_BEST_RUN) == 2
    assert again.score(2, store.STAT_HIGH) == 30 and again.score(2, store.STAT_LOW) == -4
    assert again.score(2, store.STAT_PART_HIGH) == 7 and again.score(2, store.STAT_PART_LOW) == -3
    assert again.score(0, store.STAT_HIGH) is None


def test_set_up_choices_are_settings_fields_of_their_own():
    memory = erased()
    settings = store.Settings(memory)
    fields = set()
    for slot in range(store.MAX_GAMES):
        for index in range(store.GAME_SETTINGS):
            fields.add(store.game_setting(slot, index))
        for row in range(store.SETUP_ROWS):
            fields.add(store.setup_field(slot, row))
    assert len(fields) == len(settings.values) - 1 and store.SET_REPEAT not in fields
    settings.set(store.setup_field(6, 5), 3)
    settings.save()
    assert store.Settings(memory).get(store.setup_field(6, 5), 4, 0) == 3


def test_a_copy_of_format_1_still_loads():
    # Format 1: settings 15 bytes at 5, played and won per slot at 20, slot at 48, the
    # game's length at 49 and its bytes at 51.
    copy = bytearray(b"DS\x01\x00\x07") + bytearray(range(15))
    copy[5] = 2  # key repeat
    counters = bytearray(28)
    counters[4:8] = b"\x00\x09\x00\x04"  # slot 1: 9 played, 4 won
    copy += counters + bytearray(b"\x02\x00\x03") + b"abc"
    crc = store.crc16(copy, 0, len(copy))
    copy += bytearray((crc >> 8, crc & 0xFF, 0xA5))
    memory = erased()
    memory[0 : len(copy)] = copy
    saved = store.Store(memory)
    assert saved.loaded and saved.seq == 7 and games(saved) == ((2, b"abc"),)
    assert bytes(saved.settings[:15]) == bytes(copy[5:20])
    assert saved.settings[15:] == b"\xff" * 42
    stats = store.Stats(saved)
    assert (stats.played(1), stats.won(1), stats.played(0)) == (9, 4, 0)
    assert stats.get(1, store.STAT_BEST_RUN) == 0
    # The next save writes format 3 into the other copy.
    stats.record(1, True)
    again = store.Store(memory)
    assert again.at == store.COPY_B and memory[store.COPY_B + 2] == 3
    assert store.Stats(again).played(1) == 10 and games(again) == ((2, b"abc"),)
