# SPDX-License-Identifier: MIT
"""
`games.bharg.cpu`
=================

A computer player for Bharg that reads only ``observation(seat)`` (and remembers what
earlier observations showed): never the engine's hidden state.

``Player(seat, strength, seed)``, strength ``"easy"`` or ``"normal"``;
``choose(observation, legal_actions)`` returns the action. A decision may also be spread
over frames (``decktet.search``): ``begin(observation, legal_actions)``, then
``step(more)`` until it returns True (each unit of work is about one call of the binding
solver), then ``result()``.
The same seed and the same observations give the same actions.

**Normal.** A hand is judged one turn ahead, against every card it may draw next: for
each card of the *pool* (the deck's cards it has not seen elsewhere; cards of the same
suits bind alike, so one stands for all), the fewest cards left unbound after the best
discard then (a discarded Ace becoming the top, so each Ace held is tried as the Ace top it
would make), plus ``_OUT_WEIGHT`` if that is none (an *out*: the round won). Cards are
counted, not points: what matters in the race is how many cards are still to bind. The
count comes from ``_loose``, the exact search of ``games.bharg.binding`` with every card
weighing one (``binding.unbound_value`` weighs them by points); wins are checked with
``binding.all_bound``. The discard: every candidate is first judged by the cards it leaves
unbound under the Ace top it leaves, and the ``_SHORTLIST`` best are scored in full. The
draw: the discard pile's card is taken when some discard then wins at once, or when the
best hand after taking it scores more than the hand now (what drawing from the deck plays
for) by ``_TAKE_MARGIN`` per pool card. The pool leaves out the player's hand, the two
visible tops, the cards it saw discarded and buried (until a draw pile rebuild brings them
back) and the cards it saw opponents take from the discard pile (``last_turns``,
remembered from one decision to the next); the deck's composition (Pawns, Excuse) is read
from the card counts.

**Easy.** One look ahead only: the discard leaving the least unbound value against the Ace
top it leaves (ties broken by the seeded generator), and the discard pile's card taken only
when it lowers that value by at least ``_EASY_TAKE`` or wins at once. No pool, no outs, no
memory.
"""

from micropython import const

from decktet.cards import ALL_SUITS, EXCUSE, FIRST_NUMBER, FIRST_PAWN, NUM_CARDS, suits
from decktet.rng import Rng
from decktet.search import Search, always
from games.bharg.binding import all_bound, unbound_value
from games.bharg.engine import (
    DISCARD_BASE,
    DRAW_DECK,
    NEXT_ROUND,
    PHASE_DISCARD,
    PHASE_DRAW,
    TAKE_DISCARD,
)

try:
    from typing import Any, Dict, Iterator, List, Optional, Sequence
except ImportError:
    pass

# Score weight of one out (a pool card that would win at once) against one card left
# unbound, summed over the pool.
_OUT_WEIGHT = const(8)
# Normal takes the discard pile's card when the best hand after it scores this much more,
# per pool card, than the hand now.
_TAKE_MARGIN = const(2)
# Easy takes the discard pile's card when it lowers the unbound value by this much.
_EASY_TAKE = const(3)
# Candidates normal scores fully (the others are judged by the unbound value they leave).
_SHORTLIST = const(3)
# What learning and making the pool cost on the badge (microseconds; make timing's model
# measures about 18 ms): a unit of its own, worth several of the search's
# (``decktet.search``), so that the frame that starts a decision does fewer of them.
_POOL_COST = const(18000)
_BIG = const(1 << 28)
_WIN = const(1 << 27)

# What the player remembers of a card (``_seen``).
_UNKNOWN = const(0)
_BURIED = const(1)  # under the top of the discard pile or of the Ace Pile
_HELD = const(2)  # _HELD + seat: an opponent took it from the discard pile

# The basic deck's size; the Pawns add 4, the Excuse 1.
_SIZE_BASIC = const(36)

# Kinds of scratch hand.
_TAKEN = const(0)  # the hand with the discard pile's top card
_KEPT = const(1)  # a hand after a discard
_HELD_BUF = const(2)  # a kept hand with the next card drawn
_REST = const(3)  # that, after another discard
_BUF_SIZES = const(10)


# Suits by card code.
_MASKS = bytes(suits(card) for card in range(NUM_CARDS))


