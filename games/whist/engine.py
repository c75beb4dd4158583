# SPDX-License-Identifier: MIT
"""
`games.whist.engine`
====================

Gongor Whist (P.D. Magnus): a solitaire trick-taking game against a face-down dummy pile.
The rulings that settle the rule text's gaps are in docs/RULINGS.md, "Gongor Whist".

**A game** is a session of 1, 2, 3 or 5 passes (option bits ``OPT_PASSES_*``, default 1).
A pass is the fore hand, the aft hand and, with ``OPT_UNDER``, the under hand. The running
score is ``scores()[0]``; the game is over once the last pass's last hand is scored.

**The cards.** The six Aces are the trump stack, never in the main deck. The main deck is the
30 number cards and Crowns, plus the four Pawns with ``OPT_PAWNS`` and the Excuse with
``OPT_EXCUSE`` (no Courts). Hands are 7 cards, 8 with the Pawns ("each hand can be eight
cards"), 7 again with ``OPT_PAWNS | OPT_SEVEN``.

**The deal** (per pass): the Ace stack is shuffled and its top Ace turned (its suit is trump);
then the main deck is shuffled. In the main deck's deal order (hand size ``n``): cards
``0..n-1`` are the fore hand, ``n..2n-1`` the fore dummy (flipped in that order),
``2n..3n-1`` the aft hand, ``3n..4n-1`` the aft dummy, the rest left over. The under hand
deals leftover ``4n`` to the player and ``4n+1`` to the dummy; any further leftovers (with the
Excuse: one) stay unseen. Every pass shuffles the Aces, then the main deck, from the game's
single ``Rng``, in that order. ``deck`` (tests and scenarios) replaces the first pass's two
shuffles: its first 6 elements are the Ace stack, top first; the rest are the main deck in
deal order. Later passes reshuffle with the generator.

**Turns.** Bid (at least 1, at most the hand size; under hand 0 or 1) -> the dummy's next card
is flipped automatically -> play a card (one sharing a suit with the dummy's card if the
player holds one; the Excuse may always be played) -> the twiddle choice: ``TWIDDLE`` turns
the next Ace (its suit is trump from this trick on) or, with the stack empty, ends trump for
the rest of the hand; ``KEEP`` keeps trump -> the trick is resolved automatically -> next
trick. Once the hand has no trump, there is nothing left to twiddle, so the choice is skipped
and the trick resolves right after the play (project decision). A hand ends after its last
trick: it is scored and the next hand is dealt automatically.

Trump at the start of every hand is the suit of the most recently turned Ace; an Ace turned in
the fore hand stays turned in the aft and under hands (the stack is left as it is).
A trick with the Excuse in it counts as one of the hand's tricks, lost by the player.
``describe(TWIDDLE)`` never names the face-down next Ace; the new trump shows afterwards in
``trump`` and ``last_trick``.

**Helpers** for screens and tests: ``player_wins(mine, dummy, trump)`` (trump a suit bit, 0
for no trump), ``trick_reason(mine, dummy, trump)`` (what decided the trick: a ``WHY_*``
code; ``player_wins`` is ``trick_reason(...) >= WHY_WON``), ``hand_score(bid, won, which)``
(which: 0 fore, 1 aft, 2 under), ``strength(card)`` (the rank order for "higher") and
``main_cards(options)``.

**Actions** (ints):

- ``0..44``: play that card code from the hand;
- ``TWIDDLE`` (60), ``KEEP`` (61): the twiddle choice;
- ``BID_BASE + n`` (100..108): bid ``n`` tricks.

**Option bits**: ``OPT_UNDER`` (1) the under hand; ``OPT_EXCUSE`` (2) the Excuse; ``OPT_PAWNS``
(4) the Pawns and hands of eight; ``OPT_EASY`` (8) public information mode "easy" (else
"hardball"); passes in bits 4-5: ``OPT_PASSES_2`` (16), ``OPT_PASSES_3`` (32),
``OPT_PASSES_5`` (48), none set = 1 pass; ``OPT_SEVEN`` (64), only with ``OPT_PAWNS``: the
Pawns in hands of seven (the leftovers grow to six).

**observation(0)** keys (stable; screens rely on them):

- ``phase``: ``PHASE_BID``, ``PHASE_PLAY``, ``PHASE_TWIDDLE`` or ``PHASE_OVER``;
- ``hand``: the player's cards still in hand, sorted (a played card waiting for the twiddle
  choice is no longer in it);
- ``bid``: this hand's bid, -1 before bidding; ``min_bid``, ``max_bid``: the bid range;
- ``tricks_won``, ``tricks_played``: in this hand;
- ``hand_index``: 0 fore, 1 aft, 2 under; ``hand_size``: tricks in this hand;
- ``dummy_card``: the dummy's flipped card of the current trick, -1 while bidding or over;
- ``played_card``: the player's card waiting for the twiddle choice, else -1;
- ``trump``: the trump suit bit, 0 for no trump;
- ``aces_left``: Aces still face down in the stack;
- ``aces_turned``: easy mode: the Aces turned this pass, oldest first; hardball: None;
- ``fore_tricks``: easy mode while bidding the aft hand: the fore hand's tricks as
  ``(mine, dummy, won)`` in play order; otherwise None;
- ``last_trick``: ``(mine, dummy, won, trump)`` of the last resolved trick (trump as it was
  for that trick), or None before the first;
- ``last_hand``: ``(hand_index, bid, tricks_won, points)`` of the last scored hand, or None;
- ``score``: the running score; ``pass_index`` (0-based) and ``passes``; ``easy``: bool;
- ``pass_points``: each pass's points so far, passes ``0..pass_index`` (the current one's
  from its hands scored so far); they add up to ``score``;
- ``pawns``: bool, the Pawns are in the main deck (public: the set-up says so);
- ``excuse``: bool, the Excuse is in the main deck (public too).

**Saves**: ``to_bytes()`` is the ``decktet.state`` layout: the tag byte, the state
bytearray, the generator's state (format 2: format 1 had no ``pass_points`` and does not
load); ``check_invariants()`` raises ``decktet.state.StateError``.
"""

