# SPDX-License-Identifier: MIT
"""
`games.jekyll.cpu`
==================

A computer player for Jekyll & Hyde that reads only ``observation(seat)`` (and remembers
what earlier observations of the same turn showed): never the engine's hidden state.

``Player(seat, strength, seed)``, strength ``"easy"`` or ``"normal"``;
``choose(observation, legal_actions)`` returns the action (``legal_actions`` may be None:
the player then relies on its own model of the rules, which mirrors the engine's, and the
caller may check the action with ``Game.can_apply``). A decision may be spread over
frames (``decktet.search``): ``begin(observation, legal_actions)``, ``step(more)`` until
it returns True (a unit of work is one candidate action tried on the model), then
``result()``. The same seed and the same observations give the same actions.

**The model.** The player rebuilds the ribbon from the observation in a ``bytearray`` (the
engine's byte layout: card code, face side in bit 6; code 63 for a card it has not seen).
Within a turn it remembers the codes it saw before the transformation, so after it the
whole ribbon is known. Every candidate is tried on a copy of this model, never on the game.

**A turn.** Tricks are taken as soon as they are there (unless taking one ends the game in
a loss). The draw takes the apothecary card that best fits the ribbon and the hand. Normal
plans the turn in two searches, both over the same candidates (every flip; every play and
move into a gap where it changes the runs, an end of the ribbon, beside a run of one to
three cards facing the same way, or inside a run of two or more facing the other way, and
where the card lands beside a card facing its way that it could make a trick with):
the opening action on the opponent's side, one deep (the tricks it makes there, faces
turned toward its own side, what it leaves the opponent on that side); then, after the
transformation, a beam search three wide and as deep as the actions left (at most three;
at most ``_MAX_TRIED`` candidates), each step followed by the tricks it makes. A plan is
scored as the turn would end there: points taken, minus what the opponent could take next
turn (tricks isolated on either side, the best trick one action away on the side it opens
on, all of them on the other side), plus ``_STEER`` per face on its own side more than on
the other, minus ``_DANGER`` if the opponent could then turn every face its way and win;
a finished game is a win or a loss. Unfinished plans are ranked with the tricks one more
action (a hand card included) could isolate. The plan is kept while the game goes as it
predicted, else the search runs again. Easy looks one action ahead only and values only the
points and the faces on its own side: it leaves the opponent what it leaves.
"""

from micropython import const

from decktet.cards import NUM_CARDS, rank
from decktet.rng import Rng
from decktet.search import Search, always
from games.jekyll.engine import (
    CARD_SHIFT,
    CODE_BITS,
    DRAW_BASE,
    END_TURN,
    FACE_BIT,
    FACE_SHIFT,
    FLIP_BASE,
    GAP_BITS,
    MOVE_BASE,
    PHASE_AFTER,
    PHASE_DRAW,
    PHASE_FIRST,
    PHASE_OPENING,
    PHASE_TRANSFORM,
    PLAY_BASE,
    RIBBON_SLOTS,
    SOURCE_SHIFT,
    TAKE_BASE,
    TARGET_BITS,
    TRANSFORM,
)

try:
    from typing import Any, Dict, Iterator, List, Optional, Sequence
except ImportError:
    pass

# Beam width of normal's search after the transformation.
_BEAM = const(3)
# Candidates tried by one search after the transformation, at most (the plan is the best
# found by then). With plays and moves only where they can pair (``_candidates``) most
# searches see the whole turn in fewer; the bound keeps the longest turns short
# (``python -m tools.tournament --game jekyll`` measures what a bound costs in games won).
_MAX_TRIED = const(500)
# Scoring, in tenths of a point: faces on one's own side, the tricks one action away
# (best one on the side the opponent opens on; all of them, capped, on the other side),
# cards kept in hand, an end the opponent can force, and an end of the game.
_STEER = const(3)
_ONE_OWN = const(6)
_ONE_OTHER = const(4)
_ONE_CAP = const(20)
_POTENTIAL = const(7)
_HAND_CARD = const(3)
_DANGER = const(300)
_WIN = const(10000)
# Candidates tried between two yields of the search.
_CHUNK = const(1)

