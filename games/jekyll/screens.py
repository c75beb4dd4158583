# SPDX-License-Identifier: MIT
"""
`games.jekyll.screens`
======================

Jekyll & Hyde for two players sharing one device (pass-and-play), or for one against the
CPU (``flow``, A CPU opponent).

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
Take: LEFT/RIGHT cycle through the takeable tricks (lit), A takes. B steps back. The
pause menu's Undo takes back this turn's actions one by one, up to the draw, the
transformation or a face-down card flipped face up (``flow``, Undo).

Every cursor-built action is checked with the engine's ``can_apply`` (no legal-action
list). The transformation plays as a wave of cards turning over across the viewport
(right to left toward Hyde's side, left to right toward Jekyll's, as the ribbon would be
flipped over) over a few ``tick`` frames, then the banner takes the new side's colour. On
Hyde's side the ribbon is drawn mirrored (the engine's docstring says why), the flow's
observation already in that order. The first turn, like a resumed game's, comes after
a privacy screen ("Pass to Dr. Jekyll"). After "End turn" the screen shows the next
player's hand behind a privacy screen ("Pass to Mr. Hyde"). At the Mr. Hyde level,
emptying an apothecary pile shows the peeked recipe card only after a privacy screen,
then hides it again. At the end: the kit's game-over
screen with the winner, why the game ended and the scores (A plays again); statistics
keep the owner's seat's result and points (``flow.owner_seat``: Dr. Jekyll, who starts,
unless the set-up's "You play" row says Hyde).

Against the CPU there are no privacy screens (a recipe peek shows at once). On its turn a
``CpuScreen`` covers the table ("Mr. Hyde is thinking"): the table's widgets and the card
sheet are let go while the flow (``flow.Play.tick``) loads the CPU's four modules
(``games.jekyll.cpu`` and its parts), one a frame, plays its turn and drops them before
the table is built again, so the two never share the heap. The table then shows the CPU's turn
action by action, each named on the caption with the card it left lit, for
``flow.SHOW_MS`` each; A shows the next at once. The CPU's seat is named with "(CPU)"
(``flow.seat_name``), and the result against it says "You win".

No accidental moves: when the table shows the CPU's turn (its cover gone), and each time
that turn on show moves on or ends, A and B count only once it has been shown for
``handheld.screens.PRIVACY_MS`` (its hint line hidden till then); the recipe peek
likewise. A double tap never draws a card before the player has seen their turn. START on
a privacy screen pauses the game (no card shows).
"""

import displayio
from micropython import const

from decktet import cards
from games.jekyll import engine, flow
from handheld import cardview, keys, ui
from handheld.app import App, Screen
from handheld.keys import EVENT_NONE, K_A, K_B, ticks_diff
from handheld.screens import (
    PRIVACY_MS,
    ConfirmScreen,
    MessageScreen,
    NoticeScreen,
    PrivacyScreen,
    hint,
)
from handheld.sound import CUE_TRICK

try:
    from typing import Any, List
except ImportError:
    pass

_STRIDE = const(17)  # overlapping: the left 17 px of a card identify it
_RIBBON_X = const(8)
_RIBBON_Y = const(35)
_MAP_Y = const(23)
_CAPTION_Y = const(67)
_HAND_Y = const(80)
_COUNT_Y = const(111)
_MENU_Y = const(119)
_HAND_SLOTS = const(16)
_JEKYLL_COLOUR = const(0x2E5A88)
_HYDE_COLOUR = const(0x8A1C24)
_MARK_UP = const(0xF0E8D0)
_MARK_DOWN = const(0x5078D0)
_MENU_X = (2, 28, 54, 80, 106)
# Minimap tiles: 0 none; 1/2 face up/down; +2 in the viewport; +4 under the cursor.
_TILE_W = const(3)
_TILE_H = const(7)


def start(app: App, values: List[int]) -> Screen:
    """A new game from the set-up values: the play screen, Dr. Jekyll to move, behind his
    privacy screen."""
    return PlayScreen(flow.new_play(values, app.new_seed()), True)


def resume(app: App, data: bytes) -> Screen:
    """The game saved as ``data`` (``flow.load_play``), behind the privacy screen of the
    player to move; ValueError if it does not load."""
    return PlayScreen(flow.load_play(data), True)


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


