# SPDX-License-Identifier: MIT
"""
`games.bharg.screens`
=====================

Bharg, pass-and-play on one handheld. Each turn starts behind a privacy screen ("Pass to
Player 2 - press A", no cards), then the play table shows that seat's view:

- top: whose turn and what to do, the round and the target; below it one line per other
  seat saying what it did since this seat's last turn (observation ``last_turns``);
- middle: the draw pile (with its count), the discard top, the Ace Pile top, and every
  seat's card count and score;
- bottom: the hand in its best arrangement (observation ``arrangement``): each set grouped
  over a blue or pink bar, Ace-bound cards (and the Excuse) over a green bar, unbound
  cards with no bar; the card under the cursor is named with its status.

Keys: draw phase LEFT/RIGHT pick the deck or the discard top, A takes it; discard phase
LEFT/RIGHT pick a card (the one taken from the discard pile is dimmed: illegal), A
discards it. SELECT shows the legend. START pauses (rules, quit).

After the round: every hand revealed with its unbound value (``RoundEndScreen``), then the
scoreboard toward the target (``ScoreScreen``); A deals the next round, or at the match's
end shows the winner and returns to the menu. Statistics: every finished match counts as
played, and as won when Player 1 (the device's owner) won it.
"""

import displayio
from micropython import const

from decktet import cards
from games.bharg import flow
from games.bharg.engine import (
    DISCARD_BASE,
    NEXT_ROUND,
    TAKE_DISCARD,
    Game,
    best_arrangement,
    card_value,
)
from handheld import cardview, ui
from handheld.app import App, Screen
from handheld.keys import K_A, K_LEFT, K_RIGHT, K_SELECT
from handheld.registry import DECK_CHOICES
from handheld.screens import MessageScreen, PrivacyScreen, hint
from handheld.store import SET_BHARG_TARGET

try:
    from typing import Any, Dict, List
except ImportError:
    pass

_HAND_SLOTS = const(8)
_PILES_Y = const(28)
_DECK_X = const(4)
_DISCARD_X = const(40)
_ACE_X = const(76)
_BOARD_X = const(106)
_HAND_Y = const(74)
_NAME_Y = const(110)
_GROUP_GAP = const(4)
_BAR_GAP = const(2)
_ROUND_ROW_H = const(34)
_ROUND_CARDS_W = const(126)

# Bar colours by flow.MARK_*: none, set, the next set, Ace-bound.
_SET_BLUE = const(0x50B0F0)
_SET_PINK = const(0xF070B0)
_ACE_GREEN = const(0x70E070)

_STATUS_WORDS = ("", "in a set", "in a set", "bound by the Ace")
_LEGEND = (
    "Blue or pink bar: a set (three or more cards with all six suits once).\n"
    "Green bar: bound by the Ace Pile top's suit (or the Excuse).\n"
    "No bar: unbound; it counts against you if someone else goes out.\n"
    "A dimmed card was taken from the discard pile this turn: keep it."
)


def setup_rows(app: App) -> List[List[Any]]:
    """Players, Target (the engine's 25/50/100 or a single round) and Deck extras."""
    return [
        ["Players", flow.PLAYER_CHOICES, 0],
        ["Target", flow.TARGET_CHOICES, app.settings.get(SET_BHARG_TARGET)],
        ["Deck", DECK_CHOICES, 0],
    ]


def start(app: App, values: List[int]) -> Screen:
    """A new match from the set-up rows; the first turn starts behind a privacy screen."""
    return PlayScreen(Game(app.new_seed(), flow.options_from_values(values)))


def _bar_strip(width: int) -> Any:
    """A row of ``width`` 1x3 px tiles: the arrangement bars under a hand."""
    bitmap = displayio.Bitmap(4, 3, 4)
    x = 0
    while x < 4:
        y = 0
        while y < 3:
            bitmap[x, y] = x
            y += 1
        x += 1
    palette = displayio.Palette(4)
    palette[0] = 0
    palette[1] = _SET_BLUE
    palette[2] = _SET_PINK
    palette[3] = _ACE_GREEN
    palette.make_transparent(0)
    return displayio.TileGrid(
        bitmap, pixel_shader=palette, width=width, height=1, tile_width=1, tile_height=3
    )


