# SPDX-License-Identifier: MIT
"""
`games.bharg.screens`
=====================

Bharg on one handheld: pass-and-play, or against one or two CPU seats. Between two human
seats' turns a privacy screen ("Pass to Player 2 - press A", no cards) covers the table;
then the play table shows that seat's view (while CPUs play, the next human seat's):

- top: whose turn and what to do, the round and the target; below it one line per other
  seat saying what it did since this seat's last turn (observation ``last_turns``);
- middle: the draw pile (with its count), the discard top, the Ace Pile top, and every
  seat's match score;
- bottom: the hand in its best arrangement (observation ``arrangement``): each set grouped
  over a blue or pink bar, Ace-bound cards (and the Excuse) over a green bar, unbound
  cards with no bar; the card under the cursor is named with its status.

Keys: draw phase LEFT/RIGHT pick the deck or the discard top, A takes it; discard phase
LEFT/RIGHT pick a card (the one taken from the discard pile is dimmed: illegal), A
discards it, B undoes the take. SELECT shows the legend. START pauses (undo, rules, quit),
on the privacy screen too. A CPU's move (what it took and discarded) stays on the summary
lines for a moment; A goes on.

No accidental moves: what the player did not bring about (a CPU's move, the turn coming
back after it, the round's end, the scores) takes A and B only once it has been shown for
``handheld.screens.PRIVACY_MS``, its hint line hidden till then, so a double tap never
draws a card from a turn the player has not seen.

Seats are named as ``flow.seat_name`` says: "You" for the one human against CPUs, else
"P1".."P3", a CPU's "P2 (CPU)"; on the scoreboard with a CPU seat the scores are
right-aligned (no "pts": the names take the room).

After the round: every hand revealed with its unbound value (``RoundEndScreen``), then the
scoreboard toward the target (``ScoreScreen``); A deals the next round, or at the match's
end the kit's game-over screen (play again, or the menu). Statistics: every finished match
counts as played, and as won when Player 1 (the device's owner) won it, with Player 1's
final score.

A save is the engine's bytes and one byte per seat, who plays it (``flow.KIND_*``).

The state and the keys' logic live in ``flow.Play`` (display-free, tested on the device
VMs); this module only draws what it says changed and opens the screens its events ask for.
"""

import displayio
from micropython import const

from decktet import cards
from games.bharg import flow
from games.bharg.engine import best_arrangement
from handheld import cardview, keys, ui
from handheld.app import App, Screen
from handheld.keys import EVENT_NONE, K_A, K_B, ticks_diff
from handheld.layout import wrap_text
from handheld.screens import (
    HINT_Y,
    PRIVACY_MS,
    MessageScreen,
    NoticeScreen,
    PrivacyScreen,
    hint,
)

try:
    from typing import Any, List
except ImportError:
    pass

_HAND_SLOTS = const(8)
_PILES_Y = const(28)
_DECK_X = const(2)
_DISCARD_X = const(38)
_ACE_X = const(74)
_BOARD_X = const(100)  # flow.BOARD_COLUMNS to the right edge
_PILE_NAMES = "Deck  Discard  Ace"
_HAND_Y = const(74)
_NAME_Y = const(110)
_ROUND_CARDS_W = const(120)
_ROUND_TEXT_X = const(122)
_CPU_TAG = " (CPU)"  # the end of a CPU seat's name (flow.seat_name)

# Bar colours by flow.MARK_*: none, set, the next set, Ace-bound.
_SET_BLUE = const(0x50B0F0)
_SET_PINK = const(0xF070B0)
_ACE_GREEN = const(0x70E070)

_LEGEND = (
    "Blue/pink bar: a set (3+ cards, each suit once).\n"
    "Green bar: bound by the Ace Pile top (or the Excuse).\n"
    "No bar: unbound, counts against you.\n"
    "Dimmed: taken this turn, keep it."
)


def start(app: App, values: List[int]) -> Screen:
    """A new match from the set-up rows; with two or more human seats, the first turn
    starts behind a privacy screen."""
    return PlayScreen(flow.new_play(values, app.new_seed()))


