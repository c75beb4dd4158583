# SPDX-License-Identifier: MIT
"""
`games.whist.screens`
=====================

Gongor Whist on the handheld: one play screen (bid picker, trick,
twiddle prompt, a hand's last trick), the SELECT "peek" screen of easy mode, and the hand,
pass and final summaries. The logic lives in ``games.whist.flow``; this module draws it.

A trick is two presses: A plays a card, A keeps or twiddles. The trick's result then stays
on the table, at "Last trick" (the winner lit), with what decided it on the detail line,
while the next trick's card is chosen; a hand's last trick shows on its own until A. After
a trick's result (or the coach's bid) appears, A does nothing for ``PRIVACY_MS``: a double
tap never plays a card the player has not seen.

Keys on the play screen: LEFT/RIGHT (or UP/DOWN) change the bid, move the hand cursor or
switch the twiddle choice; A confirms; SELECT (easy mode) shows the Aces turned and,
while bidding the aft hand, the fore hand's tricks; B takes the current trick back to its
start (``flow.Play.undo``; on the twiddle choice it first goes back to "keep"), as does the
pause menu's Undo; START pauses. The key hint shows "B undo" only where undo works; B
elsewhere puts the reason in the hint (``flow.Play.undo_refusal``) or, while bidding, does
nothing. Key hints name the keys as the board marks them (``handheld.keys.hint``).

The twiddle choice shows the Aces left beside "Twiddle" and, below, whose card wins the
trick as it stands. Once the bid can no longer be made (``flow.Play.bid_lost``), the second
line says "lost" in the warning colour.

With the set-up's Coach row on, the bid picker shows the coach's suggestion once it is
worked out (a few simulated hands per frame in ``tick``) and moves to its bid unless the
player has moved it; the save keeps that choice.

Statistics: one game is one session; it counts as won if the final score is above zero
("stay positive").
"""

import displayio
from micropython import const

from decktet.cards import display_name
from games.whist import flow
from handheld import cardview, keys, ui
from handheld.app import App, Screen
from handheld.keys import K_A, K_B, K_SELECT, REFUSED, ticks_diff
from handheld.screens import PRIVACY_MS, MessageScreen, hint
from handheld.sound import CUE_TRICK

try:
    from typing import Any, List
except ImportError:
    pass

# Layout (pixels).
_CARD_Y = 28
_DUMMY_X = 4
_MINE_X = 32
_LAST_X = 64  # the last trick: the dummy's card, then the player's beside it
_LAST_MINE_X = 90
_TRUMP_X = 128
_PROMPT_Y = 61
_DETAIL_Y = 72
_HAND_Y = 86
_CHOICE_W = 52
_PROMPT_X = 2
_ACES_X = 6 + 2 * _CHOICE_W  # beside the Twiddle choice: the Aces left
_WARN = const(0xFF5040)  # the second line once the bid is lost


def start(app: App, values: List[int]) -> Screen:
    """A new session from the set-up rows' values and a fresh seed."""
    return WhistScreen(flow.new_play(values, app.new_seed()))


def resume(app: App, data: bytes) -> Screen:
    """The session saved as ``data`` (``flow.load_play``); ValueError if it does not load."""
    return WhistScreen(flow.load_play(data))


