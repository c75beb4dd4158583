# SPDX-License-Identifier: MIT
"""
`games.jekyll.engine`
=====================

Jekyll & Hyde (two players) on the contract of docs/ENGINE.md.

Model. The ribbon is a row of cards. Each card shows its face on one personality's side:
side 0 is Jekyll's, side 1 is Hyde's. The ribbon lies on one side at a time (0 at the
start). A card is face up exactly when its face side is the side the ribbon is on; the
transformation moves the ribbon to the other side, so every face-up card becomes face down
and the reverse. Positions are kept as they are: the physical left-right mirror changes no
adjacency, and screens may draw it.

Seats. Seat 0 is Dr. Jekyll and moves first; seat 1 is Mr. Hyde. The bonus for "all faces
on one side" goes to the seat with that side's number.

Drawn as it lies. The ribbon turns over like a spread of cards: the card at its bottom end
is lifted and the rest follow, so on the other side the cards overlap the other way and
the bottom end is the other one. Each side is drawn as its own player sees it (the
players face each other across the ribbon): on Hyde's side (1) the ribbon is mirrored,
index 0 at the right. ``describe`` numbers positions from the left as drawn: on Hyde's
side index ``i`` of ``n`` cards is position ``n - i``, gap ``g`` is gap ``n - g``.

Options (OR of):

- level: 0 Mr. Poole (draw pile of 10, ribbon 28 with 14 face up), ``OPT_JEKYLL``
  (three face-up apothecary piles of 4, ribbon 26/13), ``OPT_HYDE`` (recipe of 3 cards plus
  the Excuse, apothecary piles of 3, ribbon 26/13). Both bits together: ``ValueError``.
- handicap: ``n * OPT_HANDICAP_1`` for n = 0..7 extra cards turned toward Jekyll's side
  (face up at the deal), or toward Hyde's side with ``OPT_HANDICAP_HYDE``; the ribbon size
  is unchanged: the favoured side gets half + n faces, the other half - n.
  ``OPT_HANDICAP_HYDE`` without an amount is refused.
- who moves first (``OPT_OWNER_HYDE``): the rule text lets the players choose who goes first, and
  the first player is always Dr. Jekyll (seat 0). With bit 64 the device's owner is not
  that player: the owner plays Mr. Hyde, second. The rules do not change; the bit is kept
  in the options and saves for the screens (``options``: statistics from the owner's
  seat).

Deal order (``deck``, first card first; a seeded game shuffles the cards, then runs the
same deal):

1. Mr. Hyde level only: the first 4 cards are the recipe, top first; the Excuse must be
   among them (a seeded deal takes 3 cards of the shuffled 44, adds the Excuse and shuffles
   those 4). The deck is then the 45 cards; at the other levels it is the 44 without the
   Excuse.
2. The draw pile (Poole: 10 cards) or the apothecary piles (pile 0, then 1, then 2, 4 or 3
   cards each), top card first.
3. The hands: 6 cards, alternately Jekyll, Hyde, Jekyll, ...
4. The ribbon: the rest (28 or 26), left to right; the first K of them face up (faces on
   Jekyll's side), the others face down. A seeded deal then shuffles the ribbon (with each
   card's face side); an explicit ``deck`` keeps this order, so its ribbon is K face-up
   cards followed by the face-down ones.

Turn. Every turn starts with an explicit draw action (``DRAW_BASE + pile``: pile 0 is the
only pile at the Poole level) when any card is left to draw, else the draw is skipped
(ruling 1). Jekyll's first turn: up to three basic actions, the first one mandatory, then
``END_TURN``. Every later turn: one mandatory basic action on the opponent's side, then the
explicit ``TRANSFORM`` action (tricks may be taken before it), then up to three basic actions
and ``END_TURN`` whenever the player likes (ruling 2). Taking a trick is free at any time of
one's own turn after the draw, including before the first action on the opponent's side.
The end is checked after every basic action, trick and transformation (ruling 3); the
120th turn (60 each) ends the game unscored by the bonus (ruling 4).

Actions (ints):

- ``play_action(card, position, face_up)``: play the hand card so that it lands at
  ``position`` (0 = left end, ribbon length = right end), face up or down as seen on the
  side the ribbon is on now (``PLAY_BASE + card << CARD_SHIFT | position << 1 | face_up``).
- ``move_action(source, target)``: move the card at ``source`` so it ends at index
  ``target`` (``target != source``), keeping its face side (``MOVE_BASE + source <<
  SOURCE_SHIFT | target``).
- ``FLIP_BASE + index``: flip one card in place.
- ``TAKE_BASE + start``: take the trick at ``start .. start + 2`` (free action).
- ``DRAW_BASE + pile``; ``TRANSFORM``; ``END_TURN``.

``play_parts(action)`` and ``placed(action)`` take a play or a move apart again; the
packing constants are public so that the CPU's model can do it inline in its search (the
bundle writes them in: they cost nothing on the device).

``can_apply(action)`` answers legality without allocating, so a screen can test the
action built from its cursor instead of enumerating ``legal_actions()`` (which reaches
thousands of actions with a long ribbon).

Saves: ``to_bytes()`` is the ``decktet.state`` layout (tag, state bytes, generator);
``check_invariants()`` raises ``decktet.state.StateError``.

Observation keys: ``player``, ``level``, ``hand`` (own codes, sorted), ``ribbon`` (codes,
-1 for a face-down card), ``face_up`` (bytes of 0/1 per ribbon card), ``side`` (0 Jekyll's,
1 Hyde's), ``current`` (seat to move, -1 when over), ``phase`` (``PHASE_*``),
``actions_left``, ``turn`` (1..120), ``pile_counts`` (list of 1 or 3 ints), ``pile_tops``
(top codes of the apothecary piles, -1 when empty; all -1 at the Poole level, whose pile is
face down), ``scores``, ``opponent_hand`` (count), ``tricks`` (two lists of codes, three per
trick, in the order taken), ``peeks`` (recipe cards this seat has seen, in order),
``over``, ``reason`` (``REASON_*``; ``REASON_RECIPE`` when the recipe decided the winner),
``ribbon_end`` (the ``REASON_*`` that stopped play, 0 while it goes on), ``winner`` (seat,
-1 for a draw or while playing), ``recipe`` (the recipe cards once the game is over at the
Mr. Hyde level, else empty).
"""

