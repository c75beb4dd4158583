"""The rules page (handheld.reader) on MicroPython, over the whole-app run's stand-ins for
displayio (``node tools/mpgate/run.mjs --only dtest_standins_reader``): it opens a
laid-out text (tools/make_pages.py's format: lines of 31 columns padded with spaces and a
newline, 32 bytes each), shows a page per read, sets only the tiles that change, and
turns pages at a sentence's end. What tests/test_reader.py checks on the simulator, here
with the device's file calls (``seek`` returning the position, ``readinto``).

On CPython (tests/test_device_suites.py) the module offers no tests: the stand-ins take
CircuitPython's place on MicroPython only.
"""

import sys

ON_MICROPYTHON = sys.implementation.name == "micropython"
if ON_MICROPYTHON:
    import os

    import displayio

    from handheld import ui
    from handheld.reader import TextScreen

_FOLDER = "reader_test"


def _sentences(count):
    """Laid-out lines: a sentence over every third line, a blank line after each ninth."""
    lines = []
    number = 0
    while len(lines) < count:
        lines.append("Line %d of the text goes on" % number)
        lines.append("and on to the end of")
        lines.append("its sentence %d." % number)
        if number % 3 == 2:
            lines.append("")
        number += 1
    return lines[:count]


def _write(lines):
    """Write ``lines`` laid out; returns the rules.txt path the page is given."""
    try:
        os.mkdir(_FOLDER)
    except OSError:
        pass
    with open(_FOLDER + "/rules.lines", "wb") as handle:
        for line in lines:
            handle.write((line + " " * (31 - len(line)) + "\n").encode())
    return _FOLDER + "/rules.txt"


def _shown(screen):
    """The lines shown, read back from the rows' tiles."""
    out = []
    for row in screen._rows:
        out.append("".join([chr(32 + row[column]) for column in range(31)]).rstrip())
    return out


def _screen(lines):
    """A rules page over ``lines``, built (its glyph sheets blank: not on this filesystem)."""
    ui._sheets[0] = displayio.Bitmap(5 * 101, 8, 2)
    ui._sheets[1] = displayio.Bitmap(6 * 101, 10, 2)
    screen = TextScreen("Rules", _write(lines))
    screen.build(None)
    return screen


def _ends(line):
    return not line or line[-1] in ".:!?)"


if ON_MICROPYTHON:

    def test_pages_show_their_lines_and_follow_any_jump():
        lines = _sentences(40)
        screen = _screen(lines)
        assert screen._lines == 40 and _shown(screen) == lines[:12]
        assert screen.position.text == "30%"
        for top in (1, 2, 9, 28, 27, 40, 3, -5, 0):
            screen._show(top)
            want = min(max(top, 0), 28)
            assert screen.top == want and _shown(screen) == lines[want : want + 12], top
        assert screen.position.text == "30%"

    def test_a_line_scroll_sets_only_the_tiles_that_change():
        lines = _sentences(40)
        screen = _screen(lines)
        before = [[row[column] for column in range(31)] for row in screen._rows]
        screen.key(None, 32)  # DOWN
        after = [[row[column] for column in range(31)] for row in screen._rows]
        assert screen.top == 1 and _shown(screen) == lines[1:13]
        # What changed is exactly where the lines differ.
        for row in range(12):
            for column in range(31):
                old = ord(lines[row][column]) - 32 if column < len(lines[row]) else 0
                new = ord(lines[row + 1][column]) - 32 if column < len(lines[row + 1]) else 0
                assert before[row][column] == old and after[row][column] == new

    def test_page_turns_end_at_a_sentence_and_start_with_text():
        lines = _sentences(40)
        screen = _screen(lines)
        screen.key(None, 16)  # RIGHT
        top = screen.top
        assert 6 <= top <= 13 and lines[top] and _ends(lines[top - 1])
        screen.key(None, 16)
        second = screen.top
        assert second > top and lines[second]
        screen.key(None, 128)  # LEFT: back to a sentence's start at most a page up
        assert second - 13 <= screen.top <= top and _ends(lines[screen.top - 1])
        screen.key(None, 64)  # UP
        assert _shown(screen) == lines[screen.top : screen.top + 12]

    def test_a_short_text_does_not_scroll():
        lines = ["Three short", "", "lines."]
        screen = _screen(lines)
        assert _shown(screen) == lines + [""] * 9 and screen._marker is None
        screen.key(None, 32)
        screen.key(None, 16)
        assert screen.top == 0 and screen.position.text == "100%"
