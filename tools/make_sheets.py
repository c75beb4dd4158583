"""Make the glyph sheets the device draws text with (fonts/fixed-5x8.sheet,
fonts/fixed-6x10.sheet) from the BDF fonts.

Host only. ``adafruit_bitmap_font`` reads each BDF font (on Blinka's displayio), and every
glyph is placed in one row of cells, one cell per character (printable ASCII 32..126, then
the six suit icons 127..132), the cell's top the font's ascent above the baseline; the
sheet is written as raw 1-bit rows, ``ceil(width / 8)`` bytes a row, the leftmost pixel in
each byte's lowest bit: the layout ``bitmaptools.readinto(bitmap, file, 1, 1, False,
False, False)`` reads on CircuitPython (``handheld.ui`` loads it so, in one call, at
start-up; a board without ``bitmaptools`` reads it byte by byte).

Parsing the BDF fonts on the badge at start-up took about 2 s of the boot; the
sheets are made here instead, and ``tests/test_ui_cards.py`` checks the committed sheets
match the fonts. Run after a change to the fonts: ``.venv/bin/python tools/make_sheets.py``.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# (BDF font, sheet, cell width, cell height): handheld.ui's two sizes, SMALL and LARGE.
FONTS = (
    ("fonts/fixed-5x8.bdf", "fonts/fixed-5x8.sheet", 5, 8),
    ("fonts/fixed-6x10.bdf", "fonts/fixed-6x10.sheet", 6, 10),
)
FIRST_CHAR = 32
CHARS = 101  # 32..126 and the suit icons 127..132


def sheet_bytes(bdf_path, cell_w, cell_h):
    """The sheet of one font as raw 1-bit rows (see the module docstring)."""
    import displayio
    from adafruit_bitmap_font import bdf

    width = cell_w * CHARS
    pixels = [[0] * width for _ in range(cell_h)]
    with open(bdf_path, "rb") as handle:
        reader = bdf.BDF(handle, displayio.Bitmap)
        reader.load_glyphs("".join(chr(FIRST_CHAR + code) for code in range(CHARS)))
        ascent = reader.ascent
        for code in range(CHARS):
            glyph = reader.get_glyph(FIRST_CHAR + code)
            if glyph is None:
                continue
            left = code * cell_w + glyph.dx
            top = ascent - glyph.height - glyph.dy
            for y in range(glyph.height):
                for x in range(glyph.width):
                    if glyph.bitmap[x, y] and 0 <= top + y < cell_h and 0 <= left + x < width:
                        pixels[top + y][left + x] = 1
    stride = (width + 7) // 8
    data = bytearray(stride * cell_h)
    for y in range(cell_h):
        for x in range(width):
            if pixels[y][x]:
                data[y * stride + (x >> 3)] |= 1 << (x & 7)
    return bytes(data)


def sheets(root=ROOT):
    """{sheet path relative to root: its bytes} made from the fonts under root."""
    return {
        sheet: sheet_bytes(os.path.join(root, font), cell_w, cell_h)
        for font, sheet, cell_w, cell_h in FONTS
    }


def write(root=ROOT):
    """Write both sheets; returns their paths."""
    made = sheets(root)
    for path, data in made.items():
        with open(os.path.join(root, path), "wb") as handle:
            handle.write(data)
    return sorted(made)


if __name__ == "__main__":
    for _path in (ROOT, os.path.join(ROOT, "lib")):
        if _path not in sys.path:
            sys.path.insert(0, _path)
    for written in write():
        print("wrote", written)
