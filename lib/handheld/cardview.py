# SPDX-License-Identifier: MIT
"""
`handheld.cardview`
===================

Cards on screen. The sprite sheet (sprites/cards.bmp, made by tools/make_sprites.py) is
loaded once into RAM; each card on screen is one 3x3 TileGrid of 8x10 px tiles that share
it (about 120 bytes on CircuitPython, where a Group of three grids cost 450): the frame
(face, back or empty outline) with the rank glyph drawn into its top-left tile and up to
three suit icons into its middle column, so the left 17 px of a card say what it is and
cards can overlap.

Four palettes share the sheet: normal, dimmed (illegal choices), highlighted (the
cursor's card: yellow border; only the border uses that colour) and dimmed-highlighted.
Changing a card changes tile indices; dimming swaps a palette; the cursor raises its card
by ``RAISE`` px. Nothing is rebuilt.

``PlayScreen`` is the base of a game's first play screen, the card table (here, not in a
module of its own: every game loads this one, and one module more costs heap).
"""

import displayio
from micropython import const

from decktet import cards
from handheld import bmp
from handheld.app import Screen
from handheld.keys import REFUSED
from handheld.sound import CUE_REFUSED

try:
    from typing import Any, List, Optional, Tuple
except ImportError:
    pass

CARD_W = const(24)
CARD_H = const(30)
RAISE = const(4)
# Tile numbers in the sheet (see tools/make_sprites.py): a frame's nine tiles start at
# FRAME_TILES + kind * 9 (kind FACE, BACK_FRAME or OUTLINE), row by row; the face's
# top-left tile with rank glyph r is RANK_TILES + r; its middle-column tile in row y with
# suit s is SUIT_TILES + y * 6 + s.
TILE_W = const(8)
TILE_H = const(10)
FRAME_TILES = const(1)
RANK_TILES = const(28)
SUIT_TILES = const(41)
FACE = const(0)
BACK_FRAME = const(1)
OUTLINE = const(2)
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


def release_sheet() -> None:
    """Let the card sheet go (``sheet`` loads it again): for a screen that covers every
    card while it needs the heap, e.g. a computer player thinking."""
    global _sheet
    _sheet = None


def card_grid(x: int = 0, y: int = 0) -> displayio.TileGrid:
    """A bare card: a 3x3 grid of sheet tiles, all the blank tile 0, for a ``CardRow``
    slot (hidden until ``show_card`` draws a card, back or outline into it: a slot's
    first card sets every tile once). ``CardRow`` keeps what each one shows in its own
    bytes."""
    bitmap, normal, _, _, _ = sheet()
    grid = displayio.TileGrid(
        bitmap,
        pixel_shader=normal,
        width=3,
        height=3,
        tile_width=TILE_W,
        tile_height=TILE_H,
        x=x,
        y=y,
    )
    return grid


def _frame(grid: Any, kind: int) -> None:
    """Set all nine tiles to a plain frame."""
    first = FRAME_TILES + kind * 9
    i = 0
    while i < 9:
        grid[i] = first + i  # tile i is column i % 3 of row i // 3
        i += 1


def show_card(grid: Any, card: int, shown: int) -> None:
    """Make ``grid``, which shows ``shown``, show ``card`` (0..44, ``BACK`` or ``EMPTY``):
    tile indices only, and only those that differ (a tile set again is redrawn)."""
    if card == shown:
        return
    if card < 0:
        _frame(grid, BACK_FRAME if card == BACK else OUTLINE)
        return
    if shown < 0:
        # The face's corners and sides; its rank tile and middle column are set below.
        for i in _FACE_EDGE:
            grid[i] = FRAME_TILES + i
    tile = RANK_TILES + cards.rank(card)  # glyph order is rank order
    if grid[0] != tile:
        grid[0] = tile
    # The suits, one a row down the middle column (tile ``at``): the icon of suit s in
    # row y is SUIT_TILES + y * 6 + s, counted up as the mask's bits are.
    mask = cards.suits(card)
    at = 1
    tile = SUIT_TILES
    while mask:
        if mask & 1:
            if grid[at] != tile:
                grid[at] = tile
            at += 3
            tile += 6
        mask >>= 1
        tile += 1
    while at < 9:
        tile = FRAME_TILES + at  # the plain face's middle tile
        if grid[at] != tile:
            grid[at] = tile
        at += 3


# A face's tiles that are neither its rank tile nor its middle column (see ``show_card``).
_FACE_EDGE = (2, 3, 5, 6, 8)


def _card_palette(dimmed: bool, lit: bool) -> Any:
    """The palette for a card's look: dimmed (an illegal choice) and/or lit (the cursor)."""
    _, normal, dim, highlight, dim_highlight = sheet()
    if lit:
        return dim_highlight if dimmed else highlight
    return dim if dimmed else normal


