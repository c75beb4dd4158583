"""Generate sprites/cards.bmp: the card sprite sheet (host-only, Pillow).

    .venv/bin/python tools/make_sprites.py

One 8-bit indexed BMP, 64x80 px: 64 tiles of 8x10 px, tile t at column t % 8, row t // 8,
palette index 0 transparent. A card on screen is one 3x3 TileGrid of these tiles (24x30
px), so each tile is a ninth of a card with its rank glyph or suit icon already drawn in:

- tile 0: transparent;
- tiles 1 + kind * 9 + row * 3 + column: the plain frames, kind 0 card face, 1 card back,
  2 empty-slot outline;
- tiles 28 + k: the face's top-left ninth with glyph k of "XA23456789CPT" (decktet.cards
  rank order) at (2, 1);
- tiles 41 + row * 6 + s: the face's middle column, row 0..2, with the icon of suit s
  (Moons, Suns, Waves, Leaves, Wyrms, Knots) at (9, row * 10 + 2).

One grid per card instead of a Group of three (frame, glyph, suit column) costs a quarter
of the heap on CircuitPython. lib/handheld/cardview.py knows these numbers (FRAME_TILES,
RANK_TILES, SUIT_TILES). Rank glyphs are the misc-fixed 6x10 digits and letters
(fonts/fixed-6x10.bdf), emboldened.
"""

import os

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WIDTH, HEIGHT = 64, 80
TILE_W, TILE_H = 8, 10
FRAME_TILES, RANK_TILES, SUIT_TILES = 1, 28, 41
CARD_W, CARD_H = 24, 30
GLYPHS = "XA23456789CPT"

PALETTE = (
    (0xFF, 0x00, 0xFF),  # 0 transparent key
    (0x30, 0x30, 0x30),  # 1 card border (the highlight palette swaps this)
    (0xF4, 0xF0, 0xE0),  # 2 card face
    (0x00, 0x00, 0x00),  # 3 ink
    (0x90, 0x50, 0xD0),  # 4 Moons: violet
    (0xE8, 0xB0, 0x00),  # 5 Suns: gold
    (0x18, 0x78, 0xE8),  # 6 Waves: blue
    (0x18, 0x98, 0x28),  # 7 Leaves: green
    (0xD8, 0x20, 0x20),  # 8 Wyrms: red
    (0x8A, 0x50, 0x20),  # 9 Knots: brown
    (0x20, 0x38, 0x78),  # 10 card back
    (0xC8, 0xA0, 0x40),  # 11 card back pattern
    (0x70, 0xA0, 0x70),  # 12 empty slot outline
)

# 7x7 suit icons, told apart by shape as well as colour.
ICONS = (
    # Moons: a crescent
    ("..XXXX.", ".XXX...", "XXX....", "XXX....", "XXX....", ".XXX...", "..XXXX."),
    # Suns: a rayed sun
    ("X..X..X", ".X.X.X.", "..XXX..", "XXXXXXX", "..XXX..", ".X.X.X.", "X..X..X"),
    # Waves: two wave lines
    (".X...X.", "X.X.X.X", "...X...", ".......", ".X...X.", "X.X.X.X", "...X..."),
    # Leaves: a leaf on its stem
    ("...XXXX", "..XXXXX", ".XXXXXX", ".XXXXX.", ".XXXX..", ".X.....", "X......"),
    # Wyrms: a coiled serpent (a spiral; a letter S beside a rank digit read as a suit
    # initial)
    (".XXXXX.", "X.....X", "X.XXX.X", "X.X.X.X", "X.X...X", "X..XXX.", ".X....."),
    # Knots: an interlaced knot
    (".XX.XX.", "X..X..X", "X..X..X", ".XXXXX.", "X..X..X", "X..X..X", ".XX.XX."),
)


def read_bdf_glyphs(path):
    """{char: (bbx, rows of ints)} from a BDF file."""
    glyphs = {}
    with open(path) as handle:
        lines = handle.read().split("\n")
    i = 0
    while i < len(lines):
        if lines[i].startswith("ENCODING"):
            code = int(lines[i].split()[1])
            while not lines[i].startswith("BBX"):
                i += 1
            bbx = tuple(int(v) for v in lines[i].split()[1:])
            i += 2  # skip BITMAP
            rows = []
            while lines[i] != "ENDCHAR":
                rows.append(int(lines[i], 16))
                i += 1
            glyphs[chr(code)] = (bbx, rows)
        i += 1
    return glyphs


