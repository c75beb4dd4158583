"""Lay out the rules texts for the rules page (``handheld.reader``): each
``games/<game>/rules.txt`` (and the test fixtures' ``tests/fixtures/<game>/rules.txt``)
becomes ``rules.lines`` beside it, wrapped for the page's font and width.

Host only. The page shows 31 columns of the small font (5x8) from x 2, so the scroll
marker keeps the screen's two right columns. The text is wrapped as the page showed it
when it wrapped on the device (``layout.wrap_text(text.strip(), 31)``: a newline ends a
line, a blank line is kept as a paragraph break, a word longer than a line is cut), and
each line is written padded with spaces to 31 columns, then a newline: 32 bytes a line,
so line N starts at byte N x 32 and a page of 12 lines is one ``readinto`` of 384 bytes
from there; the line count is the file's size / 32. No other index is needed, and the
file stays plain text (a diff shows what changed).

The laid-out files are committed beside their texts (the simulator runs games/ from the
repository) and shipped by the bundle (every non-Python file under games/ is);
``tests/test_reader.py`` fails when one is stale. Run after editing a rules text:
``.venv/bin/python tools/make_pages.py``.
"""

import glob
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(ROOT, "lib") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "lib"))
from handheld.layout import wrap_text  # noqa: E402  (display-free: the device's own wrap)

COLUMNS = 31  # handheld.reader's _COLUMNS
STRIDE = COLUMNS + 1  # a line in the file: its columns, then "\n" (handheld.reader's _STRIDE)
TEXT = "rules.txt"
LAID_OUT = "rules.lines"  # handheld.reader opens this beside the rules.txt it is given
# The texts laid out: every game's, and the test fixtures' games'.
PATTERNS = ("games/*/" + TEXT, "tests/fixtures/*/" + TEXT)


def lay_out(text):
    """The laid-out file (bytes) of a rules text (str): its lines, each padded to
    ``COLUMNS`` and ended by a newline. Raises ValueError on a character the page's font
    has no glyph for (printable ASCII only: a tab or a non-ASCII letter would show blank)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    for character in text:
        if character != "\n" and not " " <= character <= "~":
            raise ValueError("rules text: %r has no glyph on the page" % character)
    lines = wrap_text(text.strip(), COLUMNS)
    return "".join(line + " " * (COLUMNS - len(line)) + "\n" for line in lines).encode("ascii")


def lines_of(data):
    """The lines (str, trailing spaces dropped) of a laid-out file's bytes."""
    if len(data) % STRIDE:
        raise ValueError("a laid-out file is whole lines of %d bytes" % STRIDE)
    text = data.decode("ascii")
    return [text[at : at + COLUMNS].rstrip() for at in range(0, len(text), STRIDE)]


def laid_out(root=ROOT):
    """{laid-out file's path relative to root: its bytes} for every rules text."""
    made = {}
    for pattern in PATTERNS:
        for path in sorted(glob.glob(os.path.join(root, pattern))):
            with open(path, encoding="ascii") as handle:
                data = lay_out(handle.read())
            target = os.path.join(os.path.dirname(path), LAID_OUT)
            made[os.path.relpath(target, root).replace(os.sep, "/")] = data
    return made


def write(root=ROOT):
    """Write every laid-out file; returns their paths."""
    made = laid_out(root)
    for path, data in made.items():
        with open(os.path.join(root, path), "wb") as handle:
            handle.write(data)
    return sorted(made)


if __name__ == "__main__":
    for written in write():
        print(written)
