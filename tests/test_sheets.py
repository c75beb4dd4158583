"""The glyph sheets the device draws text with (fonts/*.sheet) are the BDF fonts' glyphs:
tools/make_sheets.py makes them from the fonts, and the committed ones must match."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import make_sheets  # noqa: E402


def test_committed_sheets_match_the_fonts():
    for path, data in make_sheets.sheets().items():
        with open(os.path.join(ROOT, path), "rb") as handle:
            assert handle.read() == data, "%s is stale: run tools/make_sheets.py" % path


def test_sheet_layout():
    """Cells of 5x8 and 6x10 for 101 characters; a space is blank, an 'A' is not."""
    made = make_sheets.sheets()
    for _, sheet, cell_w, cell_h in make_sheets.FONTS:
        data = made[sheet]
        stride = (cell_w * make_sheets.CHARS + 7) // 8
        assert len(data) == stride * cell_h

        def ink(code):
            return sum(
                data[y * stride + (x >> 3)] >> (x & 7) & 1
                for y in range(cell_h)
                for x in range(code * cell_w, code * cell_w + cell_w)
            )

        assert ink(0) == 0
        assert ink(ord("A") - 32) > 5