from micropython import const

from decktet.cards import (
    ALL_SUITS,
    EXCUSE,
    FIRST_ACE,
    FIRST_COURT,
    FIRST_NUMBER,
    FIRST_PAWN,
    NUM_CARDS,
    RANK_CROWN,
    RANK_PAWN,
    SUIT_NAMES,
    is_arrangement,
    name,
    rank,
    suit_count,
    suit_index,
    suits,
)
from decktet.rng import Rng
from decktet.state import check, get16, pack, put16, unpack, verify

try:
    from typing import Any, Dict, List, Optional, Tuple
except ImportError:
    pass

OPT_UNDER = const(1)
OPT_EXCUSE = const(2)
OPT_PAWNS = const(4)
OPT_EASY = const(8)
OPT_PASSES_2 = const(16)
OPT_PASSES_3 = const(32)
OPT_PASSES_5 = const(48)
OPT_SEVEN = const(64)
_OPT_ALL = const(127)
_OPT_PASSES = const(48)

TWIDDLE = const(60)
KEEP = const(61)
BID_BASE = const(100)

# What decided a trick (``trick_reason``). The player lost it: ...
WHY_EXCUSE_LED = const(0)  # the dummy led the Excuse
WHY_EXCUSE_PLAYED = const(1)  # the player played the Excuse
WHY_DUMMY_TRUMP = const(2)  # only the dummy's card is trump
WHY_TRUMP_LOWER = const(3)  # both are trump, the player's lower
WHY_OFF_SUIT = const(4)  # no trump in it, and the player's card shares no suit with the lead
WHY_LOWER = const(5)  # no trump in it, the player followed suit lower
WHY_TIE = const(6)  # equal rank (two Pawns): the dummy's wins
# ... or won it (``WHY_WON`` and above):
WHY_WON = const(7)
WHY_TRUMP = const(7)  # only the player's card is trump
WHY_TRUMP_HIGHER = const(8)  # both are trump, the player's higher
WHY_HIGHER = const(9)  # no trump in it, the player followed suit higher

