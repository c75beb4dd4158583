# SPDX-License-Identifier: MIT
"""
`games.whist.flow`
==================

The Gongor Whist play screen's logic without displayio: which step the player is at
(bid, play, twiddle, a hand's last trick), the bid picker's value, the hand cursor, the
twiddle choice, and the texts of the status line, prompts and summaries. It turns the
player's moves into engine actions and never judges a rule itself: legality comes from
``Game.legal_actions()``, trick and hand results from the observation, who would win the
trick at the twiddle choice from ``engine.player_wins`` and what decided a trick from
``engine.trick_reason``. What it works out from the observation: whether the bid is lost
(``bid_lost``: a bid is made only with exactly that many tricks, so it is lost once the
tricks taken pass it or the tricks left cannot reach it).

**A trick is two presses**: A plays the card, A takes the twiddle choice (skipped once the
hand has no trump). The trick's result then stays on the table beside the next trick
(``shown_trick``, ``trick_text``) while its card is chosen; only a hand's last trick is
shown on its own (``STEP_RESULT``) until A, as the hand's summary follows. ``hold`` says
that a key or tick showed something new the player did not ask for (a trick's result with
the next dummy card, a hand's last result, the coach's bid on the picker): the screen then
lets no A act for ``handheld.screens.PRIVACY_MS``, so a double tap never plays a move the
player has not seen.

**Undo** goes back to the start of the current trick (the state before its card was
played) while that reveals nothing: from the twiddle choice, or from a hand's last trick
while it is on show, unless the twiddle turned an Ace. The bid is never undone (the
dummy's first card is turned right after it), nor a trick once the next one is shown
(within a hand, that is as soon as the trick is resolved).
``undo_refusal`` is what B says where undo does not work (nothing while bidding).

**Refusals** (``handheld.keys``): a key the rules refuse returns ``REFUSED`` and leaves
the reason in ``refusal``: A on a dimmed card (the detail line says it), B where undo does
not work (``REFUSED | DRAW_HINT``: the key hint says it).

**The coach** (set-up row "Coach"): while bidding, ``games.whist.coach`` (imported only
then) works out a suggested bid a little at a time (``tick``, through a
``handheld.flows.Thinker``); ``tip`` is its text, the bid and the coach's chance of making
exactly that bid. Once ready it moves the bid picker to its bid, unless the player has
moved the picker already.

``new_play(values, seed)`` and ``load_play(data)`` make a ``Play`` for a new session and
from ``Play.saved()``.

``screens.py`` draws what this holds; ``tests/device/dtest_whist_flow.py`` runs it on
MicroPython.
"""

from micropython import const

from decktet.cards import SUIT_NAMES, display_name, suit_index
from games.whist import SETUP
from games.whist.engine import (
    BID_BASE,
    KEEP,
    OPT_EASY,
    OPT_EXCUSE,
    OPT_PASSES_2,
    OPT_PASSES_3,
    OPT_PASSES_5,
    OPT_PAWNS,
    OPT_SEVEN,
    OPT_UNDER,
    PHASE_BID,
    PHASE_OVER,
    PHASE_TWIDDLE,
    TWIDDLE,
    WHY_WON,
    Game,
    player_wins,
    trick_reason,
)
from handheld.keys import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_SELECT, K_UP, REFUSED

try:
    from typing import Any, Dict, List
except ImportError:
    pass

# Steps of the play screen.
STEP_BID = const(0)
STEP_PLAY = const(1)
STEP_TWIDDLE = const(2)
STEP_RESULT = const(3)  # a hand's last trick, shown until A (the hand's summary follows)
STEP_OVER = const(4)

# What ``key`` and ``tick`` changed: the screen redraws only that.
DRAW_TABLE = const(1)  # everything read from the state
DRAW_CURSOR = const(2)  # the hand cursor and the card it names, or the twiddle choice
DRAW_HINT = const(4)  # with REFUSED: the key hint says why B does not undo (``refusal``)
DRAW_TIP = const(8)  # the coach's tip (the detail line), and the bid if it moved

