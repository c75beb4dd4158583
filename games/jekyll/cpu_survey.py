# SPDX-License-Identifier: MIT
"""
`games.jekyll.cpu_survey`
=========================

What the Jekyll & Hyde CPU (``games.jekyll.cpu``) reads in a node
(``games.jekyll.cpu_node``): what lies on either side when it scores one (the tricks
isolated there and those one action could isolate), and the actions worth trying from it
(``Candidates``). The second part of the CPU to load.
"""

from micropython import const

from games.jekyll.cpu_node import (
    HAND,
    HN,
    NO_RANK,
    PAIRS,
    RANKS,
    RIBBON_SIDE,
    WILD,
    N,
    R,
    count,
    points,
)
from games.jekyll.engine import (
    CARD_SHIFT,
    CODE_BITS,
    FACE_BIT,
    FACE_SHIFT,
    FLIP_BASE,
    MOVE_BASE,
    PLAY_BASE,
    RIBBON_SLOTS,
    SOURCE_SHIFT,
)

try:
    from typing import Iterator
except ImportError:
    pass

# Fields of a survey (``_survey``), per side at ``5 * side``: the points of the tricks
# isolated there, the most points one action can isolate (without a hand card), those
# points summed over the ribbon (capped at 255), the most with a hand card too, the cards
# facing that side.
TAKEABLE = const(0)
BEST = const(1)
TOTAL = const(2)
MINE = const(3)
CARDS = const(4)


def _survey(st: bytearray, counts: bytearray, out: bytearray, counted: bool) -> None:
    """Fill ``out`` (10 bytes) with what lies on either side of the node; ``counts`` (32
    bytes): cards per side and rank, already the node's if ``counted``, else filled here
    when a pair needs them."""
    ranks = RANKS
    pairs = PAIRS
    end = R + st[N]
    st[end] = 128  # a sentinel that faces neither side: it ends the last run
    take0 = take1 = best0 = best1 = total0 = total1 = mine0 = mine1 = cards1 = 0
    # The lengths of the two runs before this one (runs alternate sides).
    before = 0
    last = 0
    at = R
    face = st[at] & FACE_BIT
    for j in range(R + 1, end + 1):
        if st[j] & 192 == face:
            continue
        # A run: st[at:j], all facing ``face``.
        length = j - at
        if face:
            cards1 += length
        one = 0  # points one action (no hand card) can isolate here
        own = 0  # the same with a hand card
        if length == 3:
            taken = points(st[at], st[at + 1], st[at + 2])
            if face:
                take1 += taken
            else:
                take0 += taken
        elif length == 2:
            key = pairs[ranks[st[at] & CODE_BITS] << 4 | ranks[st[at + 1] & CODE_BITS]]
            if key:
                if not counted:
                    count(st, counts)
                    counted = True
                base = face >> 2  # 16 * side: this side's counts
                if key > 16:
                    r = key - 16
                    # A third card of that rank: moved from elsewhere, or from the hand.
                    if counts[base + r] > 1:
                        one = 5
                    own = one
                    if not own and _in_hand(st, r):
                        own = 5
                else:
                    if counts[base + key] > 2:
                        one = 10
                    elif counts[base + WILD] or counts[base + WILD + 1]:
                        one = 5
                    own = one
                    if own < 10 and _in_hand(st, key):
                        own = 10
                    elif not own and (_in_hand(st, WILD) or _in_hand(st, WILD + 1)):
                        own = 5
                # A neighbour that matches, flipped, makes three, if the card beyond it
                # does not face this side.
                if at > R and (at < R + 2 or st[at - 2] & FACE_BIT != face):
                    flip = points(st[at - 1], st[at], st[at + 1])
                    if flip > one:
                        one = flip
                if j < end and (j + 1 >= end or st[j + 1] & FACE_BIT != face):
                    flip = points(st[at], st[at + 1], st[j])
                    if flip > one:
                        one = flip
        elif length == 1:
            if last == 1 and before == 1:
                # A single, one card of the other side, a single: flip the middle one.
                one = points(st[at - 2], st[at - 1], st[at])
        elif length == 4:
            # Flip (or move away) one end card: the other three are isolated.
            one = points(st[at], st[at + 1], st[at + 2])
            other = points(st[at + 1], st[at + 2], st[at + 3])
            if other > one:
                one = other
        if one or own:
            if own < one:
                own = one
            if face:
                if one > best1:
                    best1 = one
                total1 += one
                if own > mine1:
                    mine1 = own
            else:
                if one > best0:
                    best0 = one
                total0 += one
                if own > mine0:
                    mine0 = own
        before = last
        last = length
        at = j
        face = st[j] & FACE_BIT
    out[TAKEABLE] = take0
    out[BEST] = best0
    out[TOTAL] = total0 if total0 < 256 else 255
    out[MINE] = mine0
    out[CARDS] = end - R - cards1
    out[5 + TAKEABLE] = take1
    out[5 + BEST] = best1
    out[5 + TOTAL] = total1 if total1 < 256 else 255
    out[5 + MINE] = mine1
    out[5 + CARDS] = cards1


