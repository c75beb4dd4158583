# SPDX-License-Identifier: MIT
"""
`handheld.cardview`
===================

Cards on screen. The sprite sheet (sprites/cards.bmp, made by tools/make_sprites.py) is
loaded once into RAM; each card on screen is a small Group of three TileGrids that share
it: the 24x30 frame (face, back or empty outline), the rank glyph at the top-left and a
column of up to three suit icons beside it, so the left 17 px of a card say what it is
and cards can overlap.

Four palettes share the sheet: normal, dimmed (illegal choices), highlighted (the
cursor's card: yellow border) and dimmed-highlighted. Changing a card changes tile
indices; dimming swaps a palette; the cursor raises its card by ``RAISE`` px. Nothing
is rebuilt.
"""

import displayio
from micropython import const

from decktet import cards
from handheld import bmp

try:
    from typing import Any, List, Optional, Tuple
except ImportError:
    pass

CARD_W = const(24)
CARD_H = const(30)
RAISE = const(4)
# Tile numbers in the sheet (see tools/make_sprites.py).
FRAME_FACE = const(0)
FRAME_BACK = const(1)
FRAME_OUTLINE = const(2)
GLYPH_BASE = const(36)
GLYPH_BLANK = const(49)
SUIT_BASE = const(45)
SUIT_BLANK = const(51)
_HIGHLIGHT = const(0xFFE040)
_DIM_TOWARD = const(0x0B4020)
# Slot content codes beyond the 45 cards.
BACK = const(-1)
EMPTY = const(-2)

_sheet: Optional[Tuple[displayio.Bitmap, Any, Any, Any, Any]] = None


