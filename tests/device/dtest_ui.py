"""Device-side tests of the UI kit's display-free logic: key edges and repeat, joystick
hysteresis, saved records, list cursor and text wrapping (CPython and MicroPython)."""

from devtools import raises

from handheld import keys, layout, store
from handheld.keys import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_START, K_UP


def test_key_bits_match_keypad_numbers():
    names = ("B", "A", "START", "SELECT", "RIGHT", "DOWN", "UP", "LEFT")
    bits = (K_B, K_A, K_START, keys.K_SELECT, K_RIGHT, K_DOWN, K_UP, K_LEFT)
    for number in range(8):
        assert bits[number] == 1 << number
        assert keys.key_name(bits[number]) == names[number]
    assert keys.K_DIRECTIONS == K_RIGHT | K_DOWN | K_UP | K_LEFT


def test_press_counts_once_while_held():
    state = keys.KeyState(delay=400, every=100)
    state.press(K_A)
    assert state.update(0) == K_A
    assert state.update(10) == 0
    assert state.update(5000) == 0  # A never repeats
    state.release(K_A)
    assert state.update(5010) == 0
    state.press(K_A)
    assert state.update(5020) == K_A


def test_tap_between_polls_is_not_lost():
    state = keys.KeyState()
    state.press(K_B)
    state.release(K_B)
    assert state.update(0) == K_B
    assert state.update(10) == 0


def test_two_keys_in_one_frame():
    state = keys.KeyState()
    state.press(K_A)
    state.press(K_UP)
    assert state.update(0) == K_A | K_UP


def test_held_direction_repeats_after_delay():
    state = keys.KeyState(delay=400, every=100)
    state.press(K_RIGHT)
    assert state.update(0) == K_RIGHT
    now = 10
    repeats = []
    while now <= 800:
        if state.update(now) & K_RIGHT:
            repeats.append(now)
        now += 10
    assert repeats == [400, 500, 600, 700, 800]
    state.release(K_RIGHT)
    assert state.update(810) == 0
    assert state.update(2000) == 0


def test_repeat_follows_newest_direction():
    state = keys.KeyState(delay=100, every=50)
    state.press(K_RIGHT)
    state.update(0)
    state.press(K_DOWN)
    assert state.update(20) == K_DOWN
    assert state.update(110) == 0
    assert state.update(120) == K_DOWN


def test_repeat_survives_tick_wraparound():
    state = keys.KeyState(delay=100, every=50)
    top = (1 << 29) - 30
    state.press(K_LEFT)
    assert state.update(top) == K_LEFT
    assert state.update((top + 60) & ((1 << 29) - 1)) == 0
    assert state.update((top + 100) & ((1 << 29) - 1)) == K_LEFT
    assert keys.ticks_diff(5, (1 << 29) - 5) == 10


def test_set_directions_gives_edges_like_keys():
    state = keys.KeyState(delay=300, every=100)
    state.set_directions(K_UP)
    assert state.update(0) == K_UP
    state.set_directions(K_UP)
    assert state.update(10) == 0
    assert state.update(300) == K_UP
    state.set_directions(0)
    assert state.update(310) == 0
    state.press(K_A)
    state.set_directions(0)
    assert state.update(320) == K_A  # buttons untouched by the joystick


def test_joystick_hysteresis():
    stick = keys.Joystick(engage=18000, release=10000)
    centre = 32768
    assert stick.update(centre, centre) == 0
    assert stick.update(centre + 15000, centre) == 0  # not far enough to engage
    assert stick.update(centre + 18000, centre) == K_RIGHT
    assert stick.update(centre + 12000, centre) == K_RIGHT  # held inside the band
    assert stick.update(centre + 9000, centre) == 0  # released
    assert stick.update(centre + 15000, centre) == 0  # must engage again
    assert stick.update(0, 0) == K_LEFT | K_UP
    assert stick.update(65535, 65535) == K_RIGHT | K_DOWN
    # x swings past the centre but not far enough to engage LEFT; y stays in its band.
    assert stick.update(centre - 12000, centre + 11000) == K_DOWN


def test_record_round_trip_and_corruption():
    payload = bytes((1, 2, 3, 250))
    record = store.encode(store.KIND_SETTINGS, 1, payload)
    memory = bytearray(64)
    memory[8 : 8 + len(record)] = record
    assert store.decode(memory, 8, store.KIND_SETTINGS, 1, 4) == payload
    assert store.decode(memory, 8, store.KIND_STATS, 1, 4) is None
    assert store.decode(memory, 8, store.KIND_SETTINGS, 2, 4) is None
    assert store.decode(memory, 8, store.KIND_SETTINGS, 1, 3) is None
    assert store.decode(memory, 60, store.KIND_SETTINGS, 1, 4) is None
    for i in range(len(record)):
        for flip in (1, 0x80):
            bad = bytearray(memory)
            bad[8 + i] ^= flip
            assert store.decode(bad, 8, store.KIND_SETTINGS, 1, 4) is None, (i, flip)