class PlayScreen(cardview.PlayScreen):
    """The Jekyll & Hyde table (see the module docstring): draws what ``flow.Play`` holds
    and hands it the keys. While another screen covers it, it lets its widgets go
    (``releasable``) and builds them again from the flow.

    When the table shows the CPU's turn (its cover screen gone), and when that turn on
    show moves on or ends, A and B wait ``PRIVACY_MS`` (the hint line hidden till then): a
    double tap meant for the CPU's turn never draws a card, nor acts, before the player
    has seen their own."""

    releasable = True

    def __init__(self, play: flow.Play, covered: bool = False) -> None:
        super().__init__()
        self.flow = play
        self.covered = covered  # a privacy screen comes first (a new or resumed game)
        self.changed_at = -1  # when the table last changed by itself (``_wait``), or -1
        self.held = False  # A and B wait: the hint line is hidden
        level = play.game.observation(0)["level"]
        self._pile_count = 1 if level == engine.LEVEL_POOLE else 3
        piles_x = ui.WIDTH - cardview.CARD_W - (self._pile_count - 1) * _STRIDE
        self._hand_width = piles_x - 4
        self.release()

    # --- building ------------------------------------------------------------------------

    def release(self) -> None:
        """Let every widget go (a covering screen is shown; ``build`` makes them again)."""
        self._banner_j: Any = None
        self._banner_h: Any = None
        self.banner: Any = None
        self.turn: Any = None
        self.info: Any = None
        self.score: Any = None
        self.minimap: Any = None
        self.ribbon: Any = None
        self._more_left: Any = None
        self._more_right: Any = None
        self.bar: Any = None
        self.caption: Any = None
        self.hand: Any = None
        self.piles: List[Any] = []
        self._pile_labels: List[Any] = []
        self.menu: Any = None
        self._menu_bars: List[Any] = []
        self._menu_labels: List[Any] = []
        self.hint: Any = None

    def build(self, app: App) -> None:
        """Every widget, then all of the flow's state drawn into them."""
        play = self.flow
        if self.covered and (play.cpu_seat < 0 or play.mode == flow.MODE_CPU):
            # A new or resumed game whose first tick (this frame) covers the table at once,
            # with a privacy screen or the CPU's: the widgets would go again unseen, so they
            # are built when the table is shown.
            self.group = displayio.Group()
            return
        g = displayio.Group()
        self.group = g
        g.append(ui.rect(ui.WIDTH, ui.HEIGHT, ui.TABLE))
        self._banner_j = ui.rect(ui.WIDTH, 12, _JEKYLL_COLOUR)
        self._banner_h = ui.rect(ui.WIDTH, 12, _HYDE_COLOUR)
        g.append(self._banner_j)
        g.append(self._banner_h)
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
        self.ribbon = cardview.CardRow(flow.VISIBLE, _RIBBON_X, _RIBBON_Y)
        g.append(self.ribbon.group)
        # One column each: hiding or showing an arrow redraws its own cell only.
        self._more_left = ui.Text("<", 1, _RIBBON_Y + 9, ui.LARGE, ui.ACCENT, False, 1)
        self._more_right = ui.Text(">", ui.WIDTH - 6, _RIBBON_Y + 9, ui.LARGE, ui.ACCENT, False, 1)
        g.append(self._more_left)
        g.append(self._more_right)
        self.bar = ui.rect(2, cardview.CARD_H + 5, ui.ACCENT, 0, _RIBBON_Y - 4)
        self.bar.hidden = True
        g.append(self.bar)
        self.caption = ui.label("", 2, _CAPTION_Y, ui.SMALL, ui.ACCENT)
        g.append(self.caption)
        piles_x = ui.WIDTH - cardview.CARD_W - (self._pile_count - 1) * _STRIDE
        self.hand = cardview.CardRow(_HAND_SLOTS, 0, _HAND_Y, self._hand_width)
        g.append(self.hand.group)
        for i in range(self._pile_count):
            sprite = cardview.CardSprite(piles_x + i * _STRIDE, _HAND_Y)
            self.piles.append(sprite)
            g.append(sprite)
        for i in range(self._pile_count):
            text = ui.label("", piles_x + i * _STRIDE + 2, _COUNT_Y, ui.SMALL, ui.WHITE)
            self._pile_labels.append(text)
            g.append(text)
        self.menu = displayio.Group()
        for i in range(flow.ITEM_COUNT):
            width = 48 if i == flow.ITEM_LAST else 24
            bar = ui.rect(width, 9, ui.BAR, _MENU_X[i] - 2, _MENU_Y - 1)
            bar.hidden = True
            self._menu_bars.append(bar)
            self.menu.append(bar)
        for i in range(flow.ITEM_COUNT):
            name = flow.ITEM_NAMES[i] if i < flow.ITEM_LAST else "End turn"
            # As wide as its words ("Transform" the longest last item): the menu hidden
            # or shown redraws the words, not five lines to the screen's edge.
            columns = len(name) if i < flow.ITEM_LAST else 9
            text = ui.Text(name, _MENU_X[i], _MENU_Y, ui.SMALL, ui.GREY, False, columns)
            self._menu_labels.append(text)
            self.menu.append(text)
        g.append(self.menu)
        self.hint = ui.label("", 2, _MENU_Y, ui.SMALL, ui.GREY)
        g.append(self.hint)
        if play.show.turn:
            self._wait(app.frame_at)  # the CPU's turn on show (its cover just went)
        else:
            # (Built again while A and B still wait, after a page opened meanwhile.)
            self.held = not self.settled(app.frame_at)
        if self.flow.mode == flow.MODE_ANIM:
            self._draw(flow.DRAW_ALL | flow.DRAW_WAVE)
        else:
            self._draw(flow.DRAW_ALL)

    # --- the flow's state to the screen ------------------------------------------------------

    def _draw(self, changed: int) -> None:
        """Redraw what ``changed`` (``flow.DRAW_*`` bits) says changed."""
        play = self.flow
        obs = play.obs
        if changed & flow.DRAW_TABLE:
            side = obs["side"]
            ui.set_hidden(self._banner_j, side != 0)
            ui.set_hidden(self._banner_h, side != 1)
            ui.set_text(self.banner, "DR. JEKYLL'S SIDE" if side == 0 else "MR. HYDE'S SIDE")
            ui.set_text(self.turn, "turn %d" % obs["turn"])
            ui.set_text(self.score, flow.score_text(obs["scores"]))
            ui.set_text(self._menu_labels[flow.ITEM_LAST], flow.last_item_name(obs["phase"]))
        if changed & flow.DRAW_RIBBON:
            self._draw_ribbon()
        if changed & (flow.DRAW_RIBBON | flow.DRAW_STYLE):
            self._draw_style()
        if changed & (flow.DRAW_TABLE | flow.DRAW_MODE):
            self._draw_mode()
        elif changed & flow.DRAW_PILES:
            self._draw_piles()
        if changed & (flow.DRAW_TABLE | flow.DRAW_MODE | flow.DRAW_PILES | flow.DRAW_CAPTION):
            ui.set_text(self.caption, play.caption())
            ui.set_text(self.info, play.status_text())
        if changed & flow.DRAW_WAVE:
            for i in range(len(play.view.wave_new)):
                self.ribbon.show(i, play.wave_code(i))

    def _draw_piles(self) -> None:
        """Pile tops (or a back at Poole), counts, and the draw cursor."""
        play = self.flow
        obs = play.obs
        drawing = obs["phase"] == engine.PHASE_DRAW and not obs["over"]
        for i in range(self._pile_count):
            count = obs["pile_counts"][i]
            sprite = self.piles[i]
            if not count:
                sprite.show(cardview.EMPTY)
            elif self._pile_count == 1:
                sprite.show(cardview.BACK)
            else:
                sprite.show(obs["pile_tops"][i])
            lit = drawing and play.pile_lit(i)
            sprite.style(drawing and not count, lit)
            sprite.y = _HAND_Y - cardview.RAISE if lit else _HAND_Y
            ui.set_text(self._pile_labels[i], "%d" % count)

    def _left(self, count: int) -> int:
        """x of the viewport's first card: full windows start at 0, short ribbons centre."""
        width = ui.WIDTH - 2 * _RIBBON_X
        return max((width - (_STRIDE * (count - 1) + cardview.CARD_W)) // 2, 0)

    def _draw_ribbon(self) -> None:
        """The viewport's cards, the arrows and where the minimap sits."""
        play = self.flow
        length = len(play.obs["ribbon"])
        codes = play.ribbon_codes()
        ribbon = self.ribbon
        if len(codes) == ribbon.count and ribbon.placed:
            # As many cards as shown: the same places (``_left``); only the cards change.
            i = 0
            for code in codes:
                ribbon.show(i, code)
                i += 1
        else:
            left = self._left(len(codes))
            xs = []
            for i in range(len(codes)):
                xs.append(left + i * _STRIDE)
            ribbon.set_cards(codes, xs)
        ui.set_hidden(self._more_left, play.view.top == 0)
        ui.set_hidden(self._more_right, play.view.top + flow.VISIBLE >= length)
        self.minimap.x = (ui.WIDTH - length * _TILE_W) // 2

    def _draw_style(self) -> None:
        """Lit, raised and dimmed ribbon cards for the mode; the gap bar; minimap tiles."""
        play = self.flow
        top = play.view.top
        length = len(play.obs["ribbon"])
        lit_first, lit_last = play.lit_cards()
        taking = play.mode == flow.MODE_TAKE
        count = min(flow.VISIBLE, length - top)
        for i in range(count):
            lit = lit_first <= top + i <= lit_last
            self.ribbon.style(i, taking and not lit, lit, lit)
        gap_shown = play.gap_shown()
        if gap_shown:
            i = play.view.gap - top
            left = self._left(count)
            if i < count:
                x = left + i * _STRIDE - 2
            else:
                x = left + (count - 1) * _STRIDE + cardview.CARD_W
            self.bar.x = _RIBBON_X + max(x, -_RIBBON_X)
        ui.set_hidden(self.bar, not gap_shown)
        cursor = play.map_cursor()
        end = top + flow.VISIBLE
        grid = self.minimap
        i = 0
        for up in play.obs["face_up"]:
            tile = 1 if up else 2
            if i == cursor:
                tile += 4
            elif top <= i < end:
                tile += 2
            if grid[i] != tile:
                grid[i] = tile
            i += 1
        # Past the ribbon's end: the marks of a longer ribbon go (they run unbroken from 0).
        while i < 45 and grid[i]:
            grid[i] = 0
            i += 1

    def _draw_mode(self) -> None:
        """Menu or hint line, the hand (the picked card face down when so chosen), the hand
        and pile cursors."""
        play = self.flow
        in_menu = play.mode == flow.MODE_MENU
        ui.set_hidden(self.menu, not in_menu)
        ui.set_hidden(self.hint, in_menu or self.held)
        ui.set_text(self.hint, keys.hint(play.hint()))
        if in_menu:
            for i in range(flow.ITEM_COUNT):
                legal = bool(play.mask & (1 << i))
                selected = i == play.item and legal
                ui.set_hidden(self._menu_bars[i], not selected)
                colour = ui.ACCENT if selected else (ui.WHITE if legal else ui.GREY)
                if self._menu_labels[i].color != colour:
                    self._menu_labels[i].color = colour
        cursor = play.hand_cursor()
        shown = play.obs["hand"]
        if cursor >= 0 and play.hand_face_down():
            shown = list(shown)
            shown[cursor] = cardview.BACK
        self.hand.set_cards(shown)
        self.hand.set_cursor(cursor)
        self._draw_piles()

    # --- keys and ticks ------------------------------------------------------------------------

    def _wait(self, now: int) -> None:
        """The table appeared or changed by itself at ``now``: A and B wait, the hint line
        hidden."""
        self.changed_at = now
        self.held = True
        if self.hint is not None:
            ui.set_hidden(self.hint, True)

    def settled(self, now: int) -> bool:
        """True once A and B count again (``PRIVACY_MS`` after the last ``_wait``)."""
        return self.changed_at < 0 or not 0 <= ticks_diff(now, self.changed_at) < PRIVACY_MS

    def ready(self, app: App, key: int) -> bool:
        """A and B count once the table has settled (``settled``). A frame (``key`` 0) is
        the screen's own while a screen must cover the table first: a new or resumed
        game's privacy screen for the player to move (of two humans), the CPU's cover
        while it thinks (``CpuScreen``)."""
        if key:
            return (key != K_A and key != K_B) or self.settled(app.frame_at)
        play = self.flow
        if self.covered:
            self.covered = False
            if play.cpu_seat < 0:
                app.push(PrivacyScreen("Pass to " + flow.seat_name(play.seat)))
                return False
        if play.mode == flow.MODE_CPU:
            app.push(CpuScreen(play))
            return False
        return True

    def draw(self, app: App, changed: int) -> bool:
        """Redraw what the flow changed (``flow.DRAW_*``), unless a screen opens now to
        cover the table (the flow's event, or the CPU's cover in this frame's ``tick``):
        the table lets its widgets go then, and is built again from the flow when it is
        back on top. The CPU's turn on show moving on or ending (``DRAW_WAIT``) makes A
        and B wait; once they count, the hint line shows again. A trick taken has its
        cue."""
        play = self.flow
        if changed & flow.DRAW_WAIT:
            self._wait(app.frame_at)  # the CPU's next action, or the end of its turn
        if engine.TAKE_BASE <= play.acted < engine.DRAW_BASE:
            app.cue(CUE_TRICK)
        if not changed:
            if self.held and self.settled(app.frame_at):
                self.held = False
                return ui.set_hidden(self.hint, play.mode == flow.MODE_MENU)
            return False
        if play.event == EVENT_NONE and play.mode != flow.MODE_CPU:
            self._draw(changed)
        return True

    def _end_turn(self, app: App) -> None:
        """The end of the turn was confirmed."""
        self.draw(app, self.flow.end_turn())
        self.follow(app)

    def follow(self, app: App) -> bool:
        """Open the screen the flow's event calls for: tricks and piles, the privacy screen
        for the next player, a recipe peek behind its own privacy screen, the result."""
        play = self.flow
        event = play.event
        if event == flow.EVENT_INFO:
            app.push(MessageScreen("Tricks and piles", play.info_text()))
        elif event == flow.EVENT_CONFIRM_END:
            left = play.obs["actions_left"]
            text = "You have %d action%s left." % (left, "" if left == 1 else "s")
            app.push(ConfirmScreen("End your turn?", text, self._end_turn))
        elif event == flow.EVENT_PASS:
            app.push(PrivacyScreen("Pass to " + flow.seat_name(play.seat)))
        elif event == flow.EVENT_PEEK:
            card = play.peek_card
            name = flow.seat_name(play.seat)  # the seat whose draw emptied the pile

            def reveal(app: App) -> None:
                app.push(PeekScreen(card, name))

            if play.cpu_seat < 0:
                app.push(PrivacyScreen("Recipe peek: %s only" % name, reveal))
            else:
                reveal(app)
        elif event == flow.EVENT_OVER:
            obs = play.obs
            seat = flow.owner_seat(play.game.options)
            app.record_result(obs["winner"] == seat, obs["scores"][seat])
            text = flow.result_text(obs, cards.display_name, play.cpu_seat)
            app.game_over(flow.result_title(obs["winner"], play.cpu_seat), text)
        else:
            return False
        return True


class CpuScreen(Screen):
    """Covers the table while the CPU plays its turn: the flow loads ``games.jekyll.cpu``
    a part a frame, plays the turn on the game a little every frame and drops the CPU's
    parts (``flow.Play.tick``); then the play screen shows the turn from where it began.
    The table's widgets are already let go (the play screen is ``releasable``); this lets
    the card sheet go too."""

    busy = True  # no pause between frames: the CPU's turn comes sooner

    def __init__(self, play: Any) -> None:
        super().__init__()
        self.flow = play

    def build(self, app: App) -> None:
        """The CPU's name and what it does, centred; what comes next."""
        cardview.release_sheet()
        self.group = displayio.Group()
        name = flow.seat_name(self.flow.cpu_seat, self.flow.cpu_seat)
        for text, top, colour in ((name, 44, ui.ACCENT), ("is thinking...", 58, ui.WHITE)):
            x = (ui.WIDTH - len(text) * 6) // 2
            self.group.append(ui.label(text, x, top, ui.LARGE, colour))
        self.group.append(ui.label("its turn shows next", 2, _MENU_Y, ui.SMALL, ui.GREY))

    def tick(self, app: App, now: int) -> bool:
        """A frame of the CPU's turn (the flow's ``tick``); once it is over, the table."""
        play = self.flow
        play.tick(now, app.more)
        if play.mode == flow.MODE_CPU:
            return False
        app.pop()
        return True


class PeekScreen(NoticeScreen):
    """The peeked recipe card, shown after a privacy screen (or at once against the CPU);
    A hides it again, once it has been shown for a moment (``NoticeScreen``: a double
    tap on the draw would hide it unseen)."""

    def __init__(self, card: int, name: str) -> None:
        super().__init__()
        self.card = card
        self.name = name

    def draw(self, app: App) -> Any:
        """Title, the card, its name and the hint (returned)."""
        self.group = displayio.Group()
        self.group.append(ui.title_bar("Recipe card"))
        self.group.append(ui.label("%s peeks at:" % self.name, 3, 20, ui.LARGE))
        sprite = cardview.CardSprite((ui.WIDTH - cardview.CARD_W) // 2, 40)
        sprite.show(self.card)
        self.group.append(sprite)
        self.group.append(ui.label(cards.display_name(self.card), 3, 80, ui.LARGE, ui.ACCENT))
        prompt = hint("A hide it again")
        self.group.append(prompt)
        return prompt

    def act(self, app: App, key: int) -> None:
        """A (or B) hides the card."""
        if key == K_A or key == K_B:
            app.pop()
