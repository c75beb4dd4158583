# SPDX-License-Identifier: MIT
"""
`games.bharg.flow`
==================

The display-free half of Bharg's screens: set-up rows to option bits, the hand laid out
by its best arrangement, the pile cursor to actions, the texts (turn summary, round
result, scoreboard, match result), and the play screen's state machine (``Play``: keys and ticks in,
what changed and what to open next out), with the computer players' turns (``games.bharg.cpu``,
imported only when a seat is a CPU) and the undo of a turn. Runs on MicroPython too
(tests/device/dtest_bharg_flow.py).

Seats are shown as "Player 1".."Player 3", short "P1".."P3" (seat 0 is Player 1, the
device's owner, always human; Players 2 and 3 may be CPUs, "P2 (CPU)"); the one human
seat against CPUs is "You" (``seat_name``).

``new_play(values, seed)`` and ``load_play(data)`` make a ``Play`` for a new match and
from ``Play.saved()``; a key the rules refuse returns ``handheld.keys.REFUSED`` with the
reason in ``refusal`` (the hint line shows it).
"""

from micropython import const

from decktet.cards import display_name, label, name
from games.bharg import SETUP
from games.bharg.engine import (
    DISCARD_BASE,
    DRAW_DECK,
    FROM_DECK,
    NEXT_ROUND,
    OPT_EXCUSE,
    OPT_ONE_ROUND,
    OPT_PAWNS,
    OPT_TARGET_25,
    OPT_TARGET_100,
    OPT_THREE_PLAYERS,
    TAKE_DISCARD,
    Game,
    card_value,
)
from games.bharg.engine import (
    PHASE_DISCARD as ENGINE_PHASE_DISCARD,
)
from games.bharg.engine import (
    PHASE_DRAW as ENGINE_PHASE_DRAW,
)
from games.bharg.engine import (
    PHASE_OVER as ENGINE_PHASE_OVER,
)
from games.bharg.engine import (
    PHASE_ROUND_OVER as ENGINE_PHASE_ROUND_OVER,
)
from handheld.keys import K_A, K_B, K_LEFT, K_RIGHT, K_SELECT, REFUSED

try:
    from typing import Any, Dict, List, Sequence, Tuple
except ImportError:
    pass

# The set-up rows' choices (games.bharg.SETUP: players, target, deck extras).
PLAYER_CHOICES = SETUP[0][1]
# The Settings screen's own choices, so the saved setting is the Target row's index.
TARGET_CHOICES = SETUP[1][1]
ROW_PLAYERS = const(0)
ROW_TARGET = const(1)
ROW_DECK = const(2)
ROW_PLAYER_2 = const(3)  # then ROW_PLAYER_2 + 1: Player 3's row
_TARGET_BITS = (OPT_TARGET_25, 0, OPT_TARGET_100, OPT_ONE_ROUND)
_DECK_BITS = (0, OPT_PAWNS, OPT_EXCUSE, OPT_PAWNS | OPT_EXCUSE)

# Who plays a seat (the Player 2 and Player 3 rows' choices; ``Play.kinds``).
KIND_HUMAN = const(0)
KIND_EASY = const(1)
KIND_NORMAL = const(2)
_STRENGTHS = ("easy", "normal")  # games.bharg.cpu's, by kind - 1

# A CPU's move stays on show this long (A goes on at once).
PAUSE_MS = const(1500)
# The CPU's work per ``tick`` when it is not given a ``more`` (tests), in units of
# ``cpu.Player.step`` (about one binding search each); the app gives its own (a frame's
# worth of work: ``handheld.app.App.more``).
CPU_STEPS = const(6)

# Hand marks (one per shown card).
MARK_NONE = const(0)  # unbound: counts against its holder
MARK_SET = const(1)  # in a set (sets alternate MARK_SET / MARK_SET_2 so neighbours differ)
MARK_SET_2 = const(2)
MARK_ACE = const(3)  # bound by the Ace Pile top (or the Excuse, always bound)

# The summary lines' width in the small font (32 columns, less a 2 px margin).
SUMMARY_COLUMNS = const(31)
# The scoreboard's width beside the piles, and a title's (the large font).
BOARD_COLUMNS = const(12)
TITLE_COLUMNS = const(26)