PHASE_BID = const(0)
PHASE_PLAY = const(1)
PHASE_TWIDDLE = const(2)
PHASE_OVER = const(3)

_FORE = const(0)
_AFT = const(1)
_UNDER = const(2)

# Every variant combination with one pass, plus multi-pass sessions.
OPTION_SETS = tuple(range(16)) + (
    OPT_PASSES_2 | OPT_UNDER,
    OPT_PASSES_3 | OPT_PAWNS | OPT_EASY,
    OPT_PASSES_5 | OPT_UNDER | OPT_EXCUSE | OPT_PAWNS | OPT_EASY,
    OPT_SEVEN | OPT_PAWNS,
    OPT_SEVEN | OPT_PAWNS | OPT_UNDER,
    OPT_SEVEN | OPT_PAWNS | OPT_UNDER | OPT_EXCUSE | OPT_EASY | OPT_PASSES_2,
)
# Per pass: two hands of (bid + 8 plays + 8 twiddles) and the under hand's 3; five passes.
MAX_ACTIONS = const(185)

# Passes by the option's bits 4-5.
_PASSES = b"\x01\x02\x03\x05"
_TAG = const(0x58)  # Gongor Whist, save format 2 (format 1, tag 0x57, had no pass points)
_NONE = const(255)
_WON = const(128)  # a trick record's "won" bit; the low bits are the card
_CARD_BITS = const(127)
_STACK = const(6)  # the Ace stack: all six Aces (codes FIRST_ACE..FIRST_NUMBER-1)
_HAND_SIZE = const(7)
_HAND_SIZE_PAWNS = const(8)  # with OPT_PAWNS; also the trick records kept per hand
_SCORE_ZERO = const(32768)  # the score is stored plus this, as 16 bits
_POINTS_ZERO = const(128)  # a pass's points are stored plus this, in a byte (-21..17)
_MAX_PASSES = const(5)

# Offsets into the state bytearray.
_O_OPT = const(0)
_O_PHASE = const(1)
_O_PASS = const(2)
_O_HAND = const(3)
_O_TRICK = const(4)
_O_BID = const(5)
_O_TURNED = const(6)  # Aces turned this pass, 1..6
_O_NOTRUMP = const(7)  # 1 once twiddled past an empty stack, this hand only
_O_PLAYED = const(8)  # the card waiting for the twiddle choice
_O_LAST_MINE = const(9)
_O_LAST_DUMMY = const(10)
_O_LAST_WON = const(11)
_O_LAST_TRUMP = const(12)
_O_LAST_WHICH = const(13)
_O_LAST_BID = const(14)
_O_LAST_TOOK = const(15)
_O_SCORE = const(16)  # two bytes, score + _SCORE_ZERO, big-endian (decktet.state.put16)
_O_ACES = const(18)  # _STACK: the Ace stack this pass, top first
_O_MAIN = const(24)  # _MAIN_MAX: the main deck in deal order, unused tail _NONE
_O_MINE = const(59)  # 3 x 8: the player's card per hand and trick, | _WON if won
_O_PASS_POINTS = const(83)  # _MAX_PASSES: each pass's points so far, + _POINTS_ZERO
_SIZE = const(88)
_MAIN_MAX = const(35)  # the largest main deck: 24 numbers, 6 Crowns, 4 Pawns, the Excuse


def strength(card: int) -> int:
    """A card's rank for "higher": 2..9, then Pawn (10), then Crown (11); the Excuse 0."""
    value = rank(card)
    if value == RANK_CROWN:
        return 11
    if value == RANK_PAWN:
        return 10
    return value