# What a key led to (``event``; the screen reacts: a cue, a summary, the final screen).
EVENT_NONE = const(0)
EVENT_HAND_OVER = const(2)  # the result of a hand's last trick was acknowledged
EVENT_GAME_OVER = const(3)  # ... and that hand ended the session
EVENT_PEEK = const(4)  # SELECT: the look back (easy mode), or why there is none

# The set-up rows (games.whist.SETUP): their choices, and the option bits of each choice.
DECK_CHOICES = SETUP[0][1]
DECK_BITS = (
    0,
    OPT_PAWNS,
    OPT_EXCUSE,
    OPT_PAWNS | OPT_EXCUSE,
    OPT_PAWNS | OPT_SEVEN,
    OPT_PAWNS | OPT_EXCUSE | OPT_SEVEN,
)
UNDER_CHOICES = SETUP[1][1]
MODE_CHOICES = SETUP[2][1]
PASSES_CHOICES = SETUP[3][1]
PASSES_BITS = (0, OPT_PASSES_2, OPT_PASSES_3, OPT_PASSES_5)
HAND_NAMES = ("Fore", "Aft", "Under")
# Characters on a small-font line (the detail line, the key hint).
_LINE = const(31)
# What decided a trick, by ``engine.trick_reason`` code (WHY_*), after "Won: "/"Lost: "
# (at most 25 characters).
_REASONS = (
    "the dummy led the Excuse",
    "the Excuse always loses",
    "dummy's card was trump",
    "dummy's trump was higher",
    "you could not follow suit",
    "same suit, dummy's higher",
    "Pawn ties go to the dummy",
    "your card was trump",
    "your trump was higher",
    "same suit, yours higher",
)


def options_from_values(values: List[int]) -> int:
    """Option bits from the set-up rows' chosen indices: deck, under hand, mode, passes
    (the coach row, if any, is no rule)."""
    options = DECK_BITS[values[0]] | PASSES_BITS[values[3]]
    if values[1]:
        options |= OPT_UNDER
    if values[2] == 0:
        options |= OPT_EASY
    return options


def trump_name(trump: int) -> str:
    """The trump suit's name, or "no trump" for 0."""
    if trump == 0:
        return "no trump"
    return SUIT_NAMES[suit_index(trump)]


def trump_ace(trump: int) -> int:
    """The card code of the trump suit's Ace (Aces are codes 0..5 in suit order), -1 if none."""
    if trump == 0:
        return -1
    return suit_index(trump)


def signed(points: int) -> str:
    """Points with their sign: "+3", "-2", "0"."""
    if points > 0:
        return "+%d" % points
    return "%d" % points


def _points_text(points: int) -> str:
    """Points with their sign and the word: "+1 point", "-3 points", "0 points"."""
    if points == 1 or points == -1:
        return signed(points) + " point"
    return signed(points) + " points"


def bid_text(bid: int, under: bool) -> str:
    """The bid picker's value; the under hand's bid predicts the one trick."""
    if under:
        return "%d (%s)" % (bid, "win it" if bid else "lose it")
    return "%d" % bid


def _hand_summary(last_hand: Any, score: int) -> str:
    """One scored hand: bid, tricks taken, points and the running score."""
    which, bid, took, points = last_hand
    made = "Made it" if points >= 0 and bid == took else "Missed"
    return "%s hand: bid %d, took %d.\n%s: %s.\nScore: %d" % (
        HAND_NAMES[which],
        bid,
        took,
        made,
        _points_text(points),
        score,
    )


def final_text(score: int) -> str:
    """The session's end: the final score and whether it counts as a win."""
    if won(score):
        verdict = "You stayed positive: a win!"
    else:
        verdict = "Not above zero: a loss."
    return "Final score: %d\n%s" % (score, verdict)