# Pile cursor positions in the draw phase.
PILE_DECK = const(0)
PILE_DISCARD = const(1)


def options_from_values(values: Sequence[int]) -> int:
    """Engine option bits from the set-up rows' chosen indices (Players, Target, Deck)."""
    options = _TARGET_BITS[values[ROW_TARGET]] | _DECK_BITS[values[ROW_DECK]]
    if values[ROW_PLAYERS] == 1:
        options |= OPT_THREE_PLAYERS
    return options


def kinds_from_values(values: Sequence[int]) -> bytes:
    """Who plays each seat (``KIND_*``, one byte per seat) from the set-up rows: Player 1
    is human; Player 3's row counts only with three players."""
    third = 0
    if values[ROW_PLAYERS] == 1:
        third = values[ROW_PLAYER_2 + 1]
    return bytes((KIND_HUMAN, values[ROW_PLAYER_2], third))


def seat_name(seat: int, kinds: Any, seats: int, short: bool = True) -> str:
    """How every text names a seat: "You" for the one human seat when every other seat is
    a CPU's; else "P2" ("Player 2" if not ``short``), and "P2 (CPU)" for a CPU's seat.
    ``kinds``: who plays each seat (``KIND_*``; b"": every seat human); ``seats``: how many
    play (``kinds`` has three bytes for two seats too)."""
    cpu = seat < len(kinds) and kinds[seat]
    humans = 0
    other = 0
    while other < seats:
        if other >= len(kinds) or not kinds[other]:
            humans += 1
        other += 1
    if humans == 1 and not cpu:
        return "You"
    name = ("P%d" if short else "Player %d") % (seat + 1)
    return name + " (CPU)" if cpu else name


def does(who: str, verb: str) -> str:
    """``who`` and ``verb`` agreeing: "P2 deals", "You deal"."""
    return "%s %s%s" % (who, verb, "" if who == "You" else "s")


def hand_layout(
    arrangement: Tuple[List[List[int]], List[int], List[int]],
) -> Tuple[List[int], bytearray]:
    """The hand by its arrangement with a mark per card: each set, then the other bound
    cards, then the unbound ones (the round's end shows the hands so). Returns
    ``(cards, marks)``."""
    sets, bound, unbound = arrangement
    count = len(bound) + len(unbound)
    for group in sets:
        count += len(group)
    cards = []  # type: List[int]
    marks = bytearray(count)
    set_no = 0
    for members in sets:
        for card in members:
            marks[len(cards)] = MARK_SET if set_no % 2 == 0 else MARK_SET_2
            cards.append(card)
        set_no += 1
    for part, mark in ((bound, MARK_ACE), (unbound, MARK_NONE)):
        for card in part:
            marks[len(cards)] = mark
            cards.append(card)
    return cards, marks


def slot_xs(count: int, width: int, _card_w: int, gap: int) -> List[int]:
    """x of each of ``count`` cards laid out in ``width`` px, centred; cards overlap evenly
    when they do not fit side by side."""
    if not count:
        return []
    stride = _card_w + gap
    if count > 1:
        room = (width - _card_w) // (count - 1)
        if room < stride:
            stride = room
    x = (width - _card_w - (count - 1) * stride) // 2
    out = [x]
    i = 1
    while i < count:
        x += stride
        out.append(x)
        i += 1
    return out


def _pile_action(pile: int) -> int:
    """The draw-phase action for a pile cursor position."""
    return TAKE_DISCARD if pile == PILE_DISCARD else DRAW_DECK


def _turn_text(seat: int, took: int, discarded: int, who: str = "") -> str:
    """One seat's last turn in at most ``SUMMARY_COLUMNS`` characters, e.g.
    "P1 took 9~ Sea, threw 6~ Mill" (~: the suit icons) or "P1 drew, threw A~ Ace Moons";
    too long, the taken card by its label alone (then the discarded one too). ``who``:
    the seat's name (``seat_name``), "P1" if not given."""
    if not who:
        who = "P%d" % (seat + 1)
    if discarded < 0:
        return who + ": no turn yet"
    tail = ", threw " + short_name(discarded)
    if took == FROM_DECK:
        head = who + " drew"
        if len(head) + len(tail) > SUMMARY_COLUMNS:
            tail = ", threw " + label(discarded)
        return head + tail
    head = who + " took "
    taken = short_name(took)
    # Too long: the taken card by its label alone, then the discarded one too.
    if len(head) + len(taken) + len(tail) > SUMMARY_COLUMNS:
        taken = label(took)
        if len(head) + len(taken) + len(tail) > SUMMARY_COLUMNS:
            tail = ", threw " + label(discarded)
    return head + taken + tail