from micropython import const

from decktet.cards import (
    EXCUSE,
    NUM_CARDS,
    RANK_CROWN,
    RANK_EXCUSE,
    is_arrangement,
    name,
    rank,
    suits,
)
from decktet.rng import Rng
from decktet.state import check, pack, unpack, verify

try:
    from typing import Any, Dict, List, Sequence, Tuple
except ImportError:
    pass

OPT_JEKYLL = const(1)
OPT_HYDE = const(2)
OPT_HANDICAP_1 = const(4)
OPT_HANDICAP_HYDE = const(32)
OPT_OWNER_HYDE = const(64)  # the owner plays Mr. Hyde: the other player moves first
_OPT_MASK = const(127)
_LEVEL_MASK = const(3)  # OPT_JEKYLL | OPT_HYDE: the level
_HANDICAP_MASK = const(28)  # 7 * OPT_HANDICAP_1: the handicap amount

LEVEL_POOLE = const(0)
LEVEL_JEKYLL = const(1)
LEVEL_HYDE = const(2)

OPTION_SETS = (
    0,
    OPT_JEKYLL,
    OPT_HYDE,
    3 * OPT_HANDICAP_1,
    OPT_JEKYLL | OPT_OWNER_HYDE,
    OPT_HYDE | _HANDICAP_MASK | OPT_HANDICAP_HYDE,
)

PLAY_BASE = const(0)
MOVE_BASE = const(8192)
FLIP_BASE = const(12288)
TAKE_BASE = const(12416)
DRAW_BASE = const(12544)
TRANSFORM = const(12560)
END_TURN = const(12561)
# How a play and a move pack their parts (see Actions above).
CARD_SHIFT = const(7)  # a play's card
GAP_BITS = const(127)  # a play's position << 1 | face_up
SOURCE_SHIFT = const(6)  # a move's source
TARGET_BITS = const(63)  # a move's target

# A ribbon byte (the state's, and the CPU's model's): card code | face side << FACE_SHIFT.
FACE_SHIFT = const(6)
FACE_BIT = const(64)  # set when the face shows on Hyde's side
CODE_BITS = const(63)  # the card code
RIBBON_SLOTS = const(45)  # room for every card

PHASE_DRAW = const(0)
PHASE_OPENING = const(1)  # the mandatory first action, on the opponent's side
PHASE_TRANSFORM = const(2)  # first action done: tricks, then the transformation
PHASE_AFTER = const(3)  # after the transformation: up to three actions
PHASE_FIRST = const(4)  # Jekyll's first turn: up to three actions, no transformation

REASON_FACES = const(1)
REASON_EMPTY = const(2)
REASON_TURNS = const(3)
REASON_RECIPE = const(4)

MAX_TURNS = const(120)
# Per turn at most a draw, four basic actions, the transformation and the end; plus tricks.
MAX_ACTIONS = const(900)