def _passes_text(pass_points: List[int]) -> str:
    """A finished session's passes, one line each: "Pass 1: +3 points"."""
    text = ""
    index = 0
    while index < len(pass_points):
        text += "Pass %d: %s\n" % (index + 1, _points_text(pass_points[index]))
        index += 1
    return text


def _reason_text(mine: int, dummy: int, trump: int, prefix: bool) -> str:
    """What decided the trick (``engine.trick_reason``): with ``prefix``, after "Won: " or
    "Lost: " ("Lost: same suit, dummy's higher"), else a sentence of its own ("Same suit,
    dummy's higher"); at most 31 characters."""
    why = trick_reason(mine, dummy, trump)
    text = _REASONS[why]
    if prefix:
        return ("Won: " if why >= WHY_WON else "Lost: ") + text
    return text[0].upper() + text[1:]


def won(score: int) -> bool:
    """ "Stay positive": a session is won if its final score is above zero."""
    return score > 0


def new_play(values: List[int], seed: int) -> "Play":
    """A new session from the set-up rows' chosen indices and a seed."""
    return Play(Game(seed, options_from_values(values)), len(values) > 4 and values[4] == 1)


def load_play(data: bytes) -> "Play":
    """The session saved as ``data`` (``Play.saved``), at its current step (a trick
    within a hand shows beside the next again; a hand's last trick not yet acknowledged
    does not, and undo starts afresh); ValueError if it does not load (a format-1 save)."""
    try:
        return Play(Game.from_bytes(data))
    except ValueError:
        # The engine's bytes are of one length: one more, b"C", marks the coach on.
        if data[-1:] != b"C":
            raise
    return Play(Game.from_bytes(data[:-1]), True)


