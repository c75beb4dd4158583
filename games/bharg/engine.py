# SPDX-License-Identifier: MIT
"""
`games.bharg.engine`
====================

Bharg (P.D. Magnus): draw one, discard one, and win the round the moment every card left in
your hand is bound. Rulings and project decisions: docs/RULINGS.md, "## Bharg".

Actions (ints):

- ``DISCARD_BASE + card`` (0..44, i.e. the card code): discard that card; an Ace goes onto
  the Ace Pile, any other card onto the discard pile.
- ``DRAW_DECK`` (45): draw the top card of the draw pile.
- ``TAKE_DISCARD`` (46): take the top card of the discard pile (it may not be discarded on
  the same turn).
- ``NEXT_ROUND`` (47): after a round has ended, deal the next one.

Options (OR of bits): ``OPT_THREE_PLAYERS`` (three seats, hands of 6), ``OPT_EXCUSE``,
``OPT_PAWNS``, ``OPT_TARGET_25`` / ``OPT_TARGET_100`` (match target, default 50; not both),
``OPT_ONE_ROUND`` (a single round: its winner wins the game; not with a target option).

Seat 0 deals the first round, so seat 1 plays first; the deal passes to the next seat each
round. Cards are dealt one at a time round the table starting left of the dealer (the next
seat), then cards are turned up: Aces onto the Ace Pile until a non-Ace starts the discard
pile. ``deck`` (first round only) is that deal order, first element dealt first; what is
left after the deal is the draw pile, its next element on top. Later rounds and draw pile
rebuilds shuffle with the seeded generator.

``observation(player)`` keys:

- ``"player"``, ``"current_player"`` (-1 once the game is over), ``"phase"``:
  ``PHASE_DRAW``, ``PHASE_DISCARD``, ``PHASE_ROUND_OVER`` or ``PHASE_OVER``;
- ``"hand"``: the seat's cards (ascending codes); ``"arrangement"``: its best arrangement
  ``(sets, bound_outside, unbound)`` (see ``binding.best_arrangement``); ``"unbound_value"``;
- ``"taken"``: the card the seat took from the discard pile this turn (it may not discard
  it), or -1;
- ``"discard_top"``, ``"ace_top"`` (-1 when empty), ``"discard_count"``, ``"ace_count"``,
  ``"deck_count"``, ``"rebuilds"`` (draw pile rebuilds this round);
- ``"hand_counts"``, ``"scores"``: one int per seat; ``"round"``, ``"target"`` (0 with
  ``OPT_ONE_ROUND``), ``"dealer"``;
- ``"last_turns"``: per seat ``(took, discarded)`` of its most recent completed turn this
  round: ``took`` is ``FROM_DECK`` (-2), or the card taken from the discard pile; both are
  -1 if the seat has not finished a turn this round;
- ``"hands"``: every seat's hand once the round is over, else ``None``;
- ``"round_result"``: ``None`` during a round, else a dict: ``"winner"`` (seat, -1 for a
  round ended with no score), ``"points"``, ``"unbound"`` (each hand's unbound value at the
  end, against the final Ace Pile top), ``"reason"`` (``"win"``, ``"no cards"``,
  ``"rebuilt twice"``, ``"turn limit"``);
- ``"game_over"``, ``"match_winner"``: the winning seat, -1 while playing or for a draw.

The phase is an int (``PHASE_DRAW``, ``PHASE_DISCARD``, ``PHASE_ROUND_OVER``,
``PHASE_OVER``), in the state and in the observation. Saves: ``to_bytes()`` is the
``decktet.state`` layout (tag, state bytes, generator); ``check_invariants()`` raises
``decktet.state.StateError``.
"""

from micropython import const

from decktet.cards import (
    FIRST_NUMBER,
    NUM_CARDS,
    WITH_EXCUSE,
    WITH_PAWNS,
    deck,
    is_arrangement,
    name,
)
from decktet.rng import Rng
from decktet.state import StateError, check, get16, pack, put16, unpack, verify

# The rule helpers are re-exported: screens may import them from here.
from games.bharg.binding import (  # noqa: F401
    all_bound,
    best_arrangement,
    card_value,
    is_set,
    unbound_value,
)

try:
    from typing import Any, Dict, List, Optional, Sequence
except ImportError:
    pass

