# SPDX-License-Identifier: MIT
"""
`games.jekyll.screens`
======================

Jekyll & Hyde for two players sharing one device (pass-and-play).

The play screen, top to bottom: a banner in the colour of the side the ribbon lies on
(Dr. Jekyll's blue, Mr. Hyde's red) with the turn number; whose turn and what is due
(the actions left) with both scores; a one-row minimap with one mark per ribbon card
(light: face up, blue: face down; a grey bar under the cards in the viewport, yellow
under the cursor); the ribbon viewport (8 cards, overlapping; face-down cards as backs;
arrows when more lie beyond); a caption naming what the cursor would do (the engine's
``describe``); the hand, and at the right the draw pile (Poole: one face-down pile with
its count) or the three face-up apothecary piles (higher levels); the action menu.

Keys. Menu: LEFT/RIGHT pick an item (Play, Move, Flip, Take, Transform / End turn;
illegal ones grey), A chooses, UP/DOWN scroll the ribbon, SELECT shows tricks, piles and
your recipe peeks. Draw: LEFT/RIGHT pick a pile, A draws. Play: LEFT/RIGHT pick a hand
card, A; LEFT/RIGHT/UP/DOWN choose face up or down (the card shows its back for down), A;
LEFT/RIGHT move the placement bar along the ribbon's gaps (UP/DOWN still turn the card),
A plays. Move: pick a ribbon card, A, move the bar, A. Flip: pick a ribbon card, A.
Take: LEFT/RIGHT cycle through the takeable tricks (lit), A takes. B steps back.

Every cursor-built action is checked with the engine's ``can_apply`` (no legal-action
list). The transformation plays as a wave of cards turning over across the viewport
(right to left toward Hyde's side, left to right toward Jekyll's, as the ribbon would be
flipped over) over a few ``tick`` frames, then the banner takes the new side's colour.
After "End turn" the screen shows the next player's hand behind a privacy screen ("Pass
to Mr. Hyde"). At the Mr. Hyde level, emptying an apothecary pile shows the peeked recipe
card only after a privacy screen, then hides it again. At the end: a result screen with
the winner, why the game ended and the scores; statistics count a game as won when Dr.
Jekyll (seat 0, who starts) wins (``flow.recorded_win``).
"""

import displayio
from micropython import const

from decktet import cards
from games.jekyll import engine, flow
from handheld import cardview, ui
from handheld.app import App, Screen
from handheld.keys import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_SELECT, K_UP
from handheld.screens import MessageScreen, PrivacyScreen
from handheld.store import SET_JEKYLL_LEVEL, SETTING_CHOICES

try:
    from typing import Any, Dict, List
except ImportError:
    pass

MODE_MENU = const(0)
MODE_DRAW = const(1)
MODE_HAND = const(2)
MODE_FACE = const(3)
MODE_PLACE = const(4)
MODE_MOVE_PICK = const(5)
MODE_MOVE_DEST = const(6)
MODE_FLIP = const(7)
MODE_TAKE = const(8)
MODE_ANIM = const(9)
MODE_OVER = const(10)

VISIBLE = const(8)  # ribbon cards in the viewport
_STRIDE = const(17)  # overlapping: the left 17 px of a card identify it
_RIBBON_X = const(8)
_RIBBON_Y = const(35)
_MAP_Y = const(23)
_CAPTION_Y = const(67)
_HAND_Y = const(80)
_COUNT_Y = const(111)
_MENU_Y = const(120)
_HAND_SLOTS = const(16)
_FRAME_MS = const(45)
_TICK_MASK = const(0x1FFFFFFF)
_JEKYLL_COLOUR = const(0x2E5A88)
_HYDE_COLOUR = const(0x8A1C24)
_MARK_UP = const(0xF0E8D0)
_MARK_DOWN = const(0x5078D0)
_MENU_X = (2, 28, 54, 80, 106)
# Minimap tiles: 0 none; 1/2 face up/down; +2 in the viewport; +4 under the cursor.
_TILE_W = const(3)
_TILE_H = const(7)