class CardSprite(displayio.TileGrid):
    """One card on its own (a pile, a trick card): a ``card_grid`` that remembers what it
    shows. Place it with ``x``/``y``/``hidden`` like any TileGrid.

    :param int x, y: top-left corner (inside the parent group)
    """

    def __init__(self, x: int = 0, y: int = 0) -> None:
        bitmap, normal, _, _, _ = sheet()
        super().__init__(
            bitmap,
            pixel_shader=normal,
            width=3,
            height=3,
            tile_width=TILE_W,
            tile_height=TILE_H,
            x=x,
            y=y,
        )
        _frame(self, OUTLINE)
        self.card = EMPTY
        self.dimmed = False
        self.lit = False

    def show(self, card: int) -> None:
        """Show a card code 0..44, ``BACK`` or ``EMPTY`` (changes tile indices only)."""
        show_card(self, card, self.card)
        self.card = card

    def style(self, dimmed: bool, lit: bool) -> None:
        """Dim the card (an illegal choice) and/or light its border (the cursor)."""
        if dimmed == self.dimmed and lit == self.lit:
            return
        self.pixel_shader = _card_palette(dimmed, lit)
        self.dimmed = dimmed
        self.lit = lit


# What a row slot shows, as a byte: the card code + 3 (EMPTY 1, BACK 2, cards 3..47); 0
# nothing yet (a bare grid: any code is drawn into it whole).
_SHOWN = const(3)
# A row slot's look, as bits of a byte.
_DIMMED = const(1)
_LIT = const(2)


class CardRow:
    """A row of card slots built once: a hand, a trick, a ribbon, every game's.

    ``set_cards`` lays out up to ``slots`` cards, centred in ``width`` px and overlapping
    when they do not fit side by side, or at the x positions given; the cursor's card is
    raised and lit, dimmed cards are illegal choices, and ``style`` sets one slot's look
    for rows that light several cards. Only tile indices, palettes, positions and
    ``hidden`` change afterwards. The slots are bare ``card_grid`` TileGrids
    (``sprites``); what each shows and how it looks are kept in two bytearrays, which
    costs less than an object per card.

    :param int slots: most cards the row can show
    :param int x, y: top-left corner of the row (a raised card goes ``RAISE`` px above)
    :param int width: pixels available
    :param int gap: pixels between cards that fit side by side
    """

    def __init__(self, slots: int, x: int = 0, y: int = 0, width: int = 160, gap: int = 2) -> None:
        self.group = displayio.Group(x=x, y=y)
        self.width = width
        self.gap = gap
        self.sprites: List[Any] = []
        self.shown = bytearray(slots)  # nothing yet, everywhere
        self.looks = bytearray(slots)
        i = 0
        while i < slots:
            grid = card_grid()
            grid.hidden = True
            self.sprites.append(grid)
            self.group.append(grid)
            i += 1
        self.count = 0
        self.cursor = -1
        self.dimmed = 0
        self.stride = CARD_W + gap
        self.placed = False  # the last layout had explicit positions

    def set_cards(self, codes: List[int], xs: Optional[List[int]] = None) -> None:
        """Show these card codes (or BACK/EMPTY) left to right: centred, or at ``xs`` (the
        x of each card inside the row)."""
        count = len(codes)
        if count > len(self.sprites):
            raise ValueError("more cards than slots")
        if xs is not None:
            i = 0
            while i < len(self.sprites):
                sprite = self.sprites[i]
                if i < count:
                    sprite.x = xs[i]
                if sprite.hidden != (i >= count):
                    sprite.hidden = i >= count
                i += 1
            self.count = count
            self.placed = True
        elif count != self.count or self.placed:
            stride = CARD_W + self.gap
            if count > 1 and count * stride - self.gap > self.width:
                stride = (self.width - CARD_W) // (count - 1)
            self.stride = stride
            left = (self.width - (stride * (count - 1) + CARD_W)) // 2 if count else 0
            i = 0
            while i < len(self.sprites):
                sprite = self.sprites[i]
                sprite.x = left + i * stride
                sprite.hidden = i >= count
                i += 1
            self.count = count
            self.placed = False
        i = 0
        while i < count:
            self.show(i, codes[i])
            i += 1
        if self.cursor >= count:
            self.set_cursor(count - 1)

    def show(self, index: int, code: int) -> None:
        """Show another card in one slot without moving anything (an animation frame)."""
        shown = self.shown[index] - _SHOWN
        if code != shown:
            show_card(self.sprites[index], code, shown)
            self.shown[index] = code + _SHOWN

    def _look(self, index: int, dimmed: bool, lit: bool) -> None:
        """Set one slot's palette if its look changes."""
        look = (_DIMMED if dimmed else 0) | (_LIT if lit else 0)
        if look != self.looks[index]:
            self.looks[index] = look
            self.sprites[index].pixel_shader = _card_palette(dimmed, lit)

    def style(self, index: int, dimmed: bool, lit: bool, raised: bool) -> None:
        """Dim and/or light one slot's card, and raise it ``RAISE`` px (or not)."""
        self._look(index, dimmed, lit)
        sprite = self.sprites[index]
        y = -RAISE if raised else 0
        if sprite.y != y:
            sprite.y = y

    def set_cursor(self, index: int) -> None:
        """Raise and light the card at ``index`` (-1: no cursor)."""
        if index == self.cursor:
            return
        if 0 <= self.cursor < len(self.sprites):
            old = self.cursor
            self.sprites[old].y = 0
            self._look(old, self._is_dimmed(old), False)
        self.cursor = index
        if 0 <= index < len(self.sprites):
            self.sprites[index].y = -RAISE
            self._look(index, self._is_dimmed(index), True)

    def set_dimmed(self, mask: int) -> None:
        """Dim the slots whose bit is set in ``mask`` (bit i = slot i)."""
        if mask == self.dimmed:
            return
        self.dimmed = mask
        i = 0
        while i < len(self.sprites):
            self._look(i, bool(mask & (1 << i)), bool(self.looks[i] & _LIT))
            i += 1

    def _is_dimmed(self, index: int) -> bool:
        """True if the slot's card is dimmed."""
        return bool(self.looks[index] & _DIMMED)

    def set_hidden(self, index: int, hidden: bool = True) -> None:
        """Hide or show one slot without moving the others (a card just played)."""
        self.sprites[index].hidden = hidden or index >= self.count

    def card_at(self, index: int) -> int:
        """The code shown in a slot."""
        return self.shown[index] - _SHOWN

    def _slot_x(self, index: int) -> int:
        """The x of a slot inside the row's group (for pointers, labels, animations)."""
        return self.sprites[index].x

    def dim_except(self, legal: List[int]) -> None:
        """Dim every shown card whose code is not in ``legal``."""
        mask = 0
        i = 0
        while i < self.count:
            if self.card_at(i) not in legal:
                mask |= 1 << i
            i += 1
        self.set_dimmed(mask)


