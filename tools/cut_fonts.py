"""Cut the misc-fixed PCF fonts from Debian's xfonts-base down to the glyphs the handheld uses.

Host-only (Pillow). Writes small BDF files into fonts/ (adafruit_bitmap_font reads BDF).

    apt-get download xfonts-base && dpkg-deb -x xfonts-base_*.deb /tmp/xfonts
    .venv/bin/python tools/cut_fonts.py /tmp/xfonts/usr/share/fonts/X11/misc

See fonts/README.md for provenance and licence.
"""

import gzip
import os
import sys

from PIL import PcfFontFile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# (source face, output name): the two sizes the UI uses.
FACES = (("5x8-ISO8859-1.pcf.gz", "fixed-5x8.bdf"), ("6x10-ISO8859-1.pcf.gz", "fixed-6x10.bdf"))
# Printable ASCII: every text on screen is written in it.
CHARSET = range(32, 127)
# Then the six suit icons, drawn here, as characters 127..132 (decktet.cards.SUIT_ICONS):
# a card named on screen shows its rank and suit icons beside its title. 5x7, one per
# suit in suit order (Moons, Suns, Waves, Leaves, Wyrms, Knots), shaped like the cards'
# own 7x7 icons (tools/make_sprites.py).
FIRST_ICON = 127
SUIT_ICONS = (
    (".###.", "##...", "#....", "#....", "#....", "##...", ".###."),
    ("#.#.#", ".###.", "#####", ".###.", "#.#.#", ".....", "....."),
    (".#...", "#.#.#", "...#.", ".....", ".#...", "#.#.#", "...#."),
    ("..###", ".####", "####.", "###..", ".#...", "#....", "....."),
    (".###.", "#...#", "#.#.#", "#.##.", "#....", ".###.", "....."),
    ("##.##", "#.#.#", ".###.", "#.#.#", "##.##", ".....", "....."),
)


def icon_glyphs(cell_w, ascent, descent):
    """The suit icons as glyph records (code, advance, width, height, xoff, yoff, rows) of
    a face whose cells are ``cell_w`` x ``ascent + descent``: the icon at the cell's top
    (one row down in a cell of 10), like the capitals."""
    height = ascent + descent
    top = 1 if height >= 10 else 0
    glyphs = []
    for index, icon in enumerate(SUIT_ICONS):
        rows = []
        for y in range(height):
            line = icon[y - top] if 0 <= y - top < len(icon) else ""
            bits = 0
            for x, pixel in enumerate(line):
                if pixel == "#":
                    bits |= 0x80 >> x
            rows.append("%02X" % bits)
        glyphs.append((FIRST_ICON + index, cell_w, cell_w, height, 0, -descent, rows))
    return glyphs


def cut(source: str, target: str) -> int:
    """Write the CHARSET glyphs of one PCF font as BDF, then the suit icons; returns the
    glyph count."""
    with gzip.open(source) as handle:
        font = PcfFontFile.PcfFontFile(handle)
    info = font.info
    glyphs = []
    ascent = descent = 0
    for code in CHARSET:
        glyph = font.glyph[code]
        if glyph is None:
            continue
        (advance, _), (x0, y0, x1, y1), _, image = glyph
        width, height = x1 - x0, y1 - y0
        ascent = max(ascent, -y0)
        descent = max(descent, y1)
        rows = []
        for y in range(height):
            bits = 0
            for x in range(width):
                if image.getpixel((x, y)):
                    bits |= 0x80 >> x
            rows.append("%02X" % bits)
        glyphs.append((code, advance, width, height, x0, -y1, rows))
    cell_w = max(g[2] for g in glyphs)
    glyphs += icon_glyphs(cell_w, ascent, descent)
    lines = [
        "STARTFONT 2.1",
        "FONT %s" % info[b"FONT"].decode(),
        "SIZE %d 75 75" % info[b"PIXEL_SIZE"],
        "FONTBOUNDINGBOX %d %d 0 %d" % (cell_w, ascent + descent, -descent),
        "COMMENT Cut to printable ASCII by tools/cut_fonts.py from Debian xfonts-base;",
        "COMMENT 127..132: the Decktet's six suit icons, drawn by tools/cut_fonts.py.",
        "STARTPROPERTIES 4",
        'COPYRIGHT "%s"' % info[b"COPYRIGHT"].decode(),
        "FONT_ASCENT %d" % ascent,
        "FONT_DESCENT %d" % descent,
        "DEFAULT_CHAR 32",
        "ENDPROPERTIES",
        "CHARS %d" % len(glyphs),
    ]
    for code, advance, width, height, xoff, yoff, rows in glyphs:
        lines += [
            "STARTCHAR U+%04X" % code,
            "ENCODING %d" % code,
            "SWIDTH %d 0" % (advance * 1000 // info[b"PIXEL_SIZE"]),
            "DWIDTH %d 0" % advance,
            "BBX %d %d %d %d" % (width, height, xoff, yoff),
            "BITMAP",
        ]
        lines += rows
        lines.append("ENDCHAR")
    lines.append("ENDFONT")
    with open(target, "w") as out:
        out.write("\n".join(lines) + "\n")
    return len(glyphs)


def main() -> None:
    """Cut every face in FACES from the directory given on the command line."""
    source_dir = sys.argv[1]
    for source, target in FACES:
        count = cut(os.path.join(source_dir, source), os.path.join(ROOT, "fonts", target))
        print("fonts/%s: %d glyphs" % (target, count))


if __name__ == "__main__":
    main()