def short_name(card: int) -> str:
    """A card's label (rank, suit icons) and a name short enough for the summary line
    ("Ace Moons" for "Ace of Moons")."""
    text = name(card)
    if card < 6:
        text = "Ace " + text[7:]
    return label(card) + " " + text


def turn_summary(observation: Dict[str, Any], kinds: Any = b"") -> List[str]:
    """What the other seats did since this seat's last turn: one line per other seat, in
    turn order starting after this seat, each seat named by ``seat_name`` (``kinds``: who
    plays each seat). At the start of a round, before anyone else played: who dealt and
    why the first player starts (docs/RULINGS.md, "Dealing")."""
    seat = observation["player"]
    last = observation["last_turns"]
    count = len(last)
    lines = []  # type: List[str]
    step = 1
    while step < count:
        other = (seat + step) % count
        took, discarded = last[other]
        if discarded >= 0:
            lines.append(_turn_text(other, took, discarded, seat_name(other, kinds, count)))
        step += 1
    if not lines and observation["round_result"] is None:
        dealer = observation["dealer"]
        dealt = "Round %d: %s dealt" % (observation["round"], seat_name(dealer, kinds, count))
        starts = does(seat_name((dealer + 1) % count, kinds, count), "start")
        line = "%s, %s" % (dealt, starts)
        if len(line) <= SUMMARY_COLUMNS:
            lines.append(line)
            lines.append("(the player after the dealer)")
        else:  # (a CPU's name is longer)
            lines.append(dealt)
            lines.append(starts + " (after dealer)")
    return lines


def _round_text(observation: Dict[str, Any], kinds: Any = b"") -> str:
    """The round result for the title bar: "P2 wins 17 pts", "You win 17 pts" or
    "no score"."""
    result = observation["round_result"]
    if result is None:
        return ""
    winner = result["winner"]
    if winner < 0:
        # Why (turn limit, rebuilt twice) goes on the round-end screen's hint line.
        return "no score"
    who = seat_name(winner, kinds, len(observation["scores"]))
    return "%s %d pts" % (does(who, "win"), result["points"])


def round_title(observation: Dict[str, Any], kinds: Any = b"") -> str:
    """The round-end screen's title: "Round 2: P2 wins 17 pts", without the round if that
    does not fit (``TITLE_COLUMNS``)."""
    text = _round_text(observation, kinds)
    title = "Round %d: %s" % (observation["round"], text)
    return title if len(title) <= TITLE_COLUMNS else text


def next_text(observation: Dict[str, Any], kinds: Any = b"") -> str:
    """Who deals the next round, and so who starts it: "Next: P2 deals, P1 starts"."""
    count = len(observation["scores"])
    dealer = (observation["dealer"] + 1) % count
    return "Next: %s, %s" % (
        does(seat_name(dealer, kinds, count), "deal"),
        does(seat_name((dealer + 1) % count, kinds, count), "start"),
    )


def _target_text(observation: Dict[str, Any]) -> str:
    """ "to 50", or "1 round" for a single-round game."""
    target = observation["target"]
    if target == 0:
        return "1 round"
    return "to %d" % target


def match_text(observation: Dict[str, Any], kinds: Any = b"") -> str:
    """The match result's title: the winner, or a draw."""
    winner = observation["match_winner"]
    if winner < 0:
        return "Draw"
    return does(seat_name(winner, kinds, len(observation["scores"]), False), "win") + "!"


