"""Device-side tests of the UI kit's display-free logic: key edges and repeat, joystick
hysteresis, list cursor and text wrapping (CPython and MicroPython). The saved records
(handheld.store) have their own: dtest_store.py."""

from handheld import keys, layout
from handheld.keys import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_START, K_UP


def test_key_bits_match_keypad_numbers():
    bits = (K_B, K_A, K_START, keys.K_SELECT, K_RIGHT, K_DOWN, K_UP, K_LEFT)
    for number in range(8):
        assert bits[number] == 1 << number
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
    from handheld.joystick import Joystick

    stick = Joystick(engage=18000, release=10000)
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