_TAG = const(0x4B)  # Jekyll & Hyde, save format 2 (the decktet.state layout)
_DEALT = const(6)  # hand cards dealt, alternately Jekyll's and Hyde's
# Offsets in the state bytearray.
_OPT = const(0)
_SIDE = const(1)
_PLAYER = const(2)
_PHASE = const(3)
_LEFT = const(4)
_TURN = const(5)
_REASON = const(6)
_RLEN = const(7)
_HLEN = const(8)  # 2 bytes
_PLEN = const(10)  # 3 bytes: cards left per pile
_NPEEK = const(13)
_NTRICK = const(14)
_RIB = const(15)  # RIBBON_SLOTS ribbon bytes
_HAND = const(60)  # 2 x 16 bytes, sorted
_HCAP = const(16)
_PILE = const(92)  # 3 x 4 bytes (Poole: one pile of 10), bottom first
_RECIPE = const(104)  # 4 bytes, top first
_PEEK = const(108)  # 3 peeked codes
_PEEKBY = const(111)  # 3 seats
_TRICK = const(114)  # _TRICK_SLOTS x 3 codes
_TRICKBY = const(159)  # _TRICK_SLOTS seats
_TRICK_SLOTS = const(15)  # room for every card in tricks of three
_SIZE = const(174)

# Per level: pile sizes (pile 0 at Poole), ribbon size.
_PILE_SIZE = b"\x0a\x04\x03"
_RIBBON_SIZE = b"\x1c\x1a\x1a"


def play_action(card: int, position: int, face_up: bool) -> int:
    """Play ``card`` from the hand so that it lands at ``position``, face up or down as
    the ribbon lies now."""
    return PLAY_BASE + (card << CARD_SHIFT) + position * 2 + (1 if face_up else 0)


def move_action(source: int, target: int) -> int:
    """Move the card at ``source`` so that it ends at index ``target``."""
    return MOVE_BASE + (source << SOURCE_SHIFT) + target


def play_parts(action: int) -> "Tuple[int, int, bool]":
    """A play's card, position and face_up (``play_action`` taken apart)."""
    return action >> CARD_SHIFT, (action & GAP_BITS) >> 1, action & 1 == 1


def placed(action: int) -> int:
    """The ribbon index of the card a play, move or flip leaves there; -1 for another
    action."""
    if action < MOVE_BASE:
        return (action & GAP_BITS) >> 1
    if action < FLIP_BASE:
        return action & TARGET_BITS
    if action < TAKE_BASE:
        return action - FLIP_BASE
    return -1


def _is_set3(a: int, b: int, c: int) -> bool:
    ra = rank(a)
    rb = rank(b)
    rc = rank(c)
    if ra == RANK_EXCUSE or rb == RANK_EXCUSE or rc == RANK_EXCUSE:
        return False
    # Pawns and Courts rank above the Crowns: they are the wild cards.
    wilds = (ra > RANK_CROWN) + (rb > RANK_CROWN) + (rc > RANK_CROWN)
    if wilds == 0:
        return ra == rb == rc
    if wilds > 1:
        return False
    # One wild: the other two share a rank.
    if ra > RANK_CROWN:
        return rb == rc
    if rb > RANK_CROWN:
        return ra == rc
    return ra == rb


def is_set(cards: Sequence[int]) -> bool:
    """True if three cards form a set: one rank, or two of a rank and one Pawn or Court."""
    return len(cards) == 3 and _is_set3(cards[0], cards[1], cards[2])


def _trick_points(cards: Sequence[int]) -> int:
    """Points of a set: 10 when pure, 5 with a Pawn or Court."""
    for card in cards:
        if rank(card) > RANK_CROWN:
            return 5
    return 10


def takeable(codes: Sequence[int], face_up: Sequence[int]) -> List[int]:
    """Start indices of the tricks on a ribbon (codes and face-up flags, left to right):
    three face-up cards forming a set, with a face-down card or an end on each side."""
    found = []
    n = len(codes)
    for start in range(n - 2):
        if not (face_up[start] and face_up[start + 1] and face_up[start + 2]):
            continue
        if start > 0 and face_up[start - 1]:
            continue
        if start + 3 < n and face_up[start + 3]:
            continue
        if _is_set3(codes[start], codes[start + 1], codes[start + 2]):
            found.append(start)
    return found