_UNSEEN = const(63)  # code of a card the player has not seen
_NO_RANK = const(15)
_WILD = const(11)  # ranks above RANK_CROWN (Pawns 11, Courts 12) are wild

# A node of the model: a bytearray with these fields.
_N = const(0)  # ribbon length
_SIDE = const(1)  # side the ribbon lies on
_HN = const(2)  # cards in hand
_GAIN = const(3)  # points taken since the search began
_END = const(4)  # 0 playing, 1 + side once every face is on that side, 3 ribbon empty
_LEFT = const(5)  # basic actions left
_PLAYED = const(6)  # cards played from the hand since the search began
_NPLAN = const(7)  # actions in the plan
_PLAN = const(8)  # 3 x 16 bits: the basic actions that led here
_R = const(14)  # engine.RIBBON_SLOTS ribbon bytes; the byte after the last card is scratch
_H = const(60)  # hand codes
_NODE = const(76)

# Rank per code (unseen and the Excuse: _NO_RANK).
_RANKS = bytes(rank(code) if code < NUM_CARDS and rank(code) else _NO_RANK for code in range(64))


_ZEROS = bytes(32)

# Two ranks as the start of a trick, at ``ra << 4 | rb``: the rank for a pure pair, 16 + the
# rank for a card and a wild (ranks 11-14), else 0 (no rank, two wilds, two ranks).
# Written out (tests/test_cpu.py checks it): working it out at import took a frame's time.
_PAIRS = (
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x10\x10\x10\x10\x00"
    b"\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x11\x11\x11\x11\x00"
    b"\x00\x00\x02\x00\x00\x00\x00\x00\x00\x00\x00\x12\x12\x12\x12\x00"
    b"\x00\x00\x00\x03\x00\x00\x00\x00\x00\x00\x00\x13\x13\x13\x13\x00"
    b"\x00\x00\x00\x00\x04\x00\x00\x00\x00\x00\x00\x14\x14\x14\x14\x00"
    b"\x00\x00\x00\x00\x00\x05\x00\x00\x00\x00\x00\x15\x15\x15\x15\x00"
    b"\x00\x00\x00\x00\x00\x00\x06\x00\x00\x00\x00\x16\x16\x16\x16\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x07\x00\x00\x00\x17\x17\x17\x17\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x08\x00\x00\x18\x18\x18\x18\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x09\x00\x19\x19\x19\x19\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x0a\x1a\x1a\x1a\x1a\x00"
    b"\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x00\x00\x00\x00\x00"
    b"\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x00\x00\x00\x00\x00"
    b"\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x00\x00\x00\x00\x00"
    b"\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
)


def _points(a: int, b: int, c: int) -> int:
    """Points of three cards as a trick, by code (10 pure, 5 with a wild), or 0."""
    ranks = _RANKS
    key = _PAIRS[ranks[a & CODE_BITS] << 4 | ranks[b & CODE_BITS]]
    if not key:
        return 0
    rc = ranks[c & CODE_BITS]
    if key < 16:
        if rc == key:
            return 10
        return 5 if rc == _WILD or rc == _WILD + 1 else 0
    return 5 if rc == key - 16 else 0


def _insert(st: bytearray, index: int, value: int) -> None:
    """Put a ribbon byte at ``index``."""
    at = _R + index
    for k in range(_R + st[_N], at, -1):
        st[k] = st[k - 1]
    st[at] = value
    st[_N] += 1


def _move(st: bytearray, source: int, target: int) -> None:
    """Move the ribbon card at ``source`` to ``target`` (its index once moved)."""
    value = st[_R + source]
    if source < target:
        for k in range(_R + source, _R + target):
            st[k] = st[k + 1]
    else:
        for k in range(_R + source, _R + target, -1):
            st[k] = st[k - 1]
    st[_R + target] = value


def _check_end(st: bytearray) -> None:
    """Set ``_END`` if every face is on one side or the ribbon is empty."""
    n = st[_N]
    if not n:
        st[_END] = 3
        return
    first = st[_R] & FACE_BIT
    for at in range(_R + 1, _R + n):
        if st[at] & FACE_BIT != first:
            return
    st[_END] = 1 + (first >> FACE_SHIFT)