def test_stats_round_trip():
    memory = bytearray(b"\xff" * 128)
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


def test_stats_corrupt_record_is_ignored_whole():
    memory = bytearray(b"\xff" * 128)
    stats = store.Stats(memory)
    stats.record(1, True)
    memory[store.STATS_OFFSET + 9] ^= 0x04  # a payload byte, checksum now wrong
    fresh = store.Stats(memory)
    assert not fresh.loaded
    for slot in range(store.MAX_GAMES):
        assert fresh.played(slot) == 0 and fresh.won(slot) == 0


def test_stats_more_wins_than_games_is_refused():
    payload = bytes((0, 1, 0, 2)) + bytes(8)
    memory = bytearray(128)
    record = store.encode(store.KIND_STATS, 1, payload)
    memory[store.STATS_OFFSET : store.STATS_OFFSET + len(record)] = record
    assert not store.Stats(memory).loaded


def test_settings_round_trip_and_defaults():
    memory = bytearray(b"\xff" * 128)
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
    # Settings and stats records do not overlap.
    stats = store.Stats(memory)
    stats.record(store.MAX_GAMES - 1, False)
    assert store.Settings(memory).get(target, 4, 1) == 3


def test_settings_out_of_range_record_is_ignored():
    memory = bytearray(128)
    payload = bytearray(15)
    payload[store.SET_REPEAT] = 7  # not a key repeat choice
    record = store.encode(store.KIND_SETTINGS, 3, bytes(payload))
    memory[0 : len(record)] = record
    settings = store.Settings(memory)
    assert not settings.loaded
    assert settings.get(store.game_setting(0, 0), 4, 2) == 2  # defaults, not the zeros


def test_stats_record_for_fewer_games_loads():
    # An older app saved three games' counters; this one has room for MAX_GAMES.
    payload = bytes((0, 3, 0, 1)) + bytes(8)
    memory = bytearray(b"\xff" * 128)
    record = store.encode(store.KIND_STATS, 1, payload)
    memory[store.STATS_OFFSET : store.STATS_OFFSET + len(record)] = record
    stats = store.Stats(memory)
    assert stats.loaded and stats.played(0) == 3 and stats.won(0) == 1
    assert stats.played(store.MAX_GAMES - 1) == 0


def test_cursor_scrolls_and_wraps():
    cursor = layout.Cursor(10, 4)
    assert cursor.move(-1) and cursor.index == 9 and cursor.top == 6
    assert cursor.row_on_screen() == 3
    assert cursor.move(1) and cursor.index == 0 and cursor.top == 0
    for _ in range(5):
        cursor.move(1)
    assert cursor.index == 5 and cursor.top == 2 and cursor.row_on_screen() == 3
    clamped = layout.Cursor(3, 3, wrap=False)
    assert not clamped.move(-1)
    clamped.move(5)
    assert clamped.index == 2
    assert not layout.Cursor(0, 3).move(1)


def test_wrap_text():
    lines = layout.wrap_text("one two three four\n\nfive abcdefghijkl", 9)
    assert lines == ["one two", "three", "four", "", "five", "abcdefghi", "jkl"]
    for line in layout.wrap_text("a " * 50, 7):
        assert len(line) <= 7


def test_wrapped_file_matches_wrap_text():
    # The rules pages are read a few lines at a time (layout.WrappedFile); the lines must be
    # wrap_text's, edge cases included: blank lines at both ends (dropped, as strip() does),
    # runs of spaces, a word longer than a line, CRLF line ends, an empty paragraph.
    import os

    text = (
        "\r\n\n  Title  of the page\r\n\nA paragraph with  two   spaces and"
        " some words that wrap.\n" + "x" * 23 + " tail\n   \nend.\n\n\n"
    )
    path = "wrapped_test.txt"
    with open(path, "wb") as handle:
        handle.write(text.encode())
    try:
        for columns in (5, 10, 11, 31):
            wrapped = layout.WrappedFile(path, columns)
            want = layout.wrap_text(text.replace("\r", "").strip(), columns)
            assert len(wrapped) == len(want)
            assert wrapped.lines(0, 1000) == want
            assert wrapped.lines(2, 3) == want[2:5]
            assert wrapped.lines(len(want) - 1, 5) == want[-1:]
    finally:
        os.remove(path)