def _blend(colour: int, toward: int) -> int:
    """Halfway between two 0xRRGGBB colours, a little darker: the dimmed look."""
    out = 0
    shift = 0
    while shift < 24:
        a = (colour >> shift) & 0xFF
        b = (toward >> shift) & 0xFF
        out |= ((a + b * 2) // 3) << shift
        shift += 8
    return out


def sheet() -> Tuple[displayio.Bitmap, Any, Any, Any, Any]:
    """The card sheet and its normal, dimmed, lit and dimmed-lit palettes (loaded once)."""
    global _sheet
    if _sheet is None:
        bitmap, colours = bmp.load("sprites/cards.bmp")
        normal = displayio.Palette(len(colours))
        dimmed = displayio.Palette(len(colours))
        lit = displayio.Palette(len(colours))
        dim_lit = displayio.Palette(len(colours))
        i = 0
        while i < len(colours):
            faded = _blend(colours[i], _DIM_TOWARD)
            normal[i] = colours[i]
            dimmed[i] = faded
            lit[i] = colours[i]
            dim_lit[i] = faded
            i += 1
        lit[1] = _HIGHLIGHT
        dim_lit[1] = _HIGHLIGHT
        for palette in (normal, dimmed, lit, dim_lit):
            palette.make_transparent(0)
        _sheet = (bitmap, normal, dimmed, lit, dim_lit)
    return _sheet


class CardSprite:
    """One card on screen: frame, rank glyph and suit column in a Group.

    :param int x, y: top-left corner (inside the parent group)
    """

    def __init__(self, x: int = 0, y: int = 0) -> None:
        bitmap, normal, _, _, _ = sheet()
        self.group = displayio.Group(x=x, y=y)
        self.frame = displayio.TileGrid(
            bitmap, pixel_shader=normal, tile_width=CARD_W, tile_height=CARD_H
        )
        self.rank = displayio.TileGrid(
            bitmap, pixel_shader=normal, tile_width=6, tile_height=10, x=2, y=1
        )
        self.suits = displayio.TileGrid(
            bitmap, pixel_shader=normal, width=1, height=3, tile_width=8, tile_height=10, x=9, y=0
        )
        self.group.append(self.frame)
        self.group.append(self.rank)
        self.group.append(self.suits)
        # Not EMPTY, so that show(EMPTY) below sets the outline tiles (the grids start at 0).
        self.card = BACK
        self.dimmed = False
        self.lit = False
        self.show(EMPTY)

    def show(self, card: int) -> None:
        """Show a card code 0..44, ``BACK`` or ``EMPTY`` (changes tile indices only)."""
        if card == self.card:
            return
        self.card = card
        if card < 0:
            self.frame[0] = FRAME_BACK if card == BACK else FRAME_OUTLINE
            self.rank[0] = GLYPH_BLANK
            self.suits[0] = SUIT_BLANK
            self.suits[1] = SUIT_BLANK
            self.suits[2] = SUIT_BLANK
            return
        self.frame[0] = FRAME_FACE
        self.rank[0] = GLYPH_BASE + cards.rank(card)  # glyph order is rank order
        mask = cards.suits(card)
        row = 0
        suit = 0
        while suit < 6:
            if mask & (1 << suit):
                self.suits[row] = SUIT_BASE + suit
                row += 1
            suit += 1
        while row < 3:
            self.suits[row] = SUIT_BLANK
            row += 1

    def style(self, dimmed: bool, lit: bool) -> None:
        """Dim the card (an illegal choice) and/or light its border (the cursor)."""
        if dimmed == self.dimmed and lit == self.lit:
            return
        _, normal, dim, highlight, dim_highlight = sheet()
        body = dim if dimmed else normal
        if lit:
            self.frame.pixel_shader = dim_highlight if dimmed else highlight
        else:
            self.frame.pixel_shader = body
        if dimmed != self.dimmed:
            self.rank.pixel_shader = body
            self.suits.pixel_shader = body
        self.dimmed = dimmed
        self.lit = lit


class CardRow:
    """A row of card slots built once: a hand, a trick, a ribbon.

    ``set_cards`` lays out up to ``slots`` cards centred in ``width`` px, overlapping
    when they do not fit side by side; the cursor's card is raised and lit, dimmed
    cards are illegal choices. Only tile indices, palettes, positions and ``hidden``
    change afterwards.

    :param int slots: most cards the row can show
    :param int x, y: top-left corner of the row (the raised card goes ``RAISE`` px above)
    :param int width: pixels available
    :param int gap: pixels between cards that fit side by side
    """

    def __init__(self, slots: int, x: int = 0, y: int = 0, width: int = 160, gap: int = 2) -> None:
        self.group = displayio.Group(x=x, y=y)
        self.width = width
        self.gap = gap
        self.sprites: List[CardSprite] = []
        i = 0
        while i < slots:
            sprite = CardSprite()
            sprite.group.hidden = True
            self.sprites.append(sprite)
            self.group.append(sprite.group)
            i += 1
        self.count = 0
        self.cursor = -1
        self.dimmed = 0
        self.stride = CARD_W + gap

    def set_cards(self, codes: List[int]) -> None:
        """Show these card codes (or BACK/EMPTY) left to right, centred."""
        count = len(codes)
        if count > len(self.sprites):
            raise ValueError("more cards than slots")
        if count != self.count:
            stride = CARD_W + self.gap
            if count > 1 and count * stride - self.gap > self.width:
                stride = (self.width - CARD_W) // (count - 1)
            self.stride = stride
            left = (self.width - (stride * (count - 1) + CARD_W)) // 2 if count else 0
            i = 0
            while i < len(self.sprites):
                sprite = self.sprites[i]
                sprite.group.x = left + i * stride
                sprite.group.hidden = i >= count
                i += 1
            self.count = count
        i = 0
        while i < count:
            self.sprites[i].show(codes[i])
            i += 1
        if self.cursor >= count:
            self.set_cursor(count - 1)

    def set_cursor(self, index: int) -> None:
        """Raise and light the card at ``index`` (-1: no cursor)."""
        if index == self.cursor:
            return
        if 0 <= self.cursor < len(self.sprites):
            old = self.sprites[self.cursor]
            old.group.y = 0
            old.style(old.dimmed, False)
        self.cursor = index
        if 0 <= index < len(self.sprites):
            new = self.sprites[index]
            new.group.y = -RAISE
            new.style(new.dimmed, True)

    def set_dimmed(self, mask: int) -> None:
        """Dim the slots whose bit is set in ``mask`` (bit i = slot i)."""
        if mask == self.dimmed:
            return
        self.dimmed = mask
        i = 0
        while i < len(self.sprites):
            sprite = self.sprites[i]
            sprite.style(bool(mask & (1 << i)), sprite.lit)
            i += 1

    def set_hidden(self, index: int, hidden: bool = True) -> None:
        """Hide or show one slot without moving the others (a card just played)."""
        self.sprites[index].group.hidden = hidden or index >= self.count

    def card_at(self, index: int) -> int:
        """The code shown in a slot."""
        return self.sprites[index].card

    def slot_x(self, index: int) -> int:
        """The x of a slot inside the row's group (for pointers, labels, animations)."""
        return self.sprites[index].group.x

    def dim_except(self, legal: List[int]) -> None:
        """Dim every shown card whose code is not in ``legal``."""
        mask = 0
        i = 0
        while i < self.count:
            if self.sprites[i].card not in legal:
                mask |= 1 << i
            i += 1
        self.set_dimmed(mask)