def _loose(hand: Sequence[int], ace: int) -> int:
    """The fewest cards of ``hand`` left unbound against the Ace top ``ace`` (-1: none),
    over every arrangement of disjoint sets: the search of ``games.bharg.binding`` counting
    cards instead of points (what it takes to bind them all)."""
    ace_mask = _MASKS[ace] if ace >= 0 else 0
    n = len(hand)
    free = 0
    loose = 0
    for i in range(n):
        mask = _MASKS[hand[i]]
        if mask:  # the Excuse is bound and joins no set
            free |= 1 << i
            if not mask & ace_mask:
                loose += 1
    return loose - _cover(hand, n, free, ace_mask)


def _cover(hand: Sequence[int], n: int, free: int, ace_mask: int) -> int:
    """The most cards the Ace does not bind that disjoint sets among the positions ``free``
    can bind: the lowest free position is in no set, or in one grown from it."""
    seen = 0
    for i in range(n):
        if free >> i & 1:
            seen |= _MASKS[hand[i]]
    if seen != ALL_SUITS:
        return 0
    low = free & -free
    i = 0
    while not low >> i & 1:
        i += 1
    rest = free ^ low
    best = _cover(hand, n, rest, ace_mask)
    mask = _MASKS[hand[i]]
    grown = _grow(hand, n, rest, ace_mask, mask, 1, i + 1, 0 if mask & ace_mask else 1)
    return grown if grown > best else best


def _grow(
    hand: Sequence[int],
    n: int,
    free: int,
    ace_mask: int,
    mask: int,
    size: int,
    start: int,
    gain: int,
) -> int:
    """Complete a partial set (suits ``mask``, ``size`` cards binding ``gain``) from the free
    positions ``start`` and up, then cover the rest: the most bound, or -1 if it cannot be
    completed."""
    seen = mask
    for j in range(start, n):
        if free >> j & 1:
            seen |= _MASKS[hand[j]]
    if seen != ALL_SUITS:
        return -1
    best = -1
    for j in range(start, n):
        if free >> j & 1:
            card_mask = _MASKS[hand[j]]
            if not card_mask & mask:
                joined = mask | card_mask
                total = gain + (0 if card_mask & ace_mask else 1)
                if joined == ALL_SUITS:
                    # A complete set cannot grow further: every suit is taken.
                    if size >= 2:
                        total += _cover(hand, n, free ^ 1 << j, ace_mask)
                        if total > best:
                            best = total
                else:
                    total = _grow(hand, n, free ^ 1 << j, ace_mask, joined, size + 1, j + 1, total)
                    if total > best:
                        best = total
    return best


