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


def cut(source: str, target: str) -> int:
    """Write the CHARSET glyphs of one PCF font as BDF; returns the glyph count."""
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
    lines = [
        "STARTFONT 2.1",
        "FONT %s" % info[b"FONT"].decode(),
        "SIZE %d 75 75" % info[b"PIXEL_SIZE"],
        "FONTBOUNDINGBOX %d %d 0 %d" % (cell_w, ascent + descent, -descent),
        "COMMENT Cut to printable ASCII by tools/cut_fonts.py from Debian xfonts-base.",
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