def trick_reason(mine: int, dummy: int, trump: int) -> int:
    """What decides a trick of the player's card ``mine`` against the dummy's lead
    ``dummy``: a ``WHY_*`` code, ``WHY_WON`` or above if the player wins it.

    :param int trump: the trump suit bit, 0 for no trump.

    Any trick with the Excuse in it is lost. A trump beats a non-trump; two trumps, or (no
    trump played) two cards sharing a suit, compare by ``strength`` and a tie (two Pawns)
    goes to the dummy; a card sharing no suit with the lead loses.
    """
    if dummy == EXCUSE:
        return WHY_EXCUSE_LED
    if mine == EXCUSE:
        return WHY_EXCUSE_PLAYED
    my_trump = suits(mine) & trump
    dummy_trump = suits(dummy) & trump
    if my_trump and not dummy_trump:
        return WHY_TRUMP
    if dummy_trump and not my_trump:
        return WHY_DUMMY_TRUMP
    if not my_trump and not suits(mine) & suits(dummy):
        return WHY_OFF_SUIT
    mine_rank = strength(mine)
    dummy_rank = strength(dummy)
    if mine_rank == dummy_rank:
        return WHY_TIE
    if my_trump:
        return WHY_TRUMP_HIGHER if mine_rank > dummy_rank else WHY_TRUMP_LOWER
    return WHY_HIGHER if mine_rank > dummy_rank else WHY_LOWER


def player_wins(mine: int, dummy: int, trump: int) -> bool:
    """True if the player's card ``mine`` wins the trick against the dummy's lead ``dummy``
    (``trump`` the trump suit bit, 0 for none): ``trick_reason`` says why."""
    return trick_reason(mine, dummy, trump) >= WHY_WON


def hand_score(bid: int, won: int, which: int) -> int:
    """Points for a hand: ``which`` is 0 fore, 1 aft, 2 under.

    Made (won == bid): +bid (+1 for the under hand). Missed: minus the tricks won, two more
    off in the aft hand; -3 for the under hand.
    """
    if which == _UNDER:
        return 1 if won == bid else -3
    if won == bid:
        return bid
    if which == _AFT:
        return -won - 2
    return -won


def main_cards(options: int) -> List[int]:
    """The main deck's cards (no Aces) for the options, in card-code order."""
    cards = list(range(FIRST_NUMBER, FIRST_PAWN))
    if options & OPT_PAWNS:
        cards.extend(range(FIRST_PAWN, FIRST_COURT))
    if options & OPT_EXCUSE:
        cards.append(EXCUSE)
    return cards