class WhistScreen(cardview.PlayScreen):
    """The table: status lines, the dummy's card, the player's card, trump (its Ace),
    a prompt and the hand. See the module docstring for the keys. While another screen
    covers it, it lets its widgets go (``releasable``) and builds them again from the flow."""

    releasable = True

    def __init__(self, play: flow.Play) -> None:
        super().__init__()
        self.flow = play
        self.drawn = False
        # When the flow last showed something unasked (``flow.Play.hold``): A waits.
        self.holding = False
        self._held_at = 0
        self.release()

    def ready(self, app: App, key: int) -> bool:
        """A does nothing while ``_held_ms`` (a trick's result or the coach's bid has just
        appeared unasked). The frame after the table is built is the table's own: the
        coach's work (and loading it) waits until the table is drawn."""
        if not key:
            if not self.drawn:
                self.drawn = True
                return False
            return True
        return key != K_A or not self._held_ms(app.frame_at)

    def _hold(self, now: int) -> None:
        """Something appeared unasked at ``now``: no A acts for ``PRIVACY_MS``."""
        self.holding = True
        self._held_at = now

    def _held_ms(self, now: int) -> int:
        """How many ms more an A pressed at ``now`` is dropped (0: none)."""
        if self.holding:
            left = PRIVACY_MS - ticks_diff(now, self._held_at)
            if 0 < left <= PRIVACY_MS:
                return left
            self.holding = False  # over (kept no longer: ticks wrap)
        return 0

    def release(self) -> None:
        """Let every widget go (a covering screen is shown; ``build`` makes them again)."""
        self.status: Any = None
        self.score: Any = None
        self.line2: Any = None
        self.dummy: Any = None
        self.mine: Any = None
        self.trump: Any = None
        self.no_trump: Any = None
        self._trump_title: Any = None
        self._last_title: Any = None
        self._last_dummy: Any = None
        self._last_mine: Any = None
        self.prompt: Any = None
        self.detail: Any = None
        self._choice_bar: Any = None
        self.choices: List[Any] = []
        self.row: Any = None
        self.hint: Any = None

    def build(self, app: App) -> None:
        """Every widget, once; ``_render`` fills them in."""
        self.drawn = False  # the next tick only lets the table be drawn first
        group = displayio.Group()
        self.group = group
        group.append(ui.rect(ui.WIDTH, ui.HEIGHT, ui.TABLE))
        group.append(ui.rect(ui.WIDTH, 19, ui.BLACK))
        self.status = ui.label("", 2, 1, ui.SMALL, ui.WHITE)
        self.score = ui.label("", ui.WIDTH - 2, 1, ui.SMALL, ui.ACCENT, right=True)
        self.line2 = ui.label("", 2, 10, ui.SMALL, ui.WHITE)
        for widget in (self.status, self.score, self.line2):
            group.append(widget)
        for text, x in (("Dummy", _DUMMY_X), ("You", _MINE_X + 5)):
            group.append(ui.label(text, x, _CARD_Y - 9, ui.SMALL, ui.GREY))
        # Made where "No trump" starts, so it has the columns for it (centred below).
        self._trump_title = ui.label("", _TRUMP_X - 8, _CARD_Y - 9, ui.SMALL, ui.GREY)
        group.append(self._trump_title)
        self._last_title = ui.Text("Last trick", _LAST_X, _CARD_Y - 9, ui.SMALL, ui.GREY, False, 10)
        group.append(self._last_title)
        self.dummy = cardview.CardSprite(_DUMMY_X, _CARD_Y)
        self.mine = cardview.CardSprite(_MINE_X, _CARD_Y)
        self._last_dummy = cardview.CardSprite(_LAST_X, _CARD_Y)
        self._last_mine = cardview.CardSprite(_LAST_MINE_X, _CARD_Y)
        self.trump = cardview.CardSprite(_TRUMP_X, _CARD_Y)
        for sprite in (self.dummy, self.mine, self._last_dummy, self._last_mine, self.trump):
            group.append(sprite)
        # "no trump": an empty outline with the words in it.
        self.no_trump = displayio.Group(x=_TRUMP_X, y=_CARD_Y)
        self.no_trump.append(ui.label("none", 2, 11, ui.SMALL, ui.ACCENT))
        group.append(self.no_trump)
        self._choice_bar = ui.rect(_CHOICE_W, 12, ui.BAR, 0, _PROMPT_Y - 1)
        group.append(self._choice_bar)
        self.prompt = ui.label("", _PROMPT_X, _PROMPT_Y, ui.LARGE, ui.ACCENT)
        group.append(self.prompt)
        for text, x in (("Keep", 4), ("Twiddle", 4 + _CHOICE_W)):
            # As wide as its word: hidden or shown, it redraws the word, not the line.
            choice = ui.Text(text, x + 4, _PROMPT_Y, ui.LARGE, ui.WHITE, False, len(text))
            self.choices.append(choice)
            group.append(choice)
        self.detail = ui.label("", 2, _DETAIL_Y, ui.SMALL, ui.WHITE)
        group.append(self.detail)
        self.row = cardview.CardRow(8, 0, _HAND_Y, ui.WIDTH)
        group.append(self.row.group)
        self.hint = hint("")
        group.append(self.hint)
        self._render()

    # -- drawing -------------------------------------------------------------------------

    def _render(self) -> None:
        """Show the flow's state (widgets change only where the state did)."""
        f = self.flow
        obs = f.obs
        step = f.step
        ui.set_text(self.status, f.status_left())
        ui.set_text(self.score, f.status_right())
        ui.set_text(self.line2, f.status_bid())
        self.line2.color = _WARN if f.bid_lost() else ui.WHITE
        # The centre: dummy and own card per step.
        if step == flow.STEP_RESULT:
            mine, dummy, player_won, _ = obs["last_trick"]
            self.dummy.show(dummy)
            self.mine.show(mine)
            self.dummy.style(False, not player_won)
            self.mine.style(False, player_won)
        else:
            self.dummy.style(False, False)
            self.mine.style(False, False)
            self.dummy.show(obs["dummy_card"] if obs["dummy_card"] >= 0 else cardview.BACK)
            played = obs["played_card"]
            self.mine.show(played if played >= 0 else cardview.EMPTY)
        # The last trick beside the next one: the winner lit, the other dimmed.
        last = f.shown_trick()
        for widget in (self._last_title, self._last_dummy, self._last_mine):
            ui.set_hidden(widget, last is None)
        if last is not None:
            self._last_dummy.show(last[1])
            self._last_mine.show(last[0])
            self._last_dummy.style(last[2], not last[2])
            self._last_mine.style(not last[2], last[2])
        trump = f.shown_trump()
        ace = flow.trump_ace(trump)
        self.trump.show(ace if ace >= 0 else cardview.EMPTY)
        ui.set_hidden(self.no_trump, ace >= 0)
        title = "Trump" if ace >= 0 else "No trump"
        if ui.set_text(self._trump_title, title):
            # Centred over the trump card.
            self._trump_title.move(_TRUMP_X + 12 - len(title) * 5 // 2, _CARD_Y - 9)
        # Prompt and detail lines.
        twiddling = step == flow.STEP_TWIDDLE
        ui.set_hidden(self._choice_bar, not twiddling)
        for choice in self.choices:
            ui.set_hidden(choice, not twiddling)
        # The prompt line's text: beside the choices while twiddling, else at the left.
        prompt_x = _ACES_X if twiddling else _PROMPT_X
        if self.prompt.x != prompt_x:
            self.prompt.move(prompt_x, _PROMPT_Y)
        if twiddling:
            ui.set_text(self.prompt, f.twiddle_text())
            self._choice_bar.x = 4 + f.twiddle * _CHOICE_W
            ui.set_text(self.detail, f.winning_text())
        elif step == flow.STEP_BID:
            self._render_bid()
            if f.coach:
                ui.set_text(self.detail, f.tip)
            else:
                ui.set_text(self.detail, "Trump: %s" % flow.trump_name(obs["trump"]))
        elif step == flow.STEP_RESULT:
            ui.set_text(self.prompt, f.result_text())
            ui.set_text(self.detail, f.result_detail())
        elif step == flow.STEP_PLAY:
            self._render_cursor_name()
            if last is not None:
                ui.set_text(self.detail, f.trick_text())
            elif len(f.legal) < len(obs["hand"]):
                ui.set_text(self.detail, "Follow the dummy's suit")
            else:
                ui.set_text(self.detail, "Any card may be played")
        else:
            ui.set_text(self.prompt, "Game over")
            ui.set_text(self.detail, "")
        # The hand.
        row = self.row
        row.set_cards(f.shown_hand())
        if step == flow.STEP_PLAY:
            row.dim_except(f.legal)
            row.set_cursor(f.cursor)
        else:
            row.set_dimmed(0)
            row.set_cursor(-1)
        ui.set_text(self.hint, keys.hint(self._hint_text()))

    def _render_bid(self) -> None:
        """The bid picker's value on the prompt line."""
        under = self.flow.obs["hand_index"] == 2
        ui.set_text(self.prompt, "Bid: < %s >" % flow.bid_text(self.flow.bid, under))

    def _render_cursor_name(self) -> None:
        """The prompt names the card under the cursor."""
        card = self.flow.card_at_cursor()
        ui.set_text(self.prompt, "Play: %s" % display_name(card) if card >= 0 else "")

    def _hint_text(self) -> str:
        """The key hint for the step ("B undo" only where undo works)."""
        step = self.flow.step
        peek = "  SEL look" if self.flow.peek_available() else ""
        undo = self.flow.can_undo()
        if step == flow.STEP_BID:
            return "<> bid  A ok" + peek
        if step == flow.STEP_PLAY:
            return "<> card  A play" + peek
        if step == flow.STEP_TWIDDLE:
            if undo:
                return "<> pick  A ok  B undo" + peek
            return "<> pick  A ok" + peek
        if undo:
            return "A next  B undo"
        return "A next"

    # -- what a key or a tick changed -----------------------------------------------------

    def draw(self, app: App, changed: int) -> bool:
        """Redraw what the flow says changed (``flow.DRAW_*``): a refused key's reason (on
        the detail line, or with DRAW_HINT on the key hint, until the next redraw), the
        table, the cursor, the coach's tip (its bid on the picker if it moved it: A then
        waits); a trick just won has its cue."""
        f = self.flow
        if f.hold:
            self._hold(app.frame_at)
        if changed & REFUSED:
            if changed & flow.DRAW_HINT:
                ui.set_text(self.hint, keys.hint(f.refusal))
            else:
                ui.set_text(self.detail, f.refusal)
            return True
        if changed & flow.DRAW_TIP:
            if self.detail is None:
                return False
            ui.set_text(self.detail, f.tip)
            if f.hold:
                self._render_bid()  # the coach moved the picker
        if changed & flow.DRAW_TABLE:
            if f.hold and f.obs["last_trick"][2]:
                app.cue(CUE_TRICK)  # a trick just won
            self._render()
        elif changed & flow.DRAW_CURSOR:
            if f.step == flow.STEP_PLAY:
                self.row.set_cursor(f.cursor)
                self._render_cursor_name()
            else:
                self._choice_bar.x = 4 + f.twiddle * _CHOICE_W
        return bool(changed)

    def follow(self, app: App) -> bool:
        """Open what the flow's event asks for: a hand's summary, the session's end, the
        look back."""
        f = self.flow
        event = f.event
        if event == flow.EVENT_HAND_OVER:
            app.push(MessageScreen("Hand scored", f.summary()))
        elif event == flow.EVENT_GAME_OVER:
            self._finish(app)
        elif event == flow.EVENT_PEEK:
            if f.peek_available():
                app.push(PeekScreen(f.obs))
            else:
                app.push(MessageScreen("Hardball", "Hardball mode: no looking back."))
        else:
            return False
        return True

    def _finish(self, app: App) -> None:
        """The session is over: count it with its final score and each pass's points (the
        app counts a game once) and show the final summary, with "play again"."""
        score = self.flow.game.scores()[0]
        app.record_result(flow.won(score), score, self.flow.parts)
        app.game_over("Game over", self.flow.final_summary())


class PeekScreen(Screen):
    """Easy mode's look back: the Aces turned this pass, and (while bidding the aft hand)
    the fore hand's tricks, yours above the dummy's. A, B or SELECT closes it."""

    def __init__(self, obs: Any) -> None:
        super().__init__()
        self.obs = obs

    def build(self, app: App) -> None:
        """Title, the Aces row and the two trick rows."""
        obs = self.obs
        group = displayio.Group()
        self.group = group
        group.append(ui.rect(ui.WIDTH, ui.HEIGHT, ui.TABLE))
        group.append(ui.title_bar("Look back"))
        aces = obs["aces_turned"] or []
        group.append(ui.label("Aces turned, oldest first:", 2, 14, ui.SMALL, ui.WHITE))
        aces_row = cardview.CardRow(6, 0, 23, ui.WIDTH)
        aces_row.set_cards(aces)
        group.append(aces_row.group)
        fore = obs["fore_tricks"]
        if fore:
            group.append(ui.label("Fore: you / dummy, winner lit", 2, 55, ui.SMALL, ui.WHITE))
            mine = []
            dummy = []
            lost_mask = 0
            for index, trick in enumerate(fore):
                mine.append(trick[0])
                dummy.append(trick[1])
                if not trick[2]:
                    lost_mask |= 1 << index
            mine_row = cardview.CardRow(8, 0, 64, ui.WIDTH)
            mine_row.set_cards(mine)
            mine_row.set_dimmed(lost_mask)
            dummy_row = cardview.CardRow(8, 0, 96, ui.WIDTH)
            dummy_row.set_cards(dummy)
            # The dummy's card is lit where the player lost.
            dummy_row.set_dimmed(~lost_mask & ((1 << len(fore)) - 1))
            group.append(mine_row.group)
            group.append(dummy_row.group)
        else:
            group.append(
                ui.label("Fore tricks show while", 2, 60, ui.SMALL, ui.GREY),
            )
            group.append(ui.label("you bid the aft hand.", 2, 69, ui.SMALL, ui.GREY))
            group.append(hint("A/B back"))

    def key(self, app: App, key: int) -> None:
        """Any of A, B, SELECT goes back."""
        if key == K_A or key == K_B or key == K_SELECT:
            app.pop()