class PlayScreen(Screen):
    """The base of a game's first play screen: the one its ``start(app, values)`` and
    ``resume(app, data)`` return, around the game's flow (``games/<game>/flow.py``'s
    ``Play``, made by its ``new_play``/``load_play``; the contract: docs/FLOW.md). The app
    saves the game, and the pause menu undoes, from what the flow gives (the app reads the
    flow itself): ``game`` (the engine state), ``applied`` (actions sent to the engine and
    undos: a count that never goes back; the app saves the game when it moves),
    ``can_undo()`` (the pause menu offers Undo) and ``undo()``, called while the pause menu
    covers the screen: back on top, a ``releasable`` screen is built again from its flow,
    another redraws in ``shown``; and ``saved()``, the game as bytes, which the game's
    ``resume`` reads back.

    One dispatch for every game: a key goes to the flow unless ``ready`` leaves it out
    (the table is settling); what the flow's ``key`` returns is drawn by ``draw`` (a
    refused key has the refused cue first) and ``follow`` opens what its ``event`` asks
    for. A frame does the same with the flow's ``tick``. Games override ``draw``,
    ``follow`` and ``ready``, not ``key`` or ``tick``.

    START over it opens the pause menu (``pausable``).
    """

    pausable = True
    flow: Any  # set by the subclass's ``__init__``

    def saved(self) -> bytes:
        """The game as bytes, for the game's ``resume``: the flow's ``saved()``."""
        return self.flow.saved()

    def ready(self, app: Any, key: int) -> bool:
        """False to leave the flow out: ``key`` (a ``K_*`` bit) is dropped while the
        table settles (what the player did not ask for must show first); for a frame
        (``key`` 0), the frame is the screen's own (a screen it opens, its table drawn
        first). The default: always True."""
        return True

    def key(self, app: Any, key: int) -> None:
        """The key to the flow (unless ``ready`` drops it), a refused key's cue, then
        ``draw`` and ``follow``."""
        if not self.ready(app, key):
            return
        changed = self.flow.key(key)
        if changed & REFUSED:
            app.cue(CUE_REFUSED)
        self.draw(app, changed)
        self.follow(app)

    def tick(self, app: Any, now: int) -> bool:
        """A frame: the flow's ``tick`` (a CPU's turn, a timed show), then ``draw`` and
        ``follow``; True if the screen changed (or another now covers it)."""
        if not self.ready(app, 0):
            return self.group is None  # a covering screen opened: it is drawn
        changed = self.flow.tick(now, app.more)
        drawn = self.draw(app, changed)
        return self.follow(app) or drawn

    def draw(self, app: Any, changed: int) -> bool:
        """Redraw what ``changed`` (the flow's ``DRAW_*`` bits) says changed; True if the
        screen changed. A game's own cues (a trick won) come from here."""
        return False

    def follow(self, app: Any) -> bool:
        """Open the screen the flow's ``event`` asks for; True if one opened."""
        return False
