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
    assert (bitmap.width, bitmap.height) == (72, 60)
    # Every tile size divides the sheet, as CircuitPython's TileGrid requires.
    for tile_w, tile_h in ((24, 30), (6, 10), (8, 10)):
        assert bitmap.width % tile_w == 0 and bitmap.height % tile_h == 0
    assert len(colours) == 13
    suit_colours = colours[4:10]
    assert len(set(suit_colours)) == 6


def test_bmp_loader_refuses_other_files(tmp_path):
    path = tmp_path / "x.bmp"
    path.write_bytes(b"GIF89a" + bytes(60))
    with pytest.raises(ValueError):
        bmp.load(str(path))


@pytest.mark.parametrize("card", range(cards.NUM_CARDS))
def test_card_face_tiles(card):
    sprite = cardview.CardSprite()
    sprite.show(card)
    assert sprite.frame[0] == cardview.FRAME_FACE
    assert sprite.rank[0] == cardview.GLYPH_BASE + cards.rank(card)
    expected = [cardview.SUIT_BASE + s for s in range(6) if cards.suits(card) & (1 << s)]
    expected += [cardview.SUIT_BLANK] * (3 - len(expected))
    assert [sprite.suits[i] for i in range(3)] == expected


def test_back_and_empty():
    sprite = cardview.CardSprite()
    sprite.show(cardview.BACK)
    assert sprite.frame[0] == cardview.FRAME_BACK
    assert sprite.rank[0] == cardview.GLYPH_BLANK
    sprite.show(cardview.EMPTY)
    assert sprite.frame[0] == cardview.FRAME_OUTLINE


def test_glyph_tiles_match_rank_glyphs():
    # Sheet glyph order is decktet.cards rank order: X A 2..9 C P T.
    order = "XA23456789CPT"
    for card in range(cards.NUM_CARDS):
        assert order[cards.rank(card)] == cards.rank_glyph(card)


def test_row_layout_overlaps_only_when_needed():
    row = cardview.CardRow(9, width=160)
    row.set_cards([0, 1, 2])
    assert row.stride == cardview.CARD_W + 2
    xs = [row.slot_x(i) for i in range(3)]
    assert xs[0] == 160 - xs[2] - cardview.CARD_W  # centred
    row.set_cards(list(range(9)))
    assert row.stride >= 17  # the rank and suit column stay visible
    assert row.slot_x(8) + cardview.CARD_W <= 160
    assert all(not row.sprites[i].group.hidden for i in range(9))
    row.set_cards([5])
    assert [row.sprites[i].group.hidden for i in range(9)] == [False] + [True] * 8
    with pytest.raises(ValueError):
        row.set_cards(list(range(10)))


def test_cursor_dim_hide_change_no_structure():
    row = cardview.CardRow(7)
    row.set_cards(list(range(7)))
    groups = [s.group for s in row.sprites]
    grids = [(s.frame, s.rank, s.suits) for s in row.sprites]
    _, normal, dimmed, lit, dim_lit = cardview.sheet()
    row.set_cursor(2)
    assert row.sprites[2].group.y == -cardview.RAISE and row.sprites[2].frame.pixel_shader is lit
    row.set_cursor(3)
    assert row.sprites[2].group.y == 0 and row.sprites[2].frame.pixel_shader is normal
    row.set_dimmed(0b1001)
    assert row.sprites[0].rank.pixel_shader is dimmed and row.sprites[1].rank.pixel_shader is normal
    assert row.sprites[3].frame.pixel_shader is dim_lit  # the cursor's card, dimmed
    row.dim_except([0, 1])
    assert row.dimmed == 0b1111100
    row.set_hidden(1)
    assert row.sprites[1].group.hidden
    row.set_hidden(1, False)
    assert not row.sprites[1].group.hidden
    assert [s.group for s in row.sprites] == groups
    assert [(s.frame, s.rank, s.suits) for s in row.sprites] == grids
    assert len(row.group) == 7