def resume(app: App, data: bytes) -> Screen:
    """The match saved as ``data`` (``flow.load_play``): behind the privacy screen of the
    seat to move, or at the round's end between rounds; ValueError if it does not load."""
    return PlayScreen(flow.load_play(data))


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
    """A hand of up to eight cards, overlapping evenly when they do not fit, with a coloured
    bar under each card by its mark (a set, bound by the Ace Pile, none: ``flow.MARK_*``).
    Built once; ``show`` moves and re-tiles.

    :param int x, y: top-left of the cards (a raised card goes ``RAISE`` px above)
    :param int width: pixels for the cards and the bars
    """

    def __init__(self, x: int, y: int, width: int) -> None:
        self.width = width
        self.group = displayio.Group(x=x, y=y)
        self.cards = cardview.CardRow(_HAND_SLOTS, 0, 0, width)
        self.sprites = self.cards.sprites
        self.group.append(self.cards.group)
        self.bars = _bar_strip(width)
        self.bars.y = cardview.CARD_H + 2
        self.group.append(self.bars)
        self._shown: Any = None  # (xs, marks) the bars show

    def show(self, order: List[int], marks: Any) -> None:
        """Show the cards ``order`` with their ``marks``, in slot order."""
        width = self.width
        xs = flow.slot_xs(len(order), width, cardview.CARD_W, 2)
        self.cards.set_cards(order, xs)
        shown = self._shown
        if shown is not None and shown[0] == xs and shown[1] == marks:
            return  # the same bars: none is set again (each set is redrawn)
        self._shown = (xs, bytes(marks))
        # A new strip is all blank (tile 0): only the bars are written into it.
        blank = shown is None
        bars = self.bars
        count = len(order)
        column = 0
        slot = 0
        while slot < count:
            # The bar runs under the card up to the next card.
            end = xs[slot + 1] if slot + 1 < count else xs[slot] + cardview.CARD_W
            end = min(end, width)
            if blank:
                column = xs[slot]
            while column < xs[slot]:
                bars[column] = 0
                column += 1
            mark = marks[slot]
            if mark or not blank:
                while column < end:
                    bars[column] = mark
                    column += 1
            column = end
            slot += 1
        while column < width and not blank:
            bars[column] = 0
            column += 1

    def style(self, slot: int, dimmed: bool, lit: bool, raised: bool) -> None:
        """Dim and/or light one card, and raise it (the cursor's card)."""
        self.cards.style(slot, dimmed, lit, raised)

    def card_at(self, slot: int) -> int:
        """The card code shown in a slot."""
        return self.cards.card_at(slot)


def _privacy(play: flow.Play) -> Screen:
    """The privacy screen before ``play``'s seat sees the table; A uncovers it."""

    def ready(app: App) -> None:
        play.uncover()

    name = flow.seat_name(play.seat, play.kinds, len(play.cpus), False)
    return PrivacyScreen("Pass to " + name, ready)


def _next_seat(app: App, play: flow.Play) -> None:
    """Back to the table after the round's scores: behind the next seat's privacy screen
    if it is covered, else straight on (one human seat)."""
    if play.covered:
        app.replace(_privacy(play))
    else:
        app.pop()