OPT_THREE_PLAYERS = const(1)
OPT_EXCUSE = const(2)
OPT_PAWNS = const(4)
OPT_TARGET_25 = const(8)
OPT_TARGET_100 = const(16)
OPT_ONE_ROUND = const(32)
_ALL_OPTIONS = const(63)

DISCARD_BASE = const(0)
DRAW_DECK = const(45)
TAKE_DISCARD = const(46)
NEXT_ROUND = const(47)
# "took" in last_turns: drew from the draw pile.
FROM_DECK = const(-2)

# Project decisions (docs/RULINGS.md): a round ends with no score after MAX_TURNS turns,
# and a match after MAX_ROUNDS rounds, so every game ends.
MAX_TURNS = const(200)
MAX_ROUNDS = const(30)
MAX_ACTIONS = const(12030)  # MAX_ROUNDS * (2 * MAX_TURNS + 1)

# Every seat count and deck with single rounds, plus multi-round matches (NEXT_ROUND, the
# deal passing, rebuilds) at the shortest target so random games stay quick.
OPTION_SETS = (
    OPT_ONE_ROUND,
    OPT_ONE_ROUND | OPT_EXCUSE,
    OPT_ONE_ROUND | OPT_PAWNS,
    OPT_ONE_ROUND | OPT_THREE_PLAYERS | OPT_EXCUSE | OPT_PAWNS,
    OPT_TARGET_25 | OPT_EXCUSE | OPT_PAWNS,
    OPT_TARGET_25 | OPT_THREE_PLAYERS,
)

_TAG = const(0xB2)  # Bharg, save format 2 (the decktet.state layout)
_NONE = const(255)
_DECK_MARK = const(254)
_HAND_SIZE = const(7)  # two seats
_HAND_SIZE_3 = const(6)  # three seats
_HAND_SLOTS = const(8)
_PILE_SLOTS = const(41)
_ACE_SLOTS = const(6)  # the Ace Pile holds at most every Ace

# Phases (also ``observation()["phase"]``).
PHASE_DRAW = const(0)
PHASE_DISCARD = const(1)
PHASE_ROUND_OVER = const(2)
PHASE_OVER = const(3)

# Why a round ended.
_IN_PLAY = const(0)
_WIN = const(1)
_NO_CARDS = const(2)
_REBUILT = const(3)
_TURNS = const(4)
_REASON_NAMES = ("", "win", "no cards", "rebuilt twice", "turn limit")

# The whole state is one bytearray; these are its offsets.
_OPTIONS = const(0)
_PHASE = const(1)
_DEALER = const(2)
_PLAYER = const(3)
_TAKEN = const(4)  # card taken from the discard pile this turn, _DECK_MARK, or _NONE
_REBUILDS = const(5)
_ROUND = const(6)
_TURN = const(7)  # turns begun this round, minus one
_WINNER = const(8)  # round winner or _NONE
_REASON = const(9)
_MATCH_WINNER = const(10)
_POINTS = const(11)
_SCORES = const(12)  # 3 seats x 16 bits, big-endian (decktet.state.get16)
_UNBOUND = const(18)  # 3 seats
_LAST = const(21)  # 3 seats x (took, discarded)
_NHAND = const(27)  # 3 seats
_NDRAW = const(30)
_NDISCARD = const(31)
_NACES = const(32)
_HANDS = const(33)  # 3 seats x _HAND_SLOTS, ascending, unused slots 0
_DRAWS = const(57)  # bottom first, top last
_DISCARDS = const(98)
_ACES = const(139)
_SIZE = const(145)


def _deck_cards(options: int) -> List[int]:
    flags = 0
    if options & OPT_PAWNS:
        flags |= WITH_PAWNS
    if options & OPT_EXCUSE:
        flags |= WITH_EXCUSE
    return deck(flags)


def _options_ok(options: int) -> bool:
    # Known bits, and at most one target option.
    targets = options & (OPT_TARGET_25 | OPT_TARGET_100 | OPT_ONE_ROUND)
    return not options & ~_ALL_OPTIONS and not targets & (targets - 1)


