# SPDX-License-Identifier: MIT
"""
`games.bharg.binding`
=====================

Bharg's binding rules as pure functions on card codes, shared by the engine, the screens
and the tests.

A *set* is three or more cards whose suit masks are pairwise disjoint and OR to all six
suits. A card in a hand is *bound* if it is in a set or shares a suit with the top card of
the Ace Pile; the Excuse is always bound and never helps a set. Sets in one hand are
disjoint. ``ace_top`` is the card code on top of the Ace Pile, or -1 when it is empty.

The solver is an exact search over hand positions (bitmasks of positions, no memo, no
lists): for the lowest free position, either it is in no set, or it is in one of the sets
that can be grown from it with higher free positions; the rest is solved the same way.
Its only heap use is the small ints of the recursion, so it can run after every discard
on the device. Hands of up to 16 cards (a set's positions are packed in 16 bits).
"""

from decktet.cards import ALL_SUITS, EXCUSE, NUM_CARDS, suits

try:
    from typing import List, Sequence, Tuple
except ImportError:
    pass

# Suit masks and unbound values by card code, as bytes: table lookups cost no heap and
# are much cheaper than calls on the device.
_MASKS = bytes(suits(card) for card in range(NUM_CARDS))
_VALUES = bytes(
    (1, 1, 1, 1, 1, 1)
    + (2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9)
    + (10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 0)
)


def card_value(card: int) -> int:
    """A card's value when unbound: Ace 1, number cards their rank, Crown and Pawn 10, Excuse 0."""
    return _VALUES[card]


def _ace_mask(ace_top: int) -> int:
    return 0 if ace_top < 0 else _MASKS[ace_top]


def _weight(card: int, ace: int) -> int:
    # What binding this card in a set is worth: nothing if the Ace already binds it.
    if _MASKS[card] & ace:
        return 0
    return _VALUES[card]


def _set_positions(hand: Sequence[int]) -> int:
    # Positions that may join a set: every card but the Excuse.
    free = 0
    i = len(hand) - 1
    while i >= 0:
        if _MASKS[hand[i]]:
            free |= 1 << i
        i -= 1
    return free


def _suits_from(hand: Sequence[int], free: int, start: int) -> int:
    # The suits of the free positions from ``start`` on: a set needs all six.
    seen = 0
    n = len(hand)
    while start < n:
        if free >> start & 1:
            seen |= _MASKS[hand[start]]
        start += 1
    return seen


def _cover(hand: Sequence[int], free: int, ace: int) -> int:
    """The most value disjoint sets among the ``free`` positions can bind."""
    if _suits_from(hand, free, 0) != ALL_SUITS:
        return 0
    low = free & -free
    i = 0
    while not low >> i & 1:
        i += 1
    rest = free ^ low
    best = _cover(hand, rest, ace)
    card = hand[i]
    grown = _grow(hand, rest, ace, _MASKS[card], 1, i + 1, _weight(card, ace)) >> 16
    return grown if grown > best else best


def _grow(
    hand: Sequence[int], free: int, ace: int, mask: int, size: int, start: int, gain: int
) -> int:
    """Complete a partial set (suits ``mask``, ``size`` cards, worth ``gain``) from the free
    positions ``start`` and up, then cover the rest: the best total, shifted left 16 bits,
    OR the positions added to the set; -1 if the set cannot be completed."""
    best = -1
    if mask | _suits_from(hand, free, start) != ALL_SUITS:
        return best
    n = len(hand)
    j = start
    while j < n:
        if free >> j & 1:
            card = hand[j]
            card_suits = _MASKS[card]
            if not card_suits & mask:
                joined = mask | card_suits
                total = gain + _weight(card, ace)
                bit = 1 << j
                if joined == ALL_SUITS:
                    # A complete set cannot grow further: every suit is taken.
                    if size >= 2:
                        total = (total + _cover(hand, free ^ bit, ace)) << 16 | bit
                        if total > best:
                            best = total
                else:
                    total = _grow(hand, free ^ bit, ace, joined, size + 1, j + 1, total)
                    if total >= 0 and total | bit > best:
                        best = total | bit
        j += 1
    return best


def is_set(cards: Sequence[int]) -> bool:
    """True if the cards form a set: three or more, each of the six suits exactly once.

    The Excuse never helps a set, so a group holding it is not a set."""
    if len(cards) < 3:
        return False
    seen = 0
    for card in cards:
        card_suits = _MASKS[card]
        if not card_suits or card_suits & seen:
            return False
        seen |= card_suits
    return seen == ALL_SUITS


def _total_value(hand: Sequence[int], ace: int) -> int:
    # Value of the cards the Ace Pile does not bind (the Excuse is worth 0).
    total = 0
    for card in hand:
        total += _weight(card, ace)
    return total


def unbound_value(hand: Sequence[int], ace_top: int) -> int:
    """The least total value of unbound cards over every arrangement of disjoint sets."""
    ace = _ace_mask(ace_top)
    return _total_value(hand, ace) - _cover(hand, _set_positions(hand), ace)


def all_bound(hand: Sequence[int], ace_top: int) -> bool:
    """True if some arrangement of disjoint sets leaves no card of the hand unbound."""
    # Every card is worth at least 1 except the always-bound Excuse.
    return unbound_value(hand, ace_top) == 0


def best_arrangement(
    hand: Sequence[int], ace_top: int
) -> Tuple[List[List[int]], List[int], List[int]]:
    """An arrangement leaving the least value unbound, for display.

    Returns ``(sets, bound_outside, unbound)``: the sets (lists of card codes, in hand order),
    the other bound cards (those sharing a suit with the Ace Pile top, and the Excuse) and the
    unbound cards. The values of ``unbound`` add up to ``unbound_value(hand, ace_top)``."""
    ace = _ace_mask(ace_top)
    free = _set_positions(hand)
    in_sets = 0
    sets = []  # type: List[List[int]]
    while free:
        low = free & -free
        i = 0
        while not low >> i & 1:
            i += 1
        rest = free ^ low
        card = hand[i]
        grown = _grow(hand, rest, ace, _MASKS[card], 1, i + 1, _weight(card, ace))
        if grown >> 16 <= _cover(hand, rest, ace):
            # Leaving this card out of every set is as good.
            free = rest
            continue
        members = (grown & 0xFFFF) | low
        group = []  # type: List[int]
        j = 0
        while j < len(hand):
            if members >> j & 1:
                group.append(hand[j])
            j += 1
        sets.append(group)
        in_sets |= members
        free &= ~members
    bound_outside = []  # type: List[int]
    unbound = []  # type: List[int]
    j = 0
    while j < len(hand):
        if not in_sets >> j & 1:
            card = hand[j]
            if card == EXCUSE or _MASKS[card] & ace:
                bound_outside.append(card)
            else:
                unbound.append(card)
        j += 1
    return sets, bound_outside, unbound