class PlayScreen(cardview.PlayScreen):
    """The table for the seat to act (see the module docstring): draws what ``flow.Play``
    holds and hands it the keys. While another screen covers it, it lets its widgets go
    (``releasable``) and builds them again from the flow.

    What the player did not bring about by a key (a CPU's move shown, the turn coming
    back after one, by itself or by A) makes A and B wait ``PRIVACY_MS``, the hint line
    hidden till then: a double tap meant for the CPU's move never draws a card from a
    turn the player has not seen."""

    releasable = True

    def __init__(self, play: flow.Play) -> None:
        super().__init__()
        self.flow = play
        self.changed_at = -1  # when the table last changed by itself (``_wait``), or -1
        self._ticking = False  # ``draw`` is this frame's tick's, not a key's
        self.release()

    # -- building -------------------------------------------------------------------

    def release(self) -> None:
        """Let every widget go (a covering screen is shown; ``build`` makes them again)."""
        self.status: Any = None
        self.info: Any = None
        self.summary: List[Any] = []
        self._deck_view: Any = None
        self._discard_view: Any = None
        self._ace_view: Any = None
        self.board: List[Any] = []
        self.hand: Any = None
        self.name: Any = None
        self.hint: Any = None
        self._due = 0  # what a key changed, drawn in the same frame's ``tick``

    def build(self, app: App) -> None:
        """The table, piles, scoreboard, hand slots, bars and texts, then the flow's state
        drawn into them."""
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
        self._deck_view = cardview.CardSprite(_DECK_X, _PILES_Y)
        self._discard_view = cardview.CardSprite(_DISCARD_X, _PILES_Y)
        self._ace_view = cardview.CardSprite(_ACE_X, _PILES_Y)
        for view in (self._deck_view, self._discard_view, self._ace_view):
            group.append(view)
        # The piles' names, each centred under its pile to a pixel or so: one label.
        group.append(ui.label(_PILE_NAMES, _DECK_X + 2, 60, ui.SMALL, ui.GREY))
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
        self._draw(flow.DRAW_ALL)
        # (Built again while A and B still wait, after a page opened meanwhile: still so.)
        self.hint.hidden = not self.settled(app.frame_at)

    # -- the flow's state to the screen ---------------------------------------------------

    def _draw(self, changed: int) -> None:
        """Redraw what ``changed`` (``flow.DRAW_*`` bits) says changed."""
        play = self.flow
        if changed & flow.DRAW_TABLE:
            self._draw_table()
        elif changed & flow.DRAW_CURSOR:
            self._draw_slot(play.old_cursor)
            self._draw_slot(play.cursor)
        if changed & (flow.DRAW_TABLE | flow.DRAW_CURSOR | flow.DRAW_PILES | flow.DRAW_NAME):
            ui.set_text(self.name, play.name_text())
        if changed & flow.DRAW_HINT and not changed & flow.DRAW_TABLE:
            ui.set_text(self.hint, keys.hint(play.hint_text()))
        if changed & (flow.DRAW_TABLE | flow.DRAW_PILES):
            self._deck_view.style(False, play.pile_lit(flow.PILE_DECK))
            self._discard_view.style(play.discard_dimmed(), play.pile_lit(flow.PILE_DISCARD))

    def _draw_table(self) -> None:
        """Everything read from the observation: texts, piles, scoreboard, the hand."""
        play = self.flow
        obs = play.obs
        ui.set_text(self.status, play.status_text())
        ui.set_text(self.info, play.round_info())
        lines = flow.turn_summary(obs, play.kinds)
        i = 0
        while i < len(self.summary):
            ui.set_text(self.summary[i], lines[i] if i < len(lines) else "")
            i += 1
        self._deck_view.show(cardview.BACK if obs["deck_count"] else cardview.EMPTY)
        self._discard_view.show(obs["discard_top"] if obs["discard_top"] >= 0 else cardview.EMPTY)
        self._ace_view.show(obs["ace_top"] if obs["ace_top"] >= 0 else cardview.EMPTY)
        row = 0
        while row < len(self.board):
            ui.set_text(self.board[row], play.board_text(row))
            row += 1
        self.hand.show(play.order, play.marks)
        slot = 0
        while slot < len(play.order):
            self._draw_slot(slot)
            slot += 1
        ui.set_text(self.hint, keys.hint(play.hint_text()))

    def _draw_slot(self, slot: int) -> None:
        """Dim/light one hand card; the cursor's card is lit and raised, the card just
        drawn or taken raised."""
        play = self.flow
        lit = slot == play.cursor
        raised = lit or play.order[slot] == play.arrived
        self.hand.style(slot, play.dimmed(slot), lit, raised)

    # -- keys -------------------------------------------------------------------------

    def _wait(self, now: int) -> None:
        """The table changed by itself at ``now``: A and B wait, the hint line hidden."""
        self.changed_at = now
        if self.hint is not None:
            ui.set_hidden(self.hint, True)

    def settled(self, now: int) -> bool:
        """True once A and B count again (``PRIVACY_MS`` after the last ``_wait``)."""
        return self.changed_at < 0 or not 0 <= ticks_diff(now, self.changed_at) < PRIVACY_MS

    def ready(self, app: App, key: int) -> bool:
        """A and B count only once the table has settled (``settled``). (Notes whether
        what follows is a key's or the frame's: ``draw`` leaves a key's to the tick.)"""
        self._ticking = not key
        return (key != K_A and key != K_B) or self.settled(app.frame_at)

    def draw(self, app: App, changed: int) -> bool:
        """What the flow changed: a key's is drawn by this frame's ``tick`` (the app's next
        call), with what the tick changes (a CPU starting to think redraws the table): once,
        not twice. What a tick changed (a CPU's move, its turn over) and the turn after a
        CPU's move make A and B wait; once they count, the hint line shows. Nothing is
        drawn when a screen opens over the table (it lets its widgets go)."""
        play = self.flow
        if changed & flow.DRAW_WAIT or (changed and self._ticking):
            self._wait(app.frame_at)  # not seen yet
        if not self._ticking:
            if play.event == EVENT_NONE:
                self._due |= changed
            return False
        due = self._due
        self._due = 0
        if play.event != EVENT_NONE:
            return False
        self._draw(changed | due)
        if self.hint.hidden and self.settled(app.frame_at):
            self.hint.hidden = False
            return True
        return bool(changed)

    def follow(self, app: App) -> bool:
        """Open the screen the flow's event calls for: the legend, the privacy screen for
        the next seat, or every hand at the round's end."""
        event = self.flow.event
        if event == flow.EVENT_LEGEND:
            app.push(MessageScreen("Bharg: your hand", _LEGEND))
        elif event == flow.EVENT_PASS:
            app.push(_privacy(self.flow))
        elif event == flow.EVENT_ROUND_END or event == flow.EVENT_OVER:
            app.push(RoundEndScreen(self.flow))
        else:
            return False
        return True