class Play:
    """The play screen's state over one ``Game``. ``key`` and ``tick`` change it and
    return ``DRAW_*`` bits saying what the screen must redraw; ``event`` then says what
    else the screen must do (``EVENT_*``).

    :param Game game: the running session
    :param bool coach: show the coach's suggested bid while bidding
    """

    # Why the last refused key was refused (``handheld.keys``); "" (a class default: an
    # attribute of its own only once a key was refused).
    refusal = ""

    def __init__(self, game: Game, coach: bool = False) -> None:
        self.game = game
        # Changes made to the game: actions sent to the engine and undos (the app saves a
        # changed game when this moves; it never goes back).
        self.applied = 0
        # The engine's bytes at the start of the current trick, while undo may go back.
        self.state: Any = None
        # The coach: False (off), True (on, not loaded yet), then the
        # ``handheld.flows.Thinker`` that drives its ``coach.Coach`` (its ``player``).
        self.coach: Any = coach
        self.tip = ""  # the coach's text while bidding
        self.obs: Dict[str, Any] = game.observation(0)
        self.event = EVENT_NONE
        self.step = STEP_BID
        self.bid = 1
        self.cursor = 0
        self.twiddle = 0  # 0 keep, 1 twiddle
        self.legal: List[int] = []
        self._ends_hand = False
        # The last key or tick showed something new unasked (see the module docstring).
        self.hold = False
        # The player moved the bid picker (the coach's bid then leaves it where it is).
        self._bid_moved = False
        # Points of each hand scored in this pass, for the pass summary.
        self.pass_points: List[int] = []
        # Each whole pass's points, for the statistics (a pass resumed from a save midway
        # is left out: its earlier hands' points are not in the save).
        self.parts: List[int] = []
        self._enter()

    # -- reading the engine -------------------------------------------------------

    def _enter(self) -> None:
        """Take the engine's phase after an action (not while a result is shown)."""
        obs = self.game.observation(0)
        self.obs = obs
        phase = obs["phase"]
        self.legal = self.game.legal_actions()
        if phase == PHASE_BID:
            self.step = STEP_BID
            # Start the picker on the smallest legal bid above zero (the under hand: 1).
            self.bid = max(1, obs["min_bid"])
            if self.bid > obs["max_bid"]:
                self.bid = obs["max_bid"]
            self._bid_moved = False
            if self.coach:
                # Loaded by the first ``tick``, a frame after the table is shown.
                if self.coach is not True:
                    self.coach.begin(self.coach.player, obs)
                self.tip = "Coach: thinking..."
        elif phase == PHASE_TWIDDLE:
            self.step = STEP_TWIDDLE
            self.twiddle = 0
        elif phase == PHASE_OVER:
            self.step = STEP_OVER
        else:
            self.step = STEP_PLAY
            self._cursor_to_legal()

    def _cursor_to_legal(self) -> None:
        """Keep the cursor in the hand, on a legal card if it is on an illegal one."""
        hand = self.obs["hand"]
        if self.cursor >= len(hand):
            self.cursor = len(hand) - 1
        if self.cursor < 0:
            self.cursor = 0
        if hand and hand[self.cursor] not in self.legal:
            index = 0
            while index < len(hand):
                if hand[index] in self.legal:
                    self.cursor = index
                    break
                index += 1

    def hand(self) -> List[int]:
        """The player's cards now."""
        return self.obs["hand"]

    def card_at_cursor(self) -> int:
        """The hand card under the cursor, -1 if the hand is empty."""
        hand = self.obs["hand"]
        return hand[self.cursor] if 0 <= self.cursor < len(hand) else -1

    # -- keys ------------------------------------------------------------------------------

    def saved(self) -> bytes:
        """The session as bytes, for ``load_play``: the engine's, then b"C" if the coach
        is on."""
        data = self.game.to_bytes()
        return data + b"C" if self.coach else data

    def key(self, key: int) -> int:
        """One key (a ``handheld.keys.K_*`` bit); returns the ``DRAW_*`` bits to redraw and
        sets ``event``. LEFT/RIGHT (or UP/DOWN) change the bid, move the hand cursor or flip
        the twiddle choice; A bids, plays the cursor's card (a dimmed one is refused:
        ``REFUSED``), takes the twiddle choice or leaves a hand's last trick; B backs off a
        twiddle choice to "keep", else undoes (``undo``), else is refused with the reason
        for the hint (``REFUSED | DRAW_HINT``, ``undo_refusal``; nothing while bidding);
        SELECT asks for the look back (EVENT_PEEK), except on a hand's last trick. ``hold``
        says whether what the key led to appeared unasked (a trick's result)."""
        self.event = EVENT_NONE
        if self.refusal:
            self.refusal = ""
        self.hold = False
        step = self.step
        if key == K_A:
            if step == STEP_BID:
                self.game.apply_action(BID_BASE + self.bid)
                self.applied += 1
                self._enter()
            elif step == STEP_PLAY:
                card = self.card_at_cursor()
                if card not in self.legal:
                    self.refusal = "Dimmed: follow the dummy"
                    return REFUSED
                self._ends_hand = self.obs["tricks_played"] + 1 == self.obs["hand_size"]
                # The trick's start, for undo (the play is a trick's first action).
                self.state = self.game.to_bytes()
                self.game.apply_action(card)
                self.applied += 1
                self._enter()
                if self.step != STEP_TWIDDLE:
                    self._resolved()
            elif step == STEP_TWIDDLE:
                if self.twiddle and self.obs["aces_left"]:
                    self.state = None  # an Ace is turned: no going back past it
                self.game.apply_action(TWIDDLE if self.twiddle else KEEP)
                self.applied += 1
                self._enter()
                self._resolved()
            elif step == STEP_RESULT:
                self.state = None  # the next hand (or a new deal) is shown next
                if self._ends_hand:
                    # The hand's summary follows (the session's end after its last).
                    self._ends_hand = False
                    last = self.obs["last_hand"]
                    if last[0] == 0:
                        self.pass_points = []  # a new pass
                    self.pass_points.append(last[3])
                    self._enter()
                    if self._pass_over() and len(self.pass_points) == last[0] + 1:
                        self.parts.append(sum(self.pass_points))
                    self.event = EVENT_GAME_OVER if self.step == STEP_OVER else EVENT_HAND_OVER
                else:
                    self._enter()
            return DRAW_TABLE
        if key == K_SELECT:
            if step != STEP_RESULT:
                self.event = EVENT_PEEK
            return 0
        if key == K_B:
            if step == STEP_TWIDDLE and self.twiddle:
                self.twiddle = 0
                return DRAW_CURSOR
            if self.undo():
                return DRAW_TABLE
            self.refusal = self.undo_refusal()
            return REFUSED | DRAW_HINT if self.refusal else 0
        if key == K_LEFT or key == K_UP:
            delta = -1
        elif key == K_RIGHT or key == K_DOWN:
            delta = 1
        else:
            return 0
        if step == STEP_BID:
            self._bid_moved = True
            bid = min(max(self.bid + delta, self.obs["min_bid"]), self.obs["max_bid"])
            if bid == self.bid:
                return 0
            self.bid = bid
            return DRAW_TABLE
        if step == STEP_PLAY:
            count = len(self.obs["hand"])
            if count < 2:
                return 0
            self.cursor = (self.cursor + delta) % count
            return DRAW_CURSOR
        if step == STEP_TWIDDLE:
            self.twiddle = 1 - self.twiddle
            return DRAW_CURSOR
        return 0

    def can_undo(self) -> bool:
        """True if ``undo`` may take the current trick back to its start now."""
        return self.state is not None and (self.step == STEP_TWIDDLE or self.step == STEP_RESULT)

    def undo_refusal(self) -> str:
        """What B says where ``can_undo`` is not true: why (a trick's start: its dummy card
        is turned; a hand's last trick: its twiddle turned an Ace; a twiddle choice: the
        game was resumed there); "" where there is nothing to say (bidding, the end)."""
        step = self.step
        if self.can_undo():
            return ""
        if step == STEP_PLAY:
            return "No undo: the dummy's card is up"
        if step == STEP_RESULT:
            return "No undo: an Ace was turned"
        if step == STEP_TWIDDLE:
            return "Undo starts with the next card"
        return ""

    def undo(self) -> bool:
        """Back to the start of the current trick, the played card back in hand under the
        cursor: the engine's exact state then. ``self.game`` is a new ``Game``. False (and
        nothing changes) if ``can_undo`` is not true."""
        if not self.can_undo():
            return False
        if self.step == STEP_TWIDDLE:
            card = self.obs["played_card"]
        else:
            card = self.obs["last_trick"][0]
        self.game = Game.from_bytes(self.state)
        self.state = None
        self.applied += 1
        self._ends_hand = False
        self._enter()
        self.cursor = self.obs["hand"].index(card)
        return True

    def tick(self, now: int, more: Any) -> int:
        """Every frame while the table is on top: while bidding with the coach on, let it
        work (``handheld.flows.Thinker.step(more)``, see ``decktet.search``; ``now`` is not
        needed); DRAW_TIP once its suggestion is ready and ``tip`` has changed to it, else
        0. The suggestion moves the bid picker to its bid (``hold`` then set) unless the
        player has moved it."""
        self.event = EVENT_NONE
        self.hold = False
        coach = self.coach
        if self.step != STEP_BID or not coach:
            return 0
        if coach is True:
            from games.whist.coach import Coach
            from handheld.flows import Thinker

            # Its suggestion is taken in the frame its work ends.
            self.coach = Thinker(0, False)
            self.coach.begin(Coach(), self.obs)
            return 0
        if not coach.step(more):
            return 0
        # ``chance``: the share of the coach's simulated deals in which its play took
        # exactly ``bid`` tricks, i.e. made the bid and scored it.
        bid, _, chance = coach.result()
        tip = "Coach: bid %d (%d%% to make it)" % (bid, chance)
        if tip == self.tip:
            return 0
        self.tip = tip
        if not self._bid_moved:
            bid = min(max(bid, self.obs["min_bid"]), self.obs["max_bid"])
            if bid != self.bid:
                self.bid = bid
                self.hold = True
        return DRAW_TIP

    def _resolved(self) -> None:
        """The trick is resolved (the engine has moved on already): within a hand, its
        result stays on the table with the next trick, which is final now that the next
        dummy card is up; a hand's last trick is shown on its own until A. Either way
        the player did not ask to see it yet (``hold``)."""
        self.hold = True
        if self._ends_hand:
            self.step = STEP_RESULT
        else:
            self.state = None

    def _pass_over(self) -> bool:
        """After a hand's summary: True if that hand ended a pass (a new deal follows)."""
        obs = self.obs
        return obs["phase"] == PHASE_OVER or (
            obs["phase"] == PHASE_BID and obs["hand_index"] == 0 and len(self.pass_points) > 1
        )

    def _pass_summary(self) -> str:
        """The points of each hand of the pass just finished, and the score."""
        text = "Pass %d of %d:\n" % (self._finished_pass() + 1, self.obs["passes"])
        index = 0
        while index < len(self.pass_points):
            if index:
                text += ", "
            text += "%s %s" % (HAND_NAMES[index].lower(), signed(self.pass_points[index]))
            index += 1
        return text

    def _finished_pass(self) -> int:
        """The pass whose hands ``pass_points`` holds."""
        obs = self.obs
        if obs["phase"] == PHASE_OVER:
            return obs["pass_index"]
        return obs["pass_index"] - 1

    def final_summary(self) -> str:
        """The session's end, after its last hand: that hand; then, for one pass, its
        hands' points, for several, each pass's points (the engine's ``pass_points``);
        then the final score (their total) and the verdict."""
        obs = self.obs
        text = _hand_summary(obs["last_hand"], obs["score"])
        # The hand's two lines; the final score below replaces its running score.
        text = text[: text.rindex("\n") + 1]
        if obs["passes"] > 1:
            text += _passes_text(obs["pass_points"])
        else:
            text += self._pass_summary() + "\n"
        self.pass_points = []
        return text + final_text(obs["score"])

    def summary(self) -> str:
        """The text after a hand: the hand, and the pass when it ended one."""
        text = _hand_summary(self.obs["last_hand"], self.obs["score"])
        if self._pass_over():
            text += "\n" + self._pass_summary()
            if self.obs["phase"] != PHASE_OVER:
                text += "\nNext: a new deal."
            self.pass_points = []
        return text

    # -- texts for the screen ----------------------------------------------------------

    def status_left(self) -> str:
        """Top line: the hand and pass of the trick on show."""
        obs = self.obs
        hand = obs["hand_index"]
        at = obs["pass_index"]
        if self.step == STEP_RESULT and self._ends_hand:
            # The engine has scored the hand and dealt the next one, maybe in a new pass:
            # the header stays on the hand whose last trick is on show.
            hand = obs["last_hand"][0]
            if obs["phase"] == PHASE_BID and obs["hand_index"] == 0:
                at -= 1
        text = "%s hand" % HAND_NAMES[hand]
        if obs["passes"] > 1:
            text += "  pass %d/%d" % (at + 1, obs["passes"])
        return text

    def status_right(self) -> str:
        """Top line, right: the running score (a hand's points count from its summary on)."""
        score = self.obs["score"]
        if self.step == STEP_RESULT and self._ends_hand:
            score -= self.obs["last_hand"][3]
        return "Score %d" % score

    def status_bid(self) -> str:
        """Second line: bid (with "lost" once ``bid_lost``), tricks won and played."""
        obs = self.obs
        lost = " lost" if self.bid_lost() else ""
        if self.step == STEP_BID:
            if self.coach:
                # The detail line holds the coach's tip: the trump goes up here.
                return "Bidding: %d-%d  Trump: %s" % (
                    obs["min_bid"],
                    obs["max_bid"],
                    trump_name(obs["trump"]),
                )
            return "Bidding: %d-%d tricks" % (obs["min_bid"], obs["max_bid"])
        if self.step == STEP_RESULT:
            # A hand's last trick: the engine has scored the hand and dealt the next one.
            last = obs["last_hand"]
            return "Bid %d%s  Won %d  Hand over" % (last[1], lost, last[2])
        return "Bid %d%s  Won %d  Trick %d/%d" % (
            obs["bid"],
            lost,
            obs["tricks_won"],
            obs["tricks_played"] + 1,
            obs["hand_size"],
        )

    def bid_lost(self) -> bool:
        """True once this hand's bid can no longer be made (the rule: made only with
        exactly the tricks bid): more tricks taken than bid, or too few tricks left to
        reach it. Counts the tricks resolved so far (on a hand's last result, the hand
        just scored); False while bidding and once the session is over."""
        obs = self.obs
        step = self.step
        if step == STEP_RESULT and self._ends_hand:
            last = obs["last_hand"]
            return last[1] != last[2]
        if step == STEP_BID or step == STEP_OVER:
            return False
        bid = obs["bid"]
        won = obs["tricks_won"]
        return won > bid or won + obs["hand_size"] - obs["tricks_played"] < bid

    def shown_hand(self) -> List[int]:
        """The cards to draw in the hand row (none after a hand's last trick)."""
        if self.step == STEP_RESULT and self._ends_hand:
            return []
        return self.obs["hand"]

    def shown_trick(self) -> Any:
        """The trick whose result stays on the table while the next trick's card is chosen:
        ``last_trick`` (mine, dummy, won, trump) in the play step of a hand's second trick
        on, else None. Its trump is the one on the table (only a twiddle changes trump)."""
        obs = self.obs
        if self.step == STEP_PLAY and obs["tricks_played"] > 0:
            return obs["last_trick"]
        return None

    def trick_text(self) -> str:
        """Beside the next trick, how the last one went and why ("Won: your card was
        trump"), or "" if none is on show (``shown_trick``)."""
        trick = self.shown_trick()
        if trick is None:
            return ""
        return _reason_text(trick[0], trick[1], trick[3], True)

    def shown_trump(self) -> int:
        """The trump to draw: the trick's deciding trump on a hand's last trick, else the
        current one (after a trick within a hand, the one that decided it)."""
        if self.step == STEP_RESULT:
            return self.obs["last_trick"][3]
        return self.obs["trump"]

    def twiddle_text(self) -> str:
        """Beside the Twiddle choice, what it would turn: the Aces left, or no trump once
        they are gone (at most 8 characters)."""
        left = self.obs["aces_left"]
        if left == 0:
            return "no trump"
        if left == 1:
            return "1 Ace"
        return "%d Aces" % left

    def winning_text(self) -> str:
        """At the twiddle choice: whose card wins the trick as it stands (kept), e.g.
        "Dummy's 7 Wyrm wins now" with the card's ``display_name`` (fits a small line)."""
        obs = self.obs
        mine = obs["played_card"]
        dummy = obs["dummy_card"]
        if player_wins(mine, dummy, obs["trump"]):
            text = "Your %s wins" % display_name(mine)
        else:
            text = "Dummy's %s wins" % display_name(dummy)
        if len(text) + 4 <= _LINE:
            text += " now"
        return text

    def result_text(self) -> str:
        """Who won the trick just shown."""
        if self.obs["last_trick"][2]:
            return "You win the trick!"
        return "Dummy wins the trick"

    def result_detail(self) -> str:
        """What decided the trick just shown (``engine.trick_reason``), e.g. "Same suit,
        dummy's higher"."""
        mine, dummy, _, trump = self.obs["last_trick"]
        return _reason_text(mine, dummy, trump, False)

    def peek_available(self) -> bool:
        """Easy mode: SELECT shows the Aces turned (and the fore tricks while bidding aft)."""
        return bool(self.obs["easy"])