def draw_frame(image, x0, kind):
    """One 24x30 card frame: 'face', 'back' or 'outline'."""
    for y in range(CARD_H):
        for x in range(CARD_W):
            edge = x in (0, CARD_W - 1) or y in (0, CARD_H - 1)
            corner = (x in (0, CARD_W - 1)) and (y in (0, CARD_H - 1))
            if corner:
                continue  # rounded corner: transparent
            if kind == "outline":
                if edge and (x + y) % 3 != 0:
                    image.putpixel((x0 + x, y), 12)
                continue
            if edge:
                colour = 1
            elif kind == "face":
                colour = 2
            else:
                inner = x in (1, CARD_W - 2) or y in (1, CARD_H - 2)
                colour = 2 if inner else 10
                if not inner and (x + y) % 4 == 0 or not inner and (x - y) % 4 == 0:
                    colour = 11
            image.putpixel((x0 + x, y), colour)


def draw_glyph(image, x0, y0, glyph):
    """A rank glyph from the 6x10 font, emboldened by OR-ing a one-pixel shift."""
    (width, height, xoff, yoff), rows = glyph
    ascent = 8  # font ascent: cell row of the baseline
    top = ascent - (height + yoff)
    for r, bits in enumerate(rows):
        line = bits | (bits >> 1)
        for x in range(6):
            if line & (0x80 >> x):
                image.putpixel((x0 + x + xoff, y0 + top + r), 3)


def card_image(kind, glyph=None, icons=()):
    """A whole 24x30 card: frame ``kind``, an optional rank glyph at (2, 1) and suit icons
    ``(row, suit)`` in the column at x = 9 (where the old three-grid sprite drew them)."""
    image = Image.new("P", (CARD_W, CARD_H), 0)
    draw_frame(image, 0, kind)
    if glyph is not None:
        draw_glyph(image, 2, 1, glyph)
    for row, suit in icons:
        for y, line in enumerate(ICONS[suit]):
            for x, cell in enumerate(line):
                if cell == "X":
                    image.putpixel((9 + x, row * TILE_H + 2 + y), 4 + suit)
    return image


def put_tile(sheet, tile, card, column, row):
    """Copy the ninth of ``card`` at (column, row) into tile number ``tile``."""
    box = (column * TILE_W, row * TILE_H, (column + 1) * TILE_W, (row + 1) * TILE_H)
    x0, y0 = (tile % 8) * TILE_W, (tile // 8) * TILE_H
    sheet.paste(card.crop(box), (x0, y0))


def main():
    """Draw the sheet and write it as an 8-bit indexed BMP."""
    image = Image.new("P", (WIDTH, HEIGHT), 0)
    flat = []
    for colour in PALETTE:
        flat.extend(colour)
    image.putpalette(flat)
    for index, kind in enumerate(("face", "back", "outline")):
        card = card_image(kind)
        for position in range(9):
            put_tile(image, FRAME_TILES + index * 9 + position, card, position % 3, position // 3)
    font = read_bdf_glyphs(os.path.join(ROOT, "fonts", "fixed-6x10.bdf"))
    for k, char in enumerate(GLYPHS):
        with_glyph = card_image("face", font[char])
        # The glyph must lie inside the top-left ninth, or the tile would cut it.
        plain = card_image("face")
        for y in range(CARD_H):
            for x in range(CARD_W):
                if x >= TILE_W or y >= TILE_H:
                    assert with_glyph.getpixel((x, y)) == plain.getpixel((x, y)), char
        put_tile(image, RANK_TILES + k, with_glyph, 0, 0)
    for row in range(3):
        for suit in range(len(ICONS)):
            card = card_image("face", icons=((row, suit),))
            put_tile(image, SUIT_TILES + row * 6 + suit, card, 1, row)
    out = os.path.join(ROOT, "sprites", "cards.bmp")
    image.save(out)
    print("wrote", out)


if __name__ == "__main__":
    main()