class RoundEndScreen(NoticeScreen):
    """Every hand revealed in its best arrangement, unbound cards lit, with its value, and
    the Ace Pile top they were bound against. It may come after a CPU's move, so A counts
    once it has been shown for a moment (``NoticeScreen``).

    :param play: the play screen's ``flow.Play`` (its game has just ended a round)
    """

    def __init__(self, play: flow.Play) -> None:
        super().__init__()
        self.flow = play
        self.rows: List[Any] = []
        self.result: Any = None
        self.ace_top = -1

    def draw(self, app: App) -> Any:
        """Title with the result, one row of cards and a value column per seat, the Ace
        Pile line (with three seats, on the hint line); returns the hint line."""
        # The flow has read the ended round already (every hand and the result are in
        # any seat's view); a view from before the end is read again.
        obs = self.flow.obs
        if obs["round_result"] is None:
            obs = self.flow.game.observation(0)
        result = obs["round_result"]
        self.result = result
        ace = obs["ace_top"]
        self.ace_top = ace
        hands = obs["hands"]
        winner = result["winner"]
        kinds = self.flow.kinds
        self.group = displayio.Group()
        self.group.append(ui.rect(ui.WIDTH, ui.HEIGHT, ui.TABLE))
        self.group.append(ui.title_bar(flow.round_title(obs, kinds)))
        count = len(hands)
        # Three rows of cards and bars (34 px each) fit between the title bar and the hint
        # line with 2 px between them; two rows leave room for the Ace Pile line.
        top = 13 if count == 3 else 17
        step = 36 if count == 3 else 44
        seat = 0
        while seat < count:
            y = top + seat * step
            row = HandView(0, y, _ROUND_CARDS_W)
            if count == 3:
                row.bars.y = cardview.CARD_H + 1
            # By its arrangement, with no gaps: the bars tell the sets apart, and every
            # card keeps room for its rank and suit icons.
            # (The viewer's is in the observation already: one search fewer.)
            arrangement = obs["arrangement"]
            if seat != obs["player"]:
                arrangement = best_arrangement(hands[seat], ace)
            order, marks = flow.hand_layout(arrangement)
            row.show(order, marks)
            i = 0
            while i < len(order):
                # Lit: the unbound cards, the ones that score against their holder.
                row.style(i, False, marks[i] == flow.MARK_NONE, False)
                i += 1
            self.group.append(row.group)
            self.rows.append(row)
            colour = ui.ACCENT if seat == winner else ui.WHITE
            name = flow.seat_name(seat, kinds, count)
            if name.endswith(_CPU_TAG):
                # "P2" large, "(CPU)" small beside it: the column is 38 px wide.
                name = name[: -len(_CPU_TAG)]
                self.group.append(ui.label("(CPU)", _ROUND_TEXT_X + 12, y + 2, ui.SMALL, colour))
            self.group.append(ui.label(name, _ROUND_TEXT_X, y, ui.LARGE, colour))
            self.group.append(ui.label("unbound", _ROUND_TEXT_X, y + 11, ui.SMALL, ui.GREY))
            self.group.append(
                ui.label("%d" % result["unbound"][seat], _ROUND_TEXT_X, y + 19, ui.LARGE, colour)
            )
            seat += 1
        reason = result["reason"]
        # The key's name as the board marks it; not the card's label ("A" of an Ace).
        go_on = keys.hint("  A scores")
        if count == 2:
            text = "Ace Pile: %s" % (cards.display_name(ace) if ace >= 0 else "empty")
            self.group.append(ui.label(text, 2, 106, ui.SMALL, ui.WHITE))
            text = "lit: unbound" if reason == "win" else "(%s)" % reason
        elif reason == "win":
            # (31 columns: the card's short name fits with "Ace:", not with "Ace Pile:")
            text = "Ace: %s" % (flow.short_name(ace) if ace >= 0 else "none")
        else:
            text = "%s; Ace %s" % (reason, cards.label(ace) if ace >= 0 else "none")
            go_on = keys.hint("  A ok")
        line = ui.label(text + go_on, 2, HINT_Y, ui.SMALL, ui.GREY)
        self.group.append(line)
        return line

    def act(self, app: App, key: int) -> None:
        """A: the scoreboard, or at the match's end its result (counted in the statistics:
        won if Player 1 won, with Player 1's final score)."""
        if key != K_A:
            return
        play = self.flow
        if play.phase != flow.PHASE_OVER:
            app.replace(ScoreScreen(play))
            return
        obs = play.game.observation(0)
        app.record_result(flow.won_for_stats(obs), obs["scores"][0])
        app.game_over(flow.match_text(obs, play.kinds), flow.final_text(obs, play.kinds))