def final_text(observation: Dict[str, Any], kinds: Any = b"") -> str:
    """The match result's text: each seat's final score, the target and the rounds."""
    scores = observation["scores"]
    lines = []
    seat = 0
    while seat < len(scores):
        name = seat_name(seat, kinds, len(scores), False)
        lines.append("%s: %d pts" % (name, scores[seat]))
        seat += 1
    target = observation["target"]
    rounds = observation["round"]
    if target:
        lines.append("Target %d, %d round%s." % (target, rounds, "" if rounds == 1 else "s"))
    else:
        lines.append("A single round.")
    return "\n".join(lines)


def new_play(values: Sequence[int], seed: int) -> "Play":
    """A new match from the set-up rows' chosen indices and a seed; with two or more
    human seats, the first turn starts covered (its privacy screen)."""
    return Play(Game(seed, options_from_values(values)), kinds_from_values(values))


def load_play(data: bytes) -> "Play":
    """The match saved as ``data`` (``Play.saved``), covered until the seat to move is
    ready, or at the round's end between rounds; ValueError if it does not load. (A save
    without the seats' bytes is all human.)"""
    kinds = b"\0\0\0"
    try:
        game = Game.from_bytes(data)
    except ValueError:
        game = Game.from_bytes(data[:-3])
        kinds = bytes(data[-3:])
        if kinds[0] or max(kinds) > KIND_NORMAL:
            raise
    return Play(game, kinds)


def won_for_stats(observation: Dict[str, Any]) -> bool:
    """Statistics count every finished match as played and as won when Player 1 (the
    device's owner, seat 0) won it."""
    return observation["match_winner"] == 0


# --- the play screen's state machine ---------------------------------------------------------

# Phases: the engine's (its observation gives them as these ints).
PHASE_DRAW = ENGINE_PHASE_DRAW  # pick the deck or the discard top
PHASE_DISCARD = ENGINE_PHASE_DISCARD  # pick a hand card to discard
PHASE_ROUND_OVER = ENGINE_PHASE_ROUND_OVER  # the round has ended; the match goes on
PHASE_OVER = ENGINE_PHASE_OVER  # the match is over

# What a key changed, for the screen to redraw (bits, OR-ed).
DRAW_TABLE = const(1)  # everything read from the observation: texts, piles, board, hand
DRAW_PILES = const(2)  # the pile cursor (lit and dimmed piles)
DRAW_CURSOR = const(4)  # the hand cursor moved from ``old_cursor`` to ``cursor``
DRAW_NAME = const(8)  # the line naming the card or pile under the cursor
DRAW_HINT = const(16)  # the key hint line (a key that could not act says why)
DRAW_ALL = const(31)
DRAW_WAIT = const(32)  # what shows now came by itself (the turn after a CPU's move): A waits

# What the screen opens after a key or a tick (``Play.event``).
EVENT_NONE = const(0)
EVENT_PASS = const(1)  # the table now shows ``seat``: hand the device over (privacy screen)
EVENT_ROUND_END = const(2)  # the round ended, the match goes on: every hand, then scores
EVENT_OVER = const(3)  # the discard ended the match: every hand, then the match result
EVENT_LEGEND = const(4)  # SELECT: what the bars under the hand mean

_STATUS_WORDS = ("", "in a set", "in a set", "Ace-bound")


def _phase_of(observation: Dict[str, Any]) -> int:
    """The observation's phase, a ``PHASE_*`` int."""
    return observation["phase"]


