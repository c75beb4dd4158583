# SPDX-License-Identifier: MIT
"""
`games.jekyll.cpu_node`
=======================

The Jekyll & Hyde CPU's model of the game (``games.jekyll.cpu``, whose docstring says how
it plays): a node is a ``bytearray`` of ``NODE`` bytes, the ribbon in the engine's byte
layout (card code, face side in bit 6; ``UNSEEN`` for a card not seen) and a header; the
functions here change and read it without allocating. The CPU is loaded in parts, one a
frame (``games.jekyll.screens.CpuScreen``): this is the first.
"""

from micropython import const

from decktet.cards import NUM_CARDS, rank
from games.jekyll.engine import (
    CARD_SHIFT,
    CODE_BITS,
    FACE_BIT,
    FACE_SHIFT,
    FLIP_BASE,
    GAP_BITS,
    MOVE_BASE,
    SOURCE_SHIFT,
    TAKE_BASE,
    TARGET_BITS,
    TRANSFORM,
)

UNSEEN = const(63)  # code of a card the player has not seen
NO_RANK = const(15)
WILD = const(11)  # ranks above RANK_CROWN (Pawns 11, Courts 12) are wild

# A node: a bytearray with these fields (the bundle writes them in where they are used).
N = const(0)  # ribbon length
RIBBON_SIDE = const(1)  # side the ribbon lies on
HN = const(2)  # cards in hand
GAIN = const(3)  # points taken since the search began
END = const(4)  # 0 playing, 1 + side once every face is on that side, 3 ribbon empty
LEFT = const(5)  # basic actions left
PLAYED = const(6)  # cards played from the hand since the search began
NPLAN = const(7)  # actions in the plan
PLAN = const(8)  # 3 x 16 bits: the basic actions that led here
R = const(14)  # engine.RIBBON_SLOTS ribbon bytes; the byte after the last card is scratch
HAND = const(60)  # hand codes
NODE = const(76)
# The value of a finished game is WIN plus or minus the margin.
WIN = const(10000)

# Rank per code (unseen and the Excuse: NO_RANK).
RANKS = bytes(rank(code) if code < NUM_CARDS and rank(code) else NO_RANK for code in range(64))


_ZEROS = bytes(32)

# Two ranks as the start of a trick, at ``ra << 4 | rb``: the rank for a pure pair, 16 + the
# rank for a card and a wild (ranks 11-14), else 0 (no rank, two wilds, two ranks).
# Written out (tests/test_cpu.py checks it): working it out at import took a frame's time.
PAIRS = (
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


def points(a: int, b: int, c: int) -> int:
    """Points of three cards as a trick, by code (10 pure, 5 with a wild), or 0."""
    ranks = RANKS
    key = PAIRS[ranks[a & CODE_BITS] << 4 | ranks[b & CODE_BITS]]
    if not key:
        return 0
    rc = ranks[c & CODE_BITS]
    if key < 16:
        if rc == key:
            return 10
        return 5 if rc == WILD or rc == WILD + 1 else 0
    return 5 if rc == key - 16 else 0


def _insert(st: bytearray, index: int, value: int) -> None:
    """Put a ribbon byte at ``index``."""
    at = R + index
    for k in range(R + st[N], at, -1):
        st[k] = st[k - 1]
    st[at] = value
    st[N] += 1


def _move(st: bytearray, source: int, target: int) -> None:
    """Move the ribbon card at ``source`` to ``target`` (its index once moved)."""
    value = st[R + source]
    if source < target:
        for k in range(R + source, R + target):
            st[k] = st[k + 1]
    else:
        for k in range(R + source, R + target, -1):
            st[k] = st[k - 1]
    st[R + target] = value


def _check_end(st: bytearray) -> None:
    """Set ``END`` if every face is on one side or the ribbon is empty."""
    n = st[N]
    if not n:
        st[END] = 3
        return
    first = st[R] & FACE_BIT
    for at in range(R + 1, R + n):
        if st[at] & FACE_BIT != first:
            return
    st[END] = 1 + (first >> FACE_SHIFT)


def _first_trick(st: bytearray) -> int:
    """The start of the leftmost trick on the side the ribbon lies on, or -1."""
    n = st[N]
    face = st[RIBBON_SIDE] << FACE_SHIFT
    i = 0
    while i < n:
        if st[R + i] & FACE_BIT != face:
            i += 1
            continue
        start = i
        while i < n and st[R + i] & FACE_BIT == face:
            i += 1
        if i - start == 3:
            at = R + start
            if points(st[at], st[at + 1], st[at + 2]):
                return start
    return -1


def _apply(st: bytearray, action: int) -> None:
    """Apply a basic action, a take or the transformation to the node (no legality check:
    the search makes only legal ones)."""
    if action >= TAKE_BASE:
        if action == TRANSFORM:
            st[RIBBON_SIDE] ^= 1
            st[LEFT] = 3
        else:
            at = R + action - TAKE_BASE
            st[GAIN] += points(st[at], st[at + 1], st[at + 2])
            n = st[N] - 3
            for k in range(at, R + n):
                st[k] = st[k + 3]
            st[N] = n
        _check_end(st)
        return
    if action >= FLIP_BASE:
        st[R + action - FLIP_BASE] ^= FACE_BIT
    elif action >= MOVE_BASE:
        _move(st, (action - MOVE_BASE) >> SOURCE_SHIFT, action & TARGET_BITS)
    else:
        card = action >> CARD_SHIFT
        count = st[HN]
        i = HAND
        while st[i] != card:
            i += 1
        while i < HAND + count - 1:
            st[i] = st[i + 1]
            i += 1
        st[HN] = count - 1
        st[PLAYED] += 1
        face_side = st[RIBBON_SIDE] ^ (0 if action & 1 else 1)
        _insert(st, (action & GAP_BITS) >> 1, card | face_side << FACE_SHIFT)
    st[LEFT] -= 1
    _check_end(st)


def _outcome(st: bytearray, me: int, mine: int, theirs: int) -> int:
    """The value of a finished game: ``WIN`` plus the margin if ``me`` wins, else minus."""
    end = st[END]
    mine += st[GAIN]
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
    return WIN + mine - theirs if won else -WIN + mine - theirs


def count(st: bytearray, counts: bytearray) -> None:
    """Cards per side and rank into ``counts`` (32 bytes, side 1 from 16)."""
    counts[:] = _ZEROS
    for at in range(R, R + st[N]):
        value = st[at]
        counts[(value >> 2 & 16) | RANKS[value & CODE_BITS]] += 1


def counted(st: bytearray, action: int, counts: bytearray) -> None:
    """Turn ``counts`` (``count``) of a node into those of the node after a basic
    action, ``st``."""
    if action >= FLIP_BASE:
        value = st[R + action - FLIP_BASE]
        rank = RANKS[value & CODE_BITS]
        side = value >> 2 & 16
        counts[side | rank] += 1
        counts[(side ^ 16) | rank] -= 1
    elif action < MOVE_BASE:
        value = st[R + ((action & GAP_BITS) >> 1)]
        counts[(value >> 2 & 16) | RANKS[value & CODE_BITS]] += 1