class Player(Search):
    """A Bharg computer player for one seat (see the module docstring).

    :param int seat: the seat it plays.
    :param str strength: ``"easy"`` or ``"normal"``.
    :param int seed: seeds its tie-breaking generator (0 <= seed < 2**30).
    """

    # A unit of work (one call of the solver, ``_loose``), in microseconds on the badge:
    # make timing's model measures 1.9 ms, a collection's share included.
    cost = 2200

    def __init__(self, seat: int, strength: str = "normal", seed: int = 0) -> None:
        if strength not in ("easy", "normal"):
            raise ValueError("strength is easy or normal")
        super().__init__()
        self.seat = seat
        self.easy = strength == "easy"
        self._rng = Rng(seed)
        self._seen = bytearray(NUM_CARDS)
        self._round = -1
        self._rebuilds = 0
        self._pool = bytearray(NUM_CARDS)
        self._weights = bytearray(NUM_CARDS)
        self._npool = 0
        self._ncards = 0
        # Scratch hands, so the solver runs on them without allocating: per kind (_TAKEN,
        # _KEPT, _HELD_BUF, _REST) and length, made on first use.
        self._bufs: List[Optional[bytearray]] = [None] * (4 * _BUF_SIZES)
        self._action = -1
        # The current search's best discard and its score; quick values per candidate.
        self._card = -1
        self._best = 0
        self._quick = bytearray(_BUF_SIZES)

    # ----- the interface -----

    def choose(self, observation: Dict[str, Any], legal_actions: Sequence[int]) -> int:
        """The action to play now (one of ``legal_actions``)."""
        self.begin(observation, legal_actions)
        self.step(always)
        return self._action

    def begin(self, observation: Dict[str, Any], legal_actions: Sequence[int]) -> None:
        """Start a decision; then call ``step`` until it returns True."""
        self._action = legal_actions[0] if legal_actions else -1
        self.work = self._decide(observation, legal_actions)

    def result(self) -> int:
        """The action chosen (finishes the search first if ``step`` was not run to its end)."""
        self.step(always)
        return self._action

    # ----- what the player knows -----

    def _learn(self, obs: Dict[str, Any]) -> None:
        """Update the memory of buried and held cards from ``last_turns``."""
        seen = self._seen
        if obs["round"] != self._round:
            for card in range(NUM_CARDS):
                seen[card] = _UNKNOWN
            self._round = obs["round"]
            self._rebuilds = obs["rebuilds"]
        elif obs["rebuilds"] != self._rebuilds:
            # A rebuild shuffled the buried cards back into the draw pile.
            for card in range(NUM_CARDS):
                if seen[card] == _BURIED:
                    seen[card] = _UNKNOWN
            self._rebuilds = obs["rebuilds"]
        last = obs["last_turns"]
        n = len(last)
        # Oldest first: this seat's own last turn, then the seats after it.
        for k in range(n):
            seat = (self.seat + k) % n
            took, discarded = last[seat]
            if took >= 0 and seat != self.seat:
                seen[took] = _HELD + seat
            if discarded >= 0:
                seen[discarded] = _BURIED

    def _make_pool(self, obs: Dict[str, Any], hand: Sequence[int]) -> None:
        """The cards the player might draw: the deck's cards it has not seen elsewhere."""
        size = sum(obs["hand_counts"]) + obs["discard_count"] + obs["ace_count"]
        size += obs["deck_count"]
        extra = size - _SIZE_BASIC  # 0 basic, 1 Excuse, 4 Pawns, 5 both
        seen = self._seen
        pool = self._pool
        top = obs["discard_top"]
        ace = obs["ace_top"]
        weights = self._weights
        count = 0
        total = 0
        for card in range(NUM_CARDS):
            if card >= FIRST_PAWN and card < EXCUSE and extra < 4:
                continue
            if card == EXCUSE and extra & 1 == 0:
                continue
            if seen[card] != _UNKNOWN or card == top or card == ace or card in hand:
                continue
            total += 1
            if card >= FIRST_NUMBER:
                # Cards of the same suits bind alike: one stands for all.
                mask = _MASKS[card]
                found = False
                for k in range(count):
                    if pool[k] >= FIRST_NUMBER and _MASKS[pool[k]] == mask:
                        weights[k] += 1
                        found = True
                        break
                if found:
                    continue
            pool[count] = card
            weights[count] = 1
            count += 1
        self._npool = count
        self._ncards = total

    # ----- the search -----

    def _decide(self, obs: Dict[str, Any], legal: Sequence[int]) -> Iterator[Optional[int]]:
        """The decision as a generator: one ``yield`` per unit of work."""
        if not legal:
            return
        if NEXT_ROUND in legal:
            self._action = NEXT_ROUND
            return
        if not self.easy:
            self._learn(obs)
        phase = obs["phase"]
        hand = obs["hand"]
        ace = obs["ace_top"]
        if phase == PHASE_DISCARD:
            if not self.easy:
                self._make_pool(obs, hand)
                yield _POOL_COST
            yield from self._best_discard(hand, obs["taken"], ace)
            self._action = DISCARD_BASE + self._card
            return
        if phase != PHASE_DRAW or TAKE_DISCARD not in legal:
            self._action = DRAW_DECK
            return
        top_card = obs["discard_top"]
        if not self.easy:
            self._make_pool(obs, hand)
            yield _POOL_COST
        yield from self._best_discard(self._without(hand, -1, top_card, _TAKEN), top_card, ace)
        if self._best >= _WIN:
            take = True
        elif self.easy:
            take = self._best >= -unbound_value(hand, ace) + _EASY_TAKE
        else:
            now = 0
            for part in self._score(hand, ace):
                now += part
                yield None  # a unit at the class's cost
            take = self._best > now + _TAKE_MARGIN * self._ncards
        self._action = TAKE_DISCARD if take else DRAW_DECK

    def _best_discard(self, cards: Sequence[int], keep: int, ace: int) -> Iterator[None]:
        """Sets ``_card``, the best discard from ``cards`` (never ``keep``), and ``_best``,
        its score (``_WIN`` or more if it wins at once). Every candidate is first judged by
        the unbound value it leaves; normal then scores the ``_SHORTLIST`` best fully."""
        quick = self._quick
        n = len(cards)
        self._card = -1
        self._best = -_BIG
        ties = 0
        for i in range(n):
            card = cards[i]
            quick[i] = 255
            if card == keep:
                continue
            top = card if card < FIRST_NUMBER else ace
            kept = self._without(cards, card, -1, _KEPT)
            if all_bound(kept, top):
                self._card = card
                self._best = _WIN
                return
            value = unbound_value(kept, top) if self.easy else _loose(kept, top)
            quick[i] = value
            yield
            if self.easy:
                score = -value
                if score > self._best:
                    self._best = score
                    self._card = card
                    ties = 1
                elif score == self._best:
                    # Reservoir choice among equal scores, from the seeded generator.
                    ties += 1
                    if self._rng.randbelow(ties) == 0:
                        self._card = card
        if self.easy:
            return
        for _ in range(_SHORTLIST):
            # The candidate leaving the least unbound value not scored yet.
            pick = -1
            for i in range(n):
                if quick[i] < 255 and (pick < 0 or quick[i] < quick[pick]):
                    pick = i
            if pick < 0:
                break
            quick[pick] = 255
            card = cards[pick]
            top = card if card < FIRST_NUMBER else ace
            score = 0
            for part in self._score(self._without(cards, card, -1, _KEPT), top):
                score += part
                yield
            if score > self._best:
                self._best = score
                self._card = card
                ties = 1
            elif score == self._best:
                ties += 1
                if self._rng.randbelow(ties) == 0:
                    self._card = card

    def _buf(self, kind: int, size: int) -> bytearray:
        """The scratch hand of that kind and length (the same object every time)."""
        buf = self._bufs[kind * _BUF_SIZES + size]
        if buf is None:
            buf = bytearray(size)
            self._bufs[kind * _BUF_SIZES + size] = buf
        return buf

    def _without(self, hand: Sequence[int], card: int, extra: int, kind: int) -> bytearray:
        """A scratch copy (of ``kind``) of ``hand`` without ``card`` (-1: none) and with
        ``extra`` (-1: none) at the end."""
        size = len(hand) - (card >= 0) + (extra >= 0)
        buf = self._buf(kind, size)
        i = 0
        for code in hand:
            if code != card:
                buf[i] = code
                i += 1
        if extra >= 0:
            buf[i] = extra
        return buf

    def _score(self, hand: Sequence[int], ace: int) -> Iterator[int]:
        """Yields the parts of the hand's score, per pool card drawn next: minus the fewest
        cards left unbound after the best discard then (a discarded Ace becomes the top),
        plus ``_OUT_WEIGHT`` if that is none; times the pool cards of the same suits. Also
        yields 0 after every other solver call: a unit of budget is one call."""
        size = len(hand)
        # ``held`` = hand + drawn card, ``rest`` = that minus one discard.
        held = self._buf(_HELD_BUF, size + 1)
        rest = self._buf(_REST, size)
        for i in range(size):
            held[i] = hand[i]
        ace_mask = _MASKS[ace] if ace >= 0 else 0
        # Discarding the drawn card keeps the hand as it is.
        keep = _loose(hand, ace)
        yield 0
        pool = self._pool
        for k in range(self._npool):
            drawn = pool[k]
            held[size] = drawn
            best = keep
            if drawn < FIRST_NUMBER:
                best = _loose(hand, drawn)
                yield 0
            if best:
                loose = _loose(held, ace)
                yield 0
                for j in range(size):
                    card = held[j]
                    if card < FIRST_NUMBER:
                        top = card
                    elif loose - (0 if _MASKS[card] & ace_mask or card == EXCUSE else 1) < best:
                        # Discarding this card leaves at least ``loose`` less its own.
                        top = ace
                    else:
                        continue
                    i = 0
                    for m in range(size + 1):
                        if m != j:
                            rest[i] = held[m]
                            i += 1
                    left = _loose(rest, top)
                    yield 0
                    if left < best:
                        best = left
                        if not best:
                            break
            part = _OUT_WEIGHT - best if not best else -best
            yield part * self._weights[k]