class HandView:
    """A hand laid out by its arrangement: up to eight cards in groups (each set, the other
    bound cards, the unbound ones) with a gap between groups and a coloured bar under
    each group (see ``flow.MARK_*``). Built once; ``show`` moves and re-tiles.

    :param int x, y: top-left of the cards (a raised card goes ``RAISE`` px above)
    :param int width: pixels for the cards and the bars
    """

    def __init__(self, x: int, y: int, width: int) -> None:
        self.width = width
        self.group = displayio.Group(x=x, y=y)
        self.sprites: List[Any] = []
        slot = 0
        while slot < _HAND_SLOTS:
            sprite = cardview.CardSprite()
            sprite.hidden = True
            self.sprites.append(sprite)
            self.group.append(sprite)
            slot += 1
        self.bars = _bar_strip(width)
        self.bars.y = cardview.CARD_H + 2
        self.group.append(self.bars)

    def show(self, arrangement: Any) -> Any:
        """Show an arrangement ``(sets, bound, unbound)``; returns ``(cards, marks)`` in
        slot order."""
        order, marks, groups = flow.hand_layout(arrangement)
        width = self.width
        xs = flow.slot_xs(groups, width, cardview.CARD_W, 2, _GROUP_GAP)
        bars = self.bars
        column = 0
        slot = 0
        while slot < _HAND_SLOTS:
            sprite = self.sprites[slot]
            if slot < len(order):
                sprite.x = xs[slot]
                sprite.hidden = False
                sprite.show(order[slot])
                # The bar runs under the card up to the next card, or stops short of the
                # next group.
                end = xs[slot] + cardview.CARD_W
                if slot + 1 < len(order):
                    if groups[slot + 1] != groups[slot]:
                        end = xs[slot + 1] - _BAR_GAP
                    else:
                        end = xs[slot + 1]
                end = min(end, width)
                while column < xs[slot]:
                    bars[column] = 0
                    column += 1
                while column < end:
                    bars[column] = marks[slot]
                    column += 1
            else:
                sprite.hidden = True
            slot += 1
        while column < width:
            bars[column] = 0
            column += 1
        return order, marks

    def style(self, slot: int, dimmed: bool, lit: bool, raised: bool) -> None:
        """Dim and/or light one card, and raise it (the cursor's card)."""
        sprite = self.sprites[slot]
        sprite.style(dimmed, lit)
        sprite.y = -cardview.RAISE if raised else 0

    def card_at(self, slot: int) -> int:
        """The card code shown in a slot."""
        return self.sprites[slot].card