class Play:
    """The play screen's state, display-free: the game, the seat shown and its observation
    and phase, the hand in display order (``order``, ``marks``), the legal
    actions, the pile cursor, the hand cursor, and whether the table is covered for the
    next seat. ``key`` and ``tick`` change it and return ``DRAW_*`` bits saying what the
    screen must redraw; ``event`` then says which screen it must open (``EVENT_*``).

    The seat shown is always a human one: the seat to act, or while CPUs play, the next
    human seat to act (it watches their moves). With two or three human seats, a new
    seat's view is covered until that seat confirms on its privacy screen (``uncover``);
    keys do nothing meanwhile. With one human seat nothing is ever covered.

    CPU seats (``kinds``) play in ``tick``: a decision is spread over frames by a
    ``handheld.flows.Thinker`` (a frame's worth of work each, the move played the frame
    after the search ends), and each finished move (what it took, what it discarded)
    stays on show for ``PAUSE_MS`` (A goes on).

    Undo (``can_undo``/``undo``, B or the pause menu): back to the start of the turn shown
    after taking the discard pile's top card (public); never after a draw from the deck,
    whose card was hidden. Not kept in a save.

    :param game: an ``engine.Game``
    :param kinds: who plays each seat, ``KIND_*`` per seat (all human if empty)
    """

    def __init__(self, game: Any, kinds: Any = b"\0\0\0") -> None:
        self.game = game
        self.kinds = kinds
        self.applied = 0  # actions sent to the engine, and undos (the app saves on a change)
        self.cpus: List[Any] = []  # per seat: its cpu.Player, or None for a human seat
        # The CPU seats' turns: their decisions and the show of each move (a
        # ``handheld.flows.Thinker``, with a CPU seat).
        self.cpu: Any = None
        humans = 0
        seat = 0
        while seat < game.num_players():
            self.cpus.append(None)
            if kinds[seat]:
                from games.bharg.cpu import Player
                from handheld.flows import Thinker

                self.cpus[seat] = Player(seat, _STRENGTHS[kinds[seat] - 1], seat)
                if self.cpu is None:
                    self.cpu = Thinker(PAUSE_MS)
            else:
                humans += 1
            seat += 1
        self.humans = humans
        self.mover = -1  # the CPU seat whose move is on show, or -1
        self.state: Any = None  # the game before the shown seat took the discard top
        self.seat = 0  # whose view is shown
        self.obs: Dict[str, Any] = {}
        self.phase = PHASE_DRAW
        self.order: List[int] = []  # the hand in card order (``sync``)
        self.arrived = -1  # the card just drawn or taken, or -1
        self.marks = bytearray(0)
        self.legal: List[int] = []  # the seat's legal actions (none if it is not to act)
        self.pile = PILE_DECK
        self.cursor = -1  # hand slot under the cursor (discard phase), else -1
        self.old_cursor = -1  # the slot it left (``DRAW_CURSOR``)
        self.covered = True
        self.event = EVENT_NONE
        self.refusal = ""  # why the last key could not act, for the hint line
        self.legend = False  # the hint line explains the bars under the hand (``sync``)
        self._legend_round = 0  # the round it last did
        self._show_seat(self._next_human())

    # -- state from the engine ---------------------------------------------------------------

    def _next_human(self) -> int:
        """The human seat to act next: the seat to act, or the first human seat after it
        (seat 0 once the match is over)."""
        seat = self.game.current_player()
        if seat < 0:
            return 0
        while self.kinds[seat]:
            seat = (seat + 1) % len(self.cpus)
        return seat

    def _show_seat(self, seat: int) -> None:
        """Show ``seat``'s view from its first choice on, covered until it is ready."""
        self.seat = seat
        self.pile = PILE_DECK
        self.cursor = -1
        self.covered = True
        self.sync()

    def sync(self) -> int:
        """Read the seat's observation again: phase, hand layout, legal actions; the hand
        cursor starts on the card ``default_discard`` picks. The hand is shown in card order
        (rank, then suits: the card codes), so a card that arrives goes where it sorts and
        no other card moves; the bars under it still mark each card's set; ``arrived`` is
        the card just drawn or taken (the screen raises it), else -1."""
        game = self.game
        obs = game.observation(self.seat)
        self.obs = obs
        self.phase = _phase_of(obs)
        # No choices while a CPU's move is on show, nor on another seat's turn.
        acting = game.current_player() == self.seat and self.mover < 0
        self.legal = game.legal_actions() if acting else []
        if TAKE_DISCARD not in self.legal:
            self.pile = PILE_DECK
        order = obs["hand"]  # (a new list each observation: sorted in place)
        order.sort()
        sets, bound, _ = obs["arrangement"]
        marks = bytearray(len(order))
        slot = 0
        while slot < len(order):
            card = order[slot]
            mark = MARK_ACE if card in bound else MARK_NONE
            number = 0
            while number < len(sets):
                if card in sets[number]:
                    mark = MARK_SET if number % 2 == 0 else MARK_SET_2
                number += 1
            marks[slot] = mark
            slot += 1
        previous = self.order
        self.arrived = -1
        if len(order) == len(previous) + 1:
            for card in order:
                if card not in previous:
                    self.arrived = card
        self.order = order
        self.marks = marks
        # The first time a round's table shows a bar under the hand, the hint line says
        # what the bars mean, until the next action (``_apply``).
        self.legend = bool(self.legal) and obs["round"] != self._legend_round and any(marks)
        if self._discarding():
            if self.cursor < 0:
                self.cursor = self.default_discard()
            self.cursor = min(self.cursor, len(order) - 1)
        else:
            self.cursor = -1
        self.old_cursor = self.cursor
        return DRAW_ALL

    def default_discard(self) -> int:
        """The hand slot the discard cursor starts on: the unbound card worth most (what
        the easy CPU discards when the arrangement stays), else a card the Ace Pile binds,
        and a card of a set only when every other card must stay (the one just taken)."""
        best = -1
        best_rank = -1
        slot = 0
        while slot < len(self.order):
            card = self.order[slot]
            if DISCARD_BASE + card in self.legal:
                mark = self.marks[slot]
                if mark == MARK_NONE:
                    rank = 2 + card_value(card)
                elif mark == MARK_ACE:
                    rank = 1
                else:
                    rank = 0
                if rank > best_rank:
                    best = slot
                    best_rank = rank
            slot += 1
        return max(best, 0)

    def _apply(self, action: int, mine: bool = True) -> None:
        """Send an action to the engine (``mine``: the shown seat's, not a CPU's); only
        the shown seat's take of the discard top keeps the game before it, for ``undo``."""
        game = self.game
        if self.legend:
            self.legend = False
            self._legend_round = self.obs["round"]
        self.state = game.to_bytes() if action == TAKE_DISCARD and mine else None
        game.apply_action(action)
        self.applied += 1

    # -- what the screen shows ---------------------------------------------------------------

    def drawing(self) -> bool:
        """True while the seat shown picks a pile."""
        return self.phase == PHASE_DRAW and bool(self.legal)

    def _discarding(self) -> bool:
        """True while the seat shown picks a card to discard."""
        return self.phase == PHASE_DISCARD and bool(self.legal)

    def waiting(self) -> bool:
        """True while a CPU seat is to act or its move is on show."""
        return self.mover >= 0 or (
            self.phase <= PHASE_DISCARD and self.kinds[self.game.current_player()] != KIND_HUMAN
        )

    def name(self, seat: int) -> str:
        """A seat's name on the table (``seat_name``): "P2", "P2 (CPU)", "You"."""
        return seat_name(seat, self.kinds, len(self.cpus))

    def status_text(self) -> str:
        """Whose turn and what to do: "P1 draw a card" ("You draw a card" against CPUs),
        "P2 (CPU) thinking"."""
        if self.mover >= 0:
            return self.name(self.mover) + " moved"
        if self.waiting():
            return self.name(self.game.current_player()) + " thinking"
        doing = "draw a card" if self.phase == PHASE_DRAW else "discard a card"
        return "%s %s" % (self.name(self.seat), doing)

    def round_info(self) -> str:
        """The round and the target: "Rd 2 to 50", or "1 round" for a single round."""
        if not self.obs["target"]:
            return "1 round"
        return "Rd %d %s" % (self.obs["round"], _target_text(self.obs))

    def board_text(self, row: int) -> str:
        """The scoreboard's lines: row 0 the deck's count, then one per seat with its match
        score (">" marks the seat shown): ">P1 12 pts"; with a CPU seat (its longer name)
        the scores right-aligned in ``BOARD_COLUMNS``, ">You      12", " P2 (CPU)  7";
        "" past the last seat."""
        obs = self.obs
        if row == 0:
            return "Deck %d" % obs["deck_count"]
        seat = row - 1
        scores = obs["scores"]
        if seat >= len(scores):
            return ""
        text = (">" if seat == self.seat else " ") + self.name(seat)
        if self.humans == len(scores):
            return "%s %d pts" % (text, scores[seat])
        score = "%d" % scores[seat]
        return text + " " * max(BOARD_COLUMNS - len(text) - len(score), 1) + score

    def dimmed(self, slot: int) -> bool:
        """True for a hand card that may not be discarded now (the one just taken)."""
        return self._discarding() and (DISCARD_BASE + self.order[slot]) not in self.legal

    def pile_lit(self, pile: int) -> bool:
        """True for the pile under the draw cursor."""
        return self.drawing() and pile == self.pile

    def discard_dimmed(self) -> bool:
        """True while drawing if the discard top may not be taken."""
        return self.drawing() and TAKE_DISCARD not in self.legal

    def name_text(self) -> str:
        """The card under the cursor with its status, the pile the draw would use, or the
        CPU's move on show."""
        obs = self.obs
        if self.mover >= 0:
            # The summary lines above say what it did.
            return self.name(self.mover) + " played: see above"
        if self.cursor >= 0:
            card = self.order[self.cursor]
            mark = self.marks[self.cursor]
            if mark == MARK_NONE:
                status = "unbound %d" % card_value(card)
            else:
                status = _STATUS_WORDS[mark]
            if card == obs["taken"]:
                status = "taken, keep"
            return "%s: %s" % (display_name(card), status)
        if self.drawing():
            if self.pile == PILE_DISCARD:
                return "Take %s" % display_name(obs["discard_top"])
            return "Draw from the deck"
        return ""

    def hint_text(self) -> str:
        """The key hint of the phase, or why the last key could not act."""
        if self.refusal:
            return self.refusal
        if self.legend:
            return "bars: blue/pink sets, green Ace"
        if self.mover >= 0:
            return "A go on  SEL help"
        if self.waiting():
            return "wait for the CPU  SEL help"
        if self._discarding():
            if self.state is not None:
                return "<> card  A discard  B undo"
            return "<> card  A discard  SEL help"
        return "<> pile  A take  SEL help"

    # -- keys and the screens around the table ---------------------------------------------

    def saved(self) -> bytes:
        """The match as bytes, for ``load_play``: the engine's, then who plays each seat."""
        return self.game.to_bytes() + bytes(self.kinds)

    def key(self, key: int) -> int:
        """One key (a ``handheld.keys.K_*`` bit); returns the ``DRAW_*`` bits to redraw and
        sets ``event``. Draw phase: LEFT/RIGHT the deck or the discard top, A takes it;
        discard phase: LEFT/RIGHT a hand card, A discards it, B undoes the take; a CPU's
        move on show: A goes on (``DRAW_WAIT``: the turn after it was not seen yet);
        SELECT the legend. A key the rules refuse returns ``REFUSED | DRAW_HINT``, the
        reason in ``refusal`` (the hint line's until the next key)."""
        self.event = EVENT_NONE
        if self.covered:
            return 0
        changed = 0
        if self.refusal:
            self.refusal = ""
            changed = DRAW_HINT
        if key == K_SELECT:
            self.event = EVENT_LEGEND
            return 0
        if self.mover >= 0:
            if key == K_A:
                return changed | self._moved() | DRAW_WAIT
            return changed
        if key == K_B and self._discarding():
            if self.can_undo():
                return self.undo()
            self.refusal = "No undo after a deck draw"
            if self.obs["taken"] >= 0:
                self.refusal = "No undo in a continued game"
            return REFUSED | DRAW_HINT
        if not self.legal:
            return changed
        if self.phase == PHASE_DRAW:
            return changed | self._draw_key(key)
        if self.phase == PHASE_DISCARD:
            return changed | self._discard_key(key)
        return changed

    def _draw_key(self, key: int) -> int:
        """LEFT/RIGHT: the deck or the discard top (if it may be taken); A takes it."""
        if (key == K_LEFT or key == K_RIGHT) and TAKE_DISCARD in self.legal:
            self.pile = PILE_DISCARD if self.pile == PILE_DECK else PILE_DECK
            return DRAW_PILES | DRAW_NAME
        if key == K_A:
            action = _pile_action(self.pile)
            if action in self.legal:
                self._apply(action)
                return self.sync()
        return 0

    def _discard_key(self, key: int) -> int:
        """LEFT/RIGHT move over the hand; A discards a legal card, then the next seat's
        turn, the round's end or the match's."""
        count = len(self.order)
        if (key == K_LEFT or key == K_RIGHT) and count:
            self.old_cursor = self.cursor
            self.cursor = (self.cursor + (1 if key == K_RIGHT else -1)) % count
            return DRAW_CURSOR | DRAW_NAME
        if key != K_A or not 0 <= self.cursor < count:
            return 0
        action = DISCARD_BASE + self.order[self.cursor]
        if action not in self.legal:
            self.refusal = "Taken card stays: pick another"
            return REFUSED | DRAW_HINT
        self._apply(action)
        return self._next()

    def _next(self) -> int:
        """After a discard (and a CPU's move on show): the round's or the match's end, a
        CPU's turn, or the next human seat's (behind its privacy screen if it is another
        seat's than the one shown)."""
        game = self.game
        if game.is_over():
            self.event = EVENT_OVER
        elif NEXT_ROUND in game.legal_actions():
            self.event = EVENT_ROUND_END
        else:
            seat = self._next_human()
            if seat != self.seat:
                self._show_seat(seat)
                self.event = EVENT_PASS
                return DRAW_ALL
            # The same seat's next turn (the others are CPUs): it starts on the deck.
            self.pile = PILE_DECK
            self.cursor = -1
        return self.sync()

    def can_undo(self) -> bool:
        """True in the shown seat's discard phase after it took the discard pile's top card
        (undo would reveal nothing)."""
        return self.state is not None and self._discarding() and not self.covered

    def undo(self) -> int:
        """Back to the start of the turn shown, before its take of the discard top: the
        engine state exactly as it was (``to_bytes`` equal), the discard top under the
        cursor. Counts as a change (``applied`` never goes back)."""
        self.event = EVENT_NONE
        if not self.can_undo():
            return 0
        self.game = Game.from_bytes(self.state)
        self.state = None
        self.applied += 1
        self.cursor = -1
        self.sync()
        self.pile = PILE_DISCARD
        return DRAW_ALL

    def tick(self, now: int, more: Any) -> int:
        """Every frame while the table is on top (``now`` in ms, wrapping). A covered table
        (the match's first turn, or a resumed game) calls for its privacy screen (``event``
        EVENT_PASS), or, for a game resumed between rounds, for the round's end
        (EVENT_ROUND_END); with one human seat it is uncovered at once. A CPU seat to act
        works on its decision (``cpu``: ``step(more)``, see ``decktet.search``; ``more``
        None: ``CPU_STEPS`` units) and plays it the frame after the search ends; its move
        stays on show until ``PAUSE_MS`` have passed. Returns the ``DRAW_*`` bits to
        redraw."""
        self.event = EVENT_NONE
        if self.covered:
            if self.phase >= PHASE_ROUND_OVER:
                self.event = EVENT_ROUND_END
            elif self.humans > 1:
                self.event = EVENT_PASS
            else:
                self.covered = False
            return 0
        thinker = self.cpu
        if self.mover >= 0:
            if thinker.shown(now):
                return self._moved()
            return 0
        game = self.game
        seat = game.current_player()
        if self.phase > PHASE_DISCARD or not self.kinds[seat]:
            return 0
        if not thinker.busy:
            thinker.begin(self.cpus[seat], game.observation(seat), game.legal_actions())
            return DRAW_TABLE  # "thinking"
        if more is None:
            from decktet.search import units

            more = units(CPU_STEPS)
        if not thinker.step(more):
            return 0
        action = thinker.result()
        self._apply(action, False)
        if action == DRAW_DECK or action == TAKE_DISCARD:
            return self.sync()
        self.mover = seat
        thinker.show(now)
        return self.sync()

    def _moved(self) -> int:
        """The CPU's move has been on show: go on."""
        self.mover = -1
        return self._next() | DRAW_ALL

    def uncover(self) -> None:
        """The seat shown pressed A on its privacy screen: its keys count from now on."""
        self.covered = False

    def next_round(self) -> int:
        """After the round's scores (the match goes on): deal the next round and show the
        next human seat, covered (``event`` EVENT_PASS) if there are two or more."""
        self.event = EVENT_NONE
        if self.phase != PHASE_ROUND_OVER:
            return 0
        self._apply(NEXT_ROUND)
        self._show_seat(self._next_human())
        if self.humans > 1:
            self.event = EVENT_PASS
        else:
            self.covered = False
        return DRAW_ALL