_HINTS = (
    "",
    "<> pile  A draw  SELECT tricks",
    "<> card  A pick  B back",
    "<> face up/down  A ok  B back",
    "<> place ^v face A play B back",
    "<> card  A pick  B back",
    "<> place  A move  B back",
    "<> card  A flip  B back",
    "<> trick  A take  B back",
    "",
    "",
)


def setup_rows(app: App) -> List[List[Any]]:
    """Level (Poole, Jekyll, Hyde; default from Settings) and the handicap."""
    return [
        ["Level", SETTING_CHOICES[SET_JEKYLL_LEVEL], app.settings.get(SET_JEKYLL_LEVEL)],
        ["Handicap", flow.handicap_choices(), 0],
    ]


def start(app: App, values: List[int]) -> Screen:
    """A new game from the set-up values: the play screen, Dr. Jekyll to move."""
    options = flow.options_for(values[0], values[1] if len(values) > 1 else 0)
    return PlayScreen(engine.Game(app.new_seed(), options))


def _minimap_sheet() -> Any:
    """The minimap's seven 3x7 tiles in one small bitmap (built once per screen)."""
    palette = displayio.Palette(5)
    palette[0] = 0
    palette.make_transparent(0)
    palette[1] = _MARK_UP
    palette[2] = _MARK_DOWN
    palette[3] = ui.GREY
    palette[4] = ui.ACCENT
    bitmap = displayio.Bitmap(_TILE_W * 7, _TILE_H, 5)
    for tile in range(1, 7):
        left = tile * _TILE_W
        colour = 1 if tile & 1 else 2
        for y in range(5):
            bitmap[left, y] = colour
            bitmap[left + 1, y] = colour
        under = 0 if tile < 3 else (3 if tile < 5 else 4)
        if under:
            for x in range(_TILE_W):
                bitmap[left + x, _TILE_H - 1] = under
    return bitmap, palette