def _first_trick(st: bytearray) -> int:
    """The start of the leftmost trick on the side the ribbon lies on, or -1."""
    n = st[_N]
    face = st[_SIDE] << FACE_SHIFT
    i = 0
    while i < n:
        if st[_R + i] & FACE_BIT != face:
            i += 1
            continue
        start = i
        while i < n and st[_R + i] & FACE_BIT == face:
            i += 1
        if i - start == 3:
            at = _R + start
            if _points(st[at], st[at + 1], st[at + 2]):
                return start
    return -1


def _apply(st: bytearray, action: int) -> None:
    """Apply a basic action, a take or the transformation to the node (no legality check:
    the search makes only legal ones)."""
    if action >= TAKE_BASE:
        if action == TRANSFORM:
            st[_SIDE] ^= 1
            st[_LEFT] = 3
        else:
            at = _R + action - TAKE_BASE
            st[_GAIN] += _points(st[at], st[at + 1], st[at + 2])
            n = st[_N] - 3
            for k in range(at, _R + n):
                st[k] = st[k + 3]
            st[_N] = n
        _check_end(st)
        return
    if action >= FLIP_BASE:
        st[_R + action - FLIP_BASE] ^= FACE_BIT
    elif action >= MOVE_BASE:
        _move(st, (action - MOVE_BASE) >> SOURCE_SHIFT, action & TARGET_BITS)
    else:
        card = action >> CARD_SHIFT
        count = st[_HN]
        i = _H
        while st[i] != card:
            i += 1
        while i < _H + count - 1:
            st[i] = st[i + 1]
            i += 1
        st[_HN] = count - 1
        st[_PLAYED] += 1
        face_side = st[_SIDE] ^ (0 if action & 1 else 1)
        _insert(st, (action & GAP_BITS) >> 1, card | face_side << FACE_SHIFT)
    st[_LEFT] -= 1
    _check_end(st)


def _copy(src: bytearray, dst: bytearray) -> None:
    """Copy a node without allocating."""
    dst[:] = src


def _outcome(st: bytearray, me: int, mine: int, theirs: int) -> int:
    """The value of a finished game: ``_WIN`` plus the margin if ``me`` wins, else minus."""
    end = st[_END]
    mine += st[_GAIN]
    if end == 1 + me:
        mine += 5
        won = mine >= theirs
    elif end == 2 - me:
        theirs += 5
        won = mine > theirs
    else:
        won = mine > theirs
    if mine == theirs and end == 3:
        return 0
    return _WIN + mine - theirs if won else -_WIN + mine - theirs


# Fields of a survey (``_survey``), per side at ``5 * side``: the points of the tricks
# isolated there, the most points one action can isolate (without a hand card), those
# points summed over the ribbon (capped at 255), the most with a hand card too, the cards
# facing that side.
_TAKEABLE = const(0)
_BEST = const(1)
_TOTAL = const(2)
_MINE = const(3)
_CARDS = const(4)