class Game:
    """A game of Jekyll & Hyde; see the module docstring for options, deal and actions."""

    def __init__(self, seed: int, options: int = 0, deck: Any = None) -> None:
        if options & ~_OPT_MASK or options & _LEVEL_MASK == _LEVEL_MASK:
            raise ValueError("bad options")
        if options & OPT_HANDICAP_HYDE and not options & _HANDICAP_MASK:
            raise ValueError("handicap side without an amount")
        self._rng = Rng(seed)
        self.options = options
        self._s = bytearray(_SIZE)
        self._level = options & _LEVEL_MASK
        level = self._level
        # Every card but the Excuse (the last code), which only Mr. Hyde's recipe uses.
        total = NUM_CARDS if level == LEVEL_HYDE else NUM_CARDS - 1
        if deck is None:
            order = list(range(EXCUSE))
            self._rng.shuffle(order)
            if level == LEVEL_HYDE:
                recipe = order[:3]
                recipe.append(EXCUSE)
                self._rng.shuffle(recipe)
                order = recipe + order[3:]
        else:
            order = list(deck)
            if not is_arrangement(order, range(total)):
                raise ValueError("deck is not a permutation")
            if level == LEVEL_HYDE and EXCUSE not in order[:4]:
                raise ValueError("deck is not a valid deal")
        s = self._s
        s[_OPT] = options
        s[_TURN] = 1
        s[_PHASE] = PHASE_DRAW
        at = 0
        if level == LEVEL_HYDE:
            for i in range(4):
                s[_RECIPE + i] = order[i]
            at = 4
        size = _PILE_SIZE[level]
        for pile in range(1 if level == LEVEL_POOLE else 3):
            base = _PILE + pile * 4
            for i in range(size):
                # Stored bottom first: the first dealt card is the top.
                s[base + size - 1 - i] = order[at]
                at += 1
            s[_PLEN + pile] = size
        for i in range(_DEALT):
            self._hand_add(i & 1, order[at])
            at += 1
        n = _RIBBON_SIZE[level]
        handicap = (options & _HANDICAP_MASK) // OPT_HANDICAP_1
        face_up = n // 2 + (-handicap if options & OPT_HANDICAP_HYDE else handicap)
        ribbon = [order[at + i] | (0 if i < face_up else FACE_BIT) for i in range(n)]
        if deck is None:
            self._rng.shuffle(ribbon)
        for i in range(n):
            s[_RIB + i] = ribbon[i]
        s[_RLEN] = n

    # --- small state helpers -------------------------------------------------------------

    def _hand_add(self, player: int, card: int) -> None:
        s = self._s
        base = _HAND + player * _HCAP
        count = s[_HLEN + player]
        i = count
        while i > 0 and s[base + i - 1] > card:
            s[base + i] = s[base + i - 1]
            i -= 1
        s[base + i] = card
        s[_HLEN + player] = count + 1

    def _hand_find(self, player: int, card: int) -> int:
        s = self._s
        base = _HAND + player * _HCAP
        for i in range(s[_HLEN + player]):
            if s[base + i] == card:
                return i
        return -1

    def _ribbon_remove(self, index: int) -> int:
        s = self._s
        value = s[_RIB + index]
        n = s[_RLEN] - 1
        for i in range(_RIB + index, _RIB + n):
            s[i] = s[i + 1]
        s[_RIB + n] = 0
        s[_RLEN] = n
        return value

    def _ribbon_insert(self, index: int, value: int) -> None:
        s = self._s
        n = s[_RLEN]
        i = _RIB + n
        while i > _RIB + index:
            s[i] = s[i - 1]
            i -= 1
        s[i] = value
        s[_RLEN] = n + 1

    def _up(self, index: int) -> bool:
        # Face up when the card's face side is the ribbon's side.
        return (self._s[_RIB + index] >> FACE_SHIFT) == self._s[_SIDE]

    def _trick_at(self, start: int) -> bool:
        s = self._s
        n = s[_RLEN]
        if start < 0 or start + 3 > n:
            return False
        if not (self._up(start) and self._up(start + 1) and self._up(start + 2)):
            return False
        if (start > 0 and self._up(start - 1)) or (start + 3 < n and self._up(start + 3)):
            return False
        at = _RIB + start
        return _is_set3(s[at] & CODE_BITS, s[at + 1] & CODE_BITS, s[at + 2] & CODE_BITS)

    def _drawable(self) -> bool:
        s = self._s
        return s[_PLEN] + s[_PLEN + 1] + s[_PLEN + 2] > 0

    def _start_actions(self) -> None:
        # After the draw (or a skipped one).
        s = self._s
        if s[_TURN] == 1:
            s[_PHASE] = PHASE_FIRST
            s[_LEFT] = 3
        else:
            s[_PHASE] = PHASE_OPENING
            s[_LEFT] = 1

    def _ribbon_end(self) -> int:
        # The REASON_* that ends play on this ribbon now, or 0.
        s = self._s
        n = s[_RLEN]
        if n == 0:
            return REASON_EMPTY
        first = s[_RIB] & FACE_BIT
        for i in range(_RIB + 1, _RIB + n):
            if s[i] & FACE_BIT != first:
                return 0
        return REASON_FACES

    def _check_end(self) -> None:
        reason = self._ribbon_end()
        if reason:
            self._s[_REASON] = reason

    # --- the contract ----------------------------------------------------------------------

    def num_players(self) -> int:
        """Two seats: 0 Jekyll, 1 Hyde."""
        return 2

    def current_player(self) -> int:
        """The seat to move, -1 once the game is over."""
        return -1 if self._s[_REASON] else self._s[_PLAYER]

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._s[_REASON] != 0

    def can_apply(self, action: int) -> bool:
        """True if ``action`` is legal now; allocates nothing (for screens and validation)."""
        s = self._s
        if s[_REASON] or action < 0:
            return False
        phase = s[_PHASE]
        if phase == PHASE_DRAW:
            pile = action - DRAW_BASE
            return 0 <= pile < 3 and s[_PLEN + pile] > 0
        if TAKE_BASE <= action < DRAW_BASE:
            return self._trick_at(action - TAKE_BASE)
        if action == TRANSFORM:
            return phase == PHASE_TRANSFORM
        if action == END_TURN:
            return phase == PHASE_AFTER or (phase == PHASE_FIRST and s[_LEFT] < 3)
        if s[_LEFT] == 0 or phase == PHASE_TRANSFORM:
            return False
        n = s[_RLEN]
        if action < MOVE_BASE:
            card = action >> CARD_SHIFT
            position = (action & GAP_BITS) >> 1
            return position <= n and card < NUM_CARDS and self._hand_find(s[_PLAYER], card) >= 0
        if action < FLIP_BASE:
            source = (action - MOVE_BASE) >> SOURCE_SHIFT
            target = action & TARGET_BITS
            return source < n and target < n and source != target
        return action < FLIP_BASE + n

    def legal_actions(self) -> List[int]:
        """A new sorted list of the legal actions (empty once the game is over)."""
        s = self._s
        actions = []  # type: List[int]
        if s[_REASON]:
            return actions
        phase = s[_PHASE]
        if phase == PHASE_DRAW:
            for pile in range(3):
                if s[_PLEN + pile]:
                    actions.append(DRAW_BASE + pile)
            return actions
        n = s[_RLEN]
        if s[_LEFT] and phase != PHASE_TRANSFORM:
            player = s[_PLAYER]
            base = _HAND + player * _HCAP
            for i in range(base, base + s[_HLEN + player]):
                first = PLAY_BASE + (s[i] << CARD_SHIFT)
                actions.extend(range(first, first + 2 * n + 2))
            for source in range(n):
                first = MOVE_BASE + (source << SOURCE_SHIFT)
                actions.extend(range(first, first + source))
                actions.extend(range(first + source + 1, first + n))
            actions.extend(range(FLIP_BASE, FLIP_BASE + n))
        for start in range(n - 2):
            if self._trick_at(start):
                actions.append(TAKE_BASE + start)
        if phase == PHASE_TRANSFORM:
            actions.append(TRANSFORM)
        elif phase == PHASE_AFTER or (phase == PHASE_FIRST and s[_LEFT] < 3):
            actions.append(END_TURN)
        return actions

    def apply_action(self, action: int) -> None:
        """Apply a legal action; ``ValueError`` (state unchanged) for an illegal one."""
        if not isinstance(action, int) or not self.can_apply(action):
            raise ValueError("illegal action")
        s = self._s
        player = s[_PLAYER]
        if action >= DRAW_BASE:
            if action == TRANSFORM:
                s[_SIDE] ^= 1
                s[_PHASE] = PHASE_AFTER
                s[_LEFT] = 3
                self._check_end()
            elif action == END_TURN:
                if s[_TURN] >= MAX_TURNS:
                    s[_REASON] = REASON_TURNS
                    return
                s[_PLAYER] = player ^ 1
                s[_TURN] += 1
                s[_LEFT] = 0
                if self._drawable():
                    s[_PHASE] = PHASE_DRAW
                else:
                    self._start_actions()
            else:
                self._draw(player, action - DRAW_BASE)
            return
        if action >= TAKE_BASE:
            start = action - TAKE_BASE
            index = s[_NTRICK]
            for k in range(3):
                s[_TRICK + index * 3 + k] = self._ribbon_remove(start) & CODE_BITS
            s[_TRICKBY + index] = player
            s[_NTRICK] = index + 1
            self._check_end()
            return
        if action >= FLIP_BASE:
            s[_RIB + action - FLIP_BASE] ^= FACE_BIT
        elif action >= MOVE_BASE:
            value = self._ribbon_remove((action - MOVE_BASE) >> SOURCE_SHIFT)
            self._ribbon_insert(action & TARGET_BITS, value)
        else:
            card = action >> CARD_SHIFT
            base = _HAND + player * _HCAP
            count = s[_HLEN + player] - 1
            for i in range(base + self._hand_find(player, card), base + count):
                s[i] = s[i + 1]
            s[base + count] = 0
            s[_HLEN + player] = count
            # Face up means the face shows on the side the ribbon is on now.
            face_side = s[_SIDE] ^ (0 if action & 1 else 1)
            self._ribbon_insert((action & GAP_BITS) >> 1, card | face_side << FACE_SHIFT)
        if s[_PHASE] == PHASE_OPENING:
            s[_PHASE] = PHASE_TRANSFORM
            s[_LEFT] = 0
        else:
            s[_LEFT] -= 1
        self._check_end()

    def _draw(self, player: int, pile: int) -> None:
        s = self._s
        count = s[_PLEN + pile] - 1
        at = _PILE + pile * 4 + count
        card = s[at]
        s[at] = 0
        s[_PLEN + pile] = count
        self._hand_add(player, card)
        if count == 0 and self._level == LEVEL_HYDE:
            # Emptying an apothecary pile: peek at the top recipe card, put it at the bottom.
            top = s[_RECIPE]
            for i in range(_RECIPE, _RECIPE + 3):
                s[i] = s[i + 1]
            s[_RECIPE + 3] = top
            peek = s[_NPEEK]
            s[_PEEK + peek] = top
            s[_PEEKBY + peek] = player
            s[_NPEEK] = peek + 1
        self._start_actions()

    # --- results ------------------------------------------------------------------------------

    def _trick_score(self, player: int) -> int:
        s = self._s
        total = 0
        for t in range(s[_NTRICK]):
            if s[_TRICKBY + t] == player:
                at = _TRICK + t * 3
                total += _trick_points(s[at : at + 3])
        return total

    def _bonus_seat(self) -> int:
        # The seat whose side shows every face, or -1.
        s = self._s
        if s[_REASON] == REASON_FACES:
            return s[_RIB] >> FACE_SHIFT
        return -1

    def scores(self) -> List[int]:
        """Trick points per seat, plus the 5-point bonus once the game has ended on it."""
        result = [self._trick_score(0), self._trick_score(1)]
        bonus = self._bonus_seat()
        if bonus >= 0:
            result[bonus] += 5
        return result

    def _recipe_holders(self) -> int:
        # Bit per seat holding a trick whose suits are exactly the recipe's.
        s = self._s
        if self._level != LEVEL_HYDE:
            return 0
        wanted = 0
        for i in range(_RECIPE, _RECIPE + 4):
            wanted |= suits(s[i])
        holders = 0
        for t in range(s[_NTRICK]):
            at = _TRICK + t * 3
            if suits(s[at]) | suits(s[at + 1]) | suits(s[at + 2]) == wanted:
                holders |= 1 << s[_TRICKBY + t]
        return holders

    def winner(self) -> int:
        """The winning seat once the game is over; -1 for a draw or while it goes on."""
        s = self._s
        if not s[_REASON]:
            return -1
        holders = self._recipe_holders()
        if holders == 1 or holders == 2:
            return holders - 1
        points = self.scores()
        if points[0] != points[1]:
            return 0 if points[0] > points[1] else 1
        if s[_REASON] == REASON_FACES:
            return self._bonus_seat()
        if s[_REASON] == REASON_EMPTY and s[_HLEN] != s[_HLEN + 1]:
            return 0 if s[_HLEN] < s[_HLEN + 1] else 1
        return -1

    def _end_reason(self) -> int:
        """``REASON_RECIPE`` if the recipe decided the winner, else the way play stopped
        (``REASON_FACES``, ``REASON_EMPTY``, ``REASON_TURNS``), 0 while playing."""
        holders = self._recipe_holders() if self._s[_REASON] else 0
        return REASON_RECIPE if holders == 1 or holders == 2 else self._s[_REASON]

    # --- views --------------------------------------------------------------------------------

    def observation(self, player: int) -> Dict[str, Any]:
        """What ``player`` may see now (keys in the module docstring)."""
        s = self._s
        n = s[_RLEN]
        side = s[_SIDE]
        ribbon = []
        flags = bytearray(n)
        for i in range(n):
            value = s[_RIB + i]
            if value >> FACE_SHIFT == side:
                flags[i] = 1
                ribbon.append(value & CODE_BITS)
            else:
                ribbon.append(-1)
        base = _HAND + player * _HCAP
        piles = 1 if self._level == LEVEL_POOLE else 3
        tops = []
        for pile in range(piles):
            count = s[_PLEN + pile]
            tops.append(s[_PILE + pile * 4 + count - 1] if count and piles == 3 else -1)
        tricks = [[], []]  # type: List[List[int]]
        for t in range(s[_NTRICK]):
            at = _TRICK + t * 3
            tricks[s[_TRICKBY + t]].extend(s[at : at + 3])
        peeks = [s[_PEEK + i] for i in range(s[_NPEEK]) if s[_PEEKBY + i] == player]
        over = s[_REASON] != 0
        return {
            "player": player,
            "level": self._level,
            "hand": list(s[base : base + s[_HLEN + player]]),
            "ribbon": ribbon,
            "face_up": bytes(flags),
            "side": side,
            "current": self.current_player(),
            "phase": s[_PHASE],
            "actions_left": s[_LEFT],
            "turn": s[_TURN],
            "pile_counts": list(s[_PLEN : _PLEN + piles]),
            "pile_tops": tops,
            "scores": self.scores(),
            "opponent_hand": s[_HLEN + 1 - player],
            "tricks": tricks,
            "peeks": peeks,
            "over": over,
            "reason": self._end_reason(),
            "ribbon_end": s[_REASON],
            "winner": self.winner(),
            "recipe": list(s[_RECIPE : _RECIPE + 4]) if over and self._level == LEVEL_HYDE else [],
        }

    def describe(self, action: int) -> str:
        """Short plain-words text for a legal action (positions counted from the left as
        the ribbon is drawn: mirrored on Hyde's side, see the module docstring)."""
        s = self._s
        n = s[_RLEN]
        mirrored = s[_SIDE] == 1
        if action == TRANSFORM:
            return "transform"
        if action == END_TURN:
            return "end the turn"
        if action >= DRAW_BASE:
            if self._level == LEVEL_POOLE:
                return "draw a card"
            pile = action - DRAW_BASE
            top = s[_PILE + pile * 4 + s[_PLEN + pile] - 1]
            return "draw %s from pile %d" % (name(top), pile + 1)
        if action >= TAKE_BASE:
            start = action - TAKE_BASE
            at = _RIB + start
            points = _trick_points(
                (s[at] & CODE_BITS, s[at + 1] & CODE_BITS, s[at + 2] & CODE_BITS)
            )
            first = n - 2 - start if mirrored else start + 1
            return "take the trick at %d-%d (%d)" % (first, first + 2, points)
        if action >= FLIP_BASE:
            # One string per call: conformance describes every legal action in one step.
            index = action - FLIP_BASE
            if self._up(index):
                return "flip %s face down" % name(s[_RIB + index] & CODE_BITS)
            return "flip card %d face up" % (n - index if mirrored else index + 1)
        if action >= MOVE_BASE:
            index = (action - MOVE_BASE) >> SOURCE_SHIFT
            target = placed(action)
            target = n - target if mirrored else target + 1
            if self._up(index):
                return "move %s to %d" % (name(s[_RIB + index] & CODE_BITS), target)
            return "move card %d to %d" % (n - index if mirrored else index + 1, target)
        card, position, face_up = play_parts(action)
        if mirrored:
            position = n - position
        face = "up" if face_up else "down"
        if position == 0:
            return "play %s face %s at the left end" % (name(card), face)
        if position == n:
            return "play %s face %s at the right end" % (name(card), face)
        return "play %s face %s at %d" % (name(card), face, position + 1)

    def __str__(self) -> str:
        s = self._s
        return "jekyll L%d turn %d seat %d phase %d ribbon %d scores %s" % (
            self._level,
            s[_TURN],
            self.current_player(),
            s[_PHASE],
            s[_RLEN],
            self.scores(),
        )

    # --- saves and invariants ---------------------------------------------------------------

    def to_bytes(self) -> bytes:
        """The whole state in the ``decktet.state`` layout: tag, state bytes, generator."""
        return pack(_TAG, self._s, self._rng)

    @classmethod
    def from_bytes(cls, data: bytes) -> "Game":
        """A new equal state from ``to_bytes()``; ``ValueError`` on anything invalid."""
        state, rng = unpack(data, _TAG, _SIZE)
        game = object.__new__(cls)  # MicroPython types have no __new__ attribute
        game._rng = rng
        game._s = state
        game._level = state[_OPT] & _LEVEL_MASK
        game.options = state[_OPT]
        return verify(game)

    def check_invariants(self) -> None:
        """``decktet.state.StateError`` unless every card is in exactly one place and the
        counters fit (a ``ValueError``; no ``assert``, so ``python -O`` checks the same)."""
        s = self._s
        level = self._level
        options = s[_OPT]
        check(options & _LEVEL_MASK == level and level != _LEVEL_MASK, "options")
        check(not options & ~_OPT_MASK, "option bits")
        check(not (options & OPT_HANDICAP_HYDE and not options & _HANDICAP_MASK), "handicap")
        check(s[_SIDE] < 2 and s[_PLAYER] < 2 and s[_PHASE] <= PHASE_FIRST, "ranges")
        turn = s[_TURN]
        check(1 <= turn <= MAX_TURNS and s[_PLAYER] == (turn - 1) & 1, "turn")
        check(s[_REASON] <= REASON_TURNS, "reason")
        seen = bytearray(NUM_CARDS)

        def mark(card: int) -> None:
            check(card < NUM_CARDS and not seen[card], "card twice")
            seen[card] = 1

        n = s[_RLEN]
        check(n <= RIBBON_SLOTS, "ribbon length")
        for i in range(RIBBON_SLOTS):
            value = s[_RIB + i]
            if i < n:
                check(value & ~(FACE_BIT | CODE_BITS) == 0, "ribbon byte")
                mark(value & CODE_BITS)
            else:
                check(value == 0, "ribbon slot")
        for player in range(2):
            count = s[_HLEN + player]
            check(count <= _HCAP, "hand length")
            base = _HAND + player * _HCAP
            for i in range(_HCAP):
                if i < count:
                    check(i == 0 or s[base + i - 1] < s[base + i], "hand order")
                    mark(s[base + i])
                else:
                    check(s[base + i] == 0, "hand slot")
        size = _PILE_SIZE[level]
        empty = 0
        for pile in range(3):
            count = s[_PLEN + pile]
            limit = size if pile == 0 or level != LEVEL_POOLE else 0
            check(count <= limit, "pile length")
            if count == 0 and limit:
                empty += 1
            for i in range(4 if level != LEVEL_POOLE else (12 if pile == 0 else 0)):
                at = _PILE + pile * 4 + i
                if i < count:
                    mark(s[at])
                else:
                    check(s[at] == 0, "pile slot")
        for i in range(4):
            if level == LEVEL_HYDE:
                mark(s[_RECIPE + i])
            else:
                check(s[_RECIPE + i] == 0, "recipe slot")
        peeks = s[_NPEEK]
        check(peeks == (empty if level == LEVEL_HYDE else 0), "peek count")
        for i in range(3):
            if i < peeks:
                code = s[_PEEK + i]
                inside = False
                for k in range(4):
                    inside = inside or s[_RECIPE + k] == code
                check(inside and s[_PEEKBY + i] < 2, "peek")
            else:
                check(s[_PEEK + i] == 0 and s[_PEEKBY + i] == 0, "peek slot")
        tricks = s[_NTRICK]
        check(tricks <= _TRICK_SLOTS, "trick count")
        for t in range(_TRICK_SLOTS):
            at = _TRICK + t * 3
            if t < tricks:
                for i in range(at, at + 3):
                    mark(s[i])
                check(_is_set3(s[at], s[at + 1], s[at + 2]), "trick is a set")
                check(s[_TRICKBY + t] < 2, "trick owner")
            else:
                check(s[at] == s[at + 1] == s[at + 2] == s[_TRICKBY + t] == 0, "trick slot")
        total = 0
        for card in range(NUM_CARDS):
            total += seen[card]
        check(total == (NUM_CARDS if level == LEVEL_HYDE else NUM_CARDS - 1), "every card once")
        check(seen[EXCUSE] == (level == LEVEL_HYDE), "excuse")
        phase = s[_PHASE]
        left = s[_LEFT]
        check(
            left
            == (
                0
                if phase in (PHASE_DRAW, PHASE_TRANSFORM)
                else 1
                if phase == PHASE_OPENING
                else min(left, 3)
            ),
            "actions left",
        )
        first_turn = turn == 1
        check(first_turn == (phase == PHASE_FIRST or (phase == PHASE_DRAW and first_turn)), "1st")
        check(phase != PHASE_DRAW or self._drawable(), "draw phase")
        # The ribbon lies on the opponent's side until the transformation.
        mine = phase in (PHASE_AFTER, PHASE_FIRST) or first_turn
        check(s[_SIDE] == (s[_PLAYER] if mine else s[_PLAYER] ^ 1), "side")
        ended = self._ribbon_end()
        if s[_REASON] in (REASON_FACES, REASON_EMPTY):
            check(ended == s[_REASON], "end reason")
        elif s[_REASON] == REASON_TURNS:
            check(turn == MAX_TURNS and phase == PHASE_AFTER and not ended, "turn limit")
        else:
            check(ended == 0, "ended but not over")