class PlayScreen(Screen):
    """The Jekyll & Hyde table (see the module docstring)."""

    pausable = True

    def __init__(self, game: Any) -> None:
        super().__init__()
        self.game = game
        self.seat = 0  # whose view the screen shows (the current player)
        self.obs: Dict[str, Any] = {}
        self.tricks: List[int] = []
        self.mode = MODE_MENU
        self.item = flow.ITEM_PLAY
        self.mask = 0
        self.top = 0  # first ribbon card in the viewport
        self.rcur = 0  # ribbon card cursor
        self.gap = 0  # gap cursor (play, move)
        self.source = 0  # the card being moved
        self.hcur = 0  # hand cursor
        self.face_up = True
        self.pile = 0
        self.trick = 0  # index into self.tricks
        self.anim_old: List[int] = []
        self.anim_new: List[int] = []
        self.anim_frame = 0
        self.anim_at = 0
        self.anim_step = 1
        self.animations = 0  # transformations animated (for tests)
        self.pile_count = 1
        self.hand_width = 130

    # --- building ------------------------------------------------------------------------

    def build(self, app: App) -> None:
        """Every widget, once; ``_sync`` fills them."""
        g = displayio.Group()
        self.group = g
        g.append(ui.rect(ui.WIDTH, ui.HEIGHT, ui.TABLE))
        self.banner_j = ui.rect(ui.WIDTH, 12, _JEKYLL_COLOUR)
        self.banner_h = ui.rect(ui.WIDTH, 12, _HYDE_COLOUR)
        g.append(self.banner_j)
        g.append(self.banner_h)
        self.banner = ui.label("", 3, 1, ui.LARGE, ui.WHITE)
        g.append(self.banner)
        self.turn = ui.label("", ui.WIDTH - 2, 2, ui.SMALL, ui.WHITE, right=True)
        g.append(self.turn)
        self.info = ui.label("", 2, 13, ui.SMALL, ui.WHITE)
        g.append(self.info)
        self.score = ui.label("", ui.WIDTH - 2, 13, ui.SMALL, ui.ACCENT, right=True)
        g.append(self.score)
        bitmap, palette = _minimap_sheet()
        self.minimap = displayio.TileGrid(
            bitmap,
            pixel_shader=palette,
            width=45,
            height=1,
            tile_width=_TILE_W,
            tile_height=_TILE_H,
            default_tile=0,
            x=0,
            y=_MAP_Y,
        )
        g.append(self.minimap)
        self.ribbon = displayio.Group(x=_RIBBON_X, y=_RIBBON_Y)
        self.sprites: List[Any] = []
        for _ in range(VISIBLE):
            sprite = cardview.CardSprite()
            sprite.hidden = True
            self.sprites.append(sprite)
            self.ribbon.append(sprite)
        g.append(self.ribbon)
        self.more_left = ui.label("<", 1, _RIBBON_Y + 9, ui.LARGE, ui.ACCENT)
        self.more_right = ui.label(">", ui.WIDTH - 6, _RIBBON_Y + 9, ui.LARGE, ui.ACCENT)
        g.append(self.more_left)
        g.append(self.more_right)
        self.bar = ui.rect(2, cardview.CARD_H + 5, ui.ACCENT, 0, _RIBBON_Y - 4)
        self.bar.hidden = True
        g.append(self.bar)
        self.caption = ui.label("", 2, _CAPTION_Y, ui.SMALL, ui.ACCENT)
        g.append(self.caption)
        level = self.game.observation(0)["level"]
        self.pile_count = 1 if level == engine.LEVEL_POOLE else 3
        piles_x = ui.WIDTH - cardview.CARD_W - (self.pile_count - 1) * _STRIDE
        self.hand_width = piles_x - 4
        self.hand = cardview.CardRow(_HAND_SLOTS, 0, _HAND_Y, self.hand_width)
        g.append(self.hand.group)
        self.piles: List[Any] = []
        self.pile_labels: List[Any] = []
        for i in range(self.pile_count):
            sprite = cardview.CardSprite(piles_x + i * _STRIDE, _HAND_Y)
            self.piles.append(sprite)
            g.append(sprite)
        for i in range(self.pile_count):
            text = ui.label("", piles_x + i * _STRIDE + 2, _COUNT_Y, ui.SMALL, ui.WHITE)
            self.pile_labels.append(text)
            g.append(text)
        self.menu = displayio.Group()
        self.menu_bars: List[Any] = []
        self.menu_labels: List[Any] = []
        for i in range(flow.ITEM_COUNT):
            width = 48 if i == flow.ITEM_LAST else 24
            bar = ui.rect(width, 9, ui.BAR, _MENU_X[i] - 2, _MENU_Y - 1)
            bar.hidden = True
            self.menu_bars.append(bar)
            self.menu.append(bar)
        for i in range(flow.ITEM_COUNT):
            name = flow.ITEM_NAMES[i] if i < flow.ITEM_LAST else "End turn"
            text = ui.label(name, _MENU_X[i], _MENU_Y, ui.SMALL, ui.GREY)
            self.menu_labels.append(text)
            self.menu.append(text)
        g.append(self.menu)
        self.hint = ui.label("", 2, _MENU_Y, ui.SMALL, ui.GREY)
        g.append(self.hint)
        self._sync()

    # --- state to screen -----------------------------------------------------------------

    def _sync(self) -> None:
        """Read the observation and show all of it; pick the mode the phase calls for."""
        game = self.game
        if not game.is_over():
            self.seat = game.current_player()
        obs = game.observation(self.seat)
        self.obs = obs
        self.tricks = engine.takeable(obs["ribbon"], obs["face_up"])
        side = obs["side"]
        ui.set_hidden(self.banner_j, side != 0)
        ui.set_hidden(self.banner_h, side != 1)
        ui.set_text(self.banner, "DR. JEKYLL'S SIDE" if side == 0 else "MR. HYDE'S SIDE")
        ui.set_text(self.turn, "turn %d" % obs["turn"])
        ui.set_text(self.info, flow.phase_text(obs))
        ui.set_text(self.score, flow.score_text(obs["scores"]))
        self._show_piles()
        hand = obs["hand"]
        self.hand.set_cards(hand)
        self.hcur = min(self.hcur, max(len(hand) - 1, 0))
        length = len(obs["ribbon"])
        self.rcur = min(self.rcur, max(length - 1, 0))
        self.mask = flow.menu_mask(game, obs, self.tricks)
        self.item = flow.default_item(self.mask, obs["phase"], self.item)
        ui.set_text(self.menu_labels[flow.ITEM_LAST], flow.last_item_name(obs["phase"]))
        if game.is_over():
            self.mode = MODE_OVER
        elif obs["phase"] == engine.PHASE_DRAW:
            self.mode = MODE_DRAW
            self.pile = 0
            while self.pile < 2 and not obs["pile_counts"][self.pile]:
                self.pile += 1
        else:
            self.mode = MODE_MENU
        self._show_ribbon(True)
        self._show_mode()

    def _show_piles(self) -> None:
        """Pile tops (or a back at Poole), counts, and the draw cursor."""
        obs = self.obs
        drawing = obs["phase"] == engine.PHASE_DRAW and not obs["over"]
        for i in range(self.pile_count):
            count = obs["pile_counts"][i]
            sprite = self.piles[i]
            if not count:
                sprite.show(cardview.EMPTY)
            elif self.pile_count == 1:
                sprite.show(cardview.BACK)
            else:
                sprite.show(obs["pile_tops"][i])
            lit = drawing and i == self.pile and self.mode == MODE_DRAW
            sprite.style(drawing and not count, lit)
            sprite.y = _HAND_Y - cardview.RAISE if lit else _HAND_Y
            ui.set_text(self.pile_labels[i], "%d" % count)

    def _ribbon_codes(self) -> List[int]:
        """What the viewport shows: codes, or BACK for face-down cards."""
        ribbon = self.obs["ribbon"]
        out = []
        for i in range(self.top, min(self.top + VISIBLE, len(ribbon))):
            code = ribbon[i]
            out.append(cardview.BACK if code < 0 else code)
        return out

    def _left(self, count: int) -> int:
        """x of the viewport's first card: full windows start at 0, short ribbons centre."""
        width = ui.WIDTH - 2 * _RIBBON_X
        return max((width - (_STRIDE * (count - 1) + cardview.CARD_W)) // 2, 0)

    def _show_ribbon(self, cards_changed: bool) -> None:
        """The viewport's cards (if they changed), styles, the bar, arrows and minimap."""
        length = len(self.obs["ribbon"])
        if cards_changed:
            codes = self._ribbon_codes()
            left = self._left(len(codes))
            for i in range(VISIBLE):
                sprite = self.sprites[i]
                if i < len(codes):
                    sprite.show(codes[i])
                    sprite.x = left + i * _STRIDE
                    ui.set_hidden(sprite, False)
                else:
                    ui.set_hidden(sprite, True)
            ui.set_hidden(self.more_left, self.top == 0)
            ui.set_hidden(self.more_right, self.top + VISIBLE >= length)
            self.minimap.x = (ui.WIDTH - length * _TILE_W) // 2
        self._style_ribbon()

    def _style_ribbon(self) -> None:
        """Lit, raised and dimmed ribbon cards for the mode; the gap bar; minimap tiles."""
        mode = self.mode
        length = len(self.obs["ribbon"])
        lit_first = -1
        lit_last = -1
        if mode in (MODE_MOVE_PICK, MODE_FLIP):
            lit_first = lit_last = self.rcur
        elif mode == MODE_MOVE_DEST:
            lit_first = lit_last = self.source
        elif mode == MODE_TAKE and self.tricks:
            lit_first = self.tricks[self.trick]
            lit_last = lit_first + 2
        count = min(VISIBLE, length - self.top)
        for i in range(count):
            index = self.top + i
            sprite = self.sprites[i]
            lit = lit_first <= index <= lit_last
            dimmed = mode == MODE_TAKE and not lit
            sprite.style(dimmed, lit)
            y = -cardview.RAISE if lit else 0
            if sprite.y != y:
                sprite.y = y
        gap_mode = mode in (MODE_PLACE, MODE_MOVE_DEST)
        if gap_mode:
            i = self.gap - self.top
            left = self._left(count)
            if i < count:
                x = left + i * _STRIDE - 2
            else:
                x = left + (count - 1) * _STRIDE + cardview.CARD_W
            self.bar.x = _RIBBON_X + max(x, -_RIBBON_X)
        ui.set_hidden(self.bar, not gap_mode)
        # The minimap: viewport and cursor marks.
        if mode in (MODE_MOVE_PICK, MODE_FLIP):
            cursor = self.rcur
        elif gap_mode:
            cursor = min(self.gap, length - 1)
        elif mode == MODE_TAKE and self.tricks:
            cursor = self.tricks[self.trick] + 1
        else:
            cursor = -1
        face_up = self.obs["face_up"]
        grid = self.minimap
        for i in range(45):
            if i >= length:
                tile = 0
            else:
                tile = 1 if face_up[i] else 2
                if i == cursor:
                    tile += 4
                elif self.top <= i < self.top + VISIBLE:
                    tile += 2
            if grid[i] != tile:
                grid[i] = tile

    def _show_mode(self) -> None:
        """Menu or hint line, hand cursor, pile cursor and the caption for the mode."""
        mode = self.mode
        in_menu = mode == MODE_MENU
        ui.set_hidden(self.menu, not in_menu)
        ui.set_hidden(self.hint, in_menu)
        hint = _HINTS[mode]
        if mode == MODE_DRAW and self.pile_count == 1:
            hint = "A draw  SELECT tricks"
        ui.set_text(self.hint, hint)
        if in_menu:
            for i in range(flow.ITEM_COUNT):
                legal = bool(self.mask & (1 << i))
                selected = i == self.item and legal
                ui.set_hidden(self.menu_bars[i], not selected)
                colour = ui.ACCENT if selected else (ui.WHITE if legal else ui.GREY)
                if self.menu_labels[i].color != colour:
                    self.menu_labels[i].color = colour
        hand_cursor = mode in (MODE_HAND, MODE_FACE, MODE_PLACE)
        self.hand.set_cursor(self.hcur if hand_cursor and self.obs["hand"] else -1)
        if hand_cursor and self.obs["hand"]:
            card = self.obs["hand"][self.hcur]
            shown = card if mode == MODE_HAND or self.face_up else cardview.BACK
            self.hand.sprites[self.hcur].show(shown)
        self._show_piles()
        self._caption()

    def _restore_hand_card(self) -> None:
        """Show the picked hand card's face again (after choosing face down)."""
        hand = self.obs["hand"]
        if hand:
            self.hand.sprites[self.hcur].show(hand[self.hcur])

    def _action(self) -> int:
        """The action the cursor builds now, or -1."""
        mode = self.mode
        obs = self.obs
        if mode == MODE_DRAW:
            return engine.DRAW_BASE + self.pile
        if mode == MODE_PLACE and obs["hand"]:
            return flow.play_action(obs["hand"][self.hcur], self.gap, self.face_up)
        if mode == MODE_MOVE_DEST:
            return flow.move_action(self.source, self.gap)
        if mode == MODE_FLIP:
            return flow.flip_action(self.rcur)
        if mode == MODE_TAKE and self.tricks:
            return flow.take_action(self.tricks[self.trick])
        return -1

    def _caption(self) -> None:
        """Say what A would do (the engine's words), or what there is to know."""
        mode = self.mode
        obs = self.obs
        action = self._action()
        if action >= 0:
            text = self.game.describe(action) if self.game.can_apply(action) else "not allowed"
        elif mode in (MODE_HAND, MODE_FACE) and obs["hand"]:
            card = obs["hand"][self.hcur]
            text = cards.name(card)
            if mode == MODE_FACE:
                text += " face up" if self.face_up else " face down"
        elif mode == MODE_MOVE_PICK:
            code = obs["ribbon"][self.rcur] if obs["ribbon"] else -1
            text = "move %s" % (cards.name(code) if code >= 0 else "card %d" % (self.rcur + 1))
        elif mode == MODE_OVER:
            text = flow.result_title(obs["winner"])
        elif mode == MODE_ANIM:
            text = "transformation!"
        else:
            other = flow.SHORT_NAMES[self.seat ^ 1]
            text = "%s holds %d  ribbon %d" % (other, obs["opponent_hand"], len(obs["ribbon"]))
        ui.set_text(self.caption, text[:31])

    # --- keys ----------------------------------------------------------------------------

    def key(self, app: App, key: int) -> None:
        """Dispatch by mode (see the module docstring for the keys)."""
        mode = self.mode
        if mode in (MODE_ANIM, MODE_OVER):
            return
        step = 1 if key == K_RIGHT else (-1 if key == K_LEFT else 0)
        if key == K_SELECT and mode in (MODE_MENU, MODE_DRAW):
            app.push(MessageScreen("Tricks and piles", self._info_text()))
            return
        if mode == MODE_MENU or mode == MODE_DRAW:
            if key == K_UP or key == K_DOWN:
                self._pan(4 if key == K_DOWN else -4)
            elif mode == MODE_DRAW:
                self._draw_key(app, key, step)
            else:
                self._menu_key(app, key, step)
            return
        if key == K_B:
            self._back()
            return
        length = len(self.obs["ribbon"])
        if mode == MODE_HAND:
            hand = self.obs["hand"]
            if step:
                self.hcur = (self.hcur + step) % len(hand)
            elif key == K_A:
                self.face_up = True
                self.mode = MODE_FACE
            self._show_mode()
        elif mode == MODE_FACE:
            if step or key == K_UP or key == K_DOWN:
                self.face_up = not self.face_up
            elif key == K_A:
                self.mode = MODE_PLACE
                self.gap = min(self.top + 1, length)
                self._scroll_to_gap()
            self._show_mode()
        elif mode == MODE_PLACE:
            if key == K_UP or key == K_DOWN:
                self.face_up = not self.face_up
                self._show_mode()
            elif step:
                self.gap = (self.gap + step) % (length + 1)
                self._scroll_to_gap()
                self._caption()
            elif key == K_A:
                self._apply(app, self._action())
        elif mode == MODE_MOVE_PICK or mode == MODE_FLIP:
            if step:
                self.rcur = (self.rcur + step) % length
                self._scroll_to(self.rcur, self.rcur)
                self._caption()
            elif key == K_A and mode == MODE_FLIP:
                self._apply(app, self._action())
            elif key == K_A:
                self.source = self.rcur
                self.gap = flow.first_move_gap(self.source, length)
                self.mode = MODE_MOVE_DEST
                self._scroll_to_gap()
                self._show_mode()
        elif mode == MODE_MOVE_DEST:
            if step:
                self.gap = flow.next_move_gap(self.source, self.gap, step, length)
                self._scroll_to_gap()
                self._caption()
            elif key == K_A:
                self._apply(app, self._action())
        elif mode == MODE_TAKE:
            if step:
                self.trick = (self.trick + step) % len(self.tricks)
                start = self.tricks[self.trick]
                self._scroll_to(start, start + 2)
                self._caption()
            elif key == K_A:
                self._apply(app, self._action())

    def _draw_key(self, app: App, key: int, step: int) -> None:
        """Pick a pile, draw."""
        counts = self.obs["pile_counts"]
        if step and len(counts) > 1:
            pile = self.pile
            for _ in range(3):
                pile = (pile + step) % 3
                if counts[pile]:
                    break
            self.pile = pile
            self._show_piles()
            self._caption()
        elif key == K_A:
            self._apply(app, self._action())

    def _menu_key(self, app: App, key: int, step: int) -> None:
        """Pick a menu item, open its flow."""
        if step:
            self.item = flow.step_item(self.mask, self.item, step)
            self._show_mode()
            return
        if key != K_A or not self.mask & (1 << self.item):
            return
        item = self.item
        length = len(self.obs["ribbon"])
        if item == flow.ITEM_PLAY:
            self.mode = MODE_HAND
        elif item == flow.ITEM_MOVE:
            self.mode = MODE_MOVE_PICK
            self._scroll_to(self.rcur, self.rcur)
        elif item == flow.ITEM_FLIP:
            self.mode = MODE_FLIP
            self._scroll_to(self.rcur, self.rcur)
        elif item == flow.ITEM_TAKE:
            self.mode = MODE_TAKE
            self.trick = 0
            start = self.tricks[0]
            self._scroll_to(start, start + 2)
        elif self.obs["phase"] == engine.PHASE_TRANSFORM:
            self._transform()
            return
        else:
            self._apply(app, engine.END_TURN)
            return
        if length == 0 and self.mode != MODE_HAND:
            self.mode = MODE_MENU
        self._show_ribbon(False)
        self._show_mode()

    def _back(self) -> None:
        """B: one step back in the current flow."""
        mode = self.mode
        if mode == MODE_FACE:
            self._restore_hand_card()
            self.mode = MODE_HAND
        elif mode == MODE_PLACE:
            self.mode = MODE_FACE
        elif mode == MODE_MOVE_DEST:
            self.mode = MODE_MOVE_PICK
            self.rcur = self.source
            self._scroll_to(self.rcur, self.rcur)
        else:
            if mode == MODE_HAND:
                self._restore_hand_card()
            self.mode = MODE_MENU
        self._show_ribbon(False)
        self._show_mode()

    # --- viewport -------------------------------------------------------------------------

    def _set_top(self, top: int) -> None:
        """Scroll the viewport (repaints it only if it moved)."""
        if top != self.top:
            self.top = top
            self._show_ribbon(True)
        else:
            self._style_ribbon()

    def _scroll_to(self, first: int, last: int) -> None:
        """Scroll so cards first..last show."""
        length = len(self.obs["ribbon"])
        self._set_top(flow.window_top(self.top, first, last, VISIBLE, length))

    def _scroll_to_gap(self) -> None:
        """Scroll so the gap cursor shows."""
        length = len(self.obs["ribbon"])
        self._set_top(flow.gap_window(self.gap, self.top, VISIBLE, length))

    def _pan(self, delta: int) -> None:
        """UP/DOWN in the menu: look along the ribbon."""
        length = len(self.obs["ribbon"])
        self._set_top(max(min(self.top + delta, length - VISIBLE), 0))

    # --- actions ----------------------------------------------------------------------------

    def _apply(self, app: App, action: int) -> None:
        """Send a cursor-built action (if legal) and follow up: peek, next turn, the end."""
        game = self.game
        if action < 0 or not game.can_apply(action):
            return
        peeks = len(self.obs["peeks"])
        seat = self.seat
        if self.mode == MODE_PLACE:
            self._restore_hand_card()
        game.apply_action(action)
        self._sync()
        if game.is_over():
            self._finish(app)
        elif action == engine.END_TURN:
            app.push(PrivacyScreen("Pass to %s" % flow.SEAT_NAMES[self.seat]))
        elif len(self.obs["peeks"]) > peeks:
            card = self.obs["peeks"][-1]
            name = flow.SEAT_NAMES[seat]

            def reveal(app: App) -> None:
                app.push(PeekScreen(card, name))

            app.push(PrivacyScreen("Recipe peek: %s only" % name, reveal))

    def _transform(self) -> None:
        """Apply the transformation and start its animation (the wave runs in ``tick``)."""
        self.anim_old = self._ribbon_codes()
        self.game.apply_action(engine.TRANSFORM)
        self.obs = self.game.observation(self.seat)
        self.anim_new = self._ribbon_codes()
        # Toward Hyde's side the wave runs right to left, toward Jekyll's left to right.
        self.anim_step = -1 if self.obs["side"] == 1 else 1
        self.anim_frame = 0
        self.anim_at = -1
        self.mode = MODE_ANIM
        ui.set_hidden(self.bar, True)
        self._show_mode()

    def tick(self, app: App, now: int) -> bool:
        """Advance the transformation's wave one frame every ``_FRAME_MS``."""
        if self.mode != MODE_ANIM:
            return False
        if self.anim_at >= 0 and (now - self.anim_at) & _TICK_MASK < _FRAME_MS:
            return False
        self.anim_at = now
        count = len(self.anim_new)
        frame = self.anim_frame
        if frame > count:
            self.animations += 1
            self._sync()
            if self.game.is_over():
                self._finish(app)
            return True
        for i in range(count):
            # Position along the wave: 0 turns first.
            along = i if self.anim_step > 0 else count - 1 - i
            sprite = self.sprites[i]
            if along < frame - 1:
                sprite.show(self.anim_new[i])
            elif along == frame - 1:
                sprite.show(cardview.EMPTY)  # edge-on, mid-turn
            else:
                sprite.show(self.anim_old[i])
        self.anim_frame = frame + 1
        return True

    def _finish(self, app: App) -> None:
        """Record the result (the app counts a game once) and show it; A returns to the
        main menu."""
        obs = self.obs
        app.record_result(flow.recorded_win(obs["winner"]))
        app.push(
            MessageScreen(
                flow.result_title(obs["winner"]), flow.result_text(obs, cards.name), App.home
            )
        )

    def _info_text(self) -> str:
        """SELECT: tricks taken, piles, the opponent's hand and this player's recipe peeks."""
        obs = self.obs
        text = ""
        for seat in range(2):
            taken = obs["tricks"][seat]
            names = ", ".join([cards.name(card) for card in taken]) if taken else "no tricks"
            text += "%s %d: %s.\n" % (flow.SHORT_NAMES[seat], obs["scores"][seat], names)
        counts = obs["pile_counts"]
        text += "Draw pile%s: %s. " % (
            "s" if len(counts) > 1 else "",
            " ".join(["%d" % n for n in counts]),
        )
        text += "%s holds %d.\n" % (flow.SHORT_NAMES[self.seat ^ 1], obs["opponent_hand"])
        if obs["peeks"]:
            text += "Your recipe peeks: %s." % ", ".join([cards.name(c) for c in obs["peeks"]])
        return text


class PeekScreen(Screen):
    """The peeked recipe card, shown after a privacy screen; A hides it again."""

    def __init__(self, card: int, name: str) -> None:
        super().__init__()
        self.card = card
        self.name = name

    def build(self, app: App) -> None:
        """Title, the card, its name and the hint."""
        self.group = displayio.Group()
        self.group.append(ui.title_bar("Recipe card"))
        self.group.append(ui.label("%s peeks at:" % self.name, 3, 20, ui.LARGE))
        sprite = cardview.CardSprite((ui.WIDTH - cardview.CARD_W) // 2, 40)
        sprite.show(self.card)
        self.group.append(sprite)
        self.group.append(ui.label(cards.name(self.card), 3, 80, ui.LARGE, ui.ACCENT))
        self.group.append(ui.label("A hide it again", 2, _MENU_Y, ui.SMALL, ui.GREY))

    def key(self, app: App, key: int) -> None:
        """A (or B) hides the card."""
        if key == K_A or key == K_B:
            app.pop()