def _survey(st: bytearray, counts: bytearray, out: bytearray, counted: bool) -> None:
    """Fill ``out`` (10 bytes) with what lies on either side of the node; ``counts`` (32
    bytes): cards per side and rank, already the node's if ``counted``, else filled here
    when a pair needs them."""
    ranks = _RANKS
    pairs = _PAIRS
    end = _R + st[_N]
    st[end] = 128  # a sentinel that faces neither side: it ends the last run
    take0 = take1 = best0 = best1 = total0 = total1 = mine0 = mine1 = cards1 = 0
    # The lengths of the two runs before this one (runs alternate sides).
    before = 0
    last = 0
    at = _R
    face = st[at] & FACE_BIT
    for j in range(_R + 1, end + 1):
        if st[j] & 192 == face:
            continue
        # A run: st[at:j], all facing ``face``.
        length = j - at
        if face:
            cards1 += length
        one = 0  # points one action (no hand card) can isolate here
        own = 0  # the same with a hand card
        if length == 3:
            taken = _points(st[at], st[at + 1], st[at + 2])
            if face:
                take1 += taken
            else:
                take0 += taken
        elif length == 2:
            key = pairs[ranks[st[at] & CODE_BITS] << 4 | ranks[st[at + 1] & CODE_BITS]]
            if key:
                if not counted:
                    _count(st, counts)
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
                    elif counts[base + _WILD] or counts[base + _WILD + 1]:
                        one = 5
                    own = one
                    if own < 10 and _in_hand(st, key):
                        own = 10
                    elif not own and (_in_hand(st, _WILD) or _in_hand(st, _WILD + 1)):
                        own = 5
                # A neighbour that matches, flipped, makes three, if the card beyond it
                # does not face this side.
                if at > _R and (at < _R + 2 or st[at - 2] & FACE_BIT != face):
                    flip = _points(st[at - 1], st[at], st[at + 1])
                    if flip > one:
                        one = flip
                if j < end and (j + 1 >= end or st[j + 1] & FACE_BIT != face):
                    flip = _points(st[at], st[at + 1], st[j])
                    if flip > one:
                        one = flip
        elif length == 1:
            if last == 1 and before == 1:
                # A single, one card of the other side, a single: flip the middle one.
                one = _points(st[at - 2], st[at - 1], st[at])
        elif length == 4:
            # Flip (or move away) one end card: the other three are isolated.
            one = _points(st[at], st[at + 1], st[at + 2])
            other = _points(st[at + 1], st[at + 2], st[at + 3])
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
    out[_TAKEABLE] = take0
    out[_BEST] = best0
    out[_TOTAL] = total0 if total0 < 256 else 255
    out[_MINE] = mine0
    out[_CARDS] = end - _R - cards1
    out[5 + _TAKEABLE] = take1
    out[5 + _BEST] = best1
    out[5 + _TOTAL] = total1 if total1 < 256 else 255
    out[5 + _MINE] = mine1
    out[5 + _CARDS] = cards1


def _count(st: bytearray, counts: bytearray) -> None:
    """Cards per side and rank into ``counts`` (32 bytes, side 1 from 16)."""
    counts[:] = _ZEROS
    for at in range(_R, _R + st[_N]):
        value = st[at]
        counts[(value >> 2 & 16) | _RANKS[value & CODE_BITS]] += 1


def _counted(st: bytearray, action: int, counts: bytearray) -> None:
    """Turn ``counts`` (``_count``) of a node into those of the node after a basic
    action, ``st``."""
    if action >= FLIP_BASE:
        value = st[_R + action - FLIP_BASE]
        rank = _RANKS[value & CODE_BITS]
        side = value >> 2 & 16
        counts[side | rank] += 1
        counts[(side ^ 16) | rank] -= 1
    elif action < MOVE_BASE:
        value = st[_R + ((action & GAP_BITS) >> 1)]
        counts[(value >> 2 & 16) | _RANKS[value & CODE_BITS]] += 1


def _in_hand(st: bytearray, want: int) -> bool:
    """True if the node's hand holds a card of rank ``want``."""
    for at in range(_H, _H + st[_HN]):
        if _RANKS[st[at]] == want:
            return True
    return False