def _in_hand(st: bytearray, want: int) -> bool:
    """True if the node's hand holds a card of rank ``want``."""
    for at in range(HAND, HAND + st[HN]):
        if RANKS[st[at]] == want:
            return True
    return False


class Candidates:
    """The candidate actions from a node: ``candidates(node)`` is a generator of them (a
    call, so that the CPU's parts share no more names); it keeps the scratch they need."""

    def __init__(self) -> None:
        self._gaps0 = bytearray(RIBBON_SLOTS + 1)
        self._gaps1 = bytearray(RIBBON_SLOTS + 1)
        self._marks = bytearray(RIBBON_SLOTS + 1)
        self._near0 = bytearray(RIBBON_SLOTS + 1)
        self._near1 = bytearray(RIBBON_SLOTS + 1)
        self._ngaps = bytearray(2)

    def _gaps(self, st: bytearray) -> None:
        """The gaps worth putting a card into, per face the card will show (``_gaps0``,
        ``_gaps1``, ``_ngaps``): the two ends; beside a run of 1 to 3 cards facing the same
        way (one side of it: both make the same run); and inside a run of two or more
        facing the other way (splitting it). Elsewhere a card only lengthens a long run.
        Also, per gap, the ranks of the cards beside it facing that way, four bits each
        (``_near0``, ``_near1``)."""
        n = st[N]
        for face in range(2):
            gaps = self._gaps0 if face == 0 else self._gaps1
            marks = self._marks
            for g in range(n + 1):
                marks[g] = 0
            marks[0] = 1
            marks[n] = 1
            i = 0
            while i < n:
                start = i
                run_face = st[R + i] >> FACE_SHIFT
                i += 1
                while i < n and st[R + i] >> FACE_SHIFT == run_face:
                    i += 1
                length = i - start
                if run_face == face:
                    if length <= 3:
                        marks[start] = 1
                elif length >= 2:
                    for g in range(start + 1, i):
                        marks[g] = 1
            # The ranks of the cards beside the gap facing that way (NO_RANK: none).
            near = self._near0 if face == 0 else self._near1
            count = 0
            for g in range(n + 1):
                if marks[g]:
                    gaps[count] = g
                    left = NO_RANK << 4
                    right = NO_RANK
                    if g > 0:
                        value = st[R + g - 1]
                        if value >> FACE_SHIFT == face:
                            left = RANKS[value & CODE_BITS] << 4
                    if g < n:
                        value = st[R + g]
                        if value >> FACE_SHIFT == face:
                            right = RANKS[value & CODE_BITS]
                    near[count] = left | right
                    count += 1
            self._ngaps[face] = count

    def __call__(self, st: bytearray) -> Iterator[int]:
        """The basic actions from the node worth trying: every flip; plays (each card
        once) and moves into the gaps ``_gaps`` gives for the face the card will show,
        where the card lands beside a card of that face it could make a trick with (a play
        or move elsewhere makes no trick this turn and rarely sets one up)."""
        n = st[N]
        # The gaps first: their cost falls in the node's first unit of search, which says so.
        self._gaps(st)
        for i in range(n):
            yield FLIP_BASE + i
        ranks = RANKS
        pairs = PAIRS
        side = st[RIBBON_SIDE]
        previous = -1
        for at in range(HAND, HAND + st[HN]):
            card = st[at]
            if card == previous:
                continue
            previous = card
            first = PLAY_BASE + (card << CARD_SHIFT)
            rank = ranks[card] << 4
            for up in range(2):
                # Face up shows on the ribbon's side, face down on the other.
                face = side ^ (1 - up)
                gaps = self._gaps0 if face == 0 else self._gaps1
                near = self._near0 if face == 0 else self._near1
                for k in range(self._ngaps[face]):
                    if pairs[rank | near[k] >> 4] or pairs[rank | near[k] & 15]:
                        yield first + 2 * gaps[k] + up
        for source in range(n):
            first = MOVE_BASE + (source << SOURCE_SHIFT)
            moved = st[R + source]
            face = moved >> FACE_SHIFT
            rank = ranks[moved & CODE_BITS] << 4
            gaps = self._gaps0 if face == 0 else self._gaps1
            near = self._near0 if face == 0 else self._near1
            for k in range(self._ngaps[face]):
                if pairs[rank | near[k] >> 4] or pairs[rank | near[k] & 15]:
                    gap = gaps[k]
                    # The gap's index once the card has left ``source``.
                    target = gap if gap <= source else gap - 1
                    if target != source:
                        yield first + target