class Game:
    """A Bharg match (see the module docstring for actions, options and observation keys).

    :param int seed: seeds the one generator every shuffle uses.
    :param int options: OR of ``OPT_*`` bits.
    :param deck: the first round's deal order, or None to shuffle.
    """

    def __init__(self, seed: int, options: int = 0, deck: Optional[Sequence[int]] = None) -> None:
        if not isinstance(options, int) or options < 0 or not _options_ok(options):
            raise ValueError("unknown option bits, or more than one target option")
        rng = Rng(seed)
        cards = _deck_cards(options)
        if deck is None:
            rng.shuffle(cards)
        else:
            order = list(deck)
            if not is_arrangement(order, cards):
                raise ValueError("deck is not the cards these options use")
            cards = order
        self._rng = rng
        self._b = bytearray(_SIZE)
        self._b[_OPTIONS] = options
        self._b[_ROUND] = 1
        self._b[_MATCH_WINNER] = _NONE
        self._deal(cards)

    # ----- small accessors -----

    def num_players(self) -> int:
        """Number of seats: 2, or 3 with OPT_THREE_PLAYERS."""
        return 3 if self._b[_OPTIONS] & OPT_THREE_PLAYERS else 2

    def _hand_size(self) -> int:
        return _HAND_SIZE_3 if self._b[_OPTIONS] & OPT_THREE_PLAYERS else _HAND_SIZE

    def _target(self) -> int:
        options = self._b[_OPTIONS]
        if options & OPT_ONE_ROUND:
            return 0
        if options & OPT_TARGET_25:
            return 25
        if options & OPT_TARGET_100:
            return 100
        return 50

    def _score(self, seat: int) -> int:
        return get16(self._b, _SCORES + 2 * seat)

    def _hand(self, seat: int) -> bytearray:
        start = _HANDS + _HAND_SLOTS * seat
        return self._b[start : start + self._b[_NHAND + seat]]

    def _top(self, base: int, _count_at: int) -> int:
        count = self._b[_count_at]
        return self._b[base + count - 1] if count else -1

    def _in_hand(self, seat: int, card: int) -> bool:
        start = _HANDS + _HAND_SLOTS * seat
        i = start + self._b[_NHAND + seat] - 1
        while i >= start:
            if self._b[i] == card:
                return True
            i -= 1
        return False

    # ----- moving cards -----

    def _insert(self, seat: int, card: int) -> None:
        # Keep the hand ascending: shift larger cards up one slot.
        b = self._b
        start = _HANDS + _HAND_SLOTS * seat
        i = start + b[_NHAND + seat]
        while i > start and b[i - 1] > card:
            b[i] = b[i - 1]
            i -= 1
        b[i] = card
        b[_NHAND + seat] += 1

    def _remove(self, seat: int, card: int) -> None:
        b = self._b
        start = _HANDS + _HAND_SLOTS * seat
        end = start + b[_NHAND + seat]
        i = start
        while b[i] != card:
            i += 1
        while i < end - 1:
            b[i] = b[i + 1]
            i += 1
        b[end - 1] = 0
        b[_NHAND + seat] -= 1

    def _push(self, base: int, _count_at: int, card: int) -> None:
        self._b[base + self._b[_count_at]] = card
        self._b[_count_at] += 1

    def _pop(self, base: int, _count_at: int) -> int:
        b = self._b
        b[_count_at] -= 1
        card = b[base + b[_count_at]]
        b[base + b[_count_at]] = 0
        return card

    def _deal(self, cards: List[int]) -> None:
        """Deal a round from ``cards`` (first element dealt first) and start its first turn."""
        b = self._b
        i = _UNBOUND
        while i < _SIZE:
            b[i] = 0
            i += 1
        for at in (_LAST, _LAST + 1, _LAST + 2, _LAST + 3, _LAST + 4, _LAST + 5):
            b[at] = _NONE
        n = self.num_players()
        dealer = b[_DEALER]
        k = 0
        for _ in range(self._hand_size()):
            for step in range(1, n + 1):
                self._insert((dealer + step) % n, cards[k])
                k += 1
        while cards[k] < FIRST_NUMBER:
            self._push(_ACES, _NACES, cards[k])
            k += 1
        self._push(_DISCARDS, _NDISCARD, cards[k])
        k += 1
        i = len(cards) - 1
        while i >= k:
            self._push(_DRAWS, _NDRAW, cards[i])
            i -= 1
        b[_PHASE] = PHASE_DRAW
        b[_PLAYER] = (dealer + 1) % n
        b[_TAKEN] = _NONE
        b[_REBUILDS] = 0
        b[_TURN] = 0
        b[_WINNER] = _NONE
        b[_REASON] = _IN_PLAY
        b[_POINTS] = 0

    # ----- the contract -----

    def current_player(self) -> int:
        """The seat to act, or -1 once the game is over."""
        if self._b[_PHASE] == PHASE_OVER:
            return -1
        return self._b[_PLAYER]

    def is_over(self) -> bool:
        """True once the match has ended."""
        return self._b[_PHASE] == PHASE_OVER

    def scores(self) -> List[int]:
        """Each seat's match score so far."""
        return [self._score(seat) for seat in range(self.num_players())]

    def legal_actions(self) -> List[int]:
        """The legal actions, ascending; empty once the game is over."""
        b = self._b
        phase = b[_PHASE]
        if phase == PHASE_DRAW:
            if b[_NDISCARD]:
                return [DRAW_DECK, TAKE_DISCARD]
            return [DRAW_DECK]
        if phase == PHASE_DISCARD:
            taken = b[_TAKEN]
            # The hand is ascending, and DISCARD_BASE + card is the action.
            return [DISCARD_BASE + card for card in self._hand(b[_PLAYER]) if card != taken]
        if phase == PHASE_ROUND_OVER:
            return [NEXT_ROUND]
        return []

    def _is_legal(self, action: int) -> bool:
        b = self._b
        phase = b[_PHASE]
        if not isinstance(action, int):
            return False
        if phase == PHASE_DRAW:
            return action == DRAW_DECK or (action == TAKE_DISCARD and b[_NDISCARD] > 0)
        if phase == PHASE_DISCARD:
            card = action - DISCARD_BASE
            return 0 <= card < NUM_CARDS and card != b[_TAKEN] and self._in_hand(b[_PLAYER], card)
        return phase == PHASE_ROUND_OVER and action == NEXT_ROUND

    def apply_action(self, action: int) -> None:
        """Apply a legal action; ``ValueError`` (state unchanged) for an illegal one."""
        if not self._is_legal(action):
            raise ValueError("illegal action %s" % action)
        b = self._b
        player = b[_PLAYER]
        if action == DRAW_DECK:
            self._insert(player, self._pop(_DRAWS, _NDRAW))
            b[_TAKEN] = _DECK_MARK
            b[_PHASE] = PHASE_DISCARD
        elif action == TAKE_DISCARD:
            card = self._pop(_DISCARDS, _NDISCARD)
            self._insert(player, card)
            b[_TAKEN] = card
            b[_PHASE] = PHASE_DISCARD
        elif action == NEXT_ROUND:
            b[_ROUND] += 1
            b[_DEALER] = (b[_DEALER] + 1) % self.num_players()
            cards = _deck_cards(b[_OPTIONS])
            self._rng.shuffle(cards)
            self._deal(cards)
        else:
            self._discard(player, action - DISCARD_BASE)

    def _discard(self, player: int, card: int) -> None:
        b = self._b
        self._remove(player, card)
        if card < FIRST_NUMBER:
            self._push(_ACES, _NACES, card)
        else:
            self._push(_DISCARDS, _NDISCARD, card)
        b[_LAST + 2 * player] = b[_TAKEN]
        b[_LAST + 2 * player + 1] = card
        b[_TAKEN] = _NONE
        ace_top = self._top(_ACES, _NACES)
        # Ruling 3: the win is automatic, checked after every discard.
        if all_bound(self._hand(player), ace_top):
            self._end_round(_WIN, player)
            return
        if b[_TURN] + 1 >= MAX_TURNS:
            self._end_round(_TURNS, _NONE)
            return
        b[_TURN] += 1
        if not b[_NDRAW]:
            why = self._rebuild()
            if why:
                self._end_round(why, _NONE)
                return
        b[_PLAYER] = (player + 1) % self.num_players()
        b[_PHASE] = PHASE_DRAW

    def _rebuild(self) -> int:
        """Ruling 2: shuffle all but the top of the discard pile and of the Ace Pile into a
        new draw pile; the reason the round ends instead, or 0."""
        b = self._b
        if b[_REBUILDS] >= 2:
            return _REBUILT
        cards = []  # type: List[int]
        for base, _count_at in ((_DISCARDS, _NDISCARD), (_ACES, _NACES)):
            count = b[_count_at]
            if count > 1:
                top = b[base + count - 1]
                for i in range(count - 1):
                    cards.append(b[base + i])
                    b[base + i] = 0
                b[base + count - 1] = 0
                b[base] = top
                b[_count_at] = 1
        if not cards:
            return _NO_CARDS
        self._rng.shuffle(cards)
        for card in cards:
            self._push(_DRAWS, _NDRAW, card)
        b[_REBUILDS] += 1
        return 0

    def _end_round(self, reason: int, winner: int) -> None:
        b = self._b
        n = self.num_players()
        ace_top = self._top(_ACES, _NACES)
        points = 0
        for seat in range(n):
            value = unbound_value(self._hand(seat), ace_top)
            b[_UNBOUND + seat] = value
            if seat != winner:
                points += value
        b[_REASON] = reason
        b[_PHASE] = PHASE_ROUND_OVER
        if winner == _NONE:
            points = 0
        else:
            b[_WINNER] = winner
            put16(b, _SCORES + 2 * winner, self._score(winner) + points)
        b[_POINTS] = points
        target = self._target()
        # A single round (target 0) or a winner reaching the target ends the match.
        if target == 0 or (winner != _NONE and self._score(winner) >= target):
            b[_PHASE] = PHASE_OVER
            b[_MATCH_WINNER] = winner
        elif b[_ROUND] >= MAX_ROUNDS:
            # Project decision: after the last round the highest score wins; a tie is a draw.
            b[_PHASE] = PHASE_OVER
            best = -1
            b[_MATCH_WINNER] = _NONE
            for seat in range(n):
                score = self._score(seat)
                if score > best:
                    best = score
                    b[_MATCH_WINNER] = seat
                elif score == best:
                    b[_MATCH_WINNER] = _NONE

    def describe(self, action: int) -> str:
        """Plain words for a legal action, e.g. "take the Castle from the discard pile"."""
        if not self._is_legal(action):
            raise ValueError("illegal action %s" % action)
        if action == DRAW_DECK:
            return "draw from the deck"
        if action == TAKE_DISCARD:
            return "take the %s from the discard pile" % name(self._top(_DISCARDS, _NDISCARD))
        if action == NEXT_ROUND:
            return "deal the next round"
        card = action - DISCARD_BASE
        where = " onto the Ace Pile" if card < FIRST_NUMBER else ""
        return "discard the %s%s" % (name(card), where)

    def observation(self, player: int) -> Dict[str, Any]:
        """What ``player`` may see now (keys in the module docstring)."""
        b = self._b
        n = self.num_players()
        if not isinstance(player, int) or not 0 <= player < n:
            raise ValueError("no such seat")
        hand = list(self._hand(player))
        ace_top = self._top(_ACES, _NACES)
        phase = b[_PHASE]
        ended = phase >= PHASE_ROUND_OVER
        last = []
        for seat in range(n):
            took = b[_LAST + 2 * seat]
            discarded = b[_LAST + 2 * seat + 1]
            last.append(
                (
                    -1 if took == _NONE else FROM_DECK if took == _DECK_MARK else took,
                    -1 if discarded == _NONE else discarded,
                )
            )
        result = None
        if ended:
            winner = b[_WINNER]
            result = {
                "winner": -1 if winner == _NONE else winner,
                "points": b[_POINTS],
                "unbound": list(b[_UNBOUND : _UNBOUND + n]),
                "reason": _REASON_NAMES[b[_REASON]],
            }
        taken = b[_TAKEN]
        match_winner = b[_MATCH_WINNER]
        arrangement = best_arrangement(hand, ace_top)
        unbound = 0
        for card in arrangement[2]:
            unbound += card_value(card)
        return {
            "player": player,
            "current_player": self.current_player(),
            "phase": phase,
            "hand": hand,
            "arrangement": arrangement,
            "unbound_value": unbound,
            "taken": taken if player == b[_PLAYER] and taken < _DECK_MARK else -1,
            "discard_top": self._top(_DISCARDS, _NDISCARD),
            "ace_top": ace_top,
            "discard_count": b[_NDISCARD],
            "ace_count": b[_NACES],
            "deck_count": b[_NDRAW],
            "rebuilds": b[_REBUILDS],
            "hand_counts": list(b[_NHAND : _NHAND + n]),
            "scores": self.scores(),
            "round": b[_ROUND],
            "target": self._target(),
            "dealer": b[_DEALER],
            "last_turns": last,
            "hands": [list(self._hand(seat)) for seat in range(n)] if ended else None,
            "round_result": result,
            "game_over": phase == PHASE_OVER,
            "match_winner": -1 if match_winner == _NONE else match_winner,
        }

    def to_bytes(self) -> bytes:
        """The whole state in the ``decktet.state`` layout: tag, state bytes, generator."""
        return pack(_TAG, self._b, self._rng)

    @classmethod
    def from_bytes(cls, data: bytes) -> "Game":
        """A game equal to the one saved; ``ValueError`` on any data that is not a state."""
        state, rng = unpack(data, _TAG, _SIZE)
        # A bare instance: no deal, the saved state is filled in.
        game = object.__new__(cls)  # type: Game
        game._b = state
        game._rng = rng
        return verify(game)

    def check_invariants(self) -> None:
        """``decktet.state.StateError`` unless every card is in exactly one place and the
        counters fit (a ``ValueError``; no ``assert``, so ``python -O`` checks the same)."""
        b = self._b
        n = self.num_players()
        phase = b[_PHASE]
        player = b[_PLAYER]
        taken = b[_TAKEN]
        reason = b[_REASON]
        winner = b[_WINNER]
        match_winner = b[_MATCH_WINNER]
        if not (
            _options_ok(b[_OPTIONS])
            and phase <= PHASE_OVER
            and player < n
            and b[_DEALER] < n
            and b[_NDRAW] <= _PILE_SLOTS
            and b[_NDISCARD] <= _PILE_SLOTS
            and b[_NACES] <= _ACE_SLOTS
            and b[_REBUILDS] <= 2
            and 1 <= b[_ROUND] <= MAX_ROUNDS
            and b[_TURN] < MAX_TURNS
            and reason <= _TURNS
            and (phase <= PHASE_DISCARD) == (reason == _IN_PLAY)
            and (winner != _NONE) == (reason == _WIN)
            and (winner == _NONE or winner < n)
            and (match_winner == _NONE or (phase == PHASE_OVER and match_winner < n))
            and (phase == PHASE_DISCARD or taken == _NONE)
            and (phase != PHASE_DRAW or b[_NDRAW] > 0)
        ):
            raise StateError("counters")
        for seat in range(3):
            want = 0
            if seat < n:
                want = self._hand_size() + (phase == PHASE_DISCARD and seat == player)
            took = b[_LAST + 2 * seat]
            discarded = b[_LAST + 2 * seat + 1]
            if (
                b[_NHAND + seat] != want
                or (took == _NONE) != (discarded == _NONE)
                or NUM_CARDS <= took < _DECK_MARK
                or NUM_CARDS <= discarded < _NONE
                or (seat >= n and (self._score(seat) or b[_UNBOUND + seat]))
            ):
                raise StateError("seat %d" % seat)
        # Where each card is: the cards the options use exactly once, unused slots 0, hands
        # ascending, Aces only on the Ace Pile and never on the discard pile.
        seen = bytearray(NUM_CARDS)
        for base, slots, count in (
            (_HANDS, _HAND_SLOTS, b[_NHAND]),
            (_HANDS + _HAND_SLOTS, _HAND_SLOTS, b[_NHAND + 1]),
            (_HANDS + 2 * _HAND_SLOTS, _HAND_SLOTS, b[_NHAND + 2]),
            (_DRAWS, _PILE_SLOTS, b[_NDRAW]),
            (_DISCARDS, _PILE_SLOTS, b[_NDISCARD]),
            (_ACES, _ACE_SLOTS, b[_NACES]),
        ):
            previous = -1
            for i in range(slots):
                card = b[base + i]
                if i >= count:
                    check(not card, "slot")
                elif (
                    card >= NUM_CARDS
                    or (base < _DRAWS and card <= previous)
                    or (base == _DISCARDS and card < FIRST_NUMBER)
                    or (base == _ACES and card >= FIRST_NUMBER)
                ):
                    raise StateError("card %d" % card)
                else:
                    seen[card] += 1
                    previous = card
        for card in _deck_cards(b[_OPTIONS]):
            if seen[card] != 1:
                raise StateError("card %d" % card)
            seen[card] = 0
        check(not any(seen), "card not in this deck")
        if phase == PHASE_DISCARD and taken != _DECK_MARK:
            check(taken < NUM_CARDS and self._in_hand(player, taken), "taken card")

    def __str__(self) -> str:
        """One line for logs."""
        b = self._b
        return "Bharg round %d, seat %d to %s; scores %s; deck %d" % (
            b[_ROUND],
            self.current_player(),
            ("draw", "discard", "end the round", "end the match")[b[_PHASE]],
            self.scores(),
            b[_NDRAW],
        )