class Game:
    """A Gongor Whist session (see the module docstring).

    :param int seed: the generator's seed, 0 <= seed < 2**30.
    :param int options: OR of the ``OPT_*`` bits.
    :param list deck: optional first-pass order: 6 Aces (top first), then the main deck.
    """

    def __init__(self, seed: int, options: int = 0, deck: Optional[List[int]] = None) -> None:
        if options < 0 or options & ~_OPT_ALL or options & (OPT_SEVEN | OPT_PAWNS) == OPT_SEVEN:
            raise ValueError("unknown option bits")
        if deck is not None:
            aces = range(FIRST_ACE, FIRST_NUMBER)
            main = main_cards(options)
            if not is_arrangement(deck[:_STACK], aces) or not is_arrangement(deck[_STACK:], main):
                raise ValueError("deck is not the Aces then the main deck")
        self._rng = Rng(seed)
        state = bytearray(_SIZE)
        self._s = state
        state[_O_OPT] = options
        put16(state, _O_SCORE, _SCORE_ZERO)
        for index in range(_O_PASS_POINTS, _O_PASS_POINTS + _MAX_PASSES):
            state[index] = _POINTS_ZERO
        for offset in (_O_LAST_MINE, _O_LAST_DUMMY, _O_LAST_WHICH):
            state[offset] = _NONE
        self._deal(deck)

    # -- geometry -----------------------------------------------------------------------

    def _hand_size(self) -> int:
        if self._s[_O_OPT] & (OPT_PAWNS | OPT_SEVEN) == OPT_PAWNS:
            return _HAND_SIZE_PAWNS
        return _HAND_SIZE

    def _size(self, hand: int) -> int:
        """Tricks in hand ``hand`` (0 fore, 1 aft, 2 under)."""
        return 1 if hand == _UNDER else self._hand_size()

    def _player_start(self, hand: int) -> int:
        """State offset of the hand's first player card."""
        return _O_MAIN + self._hand_size() * (4 if hand == _UNDER else 2 * hand)

    def _dummy_card(self) -> int:
        s = self._s
        hand = s[_O_HAND]
        return s[self._player_start(hand) + self._size(hand) + s[_O_TRICK]]

    def _passes(self) -> int:
        return _PASSES[(self._s[_O_OPT] & _OPT_PASSES) >> 4]

    def _trump(self) -> int:
        s = self._s
        if s[_O_NOTRUMP]:
            return 0
        return suits(s[_O_ACES + s[_O_TURNED] - 1])

    def _score(self) -> int:
        return get16(self._s, _O_SCORE) - _SCORE_ZERO

    def _held(self, card: int) -> bool:
        """True if ``card``, from the current hand's block, is still in the player's hand."""
        s = self._s
        if card == s[_O_PLAYED]:
            return False
        records = _O_MINE + _HAND_SIZE_PAWNS * s[_O_HAND]
        # Loops, not `in`: MicroPython's bytearray has no int membership test.
        for index in range(records, records + s[_O_TRICK]):
            if s[index] & _CARD_BITS == card:
                return False
        return True

    def _hand_cards(self) -> List[int]:
        """The cards still in the player's hand, sorted."""
        s = self._s
        cards: List[int] = []
        if s[_O_PHASE] != PHASE_OVER:
            start = self._player_start(s[_O_HAND])
            for index in range(start, start + self._size(s[_O_HAND])):
                if self._held(s[index]):
                    cards.append(s[index])
            cards.sort()
        return cards

    def _may_play(self, card: int) -> bool:
        """True if playing ``card`` is legal now; allocates nothing."""
        s = self._s
        start = self._player_start(s[_O_HAND])
        lead = suits(self._dummy_card())
        held = False
        follows = False
        for index in range(start, start + self._size(s[_O_HAND])):
            if self._held(s[index]):
                held = held or s[index] == card
                follows = follows or suits(s[index]) & lead != 0
        # The Excuse may always be played; another card must follow suit if the hand can.
        return held and (card == EXCUSE or not follows or suits(card) & lead != 0)

    def _tricks_won(self) -> int:
        s = self._s
        records = _O_MINE + _HAND_SIZE_PAWNS * s[_O_HAND]
        won = 0
        for index in range(records, records + s[_O_TRICK]):
            if s[index] & _WON:
                won += 1
        return won

    def _min_bid(self) -> int:
        return 0 if self._s[_O_HAND] == _UNDER else 1

    # -- dealing --------------------------------------------------------------------------

    def _deal(self, deck: Optional[List[int]]) -> None:
        """Start a pass: shuffle (or take ``deck``) the Aces, then the main deck."""
        s = self._s
        if deck is None:
            aces = list(range(FIRST_ACE, FIRST_NUMBER))
            self._rng.shuffle(aces)
            main = main_cards(s[_O_OPT])
            self._rng.shuffle(main)
        else:
            aces = deck[:_STACK]
            main = deck[_STACK:]
        s[_O_ACES : _O_ACES + _STACK] = bytes(aces)
        s[_O_MAIN : _O_MAIN + len(main)] = bytes(main)
        for index in range(_O_MAIN + len(main), _O_PASS_POINTS):
            s[index] = _NONE
        s[_O_TURNED] = 1
        s[_O_HAND] = _FORE
        self._start_hand()

    def _start_hand(self) -> None:
        s = self._s
        s[_O_TRICK] = 0
        s[_O_BID] = _NONE
        s[_O_NOTRUMP] = 0
        s[_O_PLAYED] = _NONE
        s[_O_PHASE] = PHASE_BID

    # -- the contract ---------------------------------------------------------------------

    def num_players(self) -> int:
        """One seat: it is a solitaire."""
        return 1

    def current_player(self) -> int:
        """0 while the game goes on, -1 once it is over."""
        return -1 if self._s[_O_PHASE] == PHASE_OVER else 0

    def is_over(self) -> bool:
        """True once the last pass's last hand is scored."""
        return self._s[_O_PHASE] == PHASE_OVER

    def scores(self) -> List[int]:
        """The running score, as a one-element list."""
        return [self._score()]

    def legal_actions(self) -> List[int]:
        """The legal actions now, sorted; empty once the game is over."""
        s = self._s
        phase = s[_O_PHASE]
        if phase == PHASE_BID:
            return list(range(BID_BASE + self._min_bid(), BID_BASE + self._size(s[_O_HAND]) + 1))
        if phase == PHASE_TWIDDLE:
            return [TWIDDLE, KEEP]
        if phase == PHASE_OVER:
            return []
        return [card for card in self._hand_cards() if self._may_play(card)]

    def apply_action(self, action: int) -> None:
        """Apply a legal action; ``ValueError`` (state unchanged) for an illegal one."""
        s = self._s
        phase = s[_O_PHASE]
        if phase == PHASE_BID:
            if not self._min_bid() <= action - BID_BASE <= self._size(s[_O_HAND]):
                raise ValueError("illegal action")
            s[_O_BID] = action - BID_BASE
            s[_O_PHASE] = PHASE_PLAY
        elif phase == PHASE_PLAY:
            if not self._may_play(action):
                raise ValueError("illegal action")
            s[_O_PLAYED] = action
            if s[_O_NOTRUMP]:
                self._resolve()
            else:
                s[_O_PHASE] = PHASE_TWIDDLE
        elif phase == PHASE_TWIDDLE:
            if action == TWIDDLE:
                if s[_O_TURNED] < _STACK:
                    s[_O_TURNED] += 1
                else:
                    s[_O_NOTRUMP] = 1
            elif action != KEEP:
                raise ValueError("illegal action")
            self._resolve()
        else:
            raise ValueError("illegal action")

    def _resolve(self) -> None:
        """Resolve the trick, then score the hand and deal the next one if it is over."""
        s = self._s
        mine = s[_O_PLAYED]
        dummy = self._dummy_card()
        trump = self._trump()
        won = player_wins(mine, dummy, trump)
        hand = s[_O_HAND]
        trick = s[_O_TRICK]
        s[_O_MINE + _HAND_SIZE_PAWNS * hand + trick] = mine | _WON if won else mine
        s[_O_PLAYED] = _NONE
        s[_O_LAST_MINE] = mine
        s[_O_LAST_DUMMY] = dummy
        s[_O_LAST_WON] = 1 if won else 0
        s[_O_LAST_TRUMP] = trump
        s[_O_TRICK] = trick + 1
        s[_O_PHASE] = PHASE_PLAY
        if trick + 1 < self._size(hand):
            return
        took = self._tricks_won()
        points = hand_score(s[_O_BID], took, hand)
        put16(s, _O_SCORE, self._score() + points + _SCORE_ZERO)
        s[_O_PASS_POINTS + s[_O_PASS]] += points
        s[_O_LAST_WHICH] = hand
        s[_O_LAST_BID] = s[_O_BID]
        s[_O_LAST_TOOK] = took
        if hand == _FORE or (hand == _AFT and s[_O_OPT] & OPT_UNDER):
            s[_O_HAND] = hand + 1
            self._start_hand()
        elif s[_O_PASS] + 1 < self._passes():
            s[_O_PASS] += 1
            self._deal(None)
        else:
            s[_O_PHASE] = PHASE_OVER

    def describe(self, action: int) -> str:
        """Plain words for a legal action now; never tells the face-down next Ace."""
        phase = self._s[_O_PHASE]
        if phase == PHASE_BID and BID_BASE <= action <= BID_BASE + _HAND_SIZE_PAWNS:
            return "bid %d" % (action - BID_BASE)
        if phase == PHASE_PLAY and 0 <= action < NUM_CARDS:
            return "play the %s" % name(action)
        if phase == PHASE_TWIDDLE:
            trump = self._trump()
            if action == TWIDDLE:
                if self._s[_O_TURNED] < _STACK:
                    return "twiddle: turn the next Ace"
                return "twiddle: no trump for the rest of the hand"
            if action == KEEP:
                return "keep trump (%s)" % SUIT_NAMES[suit_index(trump)]
        raise ValueError("illegal action")

    def observation(self, player: int) -> Dict[str, Any]:
        """What the player sees now (keys in the module docstring)."""
        s = self._s
        phase = s[_O_PHASE]
        hand = s[_O_HAND]
        easy = bool(s[_O_OPT] & OPT_EASY)
        fore: Optional[List[Tuple[int, int, bool]]] = None
        if easy and hand == _AFT and phase == PHASE_BID:
            fore = []
            dummies = self._player_start(_FORE) + self._size(_FORE)
            for trick in range(self._size(_FORE)):
                record = s[_O_MINE + trick]
                fore.append((record & _CARD_BITS, s[dummies + trick], bool(record & _WON)))
        last_trick = None
        if s[_O_LAST_MINE] != _NONE:
            last_trick = (
                s[_O_LAST_MINE],
                s[_O_LAST_DUMMY],
                bool(s[_O_LAST_WON]),
                s[_O_LAST_TRUMP],
            )
        last_hand = None
        which = s[_O_LAST_WHICH]
        if which != _NONE:
            bid = s[_O_LAST_BID]
            took = s[_O_LAST_TOOK]
            last_hand = (which, bid, took, hand_score(bid, took, which))
        active = phase == PHASE_PLAY or phase == PHASE_TWIDDLE
        return {
            "phase": phase,
            "hand": self._hand_cards(),
            "bid": -1 if s[_O_BID] == _NONE else s[_O_BID],
            "min_bid": self._min_bid(),
            "max_bid": self._size(hand),
            "tricks_won": self._tricks_won(),
            "tricks_played": s[_O_TRICK],
            "hand_index": hand,
            "hand_size": self._size(hand),
            "dummy_card": self._dummy_card() if active else -1,
            "played_card": -1 if s[_O_PLAYED] == _NONE else s[_O_PLAYED],
            "trump": self._trump(),
            "aces_left": _STACK - s[_O_TURNED],
            "aces_turned": list(s[_O_ACES : _O_ACES + s[_O_TURNED]]) if easy else None,
            "fore_tricks": fore,
            "last_trick": last_trick,
            "last_hand": last_hand,
            "score": self._score(),
            "pass_index": s[_O_PASS],
            "passes": self._passes(),
            "pass_points": [
                s[index] - _POINTS_ZERO
                for index in range(_O_PASS_POINTS, _O_PASS_POINTS + s[_O_PASS] + 1)
            ],
            "easy": easy,
            "pawns": bool(s[_O_OPT] & OPT_PAWNS),
            "excuse": bool(s[_O_OPT] & OPT_EXCUSE),
        }

    # -- saves and invariants -------------------------------------------------------------

    def to_bytes(self) -> bytes:
        """The whole state in the ``decktet.state`` layout: tag, state bytes, generator."""
        return pack(_TAG, self._s, self._rng)

    @classmethod
    def from_bytes(cls, data: bytes) -> "Game":
        """A new state from ``to_bytes()`` data; ``ValueError`` for anything invalid."""
        state, rng = unpack(data, _TAG, _SIZE)
        # A bare instance: no deal, the saved state is filled in.
        game = object.__new__(cls)  # type: Game
        game._rng = rng
        game._s = state
        return verify(game)

    def check_invariants(self) -> None:
        """``decktet.state.StateError`` unless every card is in one place and counters are
        in range (a ``ValueError``; no ``assert``, so ``python -O`` checks the same)."""
        s = self._s
        options = s[_O_OPT]
        check(not options & ~_OPT_ALL, "options")
        check(options & (OPT_SEVEN | OPT_PAWNS) != OPT_SEVEN, "options")
        phase = s[_O_PHASE]
        hand = s[_O_HAND]
        trick = s[_O_TRICK]
        last = _UNDER if options & OPT_UNDER else _AFT
        check(phase <= PHASE_OVER and s[_O_PASS] < self._passes() and hand <= last, "counters")
        size = self._size(hand)
        if phase == PHASE_OVER:
            check(s[_O_PASS] + 1 == self._passes() and trick == size and hand == last, "counters")
        else:
            check(trick < size, "counters")
        bid = s[_O_BID]
        if phase == PHASE_BID:
            check(bid == _NONE and trick == 0, "bid")
        else:
            check(self._min_bid() <= bid <= size, "bid")
        turned = s[_O_TURNED]
        no_trump = s[_O_NOTRUMP]
        check(1 <= turned <= _STACK and no_trump <= 1, "trump")
        check(not (no_trump and turned < _STACK), "trump")
        # Aces: a permutation of the six. Main deck: the options' cards, then padding.
        aces = s[_O_ACES : _O_ACES + _STACK]
        check(is_arrangement(aces, range(FIRST_ACE, FIRST_NUMBER)), "cards")
        main = main_cards(options)
        count = len(main)
        check(is_arrangement(s[_O_MAIN : _O_MAIN + count], main), "cards")
        for index in range(_O_MAIN + count, _O_MAIN + _MAIN_MAX):
            check(s[index] == _NONE, "cards")
        # Played cards: each hand's records come from its own block, once each, in order.
        played = s[_O_PLAYED]
        for which in range(_UNDER + 1):
            start = self._player_start(which)
            block = list(s[start : start + self._size(which)])
            if which < hand:
                done = self._size(which)
            elif which == hand:
                done = trick
            else:
                done = 0
            records = _O_MINE + _HAND_SIZE_PAWNS * which
            seen = []
            for offset in range(_HAND_SIZE_PAWNS):
                record = s[records + offset]
                if offset < done:
                    card = record & _CARD_BITS
                    check(card in block and card not in seen, "tricks")
                    seen.append(card)
                else:
                    check(record == _NONE, "tricks")
            if which == hand and phase == PHASE_TWIDDLE:
                check(played in block and played not in seen, "tricks")
        if phase != PHASE_TWIDDLE:
            check(played == _NONE, "tricks")
        else:
            check(not no_trump, "trump")
        if s[_O_LAST_MINE] != _NONE:
            trump = s[_O_LAST_TRUMP]
            check(s[_O_LAST_MINE] < NUM_CARDS and s[_O_LAST_DUMMY] < NUM_CARDS, "last")
            check(s[_O_LAST_WON] <= 1, "last")
            check(trump <= ALL_SUITS and suit_count(trump) <= 1, "last")
        # Each pass's points: none yet for the passes to come; they add up to the score.
        total = 0
        for index in range(_MAX_PASSES):
            points = s[_O_PASS_POINTS + index] - _POINTS_ZERO
            check(index <= s[_O_PASS] or points == 0, "passes")
            total += points
        check(total == self._score(), "passes")
        if s[_O_LAST_WHICH] != _NONE:
            check(s[_O_LAST_WHICH] <= _UNDER, "last")
            took = s[_O_LAST_TOOK]
            check(s[_O_LAST_BID] <= _HAND_SIZE_PAWNS and took <= _HAND_SIZE_PAWNS, "last")

    def __str__(self) -> str:
        s = self._s
        return "whist pass %d/%d hand %d trick %d bid %d won %d trump %d score %d" % (
            s[_O_PASS] + 1,
            self._passes(),
            s[_O_HAND],
            s[_O_TRICK],
            -1 if s[_O_BID] == _NONE else s[_O_BID],
            self._tricks_won(),
            self._trump(),
            self._score(),
        )
