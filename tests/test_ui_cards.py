"""Host tests of the card widgets and sprite sheet: what each card shows, and that
cursor, dimming and hiding change only tiles, palettes, positions and hidden flags."""

import pytest

import host_sim
from decktet import cards
from handheld import bmp, cardview


@pytest.fixture(autouse=True)
def at_repo_root(monkeypatch):
    """The widgets open sprites/ and fonts/ by relative path, as on the device."""
    monkeypatch.chdir(host_sim.ROOT)


def test_sheet_loads_with_its_palette():
    bitmap, colours = bmp.load("sprites/cards.bmp")
    assert (bitmap.width, bitmap.height) == (64, 80)
    # The tile size divides the sheet, as CircuitPython's TileGrid requires.
    assert bitmap.width % cardview.TILE_W == 0 and bitmap.height % cardview.TILE_H == 0
    assert cardview.SUIT_TILES + 18 <= (bitmap.width // 8) * (bitmap.height // 10)
    assert len(colours) == 13
    suit_colours = colours[4:10]
    assert len(set(suit_colours)) == 6


def test_bmp_loader_refuses_other_files(tmp_path):
    path = tmp_path / "x.bmp"
    path.write_bytes(b"GIF89a" + bytes(60))
    with pytest.raises(ValueError):
        bmp.load(str(path))


def frame_tiles(kind):
    """The nine tiles of a plain frame."""
    return [cardview.FRAME_TILES + kind * 9 + i for i in range(9)]


@pytest.mark.parametrize("card", range(cards.NUM_CARDS))
def test_card_face_tiles(card):
    sprite = cardview.CardSprite()
    sprite.show(card)
    expected = frame_tiles(cardview.FACE)
    expected[0] = cardview.RANK_TILES + cards.rank(card)
    suits = [s for s in range(6) if cards.suits(card) & (1 << s)]
    for row, suit in enumerate(suits):
        expected[row * 3 + 1] = cardview.SUIT_TILES + row * 6 + suit
    assert [sprite[i] for i in range(9)] == expected


def test_back_and_empty():
    sprite = cardview.CardSprite()
    sprite.show(cardview.BACK)
    assert [sprite[i] for i in range(9)] == frame_tiles(cardview.BACK_FRAME)
    sprite.show(cards.EXCUSE)
    sprite.show(cardview.EMPTY)
    assert [sprite[i] for i in range(9)] == frame_tiles(cardview.OUTLINE)
    sprite.show(30)  # face again after an outline: every tile is the face's
    assert sprite[2] == frame_tiles(cardview.FACE)[2]


def test_glyph_tiles_match_rank_glyphs():
    # Sheet glyph order is decktet.cards rank order: X A 2..9 C P T.
    order = "XA23456789CPT"
    for card in range(cards.NUM_CARDS):
        assert order[cards.rank(card)] == cards._rank_glyph(card)


def test_row_layout_overlaps_only_when_needed():
    row = cardview.CardRow(9, width=160)
    row.set_cards([0, 1, 2])
    assert row.stride == cardview.CARD_W + 2
    xs = [row._slot_x(i) for i in range(3)]
    assert xs[0] == 160 - xs[2] - cardview.CARD_W  # centred
    row.set_cards(list(range(9)))
    assert row.stride >= 17  # the rank and suit column stay visible
    assert row._slot_x(8) + cardview.CARD_W <= 160
    assert all(not row.sprites[i].hidden for i in range(9))
    row.set_cards([5])
    assert [row.sprites[i].hidden for i in range(9)] == [False] + [True] * 8
    with pytest.raises(ValueError):
        row.set_cards(list(range(10)))


def test_cursor_dim_hide_change_no_structure():
    row = cardview.CardRow(7)
    row.set_cards(list(range(7)))
    grids = list(row.sprites)
    _, normal, dimmed, lit, dim_lit = cardview.sheet()
    row.set_cursor(2)
    assert row.sprites[2].y == -cardview.RAISE and row.sprites[2].pixel_shader is lit
    row.set_cursor(3)
    assert row.sprites[2].y == 0 and row.sprites[2].pixel_shader is normal
    row.set_dimmed(0b1001)
    assert row.sprites[0].pixel_shader is dimmed and row.sprites[1].pixel_shader is normal
    assert row.sprites[3].pixel_shader is dim_lit  # the cursor's card, dimmed
    row.dim_except([0, 1])
    assert row.dimmed == 0b1111100
    row.set_hidden(1)
    assert row.sprites[1].hidden
    row.set_hidden(1, False)
    assert not row.sprites[1].hidden
    assert list(row.sprites) == grids
    assert len(row.group) == 7


def test_row_at_explicit_positions_with_per_slot_styles():
    # Every game's rows are CardRows: a ribbon or an arranged hand places its cards itself
    # and lights several at once.
    row = cardview.CardRow(6)
    row.set_cards([3, 4, 5], [0, 17, 40])
    assert [row._slot_x(i) for i in range(3)] == [0, 17, 40]
    assert [row.sprites[i].hidden for i in range(6)] == [False] * 3 + [True] * 3
    row.style(1, False, True, True)
    row.style(2, True, False, False)
    _, normal, dimmed, lit, _ = cardview.sheet()
    assert row.sprites[1].y == -cardview.RAISE and row.sprites[1].pixel_shader is lit
    assert row.sprites[2].y == 0 and row.sprites[2].pixel_shader is dimmed
    row.show(0, cardview.BACK)
    assert row.card_at(0) == cardview.BACK and row._slot_x(0) == 0
    # Back to the centred layout.
    row.set_cards([3, 4, 5])
    assert row._slot_x(0) == 160 - row._slot_x(2) - cardview.CARD_W