class Player(Search):
    """A Jekyll & Hyde computer player for one seat (see the module docstring).

    :param int seat: 0 (Dr. Jekyll) or 1 (Mr. Hyde).
    :param str strength: ``"easy"`` or ``"normal"``.
    :param int seed: seeds its tie-breaking generator (0 <= seed < 2**30).
    """

    cost = 2300  # a candidate tried, in microseconds on the badge (make timing's model)

    def __init__(self, seat: int, strength: str = "normal", seed: int = 0) -> None:
        if strength not in ("easy", "normal"):
            raise ValueError("strength is easy or normal")
        super().__init__()
        self.seat = seat
        self.easy = strength == "easy"
        self._rng = Rng(seed)
        self._root = bytearray(_NODE)
        self._work = bytearray(_NODE)
        self._mem = bytearray(_NODE)  # the model after the last action chosen
        self._mem_turn = 0  # the turn it belongs to (0: none)
        self._tmp = bytearray(_NODE)  # scratch of _take_ok
        self._plan = bytearray(_NODE)  # the plan chosen (its actions in the header)
        self._plan_root = bytearray(_NODE)  # the root it starts from
        self._next = bytearray(_NODE)  # where the plan expects the next call to find the game
        self._plan_at = 0  # next plan action to play; 0: no plan
        self._plan_whole = False
        self._turn = 0
        self._legal: Optional[Sequence[int]] = None
        width = 1 if self.easy else _BEAM
        self._width = width
        self._beam = [bytearray(_NODE) for _ in range(2 * width)]
        self._ranks: List[int] = [0] * width
        self._picks: List[int] = [0] * (2 * width)  # (parent, action) per beam slot
        self._best = bytearray(_NODE)
        self._counts = bytearray(32)
        self._known = bytearray(32)
        self._gaps0 = bytearray(RIBBON_SLOTS + 1)
        self._gaps1 = bytearray(RIBBON_SLOTS + 1)
        self._marks = bytearray(RIBBON_SLOTS + 1)
        self._near0 = bytearray(RIBBON_SLOTS + 1)
        self._near1 = bytearray(RIBBON_SLOTS + 1)
        self._ngaps = bytearray(2)
        self._out = bytearray(10)
        self._pot = 0
        self._mine = 0
        self._theirs = 0
        self._action = END_TURN

    # ----- the interface -----

    def choose(self, observation: Dict[str, Any], legal_actions: Optional[Sequence[int]]) -> int:
        """The action to play now (one of ``legal_actions`` when a list is given)."""
        self.begin(observation, legal_actions)
        self.step(always)
        return self._action

    def begin(self, observation: Dict[str, Any], legal_actions: Optional[Sequence[int]]) -> None:
        """Start a decision; then call ``step`` until it returns True."""
        self._legal = legal_actions
        self.work = self._decide(observation)

    def result(self) -> int:
        """The action chosen (finishes the search first if ``step`` was not run to its end)."""
        self.step(always)
        return self._action

    # ----- the model -----

    def _build(self, obs: Dict[str, Any]) -> None:
        """The root node from the observation and what the player remembers of this turn."""
        root = self._root
        mem = self._mem
        ribbon = obs["ribbon"]
        face_up = obs["face_up"]
        side = obs["side"]
        n = len(ribbon)
        known = self._mem_turn == obs["turn"] and mem[_N] == n
        for i in range(n):
            face = side if face_up[i] else side ^ 1
            code = ribbon[i] if face_up[i] else _UNSEEN
            if known:
                value = mem[_R + i]
                seen = value & CODE_BITS
                if value >> FACE_SHIFT != face or (face_up[i] and seen != code and seen != _UNSEEN):
                    known = False
                elif not face_up[i]:
                    code = value & CODE_BITS
            root[_R + i] = code | face << FACE_SHIFT
        if not known:
            # What it remembered does not fit: forget the face-down codes.
            for i in range(n):
                if not face_up[i]:
                    root[_R + i] = _UNSEEN | (side ^ 1) << FACE_SHIFT
        hand = obs["hand"]
        for i in range(len(hand)):
            root[_H + i] = hand[i]
        root[_N] = n
        root[_SIDE] = side
        root[_HN] = len(hand)
        root[_GAIN] = 0
        root[_END] = 0
        root[_LEFT] = obs["actions_left"]
        root[_PLAYED] = 0
        root[_NPLAN] = 0
        self._turn = obs["turn"]
        scores = obs["scores"]
        self._mine = scores[self.seat]
        self._theirs = scores[1 - self.seat]

    def finish(self) -> None:
        """Remember the model after the action chosen, and make sure it is legal."""
        action = self._action
        legal = self._legal
        if legal is not None and action not in legal:
            # Never expected; a legal fallback keeps the game going.
            action = (
                END_TURN if END_TURN in legal else (TRANSFORM if TRANSFORM in legal else legal[0])
            )
            self._action = action
            self._plan_at = 0
        mem = self._mem
        _copy(self._root, mem)
        if action < DRAW_BASE or action == TRANSFORM:
            _apply(mem, action)
        self._mem_turn = self._turn

    def _take_ok(self, st: bytearray, start: int) -> bool:
        """True unless taking the trick at ``start`` ends the game in a loss."""
        tmp = self._tmp
        _copy(st, tmp)
        _apply(tmp, TAKE_BASE + start)
        return not tmp[_END] or _outcome(tmp, self.seat, self._mine, self._theirs) > 0

    def _take_all(self, st: bytearray) -> None:
        """Take the tricks as a turn would: leftmost first, while taking one is not a
        losing end of the game."""
        while not st[_END]:
            start = _first_trick(st)
            if start < 0:
                return
            if not self._take_ok(st, start):
                return
            _apply(st, TAKE_BASE + start)

    # ----- scoring -----

    def _value(self, st: bytearray, opening: bool, counted: bool = False) -> int:
        """The node scored from this seat, the turn ending there (``opening``: before the
        transformation, with the rest of the turn still to come). Also sets ``_pot``, what
        a further action could take on the side the ribbon lies on (for ranking unfinished
        plans)."""
        me = self.seat
        self._pot = 0
        if st[_END]:
            return _outcome(st, me, self._mine, self._theirs)
        out = self._out
        _survey(st, self._counts, out, counted)
        if st[_LEFT]:
            self._pot = _POTENTIAL * out[5 * st[_SIDE] + _MINE]
        own = 5 * me  # the opponent opens on this side
        other = 5 - own
        cards_own = out[own + _CARDS]
        cards_other = out[other + _CARDS]
        value = 10 * st[_GAIN] + _STEER * (cards_own - cards_other)
        if self.easy:
            return value
        value -= _HAND_CARD * st[_PLAYED]
        threats = out[other + _TOTAL]
        if threats > _ONE_CAP:
            threats = _ONE_CAP
        if opening:
            # The other side is the opponent's next; the rest of the turn may mend it.
            return value - (_ONE_OTHER >> 1) * threats
        value -= 10 * out[own + _TAKEABLE] + _ONE_OWN * out[own + _BEST]
        value -= 9 * out[other + _TAKEABLE] + _ONE_OTHER * threats
        mine = self._mine + st[_GAIN]
        theirs = self._theirs
        # The opponent has four actions: can it turn every face its way and win?
        if cards_own <= 4 and theirs + 5 >= mine:
            value -= _DANGER
        elif cards_other <= 4 and theirs > mine + 5:
            value -= _DANGER
        return value

    def _settle(self, st: bytearray, opening: bool) -> int:
        """Take the tricks the node offers (as a turn would), then score it (``_value``;
        ``_counts`` holds the node's counts)."""
        value = self._value(st, opening, True)
        if not st[_END] and self._out[5 * st[_SIDE] + _TAKEABLE]:
            self._take_all(st)
            value = self._value(st, opening)
        return value

    # ----- the decision -----

    def _decide(self, obs: Dict[str, Any]) -> Iterator[None]:
        """The decision as a generator: one ``yield`` per ``_CHUNK`` candidates."""
        self._action = END_TURN
        phase = obs["phase"]
        if obs["over"] or obs["current"] != self.seat:
            self._turn = obs["turn"]
            return
        self._build(obs)
        root = self._root
        if phase == PHASE_DRAW:
            self._action = self._draw(obs)
            return
        # Tricks first, at any time of the turn.
        start = _first_trick(root)
        if start >= 0 and self._take_ok(root, start):
            self._action = TAKE_BASE + start
            return
        if phase == PHASE_TRANSFORM:
            self._action = TRANSFORM
            return
        if phase == PHASE_OPENING:
            self._plan_at = 0
            yield from self._search_opening()
            return
        if phase != PHASE_AFTER and phase != PHASE_FIRST:
            return
        if not root[_LEFT]:
            return
        if self._plan_at and self._matches():
            plan = self._plan
            at = self._plan_at
            if at < plan[_NPLAN]:
                self._action = plan[_PLAN + 2 * at] << 8 | plan[_PLAN + 2 * at + 1]
                self._plan_at = at + 1
                self._set_expect(at + 1)
                return
            self._plan_at = 0
            if self._plan_whole:
                # The search saw to the end of the turn: stopping here was its choice.
                return
        self._plan_at = 0
        yield from self._search_after(phase == PHASE_FIRST and root[_LEFT] == 3)

    def _matches(self) -> bool:
        """True if the root is the node the plan expects now."""
        root = self._root
        expect = self._next
        if root[_N] != expect[_N] or root[_HN] != expect[_HN] or root[_SIDE] != expect[_SIDE]:
            return False
        for i in range(_R, _R + root[_N]):
            if root[i] != expect[i]:
                return False
        for i in range(_H, _H + root[_HN]):
            if root[i] != expect[i]:
                return False
        return root[_LEFT] == expect[_LEFT]

    def _set_expect(self, count: int) -> None:
        """Replay the plan's first ``count`` actions (with their tricks) from the root of
        the search into ``_work``: where the next call should find the game."""
        plan = self._plan
        work = self._next
        _copy(self._plan_root, work)
        for k in range(count):
            _apply(work, plan[_PLAN + 2 * k] << 8 | plan[_PLAN + 2 * k + 1])
            self._take_all(work)

    def _draw(self, obs: Dict[str, Any]) -> int:
        """The pile to draw from: the top card that best fits what the player sees."""
        counts = obs["pile_counts"]
        tops = obs["pile_tops"]
        best = -1
        pick = 0
        root = self._root
        for pile in range(len(counts)):
            if not counts[pile]:
                continue
            card = tops[pile]
            score = self._rng.randbelow(4)
            if card >= 0 and not self.easy:
                score += 4 * self._fit(root, card)
            elif card >= 0:
                score += self._fit(root, card)
            if score > best:
                best = score
                pick = pile
        return DRAW_BASE + pick

    def _fit(self, st: bytearray, card: int) -> int:
        """How well a drawn card fits: a pair it completes on the side the ribbon lies on
        (a trick at the opening), a wild, cards of its rank in the hand."""
        want = _RANKS[card]
        fit = 0
        if want >= _WILD:
            fit += 2
        for at in range(_H, _H + st[_HN]):
            if _RANKS[st[at]] == want:
                fit += 1
        face = st[_SIDE] << FACE_SHIFT
        n = st[_N]
        i = 0
        while i < n:
            if st[_R + i] & FACE_BIT != face:
                i += 1
                continue
            a = i
            while i < n and st[_R + i] & FACE_BIT == face:
                i += 1
            if i - a == 2 and _points(st[_R + a], st[_R + a + 1], card):
                fit += 5
        return fit

    def _gaps(self, st: bytearray) -> None:
        """The gaps worth putting a card into, per face the card will show (``_gaps0``,
        ``_gaps1``, ``_ngaps``): the two ends; beside a run of 1 to 3 cards facing the same
        way (one side of it: both make the same run); and inside a run of two or more
        facing the other way (splitting it). Elsewhere a card only lengthens a long run.
        Also, per gap, the ranks of the cards beside it facing that way, four bits each
        (``_near0``, ``_near1``)."""
        n = st[_N]
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
                run_face = st[_R + i] >> FACE_SHIFT
                i += 1
                while i < n and st[_R + i] >> FACE_SHIFT == run_face:
                    i += 1
                length = i - start
                if run_face == face:
                    if length <= 3:
                        marks[start] = 1
                elif length >= 2:
                    for g in range(start + 1, i):
                        marks[g] = 1
            # The ranks of the cards beside the gap facing that way (_NO_RANK: none).
            near = self._near0 if face == 0 else self._near1
            count = 0
            for g in range(n + 1):
                if marks[g]:
                    gaps[count] = g
                    left = _NO_RANK << 4
                    right = _NO_RANK
                    if g > 0:
                        value = st[_R + g - 1]
                        if value >> FACE_SHIFT == face:
                            left = _RANKS[value & CODE_BITS] << 4
                    if g < n:
                        value = st[_R + g]
                        if value >> FACE_SHIFT == face:
                            right = _RANKS[value & CODE_BITS]
                    near[count] = left | right
                    count += 1
            self._ngaps[face] = count

    def _candidates(self, st: bytearray) -> Iterator[int]:
        """The basic actions from the node worth trying: every flip; plays (each card
        once) and moves into the gaps ``_gaps`` gives for the face the card will show,
        where the card lands beside a card of that face it could make a trick with (a play
        or move elsewhere makes no trick this turn and rarely sets one up)."""
        n = st[_N]
        for i in range(n):
            yield FLIP_BASE + i
        self._gaps(st)
        ranks = _RANKS
        pairs = _PAIRS
        side = st[_SIDE]
        previous = -1
        for at in range(_H, _H + st[_HN]):
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
            moved = st[_R + source]
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

    def _search_opening(self) -> Iterator[None]:
        """One action on the opponent's side: every candidate, one deep."""
        root = self._root
        work = self._work
        counts = self._counts
        known = self._known
        _count(root, known)
        best = -_WIN * 4
        tried = 0
        for action in self._candidates(root):
            _copy(root, work)
            _apply(work, action)
            counts[:] = known
            _counted(work, action, counts)
            value = self._settle(work, True) * 4 + (self._rng.next() & 3)
            if value > best:
                best = value
                self._action = action
            tried += 1
            if tried == _CHUNK:
                tried = 0
                yield

    def _search_after(self, must_act: bool) -> Iterator[None]:
        """Up to the actions left, beam search; the best plan's first action, or END_TURN
        (``must_act``: the first action is compulsory)."""
        root = self._root
        work = self._work
        width = self._width
        beam = self._beam
        ranks = self._ranks
        picks = self._picks
        best_node = self._best
        counts = self._counts
        known = self._known  # the counts of the node whose candidates are tried
        best = -_WIN * 4
        if not must_act:
            # Ending the turn now (jitter 3: a candidate must do better to be played).
            best = self._value(root, False) * 4 + 3
        best_node[_NPLAN] = 0
        # The beam: ``count`` nodes in beam[base : base + count].
        base = 0
        count = 1
        _copy(root, beam[0])
        depth = root[_LEFT]
        if self.easy:
            depth = 1
        # True while the plan may stop early by choice (the search sees the whole turn).
        self._plan_whole = depth == root[_LEFT]
        tried = 0
        spent = 0
        for level in range(depth):
            kept = 0
            for b in range(base, base + count):
                node = beam[b]
                _count(node, known)
                for action in self._candidates(node):
                    spent += 1
                    if spent > _MAX_TRIED:
                        # The bound: the best plan found so far.
                        self._plan_whole = False
                        break
                    _copy(node, work)
                    _apply(work, action)
                    counts[:] = known
                    _counted(work, action, counts)
                    value = self._settle(work, False) * 4 + (self._rng.next() & 3)
                    if value > best:
                        best = value
                        _copy(work, best_node)
                        plan = work[_NPLAN]
                        best_node[_PLAN + 2 * plan] = action >> 8
                        best_node[_PLAN + 2 * plan + 1] = action & 255
                        best_node[_NPLAN] = plan + 1
                    if level + 1 < depth and not work[_END]:
                        rank_value = value + 4 * self._pot
                        # Keep the ``width`` best by rank (insertion into a short list).
                        if kept < width or rank_value > ranks[kept - 1]:
                            j = kept if kept < width else width - 1
                            while j > 0 and ranks[j - 1] < rank_value:
                                ranks[j] = ranks[j - 1]
                                picks[2 * j] = picks[2 * j - 2]
                                picks[2 * j + 1] = picks[2 * j - 1]
                                j -= 1
                            ranks[j] = rank_value
                            picks[2 * j] = b
                            picks[2 * j + 1] = action
                            if kept < width:
                                kept += 1
                    tried += 1
                    if tried == _CHUNK:
                        tried = 0
                        yield
            if not kept or spent > _MAX_TRIED:
                break
            # The next level's nodes, in the other half of ``beam``.
            other = width - base
            for j in range(kept):
                node = beam[other + j]
                parent = beam[picks[2 * j]]
                _copy(parent, node)
                action = picks[2 * j + 1]
                _apply(node, action)
                self._take_all(node)
                plan = node[_NPLAN]
                node[_PLAN + 2 * plan] = action >> 8
                node[_PLAN + 2 * plan + 1] = action & 255
                node[_NPLAN] = plan + 1
            base = other
            count = kept
        if best_node[_NPLAN] == 0:
            self._action = END_TURN
            return
        _copy(best_node, self._plan)
        self._action = best_node[_PLAN] << 8 | best_node[_PLAN + 1]
        # Where the game should be at the next call: after this action and its tricks.
        _copy(root, self._plan_root)
        self._plan_at = 1
        self._set_expect(1)