class PlayScreen(Screen):
    """The table for the seat to act (see the module docstring)."""

    pausable = True

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.seat = game.current_player()
        self.obs: Dict[str, Any] = {}
        self.order: List[int] = []
        self.marks = bytearray(0)
        self.legal: List[int] = []
        self.pile = flow.PILE_DECK
        self.cursor = 0
        self.covered = True  # the next seat has not pressed A on the privacy screen yet
        self.status: Any = None
        self.info: Any = None
        self.summary: List[Any] = []
        self.deck_view: Any = None
        self.discard_view: Any = None
        self.ace_view: Any = None
        self.board: List[Any] = []
        self.hand: Any = None
        self.name: Any = None
        self.hint: Any = None

    # -- building -------------------------------------------------------------------

    def build(self, app: App) -> None:
        """The table, piles, scoreboard, hand slots, bars and texts, built once."""
        group = displayio.Group()
        self.group = group
        group.append(ui.rect(ui.WIDTH, ui.HEIGHT, ui.TABLE))
        self.status = ui.label("", 2, 1, ui.SMALL, ui.ACCENT)
        group.append(self.status)
        self.info = ui.label("", ui.WIDTH - 2, 1, ui.SMALL, ui.GREY, right=True)
        group.append(self.info)
        for y in (10, 18):
            line = ui.label("", 2, y, ui.SMALL, ui.WHITE)
            self.summary.append(line)
            group.append(line)
        self.deck_view = cardview.CardSprite(_DECK_X, _PILES_Y)
        self.discard_view = cardview.CardSprite(_DISCARD_X, _PILES_Y)
        self.ace_view = cardview.CardSprite(_ACE_X, _PILES_Y)
        for view in (self.deck_view, self.discard_view, self.ace_view):
            group.append(view)
        for text, x in (("Deck", _DECK_X), ("Discard", _DISCARD_X), ("Ace", _ACE_X)):
            group.append(ui.label(text, x + 12 - len(text) * 5 // 2, 60, ui.SMALL, ui.GREY))
        row = 0
        while row < 4:
            line = ui.label("", _BOARD_X, _PILES_Y + row * 9, ui.SMALL, ui.WHITE)
            self.board.append(line)
            group.append(line)
            row += 1
        self.hand = HandView(0, _HAND_Y, ui.WIDTH)
        group.append(self.hand.group)
        self.name = ui.label("", 2, _NAME_Y, ui.SMALL, ui.WHITE)
        group.append(self.name)
        self.hint = hint("")
        group.append(self.hint)
        self.show_seat(self.game.current_player())

    # -- showing a seat's view --------------------------------------------------------

    def show_seat(self, seat: int) -> None:
        """Fill the table with ``seat``'s view (used under a privacy screen)."""
        self.seat = seat
        self.pile = flow.PILE_DECK
        self.cursor = -1
        self._refresh()

    def _refresh(self) -> None:
        """Re-read the observation and update every widget that may have changed."""
        game = self.game
        obs = game.observation(self.seat)
        self.obs = obs
        self.legal = game.legal_actions() if game.current_player() == self.seat else []
        drawing = obs["phase"] == "draw"
        ui.set_text(
            self.status,
            "P%d %s" % (self.seat + 1, "draw a card" if drawing else "discard a card"),
        )
        ui.set_text(self.info, "Rd %d %s" % (obs["round"], flow.target_text(obs)))
        lines = flow.turn_summary(obs)
        i = 0
        while i < len(self.summary):
            ui.set_text(self.summary[i], lines[i] if i < len(lines) else "")
            i += 1
        self.deck_view.show(cardview.BACK if obs["deck_count"] else cardview.EMPTY)
        self.discard_view.show(obs["discard_top"] if obs["discard_top"] >= 0 else cardview.EMPTY)
        self.ace_view.show(obs["ace_top"] if obs["ace_top"] >= 0 else cardview.EMPTY)
        ui.set_text(self.board[0], "Deck %d" % obs["deck_count"])
        counts = obs["hand_counts"]
        scores = obs["scores"]
        seat = 0
        while seat < len(self.board) - 1:
            text = ""
            if seat < len(counts):
                text = "%sP%d %dc %d" % (
                    ">" if seat == self.seat else " ",
                    seat + 1,
                    counts[seat],
                    scores[seat],
                )
            ui.set_text(self.board[seat + 1], text)
            seat += 1
        self._show_hand()
        self._show_piles()

    def _show_hand(self) -> None:
        """Lay the hand out by its arrangement, with bars, dimming and the cursor."""
        previous = self.order
        order, marks = self.hand.show(self.obs["arrangement"])
        self.order = order
        self.marks = marks
        discarding = self.obs["phase"] == "discard" and bool(self.legal)
        if discarding:
            if self.cursor < 0:
                # Start on the card just drawn or taken.
                self.cursor = 0
                i = 0
                while i < len(order):
                    if order[i] not in previous:
                        self.cursor = i
                    i += 1
            self.cursor = min(self.cursor, len(order) - 1)
        else:
            self.cursor = -1
        slot = 0
        while slot < len(order):
            card = order[slot]
            dimmed = discarding and (DISCARD_BASE + card) not in self.legal
            self._style_slot(slot, dimmed, slot == self.cursor)
            slot += 1
        self._show_name()
        ui.set_text(
            self.hint, "<> card  A discard  SEL help" if discarding else "<> pile  A take  SEL help"
        )

    def _style_slot(self, slot: int, dimmed: bool, lit: bool) -> None:
        """Dim/light one hand card; the cursor's card is raised."""
        self.hand.style(slot, dimmed, lit, lit)

    def _show_name(self) -> None:
        """Name the card under the cursor with its status, or the chosen pile."""
        obs = self.obs
        if self.cursor >= 0:
            card = self.order[self.cursor]
            mark = self.marks[self.cursor]
            if mark == flow.MARK_NONE:
                status = "unbound %d" % card_value(card)
            else:
                status = _STATUS_WORDS[mark]
            if card == obs["taken"]:
                status = "taken, keep"
            text = "%s: %s" % (cards.name(card), status)
        elif obs["phase"] == "draw" and self.legal:
            if self.pile == flow.PILE_DISCARD:
                text = "Take the %s" % cards.name(obs["discard_top"])
            else:
                text = "Draw from the deck"
        else:
            text = ""
        ui.set_text(self.name, text)

    def _show_piles(self) -> None:
        """Light the chosen pile in the draw phase; dim the discard top if it can't be taken."""
        drawing = self.obs["phase"] == "draw" and bool(self.legal)
        can_take = TAKE_DISCARD in self.legal
        self.deck_view.style(False, drawing and self.pile == flow.PILE_DECK)
        self.discard_view.style(
            drawing and not can_take, drawing and self.pile == flow.PILE_DISCARD
        )

    # -- keys -------------------------------------------------------------------------

    def tick(self, app: App, now: int) -> bool:
        """At the start of the match, cover the table until the first player is ready."""
        if self.covered:
            self._cover(app)
            return True
        return False

    def _cover(self, app: App) -> None:
        """Push the privacy screen for the seat now shown."""
        self.covered = False
        app.push(PrivacyScreen("Pass to %s" % flow.player_name(self.seat)))

    def key(self, app: App, key: int) -> None:
        """Choose a pile or a card; A acts; SELECT shows the legend."""
        phase = self.obs["phase"]
        if key == K_SELECT:
            app.push(MessageScreen("Bharg: your hand", _LEGEND))
        elif phase == "draw":
            self._draw_key(app, key)
        elif phase == "discard":
            self._discard_key(app, key)

    def _draw_key(self, app: App, key: int) -> None:
        """LEFT/RIGHT: deck or discard top; A takes it."""
        if (key == K_LEFT or key == K_RIGHT) and TAKE_DISCARD in self.legal:
            self.pile = flow.PILE_DISCARD if self.pile == flow.PILE_DECK else flow.PILE_DECK
            self._show_piles()
            self._show_name()
        elif key == K_A:
            action = flow.pile_action(self.pile)
            if action in self.legal:
                self.game.apply_action(action)
                self._refresh()

    def _discard_key(self, app: App, key: int) -> None:
        """LEFT/RIGHT move over the hand; A discards a legal card."""
        count = len(self.order)
        if (key == K_LEFT or key == K_RIGHT) and count:
            old = self.cursor
            self.cursor = (old + (1 if key == K_RIGHT else -1)) % count
            legal = self.legal
            self._style_slot(old, (DISCARD_BASE + self.order[old]) not in legal, False)
            self._style_slot(
                self.cursor, (DISCARD_BASE + self.order[self.cursor]) not in legal, True
            )
            self._show_name()
        elif key == K_A and 0 <= self.cursor < count:
            action = DISCARD_BASE + self.order[self.cursor]
            if action not in self.legal:
                return
            game = self.game
            game.apply_action(action)
            if game.is_over() or NEXT_ROUND in game.legal_actions():
                self._refresh()
                app.push(RoundEndScreen(self))
            else:
                self.show_seat(game.current_player())
                self._cover(app)

    # -- between rounds -----------------------------------------------------------------

    def next_round(self, app: App) -> None:
        """Deal the next round and pass the device to its first player."""
        self.game.apply_action(NEXT_ROUND)
        self.show_seat(self.game.current_player())
        self._cover(app)


class RoundEndScreen(Screen):
    """Every hand revealed in its best arrangement, unbound cards lit, with its value."""

    def __init__(self, play: PlayScreen) -> None:
        super().__init__()
        self.play = play
        self.rows: List[Any] = []
        self.result: Any = None
        self.ace_top = -1

    def build(self, app: App) -> None:
        """Title with the result, one row of cards and a value column per seat."""
        obs = self.play.game.observation(0)
        result = obs["round_result"]
        self.result = result
        self.ace_top = obs["ace_top"]
        hands = obs["hands"]
        winner = result["winner"]
        self.group = displayio.Group()
        self.group.append(ui.rect(ui.WIDTH, ui.HEIGHT, ui.TABLE))
        self.group.append(ui.title_bar("Round %d: %s" % (obs["round"], flow.round_text(obs))))
        count = len(hands)
        top = 13 if count == 3 else 18
        step = _ROUND_ROW_H if count == 3 else 44
        seat = 0
        while seat < count:
            y = top + seat * step
            row = HandView(0, y, _ROUND_CARDS_W)
            order, marks = row.show(best_arrangement(hands[seat], obs["ace_top"]))
            i = 0
            while i < len(order):
                # Lit: the unbound cards, the ones that score against their holder.
                row.style(i, False, marks[i] == flow.MARK_NONE, False)
                i += 1
            self.group.append(row.group)
            self.rows.append(row)
            colour = ui.ACCENT if seat == winner else ui.WHITE
            self.group.append(ui.label("P%d" % (seat + 1), 130, y, ui.LARGE, colour))
            self.group.append(ui.label("unbnd", 130, y + 11, ui.SMALL, ui.GREY))
            self.group.append(
                ui.label("%d" % result["unbound"][seat], 130, y + 19, ui.LARGE, colour)
            )
            seat += 1
        if count == 2:
            ace = obs["ace_top"]
            text = "Ace Pile: %s" % (cards.name(ace) if ace >= 0 else "empty")
            self.group.append(ui.label(text, 2, 106, ui.SMALL, ui.WHITE))
        reason = result["reason"]
        text = "lit: unbound  A scores" if reason == "win" else "(%s)  A scores" % reason
        self.group.append(hint(text))

    def key(self, app: App, key: int) -> None:
        """A: the scoreboard (or the match result)."""
        if key == K_A:
            app.replace(ScoreScreen(self.play))


class ScoreScreen(Screen):
    """The scores toward the target as bars; at the match's end, the winner."""

    def __init__(self, play: PlayScreen) -> None:
        super().__init__()
        self.play = play
        self.over = play.game.is_over()

    def build(self, app: App) -> None:
        """Title, one bar per seat and the key hint; records a finished match."""
        obs = self.play.game.observation(0)
        scores = obs["scores"]
        target = obs["target"]
        self.group = displayio.Group()
        self.group.append(ui.rect(ui.WIDTH, ui.HEIGHT, ui.BLACK))
        if self.over:
            title = "Match over"
        else:
            title = "Scores after round %d" % obs["round"]
        self.group.append(ui.title_bar(title))
        y = 20
        if self.over:
            winner = obs["match_winner"]
            text = "Draw" if winner < 0 else "%s wins!" % flow.player_name(winner)
            self.group.append(
                ui.label(text, (ui.WIDTH - len(text) * 6) // 2, 18, ui.LARGE, ui.ACCENT)
            )
            y = 36
        top = y
        full = 96
        most = max(max(scores), target, 1)
        seat = 0
        while seat < len(scores):
            self.group.append(ui.label("P%d" % (seat + 1), 3, y + 1, ui.LARGE, ui.WHITE))
            self.group.append(ui.rect(full, 10, ui.BAR, 24, y))
            filled = scores[seat] * full // most
            if filled:
                colour = ui.ACCENT if seat == obs["match_winner"] else _SET_BLUE
                self.group.append(ui.rect(min(filled, full), 10, colour, 24, y))
            self.group.append(
                ui.label("%d" % scores[seat], ui.WIDTH - 3, y + 1, ui.LARGE, ui.WHITE, right=True)
            )
            y += 18
            seat += 1
        if target:
            # A thin line at the target across every bar.
            mark = 24 + target * full // most - 1
            self.group.append(ui.rect(1, y - top, ui.ACCENT, mark, top - 2))
            self.group.append(ui.label("target %d" % target, 24, y, ui.SMALL, ui.GREY))
        else:
            self.group.append(ui.label("single round", 24, y, ui.SMALL, ui.GREY))
        text = "A: main menu" if self.over else "A: deal round %d" % (obs["round"] + 1)
        self.group.append(hint(text))
        if self.over:
            app.record_result(flow.won_for_stats(obs))

    def key(self, app: App, key: int) -> None:
        """A: next round, or back to the main menu after the match."""
        if key != K_A:
            return
        if self.over:
            app.home()
        else:
            app.pop()
            self.play.next_round(app)