class ScoreScreen(NoticeScreen):
    """The scores toward the target as bars, between rounds (A deals the next round, once
    the screen has been shown for a moment: ``NoticeScreen``).

    :param play: the play screen's ``flow.Play``
    """

    def __init__(self, play: flow.Play) -> None:
        super().__init__()
        self.flow = play

    def draw(self, app: App) -> Any:
        """Title, one bar per seat, who deals next and the key hint (returned)."""
        obs = self.flow.game.observation(0)
        scores = obs["scores"]
        target = obs["target"]
        kinds = self.flow.kinds
        count = len(scores)
        self.group = displayio.Group()
        self.group.append(ui.rect(ui.WIDTH, ui.HEIGHT, ui.BLACK))
        self.group.append(ui.title_bar("Scores after round %d" % obs["round"]))
        # The bars start after the longest name ("P2 (CPU)": 8 large characters).
        left = 24
        seat = 0
        while seat < count:
            left = max(left, 6 + 6 * len(flow.seat_name(seat, kinds, count)))
            seat += 1
        full = 120 - left
        y = 20
        top = y
        most = max(max(scores), target, 1)
        seat = 0
        while seat < count:
            name = flow.seat_name(seat, kinds, count)
            self.group.append(ui.label(name, 3, y + 1, ui.LARGE, ui.WHITE))
            self.group.append(ui.rect(full, 10, ui.BAR, left, y))
            filled = scores[seat] * full // most
            if filled:
                self.group.append(ui.rect(min(filled, full), 10, _SET_BLUE, left, y))
            self.group.append(
                ui.label("%d" % scores[seat], ui.WIDTH - 3, y + 1, ui.LARGE, ui.WHITE, right=True)
            )
            y += 18
            seat += 1
        # A thin line at the target across every bar.
        mark = left + target * full // most - 1
        self.group.append(ui.rect(1, y - top, ui.ACCENT, mark, top - 2))
        self.group.append(ui.label("target %d" % target, 24, y, ui.SMALL, ui.GREY))
        # Who deals the next round, and so who starts it (too long: a line each).
        text = flow.next_text(obs, kinds)
        columns = (ui.WIDTH - 24) // 5
        if len(text) > columns:
            text = text.replace(", ", ",\n")
        for line in wrap_text(text, columns):
            y += 9
            self.group.append(ui.label(line, 24, y + 1, ui.SMALL, ui.WHITE))
        prompt = hint("A: deal round %d" % (obs["round"] + 1))
        self.group.append(prompt)
        return prompt

    def act(self, app: App, key: int) -> None:
        """A: deal the next round; the next seat's privacy screen if it is covered."""
        if key == K_A:
            self.flow.next_round()
            _next_seat(app, self.flow)
